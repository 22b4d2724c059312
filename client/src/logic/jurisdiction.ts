// What the market's profile asks of the client (CONTRACT-13): which controls exist, whether a win is
// celebrated, the session clock and net position, when the next round may start and when a reality
// check falls due. Pure: the controller feeds it times and answers. A server that sends no
// `jurisdiction` gets the permissive default profile.
import type { JurisdictionInfo, JurisdictionRules, JurisdictionState, SessionInfo } from '../api/types.ts';

/** The default profile's rules: everything allowed, nothing extra shown, no minimum cycle. */
export const DEFAULT_RULES: JurisdictionRules = {
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
  show_rtp: true,
  show_max_win: true,
  show_max_win_probability: false,
  celebrate_at_or_below_stake: true,
  jackpots_allowed: true,
  one_game_at_a_time: false,
};

/** The session's rules, each one missing from the answer taken from the default profile. */
export function rulesOf(info: Pick<SessionInfo, 'jurisdiction'>): JurisdictionRules {
  const given = info.jurisdiction?.rules;
  if (!given) return DEFAULT_RULES;
  return {
    ...DEFAULT_RULES,
    ...given,
    autoplay: { ...DEFAULT_RULES.autoplay, ...(given.autoplay ?? {}) },
  };
}

/** "4:05" under an hour, "1:02:09" from an hour on. */
export function formatElapsed(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * Whether a round's return is celebrated (tiers, count-up, coins, fanfare): never when nothing was
 * won, and never at or below the stake where the profile forbids it (the amount is still shown).
 */
export function celebrates(rules: JurisdictionRules, totalReturn: bigint, stake: bigint): boolean {
  if (totalReturn <= 0n) return false;
  return rules.celebrate_at_or_below_stake || totalReturn > stake;
}

/**
 * The session clock and net position: the server's figures, the clock ticking on locally between
 * answers. `now` is the local clock in ms.
 */
export class SessionMeter {
  private elapsedAt: number;
  private elapsed: number;
  net: string;

  constructor(info: Pick<JurisdictionInfo, 'elapsed_seconds' | 'net_position'> | undefined, now: number) {
    this.elapsed = info?.elapsed_seconds ?? 0;
    this.net = info?.net_position ?? '0';
    this.elapsedAt = now;
  }

  update(state: Pick<JurisdictionState, 'elapsed_seconds' | 'net_position'>, now: number): void {
    this.elapsed = state.elapsed_seconds;
    this.net = state.net_position;
    this.elapsedAt = now;
  }

  /** Whole seconds played by `now`. */
  seconds(now: number): number {
    return Math.floor(this.elapsed + Math.max(0, now - this.elapsedAt) / 1000);
  }
}

/**
 * How far the server's clock runs ahead of this one (ms), from the session's start and elapsed
 * seconds; 0 when within the estimate's own error (a second), so times are read as sent.
 */
export function clockSkew(
  info: Pick<JurisdictionInfo, 'session_started_at' | 'elapsed_seconds'>,
  now: number,
): number {
  const started = Date.parse(info.session_started_at);
  if (!Number.isFinite(started)) return 0;
  const skew = started + info.elapsed_seconds * 1000 - now;
  return Math.abs(skew) <= 1500 ? 0 : skew;
}

/**
 * The local time the next round may start: not before the server's `next_round_at` (moved onto this
 * clock), not before `min_cycle_ms` after this round started here, and never further off than one
 * cycle from now (a wrong clock must not freeze the game; the server still refuses an early round).
 */
export function nextRoundAt(
  rules: Pick<JurisdictionRules, 'min_cycle_ms'>,
  spinStartedAt: number,
  now: number,
  serverNextRoundAt: string | undefined,
  skew: number,
): number {
  let at = spinStartedAt + rules.min_cycle_ms;
  const server = serverNextRoundAt ? Date.parse(serverNextRoundAt) : Number.NaN;
  if (Number.isFinite(server)) at = Math.max(at, server - skew);
  return Math.min(Math.max(at, now), now + Math.max(rules.min_cycle_ms, 0));
}

/** Local time a reality check falls due, or null when the session has none. */
export function realityCheckDueAt(
  info: Pick<JurisdictionInfo, 'reality_check'>,
  skew: number,
): number | null {
  const check = info.reality_check;
  if (!check) return null;
  const at = Date.parse(check.next_due_at);
  return Number.isFinite(at) ? at - skew : null;
}
