import { describe, expect, it } from 'vitest';
import type { CollectDef, PickDef } from '../engine/model.ts';
import { holdFilledLaw, moneyLaw, pickLaw } from './features.ts';
import { mean } from './law.ts';

const pick: PickDef = {
  bonusSymbol: 0,
  trigger: 3,
  cashPicks: 1,
  guaranteedPicks: 2,
  maxPicks: 4,
  prizes: { values: [10, 30, -1, 0], weights: [4, 1, 2, 3] },
};

/** Every pick sequence, walked by recursion: the law by its definition. */
function bruteForcePicks(def: PickDef): Map<number, number> {
  const out = new Map<number, number>();
  const step = (i: number, cash: number, mult: number, p: number) => {
    if (i === def.maxPicks) {
      out.set(cash * mult, (out.get(cash * mult) ?? 0) + p);
      return;
    }
    const allowed = def.prizes.values
      .map((v, k) => ({ v, w: def.prizes.weights[k] as number }))
      .filter(({ v }) => (i < def.cashPicks ? v > 0 : i < def.guaranteedPicks ? v !== 0 : true));
    const total = allowed.reduce((s, x) => s + x.w, 0);
    for (const { v, w } of allowed) {
      if (v === 0) out.set(cash * mult, (out.get(cash * mult) ?? 0) + (p * w) / total);
      else step(i + 1, v > 0 ? cash + v : cash, v < 0 ? mult - v : mult, (p * w) / total);
    }
  };
  step(0, 0, 1, 1);
  return out;
}

describe('exact feature laws', () => {
  it('the pick law is every pick sequence’s, and never pays 0 when the first pick is cash', () => {
    const law = pickLaw(pick, 1000);
    const want = bruteForcePicks(pick);
    for (const [coins, p] of want) expect(law[coins]).toBeCloseTo(p, 14);
    expect(law[0]).toBe(0);
    expect(law.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 14);
  });

  it('hold-and-collect ends full or out of respins; its law over filled cells sums to 1', () => {
    const collect: CollectDef = {
      moneySymbol: 0,
      collectorSymbol: 1,
      values: { values: [1, 5], weights: [3, 1] },
      holdTrigger: 3,
      holdStart: 3,
      respins: 2,
      respinHit: { hit: 1, of: 4 },
      fullScreenBonus: 50,
    };
    const filled = holdFilledLaw(collect, 6, 3);
    expect(filled.slice(0, 3).every((p) => p === 0)).toBe(true);
    expect(filled.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 14);
    // The payout's mean: every filled cell's mean value, plus the bonus when all 6 fill.
    const meanFilled = filled.reduce((s, p, f) => s + p * f, 0);
    const law = moneyLaw(collect, 6, 3, false, true, 10_000);
    expect(mean(law)).toBeCloseTo(meanFilled * 2 + (filled[6] as number) * 50, 12);
    // A collector in view pays the first crates again.
    expect(mean(moneyLaw(collect, 6, 3, true, true, 10_000))).toBeCloseTo(mean(law) + 3 * 2, 12);
  });
});
