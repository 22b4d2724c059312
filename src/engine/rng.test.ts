import { describe, expect, it } from 'vitest';
import {
  createCsprng,
  createRecordingRng,
  createReplayRng,
  createSeededRng,
  DrawMismatch,
  type Rng,
} from './rng.ts';

function chiSquare(rng: Rng, bound: number, n: number): number {
  const counts = new Array(bound).fill(0);
  for (let i = 0; i < n; i++) counts[rng.int(bound)]++;
  const expected = n / bound;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

function lagOneCorrelation(rng: Rng, n: number): number {
  const xs = Array.from({ length: n }, () => rng.int(1 << 20) / (1 << 20));
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const d = (xs[i] as number) - mean;
    den += d * d;
    if (i + 1 < n) num += d * ((xs[i + 1] as number) - mean);
  }
  return num / den;
}

// Critical values at p = 0.001 (chi-square with bound-1 degrees of freedom).
const CHI_CRITICAL: Record<number, number> = { 10: 27.88, 37: 67.98, 1000: 1143.92 };

describe.each([
  ['seeded xoshiro128**', () => createSeededRng(20240601n, 3)],
  ['OS CSPRNG', () => createCsprng()],
])('%s', (_name, make) => {
  it.each([10, 37, 1000])('is uniform on [0, %i) (chi-square, p = 0.001)', (bound) => {
    expect(chiSquare(make(), bound, 200_000)).toBeLessThan(CHI_CRITICAL[bound] as number);
  });

  it('has no lag-1 serial correlation (|r| < 4/√n)', () => {
    const n = 100_000;
    expect(Math.abs(lagOneCorrelation(make(), n))).toBeLessThan(4 / Math.sqrt(n));
  });

  it.each([1, 2, 3, 2 ** 21, 2 ** 21 + 1, 2 ** 31 + 5, 2 ** 32])('keeps draws inside [0, %i)', (bound) => {
    const rng = make();
    for (let i = 0; i < 2000; i++) {
      const v = rng.int(bound);
      expect(Number.isInteger(v) && v >= 0 && v < bound).toBe(true);
    }
  });
});

describe('seeded streams', () => {
  it('repeat exactly for the same seed and stream', () => {
    const a = createSeededRng(42, 1);
    const b = createSeededRng(42n, 1);
    expect(Array.from({ length: 50 }, () => a.next32())).toEqual(
      Array.from({ length: 50 }, () => b.next32()),
    );
  });

  it('differ between streams and seeds', () => {
    const first = (rng: { next32(): number }) => Array.from({ length: 8 }, () => rng.next32());
    expect(first(createSeededRng(42, 0))).not.toEqual(first(createSeededRng(42, 1)));
    expect(first(createSeededRng(42, 0))).not.toEqual(first(createSeededRng(43, 0)));
  });
});

describe('recording and replaying draws', () => {
  it('hands recorded draws back in order', () => {
    const recorder = createRecordingRng(createSeededRng(7));
    const drawn = [recorder.int(10), recorder.int(1000), recorder.int(3)];
    const replay = createReplayRng(recorder.draws);
    expect([replay.int(10), replay.int(1000), replay.int(3)]).toEqual(drawn);
    expect(replay.remaining()).toBe(0);
  });

  it.each([
    ['a draw out of range', [12], 10],
    ['a missing draw', [], 10],
    ['a fractional draw', [1.5], 10],
  ])('rejects %s', (_case, draws, bound) => {
    expect(() => createReplayRng(draws).int(bound)).toThrow(DrawMismatch);
  });
});
