// The estimator of tumbling games is unbiased: on a game small enough to enumerate every outcome
// through the engine (every stop, every multiplier value, free spins by a DP), its figure lies
// within its own 99 % half-width of the exact RTP, seed after seed; and its fast path (packed
// symbol counts) draws and adds exactly what the engine's own evaluation does.
import { describe, expect, it } from 'vitest';
import { everyOutcome, freeState, sequenceByDp } from '../../test/helpers/engine-oracle.ts';
import { toyTumbles } from '../../test/helpers/toy-games.ts';
import { createSeededRng } from '../engine/rng.ts';
import { freshState } from '../engine/round.ts';
import { machineFor } from '../engine/spin.ts';
import { getGame } from '../games/index.ts';
import { estimateRounds, playSequences, sequenceSampleOf, summarizeEstimate } from './estimate.ts';
import { addInto, convolve, mean, pointLaw } from './law.ts';
import { simulateRounds, summarize } from './tally.ts';

function exactRtp(): { base: number; buy: number } {
  const cap = machineFor(toyTumbles).capCoins;
  const free = everyOutcome(toyTumbles, freeState(1), 'base').map((o) => ({
    probability: o.probability,
    coins: o.coins,
    adds: o.freeSpinsLeft,
  }));
  const sequence = sequenceByDp(free, 3, cap);
  const law = new Float64Array(cap + 1);
  for (const o of everyOutcome(toyTumbles, freshState(), 'base')) {
    const spin = pointLaw(o.coins, cap);
    addInto(law, o.freeSpinsLeft > 0 ? convolve(spin, sequence) : spin, o.probability);
  }
  return { base: mean(law) / 4, buy: mean(sequence) / 40 };
}

describe('the estimator of tumbling games', () => {
  const exact = exactRtp();
  const cap = machineFor(toyTumbles).capCoins;

  it.each([1, 2, 3, 4, 5])('seed %i: the exact RTP lies in the estimate’s 99 percent interval', (seed) => {
    const wins = playSequences(toyTumbles, 3, 20_000, createSeededRng(seed, 1));
    const sample = sequenceSampleOf(wins, cap);
    const s = summarizeEstimate(
      estimateRounds(toyTumbles, 'base', 100_000, createSeededRng(seed, 2), sample),
      sample,
    );
    expect(
      Math.abs(s.rtp - exact.base),
      `estimate ${s.rtp} ± ${s.halfWidth99}, exact ${exact.base}`,
    ).toBeLessThanOrEqual(s.halfWidth99);
    const buy = wins.reduce((sum, w) => sum + w, 0) / wins.length / 40;
    expect(Math.abs(buy - exact.buy)).toBeLessThan(0.05);
  });

  it('spreads less than a round’s own win (what makes it cheaper than plain simulation)', () => {
    const wins = playSequences(toyTumbles, 3, 20_000, createSeededRng(9, 1));
    const sample = sequenceSampleOf(wins, cap);
    const s = summarizeEstimate(
      estimateRounds(toyTumbles, 'base', 50_000, createSeededRng(9, 2), sample),
      sample,
    );
    const plain = summarize(simulateRounds(toyTumbles, 'base', 50_000, 9, 3));
    expect(Math.abs(plain.rtp - exact.base)).toBeLessThanOrEqual(plain.halfWidth99);
    expect(s.sdOfEstimate).toBeLessThan(plain.sd);
  });

  it('the packed-count fast path adds exactly what the engine’s evaluation adds (Orbit Orchard)', () => {
    const model = getGame('orbit-orchard')?.variants['96.5'];
    if (!model) throw new Error('missing model');
    const sample = sequenceSampleOf(
      playSequences(model, 10, 2_000, createSeededRng(3, 1)),
      machineFor(model).capCoins,
    );
    const fast = estimateRounds(model, 'base', 100_000, createSeededRng(4, 0), sample, true);
    const slow = estimateRounds(model, 'base', 100_000, createSeededRng(4, 0), sample, false);
    expect(fast).toEqual(slow);
  });
});
