// The engine as its own oracle: every draw sequence of one spin call, found by running the call
// again and again with a growing prefix of forced draws, each with its exact probability. What
// the certification computes is then held to what the engine itself pays, outcome by outcome.
import type { BetMode, GameModel } from '../../src/engine/model.ts';
import type { Rng } from '../../src/engine/rng.ts';
import { freshState, type GameState, playCall } from '../../src/engine/round.ts';
import { machineFor } from '../../src/engine/spin.ts';

class NeedDraw {
  readonly bound: number;
  constructor(bound: number) {
    this.bound = bound;
  }
}

export interface CallOutcome {
  probability: number;
  /** Coins the call credits (capped as the engine caps them). */
  coins: number;
  /** Free spins left after the call. */
  freeSpinsLeft: number;
  /** The scatters, money and bonus symbols in view at the end of the call. */
  screen: number[];
}

/** Every outcome of one call from `state` in `mode`, with its probability. */
export function everyOutcome(model: GameModel, state: GameState, mode: BetMode): CallOutcome[] {
  const m = machineFor(model);
  const out: CallOutcome[] = [];
  const visit = (prefix: number[], probability: number) => {
    let i = 0;
    const rng: Rng = {
      int(bound: number) {
        if (i < prefix.length) return prefix[i++] as number;
        throw new NeedDraw(bound);
      },
    };
    const st = structuredClone(state);
    try {
      const coins = playCall(m, st, mode, rng, null);
      out.push({ probability, coins, freeSpinsLeft: st.freeSpinsLeft, screen: Array.from(m.screen) });
    } catch (error) {
      if (!(error instanceof NeedDraw)) throw error;
      for (let v = 0; v < error.bound; v++) visit([...prefix, v], probability / error.bound);
    }
  };
  visit([], 1);
  return out;
}

/** A free-spin state: `left` spins to play, nothing won yet, `expanding` drawn (or -1). */
export function freeState(left: number, expanding = -1): GameState {
  return { ...freshState(), freeSpinsLeft: left, expandingSymbol: expanding };
}

/**
 * The law of a whole free-spins sequence by brute force: a forward pass over (spins left, coins so
 * far), each free spin's outcomes from `spin`, coins capped at `cap` (which ends the sequence).
 * Independent of the branching formula the calculator uses.
 */
export function sequenceByDp(
  spin: Array<{ probability: number; coins: number; adds: number }>,
  start: number,
  cap: number,
): Float64Array {
  const law = new Float64Array(cap + 1);
  let live = new Map<string, { left: number; acc: number; p: number }>([
    [`${start}:0`, { left: start, acc: 0, p: 1 }],
  ]);
  for (let step = 0; live.size > 0 && step < 10_000; step++) {
    const next = new Map<string, { left: number; acc: number; p: number }>();
    for (const s of live.values()) {
      for (const o of spin) {
        const p = s.p * o.probability;
        if (p < 1e-30) continue;
        const acc = Math.min(s.acc + o.coins, cap);
        const left = s.left - 1 + o.adds;
        if (acc >= cap || left === 0) {
          law[acc] = (law[acc] as number) + p;
          continue;
        }
        const key = `${left}:${acc}`;
        const known = next.get(key);
        if (known) known.p += p;
        else next.set(key, { left, acc, p });
      }
    }
    live = next;
  }
  return law;
}
