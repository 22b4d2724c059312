// Probability laws of a round's win over integer coins, capped: law[x] is P(win = x coins) for
// x < cap and law[cap] is P(win ≥ cap), the mass the cap pays as the cap. Every exact figure of a
// certificate (RTP, σ, hit rate, the maximum win and its probability, the win distribution) is read
// off such a law. Sums of independent wins are convolutions: direct where one side is sparse, by FFT
// where both are dense, with the mass that crosses the cap summed exactly rather than by difference.

/** A capped law: index = coins, the last index (`cap`) holds P(win ≥ cap). */
export type Law = Float64Array;

export function capOf(law: Law): number {
  return law.length - 1;
}

/** The law of a win that is always `coins` (capped). */
export function pointLaw(coins: number, cap: number): Law {
  const law = new Float64Array(cap + 1);
  law[Math.min(coins, cap)] = 1;
  return law;
}

export function total(law: Law): number {
  let sum = 0;
  for (let x = 0; x < law.length; x++) sum += law[x] as number;
  return sum;
}

export function mean(law: Law): number {
  let sum = 0;
  for (let x = 1; x < law.length; x++) sum += x * (law[x] as number);
  return sum;
}

/** E[win²]. */
export function secondMoment(law: Law): number {
  let sum = 0;
  for (let x = 1; x < law.length; x++) sum += x * x * (law[x] as number);
  return sum;
}

/** Largest x with mass above `floor` (0 for an all-zero law). */
export function topOf(law: Law, floor = 0): number {
  for (let x = law.length - 1; x > 0; x--) if ((law[x] as number) > floor) return x;
  return 0;
}

/** target += weight · law, shifted by `offset` coins (mass past the cap lands on the cap). */
export function addInto(target: Law, law: ArrayLike<number>, weight: number, offset = 0): void {
  const cap = capOf(target);
  for (let x = 0; x < law.length; x++) {
    const p = law[x] as number;
    if (p !== 0) {
      const at = Math.min(x + offset, cap);
      target[at] = (target[at] as number) + weight * p;
    }
  }
}

/** A law scaled by a constant factor (every win doubled, say), capped again. */
export function scaled(law: Law, factor: number): Law {
  const cap = capOf(law);
  const out = new Float64Array(cap + 1);
  for (let x = 0; x < law.length; x++) {
    const p = law[x] as number;
    if (p !== 0) {
      const at = Math.min(x * factor, cap);
      out[at] = (out[at] as number) + p;
    }
  }
  return out;
}

function nonZero(law: Law): Int32Array {
  const at: number[] = [];
  for (let x = 0; x < law.length; x++) if (law[x] !== 0) at.push(x);
  return Int32Array.from(at);
}

/**
 * The law of the sum of two independent capped wins, capped. Direct when the pairs with mass are
 * few (exact to the last bit of double arithmetic); otherwise by FFT, where each
 * entry carries an absolute error near 1e-16, and the mass crossing the cap is then summed directly.
 */
export function convolve(a: Law, b: Law): Law {
  const cap = capOf(a);
  if (capOf(b) !== cap) throw new Error('laws of different caps');
  const ia = nonZero(a);
  const ib = nonZero(b);
  const [small, large, smallLaw, largeLaw] = ia.length <= ib.length ? [ia, ib, a, b] : [ib, ia, b, a];
  let size = 1;
  while (size < 2 * cap) size *= 2;
  // A direct sum costs a multiply-add per pair; three transforms cost about 15·n·log2(n) of them.
  if (small.length * large.length <= 15 * size * Math.log2(size)) {
    const out = new Float64Array(cap + 1);
    for (const x of small) {
      const p = smallLaw[x] as number;
      for (const y of large) {
        const at = Math.min(x + y, cap);
        out[at] = (out[at] as number) + p * (largeLaw[y] as number);
      }
    }
    return out;
  }
  return convolveFft(a, b);
}

