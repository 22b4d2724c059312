// The certified figures of a game that feeds a jackpot (NJ 13:69E-1.39A; GLI-11/RTS 9A): the game's
// own certified RTP, the pool's jackpot RTP and their sum, and per tier how often it is expected to
// hit at each stake of the game's bet ladder. Pure and exact: percentages are summed as integers
// (parts per million of the stake), never as floats, so the published figure is the same digits on
// every screen; a frequency is one exact rational, rounded once for display.
//
// The jackpot RTP is the long-run figure: every contribution to a meter is paid out by some win, and
// every reserve contribution funds a later seed, so together they return contribution + reserve
// rates of every stake. Seeds the house funds beyond the reserve come on top (they depend on turnover
// and are left out: the figure is the least the jackpot returns).
import { betStake } from '../games/stake.ts';
import { formatAmount } from '../money.ts';
import { type Conversion, PPM, SAME_CURRENCY, type TierKind, type TierParams } from './jackpots.ts';

/** Percent digits a rate in parts per million has (1 ppm = 0.0001 %). */
const PERCENT_DIGITS = 4;

export const JACKPOT_RTP_NOTE =
  'Long-run figure: every contribution is paid back by some jackpot win and every reserve contribution funds a later seed; seeds the house funds beyond the reserve add to it.';

/** How often a tier is expected to hit at one stake. */
export interface StakeFrequency {
  /** The total bet of a base spin, in the currency the figures are given in. */
  stake: string;
  /** One hit expected in this many spins at this stake, 2 decimals rounded half up ("1" when certain). */
  one_in: string;
}

export interface TierFigures {
  pool_id: string;
  name: string;
  kind: TierKind;
  /** Percent of every stake added to the meter. */
  contribution_rate: string;
  /** Percent of every stake put aside for the next seeds. */
  reserve_rate: string;
  /** contribution_rate + reserve_rate: this tier's part of the jackpot RTP. */
  rtp: string;
  /** progressive and must-drop by value: per stake of the ladder; null for must-drop by time. */
  frequencies: StakeFrequency[] | null;
  /** must-drop by time: it drops once a day, before this time (HH:MM UTC); otherwise null. */
  drops_daily_before: string | null;
}

export interface JackpotFigures {
  /** The game's certified RTP in percent, as certified (base mode). */
  base_rtp: string;
  /** Σ (contribution + reserve) rates of the pool's tiers, percent, exact. */
  jackpot_rtp: string;
  /** base_rtp + jackpot_rtp, exact. */
  total_rtp: string;
  tiers: TierFigures[];
}

/** A decimal percent as an integer over 10^scale. */
function scaled(text: string, scale: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`a percentage must be a decimal, got "${text}"`);
  const fraction = match[2] ?? '';
  if (fraction.length > scale) throw new RangeError(`"${text}" has more than ${scale} decimals`);
  return BigInt(`${match[1]}${fraction.padEnd(scale, '0')}`);
}

