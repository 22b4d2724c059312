// Exact laws of the features that resolve inside one spin: the pick bonus and hold-and-collect.
// Both are finite chains, so their whole payout distribution is computed, not only its mean.
import type { CollectDef, PickDef } from '../engine/model.ts';
import { addInto, convolve, type Law, lawOfTable, pointLaw, power, scaled } from './law.ts';

/**
 * The pick bonus's payout law: a chain over picks carrying (cash so far, multiplier). Pick i draws
 * from cash prizes alone while i < cashPicks, from everything but the end while i < guaranteedPicks,
 * then from the whole table; the end, or the last pick, pays cash × multiplier.
 */
export function pickLaw(pick: PickDef, cap: number): Law {
  const out = new Float64Array(cap + 1);
  const { values, weights } = pick.prizes;
  const allowed = (i: number, v: number) =>
    i < pick.cashPicks ? v > 0 : i < pick.guaranteedPicks ? v !== 0 : true;
  let states = new Map<string, { cash: number; mult: number; p: number }>([
    ['0:1', { cash: 0, mult: 1, p: 1 }],
  ]);
  const pay = (cash: number, mult: number, p: number) => {
    const at = Math.min(cash * mult, cap);
    out[at] = (out[at] as number) + p;
  };
  for (let i = 0; i < pick.maxPicks; i++) {
    const total = weights.reduce((sum, w, k) => sum + (allowed(i, values[k] as number) ? w : 0), 0);
    const next = new Map<string, { cash: number; mult: number; p: number }>();
    for (const s of states.values()) {
      values.forEach((v, k) => {
        if (!allowed(i, v)) return;
        const p = (s.p * (weights[k] as number)) / total;
        if (p === 0) return;
        if (v === 0) {
          pay(s.cash, s.mult, p);
          return;
        }
        const cash = v > 0 ? s.cash + v : s.cash;
        const mult = v > 0 ? s.mult : s.mult - v;
        const key = `${cash}:${mult}`;
        const known = next.get(key);
        if (known) known.p += p;
        else next.set(key, { cash, mult, p });
      });
    }
    states = next;
  }
  for (const s of states.values()) pay(s.cash, s.mult, s.p);
  return out;
}

/**
 * Hold-and-collect's final number of filled cells from `start` money symbols: on a respin each of
 * the e empty cells lands with probability p, so Binomial(e, p) land; any landing resets the respins.
 * States are processed by filled cells up, respins left down, so each is final when reached.
 */
export function holdFilledLaw(collect: CollectDef, cells: number, start: number): Float64Array {
  const p = collect.respinHit.hit / collect.respinHit.of;
  const lives = collect.respins;
  const out = new Float64Array(cells + 1);
  // prob[f * (lives + 1) + l]
  const prob = new Float64Array((cells + 1) * (lives + 1));
  prob[start * (lives + 1) + lives] = 1;
  for (let f = start; f <= cells; f++) {
    for (let l = lives; l >= 0; l--) {
      const here = prob[f * (lives + 1) + l] as number;
      if (here === 0) continue;
      if (f === cells || l === 0) {
        out[f] = (out[f] as number) + here;
        continue;
      }
      const e = cells - f;
      for (let j = 0; j <= e; j++) {
        const q = here * choose(e, j) * p ** j * (1 - p) ** (e - j);
        const at = j === 0 ? f * (lives + 1) + l - 1 : (f + j) * (lives + 1) + lives;
        prob[at] = (prob[at] as number) + q;
      }
    }
  }
  return out;
}

function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/**
 * The law of what money symbols pay beyond the screen's lines, for a screen with `money` of them:
 * a collector in view pays their values; `money ≥ holdTrigger` (or a bought start) runs
 * hold-and-collect, which at its end pays every money symbol in view (the first ones again) and the
 * full-screen bonus. Values are drawn independently of where and when they land.
 */
export function moneyLaw(
  collect: CollectDef,
  cells: number,
  money: number,
  collector: boolean,
  hold: boolean,
  cap: number,
): Law {
  const value = lawOfTable(collect.values.values, collect.values.weights, cap);
  const first = power(value, money);
  if (!hold) return collector ? first : pointLaw(0, cap);
  const filled = holdFilledLaw(collect, cells, money);
  const rest = new Float64Array(cap + 1);
  for (let f = money; f <= cells; f++) {
    const p = filled[f] as number;
    if (p === 0) continue;
    addInto(rest, power(value, f - money), p, f === cells ? collect.fullScreenBonus : 0);
  }
  return convolve(collector ? scaled(first, 2) : first, rest);
}
