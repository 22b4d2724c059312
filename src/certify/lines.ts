// Fast simulation kernel for line games. It plays exactly what the generic path plays (same draws,
// same coins, same tally) but never builds a screen: every reel stop of every reel set is
// precompiled into bit masks over the paylines, so a spin is its draws plus a few ANDs.
//
// For reel r at stop p the table holds, per regular symbol s, the lines whose cell on reel r is s
// (reel 0: exactly s; other reels: s or a wild). A line's symbol is the one on reel 0 unless that
// cell is a wild, so the lines paying s with at least n of a kind are the AND of the first n
// masks, and Σ pays[s][count] over lines = Σ_n (pays[n] − pays[n−1]) · popcount(AND of n masks).
// Wild multipliers (free spins) are applied line by line to the few lines that pay. Lines with a
// wild on reel 0 (leading wilds, where the wild's own pay competes) are evaluated one by one
// exactly as evaluateLines does. The xoshiro128** state lives in locals and bounded draws repeat
// Lemire's method bit for bit.
//
// Whole rounds are played here: the paid spin, then its free spins (retriggers, expanding symbol,
// wild multiplier) and the cap, as playCall does. Models with features this kernel does not know
// (money values, collectors, picks, tumbles) keep the generic path; src/certify/lines.test.ts
// holds the kernel to the generic path draw for draw.
import {
  type CompiledChoice,
  type CompiledTable,
  drawFrom,
  KIND_REGULAR,
  KIND_WILD,
  type Machine,
} from '../engine/machine.ts';
import { type BetMode, byCount as scatterByCount } from '../engine/model.ts';
import type { SeededRng } from '../engine/rng.ts';
import type { GameState } from '../engine/round.ts';
import { playRound, recordRound, type Tally } from './record.ts';

const INV_TWO_32 = 1 / 4294967296;
/** The seeded RNG's bound for Lemire's method; larger bounds take another algorithm. */
const LEMIRE_LIMIT = 2097152;

interface KernelChoice {
  setCount: number;
  cumulative: Float64Array;
  total: number;
  /** lengths[set * reels + r]: stops on reel r of the set. */
  lengths: Int32Array;
  /** bases[set * reels + r]: index in `table` of stop 0 of reel r of the set. */
  bases: Int32Array;
  /** strips[set * reels + r]: the compiled strip (padded by `rows`), for lines with leading wilds. */
  strips: Int32Array[];
}

export interface LineKernel {
  m: Machine;
  reels: number;
  /** Table entries per reel stop (see `table`). */
  width: number;
  /**
   * Per (choice, set, reel, stop), `width` entries: [0, symbolCount) the line mask of each regular
   * symbol; symbolCount: lines with a wild there; +1: scatters in the window; +2: the symbols in the
   * window as a bit set; +3…: the distinct regular symbols in the window (reel 0 only), −1 padded.
   */
  table: Int32Array;
  /** pays[s * (reels + 1) + n]: line pay of n of a kind. */
  pays: Int32Array;
  /** steps[s * (reels + 1) + n] = pays[s][n] − pays[s][n − 1] (pays[s][1] for n = 1). */
  steps: Int32Array;
  /** Scatter pays, free spins awarded by a paid spin and by a free spin, by scatter count. */
  scatterPays: Int32Array;
  scatterTrigger: Int32Array;
  scatterRetrigger: Int32Array;
  base: KernelChoice;
  special: KernelChoice | null;
  /** Free spins' reel sets, or null if a trigger must replay its round on the generic path. */
  free: KernelChoice | null;
  wildMultiplier: number;
  expanding: CompiledTable | null;
}

const WILD_AT = 0;
const SCATTERS_AT = 1;
const PRESENT_AT = 2;
const FIRST_AT = 3;

const kernels = new WeakMap<Machine, LineKernel | null>();

/** The line kernel of a compiled model, or null where the model needs the generic path. */
export function lineKernelFor(m: Machine): LineKernel | null {
  let kernel = kernels.get(m);
  if (kernel === undefined) {
    kernel = eligible(m) ? compileKernel(m) : null;
    kernels.set(m, kernel);
  }
  return kernel;
}

function fits(choice: CompiledChoice | null): choice is CompiledChoice {
  return (
    choice !== null &&
    choice.table.total <= LEMIRE_LIMIT &&
    choice.sets.every((s) => s.lengths.every((n) => n <= LEMIRE_LIMIT))
  );
}

