// The exact law of a free-spins sequence. Each free spin is an independent screen of the free reels
// (the reel set drawn per spin); one that retriggers adds `k` spins. The sequence is a branching
// process, and by the hitting-time theorem (Otter–Dwass) a sequence that starts with n0 spins plays
// exactly n = n0 + k·R spins, R of them retriggering, with probability
//   (n0 / n) · C(n, R) · q^R · (1 − q)^(n − R),
// where q is a spin's chance to retrigger. Given R, the R retriggering spins pay independently by
// the law of a retriggering spin and the others by the law of a spin that does not, so the sequence
// pays the mixture over R of (retriggering law)^{*R} * (other law)^{*(n − R)}, every law capped.
import { addInto, convolve, type Law, pointLaw, power, total } from './law.ts';

export interface SpinLaw {
  /** Law of a free spin's coins on the spins that do not retrigger (mass 1 − q). */
  plain: Law;
  /** Law of a free spin's coins on the spins that retrigger (mass q). */
  retrigger: Law;
  /** Spins a retrigger adds. */
  adds: number;
}

export interface SequenceLaw {
  law: Law;
  /** Expected spins played. */
  expectedSpins: number;
  /** Largest R counted; the mass of longer sequences (below 1e-18) sits on the cap. */
  maxRetriggers: number;
}

/** Log of n choose k. */
function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 1; i <= k; i++) sum += Math.log(n - k + i) - Math.log(i);
  return sum;
}

export function sequenceLaw(spin: SpinLaw, n0: number): SequenceLaw {
  const cap = spin.plain.length - 1;
  const q = total(spin.retrigger);
  const k = spin.adds;
  if (q > 0 && k * q >= 1) throw new Error(`free spins retrigger ${k}·${q} ≥ 1 spin a spin: no finite law`);
  const law = new Float64Array(cap + 1);
  const expectedSpins = q > 0 ? n0 / (1 - k * q) : n0;
  if (q === 0) {
    addInto(law, power(normalized(spin.plain), n0), 1);
    return { law, expectedSpins, maxRetriggers: 0 };
  }
  const plain = normalized(spin.plain);
  const again = normalized(spin.retrigger);
  const step = power(plain, k - 1);
  let others = power(plain, n0);
  let retriggered: Law = pointLaw(0, cap);
  let counted = 0;
  let R = 0;
  for (; ; R++) {
    const n = n0 + k * R;
    const p = Math.exp(Math.log(n0 / n) + logChoose(n, R) + R * Math.log(q) + (n - R) * Math.log1p(-q));
    addInto(law, convolve(retriggered, others), p);
    counted += p;
    // The terms fall geometrically once past the mode; stop when they no longer matter.
    if (R > 0 && p < 1e-18 && n > expectedSpins) break;
    retriggered = convolve(retriggered, again);
    others = convolve(others, step);
  }
  law[cap] = (law[cap] as number) + Math.max(0, 1 - counted);
  return { law, expectedSpins, maxRetriggers: R };
}

function normalized(law: Law): Law {
  const mass = total(law);
  const out = new Float64Array(law.length);
  for (let x = 0; x < law.length; x++) out[x] = (law[x] as number) / mass;
  return out;
}
