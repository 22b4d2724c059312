// The Netherlands: the Remote Gambling Act (Wet kansspelen op afstand, Wok) and the Remote Gambling
// Regulation (Regeling kansspelen op afstand) as amended in 2024.
import type { Profile } from '../profile.ts';

export const nlProfile: Profile = {
  code: 'nl',
  name: 'Netherlands',
  version: '2024-10-01',
  rules: {
    autoplay: {
      value: {
        allowed: false,
        max_rounds: null,
        requires_loss_limit: false,
        requires_single_win_limit: false,
      },
      source:
        'Wet kansspelen op afstand (Wok) as applied by the Kansspelautoriteit: every form of automatic play on online gaming machines is prohibited; the player chooses each game (Ksa enforcement statement)',
    },
    currency: {
      value: 'EUR',
      source:
        'Regeling kansspelen op afstand art. 3.5 lid 1 (Stcrt. 2024, 19648): stakes, wins and losses are shown as amounts in euros, https://zoek.officielebekendmakingen.nl/stcrt-2024-19648.html',
    },
    show_net_position: {
      value: true,
      source:
        'Regeling kansspelen op afstand art. 3.5 lid 1 (Stcrt. 2024, 19648): stakes, wins and losses shown clearly and distinctly',
    },
  },
};
