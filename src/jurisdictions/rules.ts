// The rules of a profile applied to one session and one round: pure functions of the profile's
// values and the session's facts, so every rule is tested without a server.
import { parseAmount } from '../money.ts';
import type { AgeBand, RuleValues } from './profile.ts';

/** What the operator set for this session at launch (already of the right shape). */
export interface SessionTerms {
  ageBand: AgeBand | null;
  realityCheckSeconds: number | null;
  timeLimitSeconds: number | null;
  /** Minor units of the session currency. */
  lossLimit: bigint | null;
}

export interface TermsProblem {
  field: string;
  detail: string;
}

/**
 * The stake cap for a player in the session currency, in minor units (null: no cap). The cap is
 * set in the market's currency; a session in another currency is refused at launch (see
 * checkSessionTerms), never converted, so a cap is never crossed through an exchange rate. With
 * age bands and no band given, the lowest band's cap applies.
 */
export function maxStakeMinor(rules: RuleValues, currency: string, ageBand: AgeBand | null): bigint | null {
  const cap = rules.max_stake;
  if (!cap || cap.currency !== currency) return null;
  const bands = cap.by_age_band ?? {};
  let text = cap.amount;
  if (ageBand !== null && bands[ageBand] !== undefined) text = bands[ageBand] as string;
  else if (ageBand === null) {
    for (const amount of Object.values(bands)) {
      if (amount !== undefined && minor(amount, currency) < minor(text, currency)) text = amount;
    }
  }
  return minor(text, currency);
}

function minor(text: string, currency: string): bigint {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw new Error(`profile amount ${text} is not a ${currency} amount`);
  return parsed.minor;
}

/** The launch's terms against the profile: the first problem names its field. */
export function checkSessionTerms(
  rules: RuleValues,
  code: string,
  currency: string,
  terms: SessionTerms,
): TermsProblem | null {
  if (rules.currency !== null && rules.currency !== currency) {
    return { field: 'currency', detail: `currency must be ${rules.currency} under jurisdiction ${code}` };
  }
  if (rules.max_stake !== null && rules.max_stake.currency !== currency) {
    return {
      field: 'currency',
      detail: `currency must be ${rules.max_stake.currency} under jurisdiction ${code}: its stake cap is set in ${rules.max_stake.currency} and is not converted`,
    };
  }
  if (rules.session_limits_required) {
    if (terms.timeLimitSeconds === null) {
      return {
        field: 'session_time_limit',
        detail: `session_time_limit is required under jurisdiction ${code}`,
      };
    }
    if (terms.lossLimit === null) {
      return {
        field: 'session_loss_limit',
        detail: `session_loss_limit is required under jurisdiction ${code}`,
      };
    }
  }
  return null;
}

/** The reality-check interval of a session: the launch's, else the profile's default when required. */
export function realityCheckInterval(rules: RuleValues, requested: number | null): number | null {
  if (requested !== null) return requested;
  return rules.reality_check.required ? rules.reality_check.default_interval_seconds : null;
}

/** What the server knows of a session when a round is asked for. */
export interface SessionFacts {
  now: Date;
  startedAt: Date;
  /** When the session's last round started (null: none yet). */
  lastRoundAt: Date | null;
  /** Wins minus stakes of this session, minor units. */
  netPosition: bigint;
  realityCheckAt: Date | null;
  timeLimitSeconds: number | null;
  lossLimit: bigint | null;
  ended: boolean;
  /** Free spins of a feature still to play: the round in progress finishes. */
  featureInProgress: boolean;
  demo: boolean;
}

export type Refusal =
  | { code: 'session_ended' }
  | { code: 'session_limit_reached'; limit: 'time' | 'loss' }
  | { code: 'reality_check_due' }
  | { code: 'cycle_too_fast'; retryAfterMs: number };

/** Seconds since the session started (whole, never negative). */
export function elapsedSeconds(facts: Pick<SessionFacts, 'now' | 'startedAt'>): number {
  return Math.max(0, Math.floor((facts.now.getTime() - facts.startedAt.getTime()) / 1000));
}

/** Which limit of the session is reached, if any (loss: demo sessions have none). */
export function limitReached(facts: SessionFacts): 'time' | 'loss' | null {
  if (facts.timeLimitSeconds !== null && elapsedSeconds(facts) >= facts.timeLimitSeconds) return 'time';
  if (!facts.demo && facts.lossLimit !== null && -facts.netPosition >= facts.lossLimit) return 'loss';
  return null;
}

export function realityCheckDue(facts: Pick<SessionFacts, 'now' | 'realityCheckAt'>): boolean {
  return facts.realityCheckAt !== null && facts.now.getTime() >= facts.realityCheckAt.getTime();
}

/** The earliest time the next round may start. */
export function nextRoundAt(rules: RuleValues, lastRoundAt: Date | null, now: Date): Date {
  if (lastRoundAt === null || rules.min_cycle_ms <= 0) return now;
  const at = lastRoundAt.getTime() + rules.min_cycle_ms;
  return new Date(Math.max(at, now.getTime()));
}

/**
 * Why the next round may not start now, or null. An ended session first; then its limits and a
 * due reality check, both of which let a feature in progress finish; then the cycle time.
 */
export function roundRefusal(rules: RuleValues, facts: SessionFacts): Refusal | null {
  if (facts.ended) return { code: 'session_ended' };
  if (!facts.featureInProgress) {
    const limit = limitReached(facts);
    if (limit) return { code: 'session_limit_reached', limit };
    if (realityCheckDue(facts)) return { code: 'reality_check_due' };
  }
  if (facts.lastRoundAt !== null && rules.min_cycle_ms > 0) {
    const wait = facts.lastRoundAt.getTime() + rules.min_cycle_ms - facts.now.getTime();
    if (wait > 0) return { code: 'cycle_too_fast', retryAfterMs: wait };
  }
  return null;
}

export type BetModeName = 'base' | 'special' | 'buy';

/** Whether the profile lets a session play a mode (special is the ante bet). */
export function modeAllowed(rules: RuleValues, mode: BetModeName): boolean {
  if (mode === 'buy') return rules.feature_buy_allowed;
  if (mode === 'special') return rules.ante_allowed;
  return true;
}