function convolveFft(a: Law, b: Law): Law {
  const cap = capOf(a);
  let size = 1;
  while (size < 2 * cap) size *= 2;
  // Both bodies (x < cap) in one complex transform: a in the real part, b in the imaginary part.
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  re.set(a.subarray(0, cap));
  im.set(b.subarray(0, cap));
  fft(re, im, false);
  // Spectra of the two real inputs from the packed one, then their product.
  const pr = new Float64Array(size);
  const pi = new Float64Array(size);
  for (let k = 0; k < size; k++) {
    const j = (size - k) % size;
    const ar = ((re[k] as number) + (re[j] as number)) / 2;
    const ai = ((im[k] as number) - (im[j] as number)) / 2;
    const br = ((im[k] as number) + (im[j] as number)) / 2;
    const bi = -((re[k] as number) - (re[j] as number)) / 2;
    pr[k] = ar * br - ai * bi;
    pi[k] = ar * bi + ai * br;
  }
  fft(pr, pi, true);
  const out = new Float64Array(cap + 1);
  for (let x = 0; x < cap; x++) {
    const v = (pr[x] as number) / size;
    // Rounding noise can leave an impossible outcome at about -1e-17: it is no outcome at all.
    out[x] = Math.max(v, 0);
  }
  out[cap] = crossing(a, b);
  return out;
}

/** P(a + b ≥ cap), summed over the pairs that reach it, with suffix sums (no difference of near-1 totals). */
export function crossing(a: Law, b: Law): number {
  const cap = capOf(a);
  // atLeast[u] = P(b ≥ u) over the body, u in [0, cap]; b's own tail reaches the cap from anywhere.
  const atLeast = new Float64Array(cap + 1);
  for (let u = cap - 1; u >= 0; u--) atLeast[u] = (atLeast[u + 1] as number) + (b[u] as number);
  const bTail = b[cap] as number;
  const bTotal = (atLeast[0] as number) + bTail;
  let sum = (a[cap] as number) * bTotal;
  for (let x = 0; x < cap; x++) {
    const p = a[x] as number;
    if (p !== 0) sum += p * ((x === 0 ? 0 : (atLeast[cap - x] as number)) + bTail);
  }
  return sum;
}

/** The law of the sum of n independent copies (n ≥ 0), by squaring. */
export function power(law: Law, n: number): Law {
  let result: Law = pointLaw(0, capOf(law));
  let base: Law = law;
  let k = n;
  while (k > 0) {
    if (k & 1) result = convolve(result, base);
    k >>= 1;
    if (k > 0) base = convolve(base, base);
  }
  return result;
}

const twiddles = new Map<number, { cos: Float64Array; sin: Float64Array }>();

/** In-place iterative radix-2 FFT (inverse without the 1/n). */
export function fft(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  if ((n & (n - 1)) !== 0) throw new Error('FFT size must be a power of two');
  let table = twiddles.get(n);
  if (!table) {
    const cos = new Float64Array(n / 2);
    const sin = new Float64Array(n / 2);
    for (let k = 0; k < n / 2; k++) {
      cos[k] = Math.cos((2 * Math.PI * k) / n);
      sin[k] = Math.sin((2 * Math.PI * k) / n);
    }
    table = { cos, sin };
    twiddles.set(n, table);
  }
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = re[i] as number;
      re[i] = re[j] as number;
      re[j] = tr;
      const ti = im[i] as number;
      im[i] = im[j] as number;
      im[j] = ti;
    }
  }
  const sign = inverse ? 1 : -1;
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const step = n / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < half; k++) {
        const wr = table.cos[k * step] as number;
        const wi = sign * (table.sin[k * step] as number);
        const a = i + k;
        const b = a + half;
        const xr = (re[b] as number) * wr - (im[b] as number) * wi;
        const xi = (re[b] as number) * wi + (im[b] as number) * wr;
        re[b] = (re[a] as number) - xr;
        im[b] = (im[a] as number) - xi;
        re[a] = (re[a] as number) + xr;
        im[a] = (im[a] as number) + xi;
      }
    }
  }
}

/** A weighted table of coin values as a capped law. */
export function lawOfTable(values: readonly number[], weights: readonly number[], cap: number): Law {
  const law = new Float64Array(cap + 1);
  const sum = weights.reduce((s, w) => s + w, 0);
  values.forEach((v, i) => {
    const at = Math.min(v, cap);
    law[at] = (law[at] as number) + (weights[i] as number) / sum;
  });
  return law;
}
