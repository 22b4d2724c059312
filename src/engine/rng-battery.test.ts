// Statistical battery on a fresh stream of the play RNG (the OS CSPRNG through the engine's bounded
// draws), at the 99% level: chi-square of bounded draws, the runs test and the lag-1 serial
// correlation. A control generator with a known flaw must fail the same battery, so it can fail.
// Each statistic is tested on a fresh stream; a failure draws one more fresh stream, which must pass
// (a sound generator then fails a statistic once in 10,000 runs, not once in 100).
import { describe, expect, it } from 'vitest';
import { createCsprng, type Rng } from './rng.ts';

const N = 200_000;
const Z99 = 2.5758293035489;
/** Upper 1% points of chi-square with k − 1 degrees of freedom, for the bounds tried. */
const CHI2_99: Record<number, number> = { 6: 15.086, 10: 21.666, 37: 58.619, 100: 134.642 };

function chiSquare(rng: Rng, bound: number): number {
  const counts = new Array(bound).fill(0);
  for (let i = 0; i < N; i++) counts[rng.int(bound)]++;
  const expected = N / bound;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

/** Wald–Wolfowitz runs above and below the midpoint of 32-bit words: z of the number of runs. */
function runsZ(rng: Rng): number {
  let above = 0;
  let runs = 0;
  let last = -1;
  for (let i = 0; i < N; i++) {
    const bit = rng.int(2 ** 32) >= 2 ** 31 ? 1 : 0;
    above += bit;
    if (bit !== last) runs++;
    last = bit;
  }
  const below = N - above;
  const mean = (2 * above * below) / N + 1;
  const variance = ((mean - 1) * (mean - 2)) / (N - 1);
  return (runs - mean) / Math.sqrt(variance);
}

/** Lag-1 serial correlation of uniform words, scaled to a z (√n · r is about N(0, 1)). */
function serialZ(rng: Rng): number {
  const xs = new Float64Array(N);
  for (let i = 0; i < N; i++) xs[i] = rng.int(2 ** 32) / 2 ** 32;
  let mean = 0;
  for (const x of xs) mean += x / N;
  let num = 0;
  let den = 0;
  for (let i = 0; i < N; i++) {
    const d = (xs[i] as number) - mean;
    den += d * d;
    if (i + 1 < N) num += d * ((xs[i + 1] as number) - mean);
  }
  return (num / den) * Math.sqrt(N);
}

const battery: Array<[string, (rng: Rng) => boolean]> = [
  ...Object.entries(CHI2_99).map(
    ([bound, critical]) =>
      [`chi-square of draws below ${bound}`, (rng: Rng) => chiSquare(rng, Number(bound)) < critical] as [
        string,
        (rng: Rng) => boolean,
      ],
  ),
  ['runs above and below the midpoint', (rng) => Math.abs(runsZ(rng)) < Z99],
  ['lag-1 serial correlation', (rng) => Math.abs(serialZ(rng)) < Z99],
];

describe('play RNG battery at 99% on a fresh stream', () => {
  it.each(battery)('%s', (_name, passes) => {
    expect(passes(createCsprng()) || passes(createCsprng())).toBe(true);
  });
});

describe('the battery rejects flawed generators', () => {
  // Modulo reduction of a small source (bias toward low values), a generator that alternates
  // halves (runs), and one that repeats each draw (serial correlation).
  const crypto = createCsprng();
  const modulo: Rng = { int: (bound) => crypto.int(256) % bound };
  const alternating = (() => {
    let high = false;
    return {
      int: (bound: number) => {
        high = !high;
        const half = crypto.int(bound >>> 1 || 1);
        return high ? bound - 1 - half : half;
      },
    };
  })();
  const sticky = (() => {
    let last = 0;
    let fresh = true;
    return {
      int: (bound: number) => {
        if (fresh) last = crypto.int(bound);
        fresh = !fresh;
        return last;
      },
    };
  })();
  it('chi-square catches modulo bias', () => {
    expect(chiSquare(modulo, 100)).toBeGreaterThan(CHI2_99[100] as number);
  });
  it('the runs test catches alternation', () => {
    expect(Math.abs(runsZ(alternating))).toBeGreaterThan(Z99);
  });
  it('the serial test catches repeated draws', () => {
    expect(Math.abs(serialZ(sticky))).toBeGreaterThan(Z99);
  });
});
