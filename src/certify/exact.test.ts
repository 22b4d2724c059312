import { describe, expect, it } from 'vitest';
import { evaluateLines } from '../engine/machine.ts';
import { machineFor } from '../engine/spin.ts';
import { getGame } from '../games/index.ts';
import { exactBuyRtp, exactScreenRtp, pickValue } from './exact.ts';
import { simulateRounds, summarize } from './tally.ts';

describe('exact full-cycle calculator', () => {
  it('matches a brute-force walk of every screen of Copper Sevens', () => {
    const model = getGame('copper-sevens')?.variants['96.5'];
    if (!model) throw new Error('missing model');
    const m = machineFor(model);
    const exact = exactScreenRtp(model, 'base');
    m.base.sets.forEach((set, i) => {
      let total = 0;
      let hits = 0;
      const [a, b, c] = Array.from(set.lengths);
      for (let x = 0; x < (a as number); x++) {
        for (let y = 0; y < (b as number); y++) {
          for (let z = 0; z < (c as number); z++) {
            [x, y, z].forEach((stop, r) => {
              for (let row = 0; row < 3; row++) m.screen[r * 3 + row] = set.strips[r]?.[stop + row] as number;
            });
            const win = evaluateLines(m, 1, null);
            total += win;
            if (win > 0) hits++;
          }
        }
      }
      const result = exact.sets[i];
      expect(result?.expectedCoins).toBeCloseTo(total / ((a as number) * (b as number) * (c as number)), 12);
      expect(result?.hitCombinations).toBe(hits);
    });
  });

  // The simulated base share (screen pays of paid spins) must contain the exact figure in its own
  // 99% interval. Seeds are fixed, so this is deterministic; a correct engine fails it for 1 seed in 100.
  it.each([
    ['copper-sevens', 'base', 1_000_000],
    ['jade-paths', 'base', 600_000],
    ['harbor-haul', 'base', 600_000],
  ] as const)('%s %s: simulation agrees with the exact screen RTP', (slug, mode, rounds) => {
    const model = getGame(slug)?.variants['96.5'];
    if (!model) throw new Error('missing model');
    const exact = exactScreenRtp(model, mode).screenRtp;
    const s = summarize(simulateRounds(model, mode, rounds, 99, 0));
    expect(Math.abs(s.baseRtp - exact)).toBeLessThanOrEqual(s.baseHalfWidth99);
  });

  // The whole round (screen plus hold-and-collect or picks) against a simulation of whole rounds.
  it.each([
    ['jade-paths', 600_000],
    ['harbor-haul', 600_000],
  ] as const)('%s: simulation agrees with the exact round RTP', (slug, rounds) => {
    const model = getGame(slug)?.variants['96.5'];
    if (!model) throw new Error('missing model');
    const exact = exactScreenRtp(model, 'base').roundRtp;
    const s = summarize(simulateRounds(model, 'base', rounds, 5, 0));
    expect(Math.abs(s.rtp - exact), `simulated ${s.rtp} ± ${s.halfWidth99}`).toBeLessThanOrEqual(
      s.halfWidth99,
    );
  });

  it('the bought hold-and-collect agrees with its Markov chain', () => {
    const model = getGame('harbor-haul')?.variants['96.5'];
    if (!model) throw new Error('missing model');
    const exact = exactBuyRtp(model)?.rtp as number;
    const s = summarize(simulateRounds(model, 'buy', 200_000, 11, 0));
    expect(Math.abs(s.rtp - exact), `simulated ${s.rtp} ± ${s.halfWidth99}`).toBeLessThanOrEqual(
      s.halfWidth99,
    );
  });

  it('the pick chain equals a brute-force walk of every pick sequence', () => {
    const pick = {
      bonusSymbol: 0,
      trigger: 3,
      guaranteedPicks: 2,
      maxPicks: 4,
      prizes: { values: [10, 30, -1, -2, 0], weights: [5, 2, 2, 1, 3] },
    };
    let expected = 0;
    const walk = (i: number, cash: number, mult: number, p: number) => {
      if (i === pick.maxPicks) {
        expected += p * cash * mult;
        return;
      }
      const guaranteed = i < pick.guaranteedPicks;
      const total = pick.prizes.weights.reduce(
        (s, w, k) => s + (guaranteed && pick.prizes.values[k] === 0 ? 0 : w),
        0,
      );
      pick.prizes.values.forEach((v, k) => {
        if (guaranteed && v === 0) return;
        const q = (p * (pick.prizes.weights[k] as number)) / total;
        if (v === 0) expected += q * cash * mult;
        else if (v > 0) walk(i + 1, cash + v, mult, q);
        else walk(i + 1, cash, mult - v, q);
      });
    };
    walk(0, 0, 1, 1);
    const value = pickValue(pick);
    expect(value.mean).toBeCloseTo(expected, 10);
    // Largest: boosts of 2 and cash of 30 over four picks: 2 × 30 × (1 + 2 × 2) = 300.
    expect(value.max).toBe(300);
  });
});
