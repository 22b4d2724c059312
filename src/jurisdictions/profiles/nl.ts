// The Netherlands: the Remote Gambling Act (Wet kansspelen op afstand, Wok) and the Remote Gambling
// Regulation (Regeling kansspelen op afstand) as amended in 2024.
import type { Profile } from '../profile.ts';

const KSA_BONUS =
  "Kansspelautoriteit, 'Eisen bonussen' (https://kansspelautoriteit.nl/voor-zakelijke-aanbieders/beperken-reclame/eisen-bonussen/): bonuses are advertising, may not be aimed at players under 24 and may not press play with a time-limited offer; and 'Hoe zorgt een online gokbedrijf dat ik zelf bepaal hoeveel tijd en geld ik uitgeef?' (https://kansspelautoriteit.nl/veilig-spelen/veilig-online-gokken/vragen-gegevens-online-gokken/zorgt-online-gokbedrijf-bepaal-hoeveel): a licensed operator gives no bonus during play";

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
    promotions_allowed: {
      value: false,
      source: `${KSA_BONUS}. Not certain (the clause behind the Ksa's 'no bonus during play' was not found); a prize drop lands during play and a daily leaderboard is a time-limited offer, so the conservative value`,
    },
    promotion_opt_in_required: {
      value: true,
      source: `${KSA_BONUS}: the player must be informed of a bonus's conditions fully; the conservative value: the player opts in after reading them`,
    },
  },
};
