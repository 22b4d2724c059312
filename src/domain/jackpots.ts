// Jackpots (issue 28), the arithmetic and the draws, pure: what a stake contributes to a pool's
// tiers, whether a spin triggers a tier, where a must-drop cycle falls and how that point is
// committed before the cycle and revealed after it, and what a win pays in the player's currency.
//
// Units. A pool keeps its meters in fine units: millionths of a minor unit of the pool's currency
// (FINE_PER_MINOR). A contribution rate is in parts per million of the stake, so a stake in the
// pool's currency contributes an exact whole number of fine units: nothing is rounded. A stake in
// another currency goes through the pool's staff-set rate, an exact rational; what falls below one
// fine unit (under a millionth of a minor unit) is kept in the contribution's ledger entry as its
// `dust`, never dropped unseen. A win pays whole minor units of the winner's currency; the fine
// units below that stay in the pool and carry into the next cycle.
import { createHash } from 'node:crypto';
import type { Rng } from '../engine/rng.ts';
import { minorUnits } from '../money.ts';

export const FINE_PER_MINOR = 1_000_000n;
export const PPM = 1_000_000n;

export type TierKind = 'progressive' | 'must_drop_value' | 'must_drop_time';
export const TIER_KINDS: readonly TierKind[] = ['progressive', 'must_drop_value', 'must_drop_time'];

export type PoolScope = 'game' | 'operator' | 'network';

/** A tier's parameters (NJ 13:69E-1.39A: seed, reset, increment rate, limit, reserve rate). */
export interface TierParams {
  /** mini, minor, major, grand... unique within the pool. */
  name: string;
  kind: TierKind;
  /** The value a cycle starts at, minor units of the pool's currency. */
  seed: bigint;
  /** Share of every stake added to the meter, parts per million. */
  contributionPpm: bigint;
  /** Share of every stake put aside for the next seeds, parts per million. */
  reservePpm: bigint;
  /** must_drop_value: the cycle drops before the meter reaches it (minor units); progressive: an optional cap. */
  ceiling: bigint | null;
  /** progressive: one hit expected per this much stake, minor units of the pool's currency. */
  oddsStake: bigint | null;
  /** must_drop_time: the daily deadline, minutes after midnight UTC. */
  deadlineMinute: number | null;
}

/** Pool currency minor units per minor unit of a player's currency: an exact rational. */
export interface Conversion {
  num: bigint;
  den: bigint;
}

export const SAME_CURRENCY: Conversion = { num: 1n, den: 1n };

/** A rate up to 999,999 with up to 8 decimals: a stake converted with it stays far inside bigint. */
const RATE_TEXT = /^(0|[1-9]\d{0,5})(?:\.(\d{1,8}))?$/;

/**
 * The rational for a staff-set rate "1 unit of `from` = `rate` units of `to`" (whole currency units,
 * as rates are quoted), between minor units of each: the currencies' decimals are taken into account.
 */
