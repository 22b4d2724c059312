// Ontario: the AGCO Registrar's Standards for Internet Gaming (game design, July 2021).
import type { Profile } from '../profile.ts';

const RSIG =
  "AGCO Registrar's Standards for Internet Gaming (July 2021), game design standards (summary: https://www.canadiangamingbusiness.com/?p=11226)";

const INDUCEMENTS =
  "AGCO Registrar's Standards for Internet Gaming, Standard 2.05 (Inducements, bonuses and credits; as clarified by the AGCO in 2022, summary https://canadiangamingbusiness.com/?p=12321): offered on the operator's own gaming site, with all material conditions at the offer's first presentation";

export const onProfile: Profile = {
  code: 'on',
  name: 'Ontario',
  version: '2021-07-15',
  rules: {
    autoplay: {
      value: {
        allowed: false,
        max_rounds: null,
        requires_loss_limit: false,
        requires_single_win_limit: false,
      },
      source: `${RSIG}: no auto-play for slots; the player commits to each game individually`,
    },
    min_cycle_ms: { value: 2500, source: `${RSIG}: a minimum slot spin speed of 2.5 seconds` },
    turbo_allowed: { value: false, source: `${RSIG}: no features intended to speed up slot play` },
    super_turbo_allowed: { value: false, source: `${RSIG}: no features intended to speed up slot play` },
    quick_stop_allowed: { value: false, source: `${RSIG}: no features intended to speed up slot play` },
    one_game_at_a_time: { value: true, source: `${RSIG}: no split-screen or multi-screen slot play` },
    celebrate_at_or_below_stake: {
      value: false,
      source: `${RSIG}: no celebration of losses disguised as wins (a return below the stake)`,
    },
    show_net_position: {
      value: true,
      source: `${RSIG}: the player's net position in the game is shown at all times, in dollars, not credits`,
    },
    promotions_allowed: { value: true, source: INDUCEMENTS },
    promotion_opt_in_required: {
      value: true,
      source: `${INDUCEMENTS}; direct offers only to players who first consented on the gaming site. Not certain that taking part itself needs an opt-in; the conservative value`,
    },
  },
};
