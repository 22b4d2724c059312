// Bet ladder arithmetic: every (coin, level) pair priced exactly, ordered by total bet, so Bet +
// and Bet − walk one ladder; special bet and the buy price scale the same pair by their coins.
import { betStake, betUnit } from '../../../src/games/stake.ts';
import type { SessionInfo } from '../api/types.ts';
import { toMinor } from './money.ts';

export type Mode = 'base' | 'special' | 'buy';

export interface BetChoice {
  coin: string;
  coinMinor: bigint;
  level: number;
}

export interface Ladder {
  currency: string;
  coins: Array<{ text: string; minor: bigint }>;
  levels: number[];
  /** Coins per bet level each mode costs (base = line cost); null where the game has no such mode. */
  modeCoins: Record<Mode, number | null>;
  /** Every pair, ascending by base total bet; for equal totals the smaller level comes first. */
  steps: BetChoice[];
}

/** Coins per bet level from a cost multiplier such as "1.25" or "5/4" (exact; null when not whole). */
export function coinsFromMultiplier(lineCost: number, multiplier: string | undefined): number | null {
  if (multiplier === undefined) return null;
  const ratio = /^(\d+)\/(\d+)$/.exec(multiplier);
  if (ratio) {
    const scaled = BigInt(ratio[1] as string) * BigInt(lineCost);
    const denominator = BigInt(ratio[2] as string);
    return denominator > 0n && scaled % denominator === 0n ? Number(scaled / denominator) : null;
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(multiplier);
  if (!match) return null;
  const fraction = match[2] ?? '';
  const scaled = BigInt(`${match[1]}${fraction}`) * BigInt(lineCost);
  const divisor = 10n ** BigInt(fraction.length);
  if (scaled % divisor !== 0n) return null;
  return Number(scaled / divisor);
}

export function buildLadder(info: Pick<SessionInfo, 'bet' | 'session' | 'game'>): Ladder {
  const currency = info.session.currency;
  const coins = info.bet.coin_values
    .map((text) => ({ text, minor: toMinor(text, currency) }))
    .sort((a, b) => (a.minor < b.minor ? -1 : a.minor > b.minor ? 1 : 0));
  const levels = [...info.bet.bet_levels].sort((a, b) => a - b);
  const rules = info.game.rules;
  const lineCost = info.bet.line_cost;
  const coinsOf = (mode: Mode): number | null => {
    const cost = info.bet.modes[mode];
    if (!cost) return null;
    return cost.cost_coins ?? rules?.modes?.[mode] ?? coinsFromMultiplier(lineCost, cost.cost_multiplier);
  };
  const modeCoins: Record<Mode, number | null> = {
    base: coinsOf('base') ?? lineCost,
    special: coinsOf('special'),
    buy: coinsOf('buy'),
  };
  const steps: BetChoice[] = [];
  for (const coin of coins)
    for (const level of levels) steps.push({ coin: coin.text, coinMinor: coin.minor, level });
  steps.sort((a, b) => {
    const ta = betUnit(a.coinMinor, a.level);
    const tb = betUnit(b.coinMinor, b.level);
    return ta < tb ? -1 : ta > tb ? 1 : a.level - b.level;
  });
  // One step per distinct total: 0.10 × 2 and 0.20 × 1 cost the same, keep the first.
  const distinct: BetChoice[] = [];
  for (const step of steps) {
    const last = distinct[distinct.length - 1];
    if (!last || betUnit(last.coinMinor, last.level) !== betUnit(step.coinMinor, step.level))
      distinct.push(step);
  }
  return { currency, coins, levels, modeCoins, steps: distinct };
}

/**
 * The ladder without the steps whose base total is above the market's stake cap (`cap` in minor
 * units; null: no cap). The lowest step stays, so there is always a bet (the server refuses it if
 * even that is too high).
 */
export function capLadder(ladder: Ladder, cap: bigint | null): Ladder {
  if (cap === null) return ladder;
  const steps = ladder.steps.filter((step, i) => i === 0 || totalBet(ladder, step, 'base') <= cap);
  return { ...ladder, steps };
}

/** Minor units a spin costs in `mode` at this coin and level (0 when the mode does not exist). */
export function totalBet(ladder: Ladder, bet: BetChoice, mode: Mode): bigint {
  const coins = ladder.modeCoins[mode];
  if (coins === null) return 0n;
  return betStake(bet.coinMinor, bet.level, coins);
}

/** Index of the ladder step with the same total as `bet`, or the nearest one below it. */
export function stepIndex(ladder: Ladder, bet: BetChoice): number {
  const total = betUnit(bet.coinMinor, bet.level);
  let index = 0;
  ladder.steps.forEach((step, i) => {
    if (betUnit(step.coinMinor, step.level) <= total) index = i;
  });
  return index;
}

/** The next step up (+1) or down (−1); stays at the ends. */
export function stepBet(ladder: Ladder, bet: BetChoice, direction: 1 | -1): BetChoice {
  const index = stepIndex(ladder, bet);
  const exact = ladder.steps[index];
  const same = exact && betUnit(exact.coinMinor, exact.level) === betUnit(bet.coinMinor, bet.level);
  // Below-the-step bets (a coin/level pair deduplicated away) go down to that step, not past it.
  const next = direction === 1 ? index + 1 : same ? index - 1 : index;
  const clamped = Math.max(0, Math.min(ladder.steps.length - 1, next));
  return ladder.steps[clamped] as BetChoice;
}

export function canStep(ladder: Ladder, bet: BetChoice, direction: 1 | -1): boolean {
  const next = stepBet(ladder, bet, direction);
  return betUnit(next.coinMinor, next.level) !== betUnit(bet.coinMinor, bet.level);
}

/** The largest step whose base total is at most `limit` (for a player who cannot afford the current bet). */
export function largestAffordable(ladder: Ladder, limit: bigint, mode: Mode): BetChoice | null {
  let best: BetChoice | null = null;
  for (const step of ladder.steps) if (totalBet(ladder, step, mode) <= limit) best = step;
  return best;
}

// The bet list a player chooses from: not every coin × level (44 odd totals such as 2.80 or 3.20)
// but the totals a player recognises. A total is round when its minor units are 1, 2, 4 or 5 times a
// power of ten (0.10, 0.20, 0.40, 0.50, 1, 2, 4, 5, 10 … in a two-decimal currency; 20, 40, 50, 100 …
// yen). The ladder's lowest and highest totals stay (the smallest stake, the cap), and so does a
// total the operator chose as the default. The ± buttons step through this same list.
const ROUND_MANTISSAS = new Set([1n, 2n, 4n, 5n]);

/** Whether a total in minor units is 1, 2, 4 or 5 × 10^k. */
export function isRoundTotal(minor: bigint): boolean {
  if (minor <= 0n) return false;
  let mantissa = minor;
  while (mantissa % 10n === 0n) mantissa /= 10n;
  return ROUND_MANTISSAS.has(mantissa);
}

/** The base total of a step (coin × level × the base mode's coins). */
const baseTotal = (ladder: Ladder, step: BetChoice) => totalBet(ladder, step, 'base');

/**
 * The ladder cut to its round totals, plus its lowest and highest step and `keep` (a base total in
 * minor units, e.g. the operator's default) when the ladder has it. Apply after `capLadder`, so the
 * highest step is the highest the market allows.
 */
export function curateLadder(ladder: Ladder, keep: bigint | null = null): Ladder {
  const last = ladder.steps.length - 1;
  const steps = ladder.steps.filter((step, i) => {
    const total = baseTotal(ladder, step);
    return i === 0 || i === last || total === keep || isRoundTotal(total);
  });
  return { ...ladder, steps };
}

/** The step whose base total is exactly `total`, or null. */
export function stepOfTotal(ladder: Ladder, total: bigint): BetChoice | null {
  return ladder.steps.find((step) => baseTotal(ladder, step) === total) ?? null;
}

/**
 * The bet a session starts at: the operator's default total when it is on the list, else the same
 * amount in every game — the list entry nearest 100 of the currency's smallest coin (€1.00, $1.00,
 * ¥100: the smallest coin is about one US cent), the lower of two equally near (compared by ratio).
 */
export function startingBet(ladder: Ladder, operatorTotal: bigint | null): BetChoice {
  const chosen = operatorTotal === null ? null : stepOfTotal(ladder, operatorTotal);
  if (chosen) return chosen;
  const first = ladder.steps[0];
  const smallest = ladder.coins[0];
  if (!first || !smallest) throw new Error('the game offers no bet');
  const target = smallest.minor * 100n;
  // Nearness by ratio, exactly: x is nearer than y when max(x,t)/min(x,t) < max(y,t)/min(y,t).
  const ratio = (total: bigint) => (total >= target ? [total, target] : [target, total]) as [bigint, bigint];
  let best = first;
  for (const step of ladder.steps) {
    const [a, b] = ratio(baseTotal(ladder, step));
    const [c, d] = ratio(baseTotal(ladder, best));
    if (a * d < c * b) best = step;
  }
  return best;
}

/** The operator's default total for the session in minor units, or null (none, or not a decimal). */
export function operatorDefault(info: Pick<SessionInfo, 'bet' | 'session'>): bigint | null {
  const text = info.bet.default_total;
  if (typeof text !== 'string' || !/^\d+(\.\d+)?$/.test(text)) return null;
  try {
    return toMinor(text, info.session.currency);
  } catch {
    return null;
  }
}