export function conversionOf(rate: string, from: string, to: string): Conversion {
  const match = RATE_TEXT.exec(rate);
  if (!match || /^0(\.0*)?$/.test(rate))
    throw new RangeError(`rate must be a positive decimal, got "${rate}"`);
  const decimals = match[2] ?? '';
  let num = BigInt(`${match[1]}${decimals}`);
  let den = 10n ** BigInt(decimals.length);
  const shift = minorUnits(to) - minorUnits(from);
  if (shift >= 0) num *= 10n ** BigInt(shift);
  else den *= 10n ** BigInt(-shift);
  const divisor = gcd(num, den);
  return { num: num / divisor, den: den / divisor };
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** What one stake adds to one tier, in fine units, with the part below a fine unit kept as dust. */
export interface TierContribution {
  meter: bigint;
  reserve: bigint;
  /** Below one fine unit, as a fraction over `conversion.den` (0 in the pool's own currency). */
  dust: bigint;
}

export function contributionOf(
  stake: bigint,
  tier: Pick<TierParams, 'contributionPpm' | 'reservePpm'>,
  conversion: Conversion,
): TierContribution {
  if (stake < 0n) throw new RangeError('stake must not be negative');
  // stake (player minor) × num/den (pool minor per player minor) × ppm/10^6 × 10^6 (fine per minor)
  const meterExact = stake * conversion.num * tier.contributionPpm;
  const reserveExact = stake * conversion.num * tier.reservePpm;
  return {
    meter: meterExact / conversion.den,
    reserve: reserveExact / conversion.den,
    dust: (meterExact % conversion.den) + (reserveExact % conversion.den),
  };
}

/** A uniform bigint in [0, bound) from 32-bit draws, by rejection (no modulo bias). */
export function drawBelow(rng: Rng, bound: bigint): bigint {
  if (bound < 1n) throw new RangeError('bound must be at least 1');
  if (bound <= 4294967296n) return BigInt(rng.int(Number(bound)));
  let words = 0;
  while (1n << BigInt(32 * words) < bound) words++;
  const span = 1n << BigInt(32 * words);
  const limit = span - (span % bound);
  for (;;) {
    let value = 0n;
    for (let i = 0; i < words; i++) value = (value << 32n) | BigInt(rng.int(4294967296));
    if (value < limit) return value % bound;
  }
}

/**
 * A progressive tier's trigger: the chance is the stake over the tier's odds stake (both in the
 * pool's currency), so it grows in proportion to the stake; exact, drawn from the certified RNG.
 */
export function progressiveHit(rng: Rng, stake: bigint, oddsStake: bigint, conversion: Conversion): boolean {
  if (stake <= 0n) return false;
  // P = stake·num/den ÷ oddsStake = stake·num ÷ (oddsStake·den)
  const bound = oddsStake * conversion.den;
  const hits = stake * conversion.num;
  if (hits >= bound) return true;
  return drawBelow(rng, bound) < hits;
}

/** A must-drop cycle's hidden point: a meter value (fine units) or a moment, with its salt. */
export interface DropPoint {
  /** must_drop_value: fine units; must_drop_time: milliseconds since the epoch. */
  at: bigint;
  salt: string;
  commit: string;
}

/** The text a drop point is committed as: anyone can hash it again once it is revealed. */
export function commitText(tierId: string, cycle: bigint, at: bigint, salt: string): string {
  return `reelforge-jackpot-drop:v1|${tierId}|${cycle}|${at}|${salt}`;
}

export function commitOf(tierId: string, cycle: bigint, at: bigint, salt: string): string {
  return createHash('sha256')
    .update(commitText(tierId, cycle, at, salt))
    .digest('hex');
}

function saltFrom(rng: Rng): string {
  let salt = '';
  for (let i = 0; i < 4; i++) salt += rng.int(4294967296).toString(16).padStart(8, '0');
  return salt;
}

/** The drop point of a must-drop-by-value cycle: uniform over whole minor units in [seed, ceiling). */
export function drawValueDrop(
  rng: Rng,
  tierId: string,
  cycle: bigint,
  seed: bigint,
  ceiling: bigint,
): DropPoint {
  const { at, salt } = drawValuePoint(rng, seed, ceiling);
  return { at, salt, commit: commitOf(tierId, cycle, at, salt) };
}

/**
 * drawValueDrop's point and salt without its commitment (the same draws): what a spin within reach
 * carries for a next cycle, whose commitment the store makes with the cycle's number
 * (functions/rf_jackpot_feed.sql); a hash a spin saved.
 */
export function drawValuePoint(rng: Rng, seed: bigint, ceiling: bigint): { at: bigint; salt: string } {
  if (ceiling <= seed) throw new RangeError('ceiling must be above the seed');
  const at = (seed + drawBelow(rng, ceiling - seed)) * FINE_PER_MINOR;
  return { at, salt: saltFrom(rng) };
}

/** The next daily deadline after `from` (at least an hour away, so a cycle is never a moment long). */
export function nextDeadline(from: Date, deadlineMinute: number): Date {
  const day = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  let deadline = day + deadlineMinute * 60_000;
  while (deadline - from.getTime() < 3_600_000) deadline += 86_400_000;
  return new Date(deadline);
}

/** The moment a must-drop-by-time cycle falls: uniform, to the second, in [start, deadline). */
export function drawTimeDrop(
  rng: Rng,
  tierId: string,
  cycle: bigint,
  start: Date,
  deadlineMinute: number,
): DropPoint {
  const { at, salt } = drawTimePoint(rng, start, deadlineMinute);
  return { at, salt, commit: commitOf(tierId, cycle, at, salt) };
}

/** drawTimeDrop's point and salt without its commitment (the same draws): see drawValuePoint. */
export function drawTimePoint(rng: Rng, start: Date, deadlineMinute: number): { at: bigint; salt: string } {
  const deadline = nextDeadline(start, deadlineMinute);
  const seconds = BigInt(Math.floor((deadline.getTime() - start.getTime()) / 1000));
  const at = BigInt(start.getTime() - (start.getTime() % 1000)) + drawBelow(rng, seconds) * 1000n;
  return { at, salt: saltFrom(rng) };
}

/**
 * What a meter pays a winner in their currency, and the fine units that takes from the pool: the
 * largest whole number of the winner's minor units the meter covers; the rest stays in the pool.
 */
export function payoutOf(meter: bigint, conversion: Conversion): { paid: bigint; consumed: bigint } {
  if (meter <= 0n) return { paid: 0n, consumed: 0n };
  // one player minor unit = num/den pool minor = num·10^6/den fine
  const perUnitNum = conversion.num * FINE_PER_MINOR;
  const paid = (meter * conversion.den) / perUnitNum;
  const consumed = ceilDiv(paid * perUnitNum, conversion.den);
  return { paid, consumed };
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** A meter (fine units) as whole minor units of the pool's currency, rounded down: what it shows. */
export function shownMinor(meter: bigint): bigint {
  return meter / FINE_PER_MINOR;
}

/**
 * A rate in parts per million as a percentage of the stake, exact, with at least one decimal
 * ("1.0" for 10,000 ppm, "0.25" for 2,500, "0.0001" for 1): what a player's rules screen states.
 */
export function ppmAsPercent(ppm: bigint): string {
  const whole = ppm / 10_000n;
  const fraction = (ppm % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return `${whole}.${fraction || '0'}`;
}

/**
 * The long-run return of a pool's tiers to players, as parts per million of the stake: every
 * contribution is paid out by some win, and the reserve funds the next seeds. (A seed the house
 * funds beyond the reserve adds to it; that part depends on turnover, and is left out: the figure
 * is the least the jackpot returns.)
 */
export function jackpotRtpPpm(tiers: readonly Pick<TierParams, 'contributionPpm' | 'reservePpm'>[]): bigint {
  return tiers.reduce((sum, tier) => sum + tier.contributionPpm + tier.reservePpm, 0n);
}

/**
 * A tier's expected hits per million spins at a stake (minor units of the pool's currency):
 * progressive, stake ÷ odds; must-drop by value, the stake's share of the mean distance a cycle
 * climbs ((seed + ceiling)/2 − seed, at the contribution rate); by time, not a function of the stake.
 */
export function hitsPerMillionSpins(tier: TierParams, stake: bigint): number | null {
  if (tier.kind === 'progressive' && tier.oddsStake) return (Number(stake) / Number(tier.oddsStake)) * 1e6;
  if (tier.kind === 'must_drop_value' && tier.ceiling !== null && tier.contributionPpm > 0n) {
    const climbMinor = Number(tier.ceiling - tier.seed) / 2;
    const perSpin = (Number(stake) * Number(tier.contributionPpm)) / 1e6;
    return (perSpin / climbMinor) * 1e6;
  }
  return null;
}

/** Checks one tier's parameters; answers the field and what is wrong, or null. */
export function tierProblem(tier: TierParams): { field: string; problem: string } | null {
  if (!/^[a-z][a-z0-9_]{0,23}$/.test(tier.name))
    return { field: 'name', problem: 'must be 1–24 lowercase letters, digits or _' };
  if (tier.seed < 0n) return { field: 'seed', problem: 'must not be negative' };
  if (tier.contributionPpm < 0n || tier.contributionPpm > 100_000n)
    return { field: 'contribution_rate', problem: 'must be between 0 and 10% of the stake' };
  if (tier.reservePpm < 0n || tier.reservePpm > 100_000n)
    return { field: 'reserve_rate', problem: 'must be between 0 and 10% of the stake' };
  if (tier.ceiling !== null && tier.ceiling <= tier.seed)
    return { field: 'ceiling', problem: 'must be above the seed' };
  if (tier.kind === 'progressive' && (tier.oddsStake === null || tier.oddsStake < 1n)) {
    return { field: 'odds_stake', problem: 'a progressive tier needs the stake per expected hit' };
  }
  if (tier.kind === 'must_drop_value' && tier.ceiling === null)
    return { field: 'ceiling', problem: 'a must-drop tier needs a ceiling' };
  if (tier.kind === 'must_drop_value' && tier.contributionPpm === 0n)
    return { field: 'contribution_rate', problem: 'a must-drop tier must grow' };
  if (
    tier.kind === 'must_drop_time' &&
    (tier.deadlineMinute === null ||
      tier.deadlineMinute < 0 ||
      tier.deadlineMinute >= 1440 ||
      !Number.isInteger(tier.deadlineMinute))
  ) {
    return { field: 'deadline', problem: 'a must-drop-by-time tier needs a daily deadline HH:MM (UTC)' };
  }
  return null;
}

/**
 * A pending entry's text as the pool's ledger keeps it: its kind, round and time first, then its own
 * fields. A statement's 'contributions' entry as the node writes it (compact JSON whose one key is
 * "rounds": store/ledger.repo.ts#jackpotPools) is joined as text, where parsing and serialising its
 * few kilobytes again was the sealer's largest cost; the text is the same as the parsed way's, which
 * every other entry takes.
 */
export function ledgerBody(kind: string, roundId: string | null, at: Date, body: string): string {
  if (body.startsWith('{"rounds":[') && body.endsWith(']}')) {
    const head = JSON.stringify({ kind, round_id: roundId, at });
    return `${head.slice(0, -1)},${body.slice(1)}`;
  }
  return JSON.stringify({ kind, round_id: roundId, at, ...(JSON.parse(body) as object) });
}

/** A pool ledger entry's hash: chained on the previous one's, over its canonical text. */
export function entryHash(previous: string, text: string): string {
  return createHash('sha256').update(previous).update('\n').update(text).digest('hex');
}

/** The Merkle root of a block's entry hashes (pairs hashed in order; an odd one is carried up). */
export function merkleRoot(hashes: readonly string[]): string {
  if (hashes.length === 0) return createHash('sha256').update('').digest('hex');
  let level = [...hashes];
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(
        right === undefined
          ? (level[i] as string)
          : createHash('sha256').update(`${level[i]}${right}`).digest('hex'),
      );
    }
    level = next;
  }
  return level[0] as string;
}

/** The sibling path from one entry to its block's root: [hash, side] pairs, side of the sibling. */
export function merklePath(
  hashes: readonly string[],
  index: number,
): Array<{ hash: string; side: 'left' | 'right' }> {
  const path: Array<{ hash: string; side: 'left' | 'right' }> = [];
  let level = [...hashes];
  let at = index;
  while (level.length > 1) {
    const sibling = at % 2 === 0 ? at + 1 : at - 1;
    if (sibling < level.length)
      path.push({ hash: level[sibling] as string, side: at % 2 === 0 ? 'right' : 'left' });
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(
        right === undefined
          ? (level[i] as string)
          : createHash('sha256').update(`${level[i]}${right}`).digest('hex'),
      );
    }
    level = next;
    at = Math.floor(at / 2);
  }
  return path;
}

/** Folds a Merkle path back to the root it proves membership in. */
export function rootFromPath(
  leaf: string,
  path: ReadonlyArray<{ hash: string; side: 'left' | 'right' }>,
): string {
  return path.reduce(
    (hash, step) =>
      createHash('sha256')
        .update(step.side === 'right' ? `${hash}${step.hash}` : `${step.hash}${hash}`)
        .digest('hex'),
    leaf,
  );
}
