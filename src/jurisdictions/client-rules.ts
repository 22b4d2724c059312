// The rules a game client is told (GET /api/runtime/v1/session's `jurisdiction.rules`): one function
// for the server's answer and the client's default, so the two cannot disagree (issue 24, item 8).
// No imports beyond the profile's types and values: the browser bundle takes this file as it is.
import { PERMISSIVE, type RuleValues } from './profile.ts';

/** What the client sees of a profile's rules; `maxStake` is the session's cap as a decimal, or null. */
export function clientRules(rules: RuleValues, maxStake: string | null) {
  return {
    min_cycle_ms: rules.min_cycle_ms,
    autoplay: { ...rules.autoplay },
    turbo_allowed: rules.turbo_allowed,
    super_turbo_allowed: rules.super_turbo_allowed,
    quick_stop_allowed: rules.quick_stop_allowed,
    spacebar_allowed: rules.spacebar_allowed,
    fullscreen_allowed: rules.fullscreen_allowed,
    social_mode: rules.social_mode,
    feature_buy_allowed: rules.feature_buy_allowed,
    ante_allowed: rules.ante_allowed,
    max_stake: maxStake,
    show_net_position: rules.show_net_position,
    show_session_time: rules.show_session_time,
    show_rtp: rules.show_rtp,
    show_max_win: rules.show_max_win,
    show_max_win_probability: rules.show_max_win_probability,
    celebrate_at_or_below_stake: rules.celebrate_at_or_below_stake,
    jackpots_allowed: rules.jackpots_allowed,
    one_game_at_a_time: rules.one_game_at_a_time,
    promotions_allowed: rules.promotions_allowed,
    promotion_opt_in_required: rules.promotion_opt_in_required,
  };
}

export type ClientRules = ReturnType<typeof clientRules>;

/** The rules of a session under no market: the default profile's, as the server sends them. */
export function defaultClientRules(): ClientRules {
  return clientRules(PERMISSIVE, null);
}