function eligible(m: Machine): boolean {
  const model = m.model;
  if (model.evaluation.kind !== 'lines' || m.lineCount > 31 || m.lineCount === 0) return false;
  // Money values, collectors, picks and tumbles change a spin's draws by what lands: generic path.
  if (model.collect || model.multiplier || model.pick || model.tumble || m.hasValues) return false;
  return fits(m.base) && (m.special === null || fits(m.special));
}

function compileKernel(m: Machine): LineKernel {
  const { reels, rows, symbolCount, kinds, lines, lineCount } = m;
  const S = symbolCount;
  const width = S + FIRST_AT + rows;
  const scatter = m.model.scatter;
  const chunks: Int32Array[] = [];
  let size = 0;
  const compileChoice = (choice: CompiledChoice): KernelChoice => {
    const lengths = new Int32Array(choice.sets.length * reels);
    const bases = new Int32Array(choice.sets.length * reels);
    const strips: Int32Array[] = [];
    choice.sets.forEach((set, k) => {
      for (let r = 0; r < reels; r++) {
        const strip = set.strips[r] as Int32Array;
        const length = set.lengths[r] as number;
        lengths[k * reels + r] = length;
        bases[k * reels + r] = size;
        strips.push(strip);
        const chunk = new Int32Array(length * width);
        for (let p = 0; p < length; p++) {
          const at = p * width;
          for (let l = 0; l < lineCount; l++) {
            const c = strip[p + (lines[l * reels + r] as number) - r * rows] as number;
            const bit = 1 << l;
            if (kinds[c] === KIND_WILD) {
              chunk[at + S + WILD_AT] = (chunk[at + S + WILD_AT] as number) | bit;
              if (r > 0) {
                for (let s = 0; s < S; s++) {
                  if (kinds[s] === KIND_REGULAR) chunk[at + s] = (chunk[at + s] as number) | bit;
                }
              }
            } else if (kinds[c] === KIND_REGULAR) {
              chunk[at + c] = (chunk[at + c] as number) | bit;
            }
          }
          chunk.fill(-1, at + S + FIRST_AT, at + width);
          let distinct = 0;
          for (let row = 0; row < rows; row++) {
            const c = strip[p + row] as number;
            if (scatter && c === scatter.symbol)
              chunk[at + S + SCATTERS_AT] = (chunk[at + S + SCATTERS_AT] as number) + 1;
            if (c < 31) chunk[at + S + PRESENT_AT] = (chunk[at + S + PRESENT_AT] as number) | (1 << c);
            if (r === 0 && kinds[c] === KIND_REGULAR) {
              let seen = false;
              for (let j = 0; j < distinct; j++) seen ||= chunk[at + S + FIRST_AT + j] === c;
              if (!seen) chunk[at + S + FIRST_AT + distinct++] = c;
            }
          }
        }
        chunks.push(chunk);
        size += chunk.length;
      }
    });
    return {
      setCount: choice.sets.length,
      cumulative: choice.table.cumulative,
      total: choice.table.total,
      lengths,
      bases,
      strips,
    };
  };
  const freeSpins = m.model.freeSpins;
  const expanding = m.tables.expanding;
  // An expanding symbol is found through the window bit sets, which hold symbols 0–30.
  const freeFits =
    freeSpins !== null && fits(m.free) && (expanding === null || expanding.values.every((v) => v < 31));
  const base = compileChoice(m.base);
  const special = m.special ? compileChoice(m.special) : null;
  const free = freeFits ? compileChoice(m.free as CompiledChoice) : null;
  const table = new Int32Array(size);
  let at = 0;
  for (const chunk of chunks) {
    table.set(chunk, at);
    at += chunk.length;
  }
  const stride = reels + 1;
  const pays = new Int32Array(S * stride);
  const steps = new Int32Array(S * stride);
  for (let s = 0; s < S; s++) {
    for (let n = 1; n <= reels; n++) {
      const pay = m.pays[s * m.payStride + n] as number;
      pays[s * stride + n] = pay;
      steps[s * stride + n] = n === 1 ? pay : pay - (m.pays[s * m.payStride + n - 1] as number);
    }
  }
  const byCount = (values: number[] | undefined) =>
    Int32Array.from({ length: m.cells + 1 }, (_, n) => (values ? scatterByCount(values, n) : 0));
  return {
    m,
    reels,
    width,
    table,
    pays,
    steps,
    scatterPays: byCount(scatter?.pays),
    scatterTrigger: byCount(scatter?.trigger),
    scatterRetrigger: byCount(scatter?.retrigger),
    base,
    special,
    free,
    wildMultiplier: freeSpins?.wildMultiplier ?? 1,
    expanding,
  };
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Coins of the lines in `ending` (symbol s from reel 0, exactly `count` of a kind) with wild
 * multiplier w: each line's pay times w per wild among its counted cells.
 */
function multipliedLines(
  k: LineKernel,
  offsets: Int32Array,
  ending: number,
  count: number,
  pay: number,
  w: number,
) {
  const wildAt = k.m.symbolCount + WILD_AT;
  let total = 0;
  let rest = ending;
  while (rest !== 0) {
    const bit = rest & -rest;
    rest ^= bit;
    let multiplier = 1;
    for (let r = 1; r < count; r++)
      if (((k.table[(offsets[r] as number) + wildAt] as number) & bit) !== 0) multiplier *= w;
    total += pay * multiplier;
  }
  return total;
}

/** Lines in `mask` (each with a wild on reel 0), evaluated exactly as evaluateLines does. */
function leadingWildLines(
  k: LineKernel,
  choice: KernelChoice,
  set: number,
  stops: Int32Array,
  mask: number,
  wildMultiplier: number,
) {
  const { m, reels } = k;
  const { kinds, pays, payStride, lines, rows, wild } = m;
  let total = 0;
  for (let l = 0; l < m.lineCount; l++) {
    if ((mask & (1 << l)) === 0) continue;
    let symbol = -1;
    let count = 0;
    let leadingWilds = 0;
    let multiplier = 1;
    for (let r = 0; r < reels; r++) {
      const strip = choice.strips[set * reels + r] as Int32Array;
      const s = strip[(stops[r] as number) + (lines[l * reels + r] as number) - r * rows] as number;
      const kind = kinds[s] as number;
      if (kind === KIND_WILD) {
        count++;
        if (symbol < 0) leadingWilds++;
        multiplier *= wildMultiplier;
      } else if (symbol < 0) {
        if (kind !== KIND_REGULAR) break;
        symbol = s;
        count++;
      } else if (s === symbol) {
        count++;
      } else break;
    }
    const pay = symbol >= 0 ? (pays[symbol * payStride + count] as number) * multiplier : 0;
    const wildPay = leadingWilds > 0 ? (pays[wild * payStride + leadingWilds] as number) : 0;
    total += Math.max(pay, wildPay);
  }
  return total;
}

/** Plays `rounds` whole rounds of `mode` (base or special) into `tally`, continuing `rng`. */
export function simulateLineRounds(
  k: LineKernel,
  st: GameState,
  mode: BetMode,
  rounds: number,
  rng: SeededRng,
  tally: Tally,
): void {
  const paid = mode === 'special' ? k.special : mode === 'base' ? k.base : null;
  if (!paid) throw new Error(`${k.m.model.slug}: no line kernel for mode ${mode}`);
  const { m, reels, width, table, pays, steps, scatterPays, scatterTrigger, scatterRetrigger, free } = k;
  const S = m.symbolCount;
  const wildAt = S + WILD_AT;
  const scattersAt = S + SCATTERS_AT;
  const presentAt = S + PRESENT_AT;
  const firstAt = S + FIRST_AT;
  const rows = m.rows;
  const stride = reels + 1;
  const capCoins = m.capCoins;
  const lineCount = m.lineCount;
  const offsets = new Int32Array(reels);
  const stops = new Int32Array(reels);
  const state = new Int32Array(4);
  rng.saveState(state);
  let s0 = state[0] as number;
  let s1 = state[1] as number;
  let s2 = state[2] as number;
  let s3 = state[3] as number;
  let zeroRounds = 0;
  for (let i = 0; i < rounds; i++) {
    const before0 = s0;
    const before1 = s1;
    const before2 = s2;
    const before3 = s3;
    let choice = paid;
    let inFree = false;
    let w = 1;
    let left = 0;
    let expandingSymbol = -1;
    let round = 0;
    let screenCoins = 0;
    let calls = 0;
    let feature = false;
    let capped = false;
    let generic = false;
    for (;;) {
      // One spin: the reel set, then one stop per reel.
      const { setCount, cumulative, total, lengths, bases } = choice;
      let set = 0;
      let setBase = 0;
      let scatters = 0;
      let unsure = false;
      for (let d = setCount > 1 ? 0 : 1; d <= reels; d++) {
        const bound = d === 0 ? total : (lengths[setBase + d - 1] as number);
        // xoshiro128** next32.
        const y = Math.imul(s1, 5);
        const x = Math.imul((y << 7) | (y >>> 25), 9) >>> 0;
        const t = s1 << 9;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = (s3 << 11) | (s3 >>> 21);
        // Lemire: floor(x · bound / 2^32), exact since x · bound < 2^53. Only when the low word is
        // below `bound` (chance bound / 2^32) might the draw be rejected and redrawn; the round is
        // then replayed on the generic path rather than carry a retry loop through this one.
        if (Math.imul(x, bound) >>> 0 < bound) unsure = true;
        const value = (x * bound * INV_TWO_32) | 0;
        if (d === 0) {
          while ((cumulative[set] as number) <= value) set++;
          setBase = set * reels;
        } else {
          const at = (bases[setBase + d - 1] as number) + value * width;
          stops[d - 1] = value;
          offsets[d - 1] = at;
          scatters += table[at + scattersAt] as number;
        }
      }
      if (unsure) {
        generic = true;
        break;
      }
      // Lines whose reel-0 symbol is s, for each regular s in reel 0's window.
      const first = offsets[0] as number;
      let coins = 0;
      for (let j = 0; j < rows; j++) {
        const s = table[first + firstAt + j] as number;
        if (s < 0) break;
        let mask = table[first + s] as number;
        const sb = s * stride;
        if (w === 1) {
          let step = steps[sb + 1] as number;
          if (step !== 0) coins += step * popcount(mask);
          for (let r = 1; r < reels; r++) {
            mask &= table[(offsets[r] as number) + s] as number;
            if (mask === 0) break;
            step = steps[sb + r + 1] as number;
            if (step !== 0) coins += step * popcount(mask);
          }
        } else {
          for (let r = 1; r <= reels; r++) {
            const next = r < reels ? mask & (table[(offsets[r] as number) + s] as number) : 0;
            const ending = mask & ~next;
            const pay = pays[sb + r] as number;
            if (ending !== 0 && pay !== 0) coins += multipliedLines(k, offsets, ending, r, pay, w);
            mask = next;
            if (mask === 0) break;
          }
        }
      }
      const leading = table[first + wildAt] as number;
      if (leading !== 0) coins += leadingWildLines(k, choice, set, stops, leading, w);
      if (expandingSymbol >= 0) {
        let count = 0;
        for (let r = 0; r < reels; r++)
          count += ((table[(offsets[r] as number) + presentAt] as number) >>> expandingSymbol) & 1;
        coins += (pays[expandingSymbol * stride + count] as number) * lineCount;
      }
      coins += scatterPays[scatters] as number;
      const awarded = (inFree ? scatterRetrigger[scatters] : scatterTrigger[scatters]) as number;
      if (awarded > 0) {
        if (!inFree) {
          if (free === null) {
            generic = true;
            break;
          }
          if (k.expanding) {
            // Once per trigger: draw the expanding symbol through the RNG object itself.
            state[0] = s0;
            state[1] = s1;
            state[2] = s2;
            state[3] = s3;
            rng.loadState(state);
            expandingSymbol = drawFrom(k.expanding, rng);
            rng.saveState(state);
            s0 = state[0] as number;
            s1 = state[1] as number;
            s2 = state[2] as number;
            s3 = state[3] as number;
          }
        }
        left += awarded;
      }
      // The cap applies to the whole sequence, as in playCall.
      const room = capCoins - round;
      if (coins >= room) {
        coins = room;
        left = 0;
        capped = true;
      }
      round += coins;
      calls++;
      if (!inFree) {
        screenCoins = coins;
        feature = left > 0;
      }
      if (left === 0) break;
      left--;
      inFree = true;
      choice = free as KernelChoice;
      w = k.wildMultiplier;
    }
    if (generic) {
      // A feature this kernel cannot play, or a draw near Lemire's rejection: replay the round on
      // the generic path from its start.
      state[0] = before0;
      state[1] = before1;
      state[2] = before2;
      state[3] = before3;
      rng.loadState(state);
      playRound(m, st, mode, rng, tally);
      rng.saveState(state);
      s0 = state[0] as number;
      s1 = state[1] as number;
      s2 = state[2] as number;
      s3 = state[3] as number;
    } else if (round === 0 && calls === 1) {
      // Adding zeros to the sums changes nothing: only the counters move.
      zeroRounds++;
    } else {
      recordRound(tally, round, screenCoins, calls, feature, capped);
    }
  }
  tally.calls += zeroRounds;
  tally.buckets[0] = (tally.buckets[0] as number) + zeroRounds;
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
  rng.loadState(state);
}
