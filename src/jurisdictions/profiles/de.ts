// Germany: virtual slot games under the Glücksspielstaatsvertrag 2021 (GlüStV 2021), § 22a.
import type { Profile } from '../profile.ts';

const G22A =
  'GlüStV 2021 § 22a (Virtuelle Automatenspiele), https://www.gesetze-bayern.de/Content/Document/StVGlueStV2021-22a';

export const deProfile: Profile = {
  code: 'de',
  name: 'Germany',
  version: '2021-07-01',
  rules: {
    show_rtp: {
      value: true,
      source: `${G22A} Abs. 3 Satz 3–4: the average payout per euro staked is shown where the stake is placed`,
    },
    show_max_win: {
      value: true,
      source: `${G22A} Abs. 3 Satz 3–4: the top prize is shown where the stake is placed`,
    },
    show_max_win_probability: {
      value: true,
      source: `${G22A} Abs. 3 Satz 3–4: the probability of the top prize is shown`,
    },
    autoplay: {
      value: {
        allowed: false,
        max_rounds: null,
        requires_loss_limit: false,
        requires_single_win_limit: false,
      },
      source: `${G22A} Abs. 4: a game starts only on the player's declaration after the previous one ended; automatic starts are not allowed`,
    },
    currency: { value: 'EUR', source: `${G22A} Abs. 5: stakes and wins in euro and cent` },
    max_stake: {
      value: { currency: 'EUR', amount: '1.00' },
      source: `${G22A}: the stake may not exceed one euro per game`,
    },
    min_cycle_ms: {
      value: 5000,
      source: `${G22A}: a game lasts at least five seconds on average (enforced here per game, which meets the average)`,
    },
    jackpots_allowed: { value: false, source: `${G22A}: jackpots are not allowed` },
    promotions_allowed: {
      value: false,
      source: `${G22A} Abs. 8: a win is a multiple of the stake fixed before the game starts, and nothing of stakes or wins is collected for future games (read here as excluding tournament places and prize drops, which pay beyond the game's paytable; no GGL statement allowing them found)`,
    },
    promotion_opt_in_required: {
      value: true,
      source: `${G22A} Abs. 8 leaves no promotion to run; were one allowed, the conservative value: the player opts in`,
    },
    one_game_at_a_time: {
      value: true,
      source:
        'GlüStV 2021 § 6h: no parallel play (across operators through the activity file; here within one operator)',
    },
  },
};
