// What a jackpot contribution is worth in the reports (docs/reports.md): the stake's share put into
// a pool's tiers (meter and reserve), valued in the stake's own currency, exactly. A contribution is
// written in fine units of the pool's currency (domain/jackpots.ts): per tier the whole fine units
// floor(stake·num·ppm / den) and what fell below them as dust over den. Turned back by the same rate
// that is exact again: stake·ppm millionths of a minor unit of the player's currency, with no
// rounding whatever the two currencies, so a day's sum reconciles with the pool's ledger.
import { minorUnits } from '../money.ts';

/** A contribution ledger entry's body as the reports read it (fine units of the pool's currency). */
export interface ContributionBody {
  /** Pool currency minor units per minor unit of the stake's currency, [num, den]. */
  rate: readonly [string, string] | readonly string[];
  tiers: ReadonlyArray<{ meter: string; reserve: string; dust: string }>;
}

/** A contribution's value in millionths of a minor unit of the stake's currency: exact. */
export function contributionValueFine(body: ContributionBody): bigint {
  const num = BigInt(body.rate[0] ?? '1');
  const den = BigInt(body.rate[1] ?? '1');
  // Σ (meter + reserve)·den + dust = stake·num·Σppm: the exact shares before the floor
  const exact = body.tiers.reduce(
    (sum, tier) => sum + (BigInt(tier.meter) + BigInt(tier.reserve)) * den + BigInt(tier.dust),
    0n,
  );
  if (exact % num !== 0n) throw new Error('a contribution that is not a whole share of its stake');
  return exact / num;
}

/** Millionths of a minor unit as a decimal of the currency: its minor digits and six more ("0.00120000"). */
export function formatFine(fine: bigint, currency: string): string {
  const digits = minorUnits(currency) + 6;
  const negative = fine < 0n;
  const text = (negative ? -fine : fine).toString().padStart(digits + 1, '0');
  return `${negative ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