/** An integer over 10^scale as a percent with at least two decimals, trailing zeros beyond them dropped. */
function percentText(value: bigint, scale: number): string {
  const digits = value.toString().padStart(scale + 1, '0');
  let fraction = digits.slice(-scale);
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${digits.slice(0, -scale)}.${fraction}`;
}

/** Parts per million of the stake as a percent ("12000" ppm → "1.20"). */
export function ppmPercent(ppm: bigint): string {
  return percentText(ppm, PERCENT_DIGITS);
}

/** num/den as a decimal with 2 digits, rounded half up. */
function ratioText(num: bigint, den: bigint): string {
  const hundredths = (num * 200n + den) / (den * 2n);
  const whole = hundredths / 100n;
  const cents = hundredths % 100n;
  return cents === 0n ? whole.toString() : `${whole}.${cents.toString().padStart(2, '0')}`;
}

/**
 * Spins per expected hit at a stake (minor units of the player's currency, converted into the pool's),
 * as an exact ratio [num, den]; null where it is not a function of the stake (must-drop by time).
 * Progressive: odds_stake ÷ stake, at least 1 (a stake of odds_stake or more always triggers).
 * Must-drop by value: the mean distance a cycle climbs, (ceiling − seed) / 2, over what one spin adds
 * to the meter: the same rule as hitsPerMillionSpins (domain/jackpots.ts), without floats.
 */
export function spinsPerHit(
  tier: TierParams,
  stake: bigint,
  conversion: Conversion = SAME_CURRENCY,
): [bigint, bigint] | null {
  if (stake <= 0n) return null;
  if (tier.kind === 'progressive' && tier.oddsStake !== null) {
    // P = stake·num / (odds·den)
    const num = tier.oddsStake * conversion.den;
    const den = stake * conversion.num;
    return num <= den ? [1n, 1n] : [num, den];
  }
  if (tier.kind === 'must_drop_value' && tier.ceiling !== null && tier.contributionPpm > 0n) {
    // climb (pool minor) = (ceiling − seed)/2; per spin (pool minor) = stake·num/den · ppm/10^6
    return [
      (tier.ceiling - tier.seed) * conversion.den * PPM,
      2n * stake * conversion.num * tier.contributionPpm,
    ];
  }
  return null;
}

/** The distinct total bets of a base spin on a bet ladder, ascending (minor units). */
export function ladderStakes(ladder: {
  coinValues: readonly bigint[];
  betLevels: readonly number[];
  lineCost: number;
}): bigint[] {
  const stakes = new Set<bigint>();
  for (const coin of ladder.coinValues) {
    for (const level of ladder.betLevels) stakes.add(betStake(coin, level, ladder.lineCost));
  }
  return [...stakes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function deadlineText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** A pool a game feeds: its tiers, and the rate from the stakes' currency into the pool's. */
export interface FedPoolParams {
  id: string;
  tiers: readonly TierParams[];
  /** SAME_CURRENCY when the stakes are in the pool's own currency. */
  conversion?: Conversion;
}

/**
 * The figures of a game feeding pools (every stake feeds each of them, so their RTPs add up).
 * `baseRtp`: the game's certified RTP in percent ("96.48"); `stakes`: the ladder's total bets in
 * `currency`, which each pool's `conversion` turns into its own currency.
 */
export function jackpotFigures(input: {
  baseRtp: string;
  pools: readonly FedPoolParams[];
  stakes: readonly bigint[];
  currency: string;
}): JackpotFigures {
  const tiers = input.pools.flatMap((pool) =>
    pool.tiers.map((tier) => ({ tier, poolId: pool.id, conversion: pool.conversion ?? SAME_CURRENCY })),
  );
  const decimals = input.baseRtp.split('.')[1]?.length ?? 0;
  const scale = Math.max(PERCENT_DIGITS, decimals);
  const perPpm = 10n ** BigInt(scale - PERCENT_DIGITS);
  const jackpotPpm = tiers.reduce((sum, { tier }) => sum + tier.contributionPpm + tier.reservePpm, 0n);
  const base = scaled(input.baseRtp, scale);
  return {
    base_rtp: input.baseRtp,
    jackpot_rtp: ppmPercent(jackpotPpm),
    total_rtp: percentText(base + jackpotPpm * perPpm, scale),
    tiers: tiers.map(({ tier, poolId, conversion }) => {
      const timed = tier.kind === 'must_drop_time';
      return {
        pool_id: poolId,
        name: tier.name,
        kind: tier.kind,
        contribution_rate: ppmPercent(tier.contributionPpm),
        reserve_rate: ppmPercent(tier.reservePpm),
        rtp: ppmPercent(tier.contributionPpm + tier.reservePpm),
        frequencies: timed
          ? null
          : input.stakes.flatMap((stake) => {
              const ratio = spinsPerHit(tier, stake, conversion);
              return ratio
                ? [{ stake: formatAmount(stake, input.currency), one_in: ratioText(ratio[0], ratio[1]) }]
                : [];
            }),
        drops_daily_before: timed && tier.deadlineMinute !== null ? deadlineText(tier.deadlineMinute) : null,
      };
    }),
  };
}
