// A market's rules for online slots as data: each rule a market sets carries the clause it comes
// from. A rule a profile leaves out is the permissive value below (nothing to enforce).

export type AgeBand = '18-24' | '25+';
export const AGE_BANDS: readonly AgeBand[] = ['18-24', '25+'];

export interface AutoplayRule {
  allowed: boolean;
  /** Most rounds in one autoplay batch, null: no cap. */
  max_rounds: number | null;
  requires_loss_limit: boolean;
  requires_single_win_limit: boolean;
}

/** A stake cap per round, in the market's currency; a lower cap per age band where the rule has one. */
export interface StakeCap {
  currency: string;
  amount: string;
  by_age_band?: Partial<Record<AgeBand, string>>;
}

export interface RealityCheckRule {
  required: boolean;
  default_interval_seconds: number | null;
}

/** Every switch a profile can set (Stake Engine's twelve and the others). */
export interface RuleValues {
  min_cycle_ms: number;
  autoplay: AutoplayRule;
  turbo_allowed: boolean;
  super_turbo_allowed: boolean;
  quick_stop_allowed: boolean;
  spacebar_allowed: boolean;
  fullscreen_allowed: boolean;
  social_mode: boolean;
  feature_buy_allowed: boolean;
  ante_allowed: boolean;
  max_stake: StakeCap | null;
  show_net_position: boolean;
  show_session_time: boolean;
  show_rtp: boolean;
  show_max_win: boolean;
  /** The rules screen gives the chance of the maximum win ("1 in N") where its certificate has one. */
  show_max_win_probability: boolean;
  celebrate_at_or_below_stake: boolean;
  jackpots_allowed: boolean;
  one_game_at_a_time: boolean;
  reality_check: RealityCheckRule;
  /** The session must carry a time limit and a loss limit set by the player before play. */
  session_limits_required: boolean;
  /** Tournaments and prize drops (issue 29) may score and pay for sessions of this market. */
  promotions_allowed: boolean;
  /** The player must opt in to a tournament or drop in the game, whatever the campaign says. */
  promotion_opt_in_required: boolean;
  /** The only currency stakes and wins may be shown in, null: any. */
  currency: string | null;
}

export interface Sourced<T> {
  value: T;
  /** The clause or page the rule comes from. */
  source: string;
}

export interface Profile {
  code: string;
  name: string;
  /** The date of the newest rule in the profile: rounds record it with the code. */
  version: string;
  rules: Partial<{ [K in keyof RuleValues]: Sourced<RuleValues[K]> }>;
}

/** The value of every rule no market sets: nothing to enforce, everything offered. */
export const PERMISSIVE: Readonly<RuleValues> = Object.freeze({
  min_cycle_ms: 0,
  autoplay: { allowed: true, max_rounds: null, requires_loss_limit: false, requires_single_win_limit: false },
  turbo_allowed: true,
  super_turbo_allowed: true,
  quick_stop_allowed: true,
  spacebar_allowed: true,
  fullscreen_allowed: true,
  social_mode: false,
  feature_buy_allowed: true,
  ante_allowed: true,
  max_stake: null,
  show_net_position: false,
  show_session_time: false,
  show_rtp: false,
  show_max_win: false,
  show_max_win_probability: false,
  celebrate_at_or_below_stake: true,
  jackpots_allowed: true,
  one_game_at_a_time: false,
  reality_check: { required: false, default_interval_seconds: null },
  session_limits_required: false,
  promotions_allowed: true,
  promotion_opt_in_required: false,
  currency: null,
});

const effective = new WeakMap<Profile, RuleValues>();

/** A profile's rules with the permissive value for every rule it leaves out. */
export function effectiveRules(profile: Profile): RuleValues {
  let rules = effective.get(profile);
  if (!rules) {
    const merged: Record<string, unknown> = { ...PERMISSIVE };
    for (const [name, rule] of Object.entries(profile.rules)) {
      if (rule) merged[name] = rule.value;
    }
    // Built once per profile (profiles are constant), not on every spin's session look-up.
    rules = Object.freeze(merged) as unknown as RuleValues;
    effective.set(profile, rules);
  }
  return rules;
}
