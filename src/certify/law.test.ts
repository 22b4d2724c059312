import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convolve, crossing, type Law, mean, power, scaled } from './law.ts';

/** A capped law from arbitrary masses (normalised), dense or sparse. */
const lawArb = (cap: number, dense: boolean) =>
  fc
    .array(fc.integer({ min: 0, max: 1000 }), { minLength: cap + 1, maxLength: cap + 1 })
    .filter((xs) => xs.some((x) => x > 0))
    .map((xs) => {
      const kept = dense ? xs : xs.map((x, i) => (i % 7 === 0 ? x : 0));
      const sum = kept.reduce((s, x) => s + x, 0) || 1;
      return Float64Array.from(kept.map((x) => x / sum)) as Law;
    })
    .filter((law) => law.some((p) => p > 0));

/** Convolution by its definition, capped. */
function slow(a: Law, b: Law): Law {
  const cap = a.length - 1;
  const out = new Float64Array(cap + 1);
  for (let x = 0; x <= cap; x++)
    for (let y = 0; y <= cap; y++) {
      const at = Math.min(x + y, cap);
      out[at] = (out[at] as number) + (a[x] as number) * (b[y] as number);
    }
  return out;
}

describe('capped laws', () => {
  it('convolve equals the definition, by the direct sum and by FFT alike', () => {
    fc.assert(
      fc.property(lawArb(2100, true), lawArb(2100, true), (a, b) => {
        const fast = convolve(a, b); // dense × dense: the FFT path
        const want = slow(a, b);
        // Within rounding: the FFT's ~1e-16 per entry, and the definition's own sum of 4 million products.
        for (let x = 0; x < want.length; x++)
          expect(Math.abs((fast[x] as number) - (want[x] as number))).toBeLessThanOrEqual(
            1e-15 + 1e-10 * (want[x] as number),
          );
      }),
      { numRuns: 3, endOnFailure: true },
    );
    fc.assert(
      fc.property(lawArb(200, false), lawArb(200, true), (a, b) => {
        const direct = convolve(a, b);
        const want = slow(a, b);
        for (let x = 0; x < want.length; x++) expect(direct[x]).toBeCloseTo(want[x] as number, 14);
      }),
      { numRuns: 20, endOnFailure: true },
    );
  });

  it('sums the mass crossing the cap directly, not as 1 minus the rest', () => {
    const cap = 1000;
    const a = new Float64Array(cap + 1);
    const b = new Float64Array(cap + 1);
    a[0] = 1 - 1e-14;
    a[900] = 1e-14;
    b[0] = 1 - 1e-13;
    b[200] = 1e-13;
    expect(crossing(a, b)).toBeCloseTo(1e-27, 40);
    expect(crossing(a, b) / 1e-27).toBeCloseTo(1, 12);
  });

  it('power and scaled keep the mean (below the cap)', () => {
    const cap = 10_000;
    const one = new Float64Array(cap + 1);
    one[2] = 0.5;
    one[5] = 0.3;
    one[10] = 0.2;
    expect(mean(power(one, 7))).toBeCloseTo(7 * mean(one), 10);
    expect(mean(scaled(one, 3))).toBeCloseTo(3 * mean(one), 12);
  });
});
