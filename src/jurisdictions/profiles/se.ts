// Sweden: Spelinspektionen's responsible-gambling regulations (spelansvarsföreskrifter) as revised
// from 2022/2023.
import type { Profile } from '../profile.ts';

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
  },
};
