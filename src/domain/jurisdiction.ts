// A session's jurisdiction as the runtime API shows it, and the bet ladder the profile leaves:
// pure functions of the profile, the session row and the time.
import type { BetMode } from '../engine/index.ts';
import { type BetLadder, betStake } from '../games/index.ts';
import { clientRules } from '../jurisdictions/client-rules.ts';
import {
  elapsedSeconds,
  modeAllowed,
  nextRoundAt,
  type Profile,
  type RuleValues,
  realityCheckDue,
} from '../jurisdictions/index.ts';
import { formatAmount } from '../money.ts';
import type { SessionRow } from '../store/sessions.repo.ts';

/** The profile applied to one session: its rules and the player's stake cap in the session currency. */
export interface SessionJurisdiction {
  profile: Profile;
  rules: RuleValues;
  /** Minor units of the session currency; null: no cap. */
  maxStake: bigint | null;
}

/** What a bet costs: coin × bet level × the mode's coins per level (a base spin's are the lines). */
export function stakeOf(ladder: BetLadder, coin: bigint, betLevel: number, mode: BetMode): bigint {
  const coins =
    mode === 'base' ? ladder.modes.base.coins : (ladder.modes[mode]?.coins ?? ladder.modes.base.coins);
  return betStake(coin, betLevel, coins);
}

/**
 * The ladder a session offers under its profile: banned modes (buy, ante) left out, and with a
 * stake cap the coins and levels whose cheapest bet is above it, and modes whose cheapest bet is.
 * A coin and level that fit alone may still cost more together: the spin refuses those.
 */
export function restrictLadder(ladder: BetLadder, rules: RuleValues, maxStake: bigint | null): BetLadder {
  const minCoin = ladder.coinValues[0] ?? 0n;
  const minLevel = ladder.betLevels[0] ?? 1;
  const fits = (mode: BetMode) => maxStake === null || stakeOf(ladder, minCoin, minLevel, mode) <= maxStake;
  const modes: BetLadder['modes'] = { base: ladder.modes.base };
  if (ladder.modes.special && modeAllowed(rules, 'special') && fits('special'))
    modes.special = ladder.modes.special;
  if (ladder.modes.buy && modeAllowed(rules, 'buy') && fits('buy')) modes.buy = ladder.modes.buy;
  if (maxStake === null) return { ...ladder, modes };
  const coinValues = ladder.coinValues.filter((coin) => stakeOf(ladder, coin, minLevel, 'base') <= maxStake);
  const betLevels = ladder.betLevels.filter((level) => stakeOf(ladder, minCoin, level, 'base') <= maxStake);
  const keptCoins = coinValues.length > 0 ? coinValues : [minCoin];
  const keptLevels = betLevels.length > 0 ? betLevels : [minLevel];
  const defaultCoin = keptCoins.includes(ladder.defaultCoin)
    ? ladder.defaultCoin
    : (keptCoins.filter((coin) => coin <= ladder.defaultCoin).at(-1) ?? (keptCoins[0] as bigint));
  const defaultBetLevel = keptLevels.includes(ladder.defaultBetLevel)
    ? ladder.defaultBetLevel
    : (keptLevels[0] as number);
  return { ...ladder, coinValues: keptCoins, betLevels: keptLevels, defaultCoin, defaultBetLevel, modes };
}

/** The reality check of a session as shown (null: none for this session). */
export function realityCheckView(row: SessionRow, now: Date) {
  if (row.reality_check_interval === null || row.reality_check_at === null) return null;
  return {
    interval_seconds: row.reality_check_interval,
    due: realityCheckDue({ now, realityCheckAt: row.reality_check_at }),
    next_due_at: row.reality_check_at.toISOString(),
  };
}

/** GET /api/runtime/v1/session's `jurisdiction`. */
export function jurisdictionView(jurisdiction: SessionJurisdiction, row: SessionRow, now: Date) {
  const { profile, rules, maxStake } = jurisdiction;
  const format = (minor: bigint) => formatAmount(minor, row.currency);
  return {
    code: profile.code,
    name: profile.name,
    version: profile.version,
    rules: clientRules(rules, maxStake === null ? null : format(maxStake)),
    reality_check: realityCheckView(row, now),
    limits: {
      time_limit_seconds: row.time_limit_seconds,
      loss_limit: row.loss_limit === null ? null : format(row.loss_limit),
    },
    session_started_at: row.session_started_at.toISOString(),
    elapsed_seconds: elapsedSeconds({ now, startedAt: row.session_started_at }),
    net_position: formatAmount(row.net_position, row.currency),
    history_url: row.history_url,
    // Additions to the contract: the next round's earliest start, and whether the player left.
    next_round_at: nextRoundAt(rules, row.last_round_at, now).toISOString(),
    ended: row.ended_at !== null,
  };
}

/** The spin answer's `jurisdiction_state`, after the round (its start is `lastRoundAt`). */
export function jurisdictionState(
  rules: RuleValues,
  facts: { now: Date; startedAt: Date; lastRoundAt: Date; netPosition: bigint; realityCheckAt: Date | null },
  currency: string,
) {
  return {
    net_position: formatAmount(facts.netPosition, currency),
    elapsed_seconds: elapsedSeconds(facts),
    reality_check_due: realityCheckDue(facts),
    next_round_at: nextRoundAt(rules, facts.lastRoundAt, facts.now).toISOString(),
  };
}
