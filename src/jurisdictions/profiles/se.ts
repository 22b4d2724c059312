// Sweden: Spelinspektionen's responsible-gambling regulations (spelansvarsföreskrifter) as revised
// from 2022/2023.
import type { Profile } from '../profile.ts';

const BONUS =
  'Spellagen (2018:1138) 14 kap. 9 §: a licensee may offer or give a bonus only the first time a player plays one of its games; Spelinspektionen, Frågor & svar, Bonus & insatser, https://www.spelinspektionen.se/fragor--svar/bonus--insatser/ (repeated bonuses sanctioned, e.g. Betway Limited, 13 December 2021)';

export const seProfile: Profile = {
  code: 'se',
  name: 'Sweden',
  version: '2023-07-01',
  rules: {
    autoplay: {
      value: {
        allowed: false,
        max_rounds: null,
        requires_loss_limit: false,
        requires_single_win_limit: false,
      },
      source:
        "Spelinspektionen's revised responsible-gambling regulations: autoplay for online slots is banned, both open-ended and for a set number of spins (reported https://focusgn.com/sweden-to-ban-autoplay-and-reverse-withdrawals)",
    },
    promotions_allowed: {
      value: false,
      source: `${BONUS}. Not certain that a tournament place or a drop counts as a bonus; a prize beyond the game's paytable offered again and again is read as one, so the conservative value`,
    },
    promotion_opt_in_required: {
      value: true,
      source: `${BONUS}: no promotion runs; were one allowed, the conservative value: the player opts in`,
    },
  },
};
