// How certification writes its figures: percentages and probabilities as text, without floats
// leaking into the certificate as long binary fractions.
import { percent } from './tally.ts';

export { percent };

/** N of "1 in N" for a probability, rounded to three significant figures, as an integer string. */
export function oneIn(probability: number): string {
  if (!(probability > 0)) return '0';
  if (probability >= 1) return '1';
  const n = 1 / probability;
  const exponent = Math.floor(Math.log10(n));
  const digits = Math.max(0, exponent - 2);
  const mantissa = Math.round(n / 10 ** digits);
  // Three significant figures, then zeros: exact as a string however large N is.
  return `${BigInt(mantissa) * 10n ** BigInt(digits)}`;
}

/** A probability in scientific notation with four significant figures ("2.320e-10"). */
export function scientific(probability: number): string {
  return probability.toExponential(3);
}

/** A number with `digits` significant figures, as text (σ, volatility). */
export function significant(value: number, digits = 4): string {
  return value.toPrecision(digits);
}
