// Random numbers behind one interface: the OS CSPRNG for play, xoshiro128** for simulation,
// and a replaying source that hands back recorded draws so a stored round can be re-derived.
import { randomFillSync } from 'node:crypto';

export interface Rng {
  /** A uniform integer in [0, bound), without modulo bias. `bound` is an integer in [1, 2^32]. */
  int(bound: number): number;
}

const TWO_32 = 4294967296;
/** Below this bound x·bound stays under 2^53, so Lemire's product is exact in a double. */
const LEMIRE_LIMIT = 2097152;

/** Lemire's nearly-divisionless bounded draw on top of any uniform 32-bit source. */
function boundedFrom(next32: () => number, bound: number): number {
  if (!(bound >= 1 && bound <= TWO_32 && Number.isInteger(bound))) throw new RangeError(`bad bound ${bound}`);
  if (bound <= LEMIRE_LIMIT) {
    let m = next32() * bound;
    let low = m % TWO_32;
    if (low < bound) {
      const threshold = (TWO_32 - bound) % bound;
      while (low < threshold) {
        m = next32() * bound;
        low = m % TWO_32;
      }
    }
    return Math.floor(m / TWO_32);
  }
  // Large bounds: classic rejection of the incomplete last block, then reduce.
  const limit = TWO_32 - (TWO_32 % bound);
  let x = next32();
  while (x >= limit) x = next32();
  return x % bound;
}

const BATCH = 1024;

/** Play RNG: node:crypto bytes read in batches of 4 KiB, bounded draws by Lemire's method. */
export function createCsprng(): Rng {
  const buffer = new Uint32Array(BATCH);
  let index = BATCH;
  const next32 = (): number => {
    if (index === BATCH) {
      randomFillSync(buffer);
      index = 0;
    }
    return buffer[index++] as number;
  };
  return { int: (bound) => boundedFrom(next32, bound) };
}

/** xoshiro128** state advanced by 2^64 steps: the start of the next independent stream. */
const JUMP = [0x8764000b, 0xf542d2d3, 0x6fa035c3, 0x77f2db5b];

export interface SeededRng extends Rng {
  next32(): number;
  /** Copies the four state words into `into` (the simulator's inlined kernels draw from a copy). */
  saveState(into: Int32Array): void;
  /** Continues from four state words saved by `saveState` (or advanced by an inlined copy). */
  loadState(from: Int32Array): void;
}

/**
 * Simulation RNG: xoshiro128** seeded through SplitMix64 from `seed`; `stream` k starts 2^64·k
 * steps further on, so workers draw from non-overlapping sequences of one generator.
 */
export function createSeededRng(seed: bigint | number, stream = 0): SeededRng {
  let z = BigInt.asUintN(64, BigInt(seed));
  const words: number[] = [];
  for (let i = 0; i < 2; i++) {
    z = BigInt.asUintN(64, z + 0x9e3779b97f4a7c15n);
    let x = z;
    x = BigInt.asUintN(64, (x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n);
    x = BigInt.asUintN(64, (x ^ (x >> 27n)) * 0x94d049bb133111ebn);
    x ^= x >> 31n;
    words.push(Number(x & 0xffffffffn), Number(x >> 32n));
  }
  let s0 = words[0] as number;
  let s1 = words[1] as number;
  let s2 = words[2] as number;
  let s3 = words[3] as number;
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;

  const next32 = (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };

  const jump = (): void => {
    let j0 = 0;
    let j1 = 0;
    let j2 = 0;
    let j3 = 0;
    for (const word of JUMP) {
      for (let b = 0; b < 32; b++) {
        if (word & (1 << b)) {
          j0 ^= s0;
          j1 ^= s1;
          j2 ^= s2;
          j3 ^= s3;
        }
        next32();
      }
    }
    s0 = j0;
    s1 = j1;
    s2 = j2;
    s3 = j3;
  };
  for (let k = 0; k < stream; k++) jump();

  const int = (bound: number): number => {
    // Hot path of the simulator: the common small-bound case inlined.
    if (bound <= LEMIRE_LIMIT && bound >= 1) {
      let m = next32() * bound;
      let low = m % TWO_32;
      if (low < bound) {
        const threshold = (TWO_32 - bound) % bound;
        while (low < threshold) {
          m = next32() * bound;
          low = m % TWO_32;
        }
      }
      return Math.floor(m / TWO_32);
    }
    return boundedFrom(next32, bound);
  };
  const saveState = (into: Int32Array): void => {
    into[0] = s0;
    into[1] = s1;
    into[2] = s2;
    into[3] = s3;
  };
  const loadState = (from: Int32Array): void => {
    s0 = from[0] as number;
    s1 = from[1] as number;
    s2 = from[2] as number;
    s3 = from[3] as number;
  };
  return { int, next32, saveState, loadState };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** Thrown by a replaying RNG when the recorded draws do not fit the calls the model makes. */
export class DrawMismatch extends Error {}

/** Hands back recorded draws in order; a draw out of range or a missing draw is a mismatch. */
export function createReplayRng(draws: readonly number[]): Rng & { remaining(): number } {
  let index = 0;
  return {
    int(bound: number): number {
      const value = draws[index];
      if (value === undefined) throw new DrawMismatch(`draw ${index} missing`);
      if (!Number.isInteger(value) || value < 0 || value >= bound) {
        throw new DrawMismatch(`draw ${index} = ${value} outside [0, ${bound})`);
      }
      index++;
      return value;
    },
    remaining: () => draws.length - index,
  };
}

/** Wraps an RNG and keeps every bounded draw it returns, in order. */
export function createRecordingRng(inner: Rng): Rng & { draws: number[] } {
  const draws: number[] = [];
  return {
    draws,
    int(bound: number): number {
      const value = inner.int(bound);
      draws.push(value);
      return value;
    },
  };
}
