// The play entry points: spin, replay and the fresh state.
import { compileModel, type Machine } from './machine.ts';
import type { BetMode, GameModel } from './model.ts';
import type { Bet, Outcome, OutcomeKind } from './outcome.ts';
import { createRecordingRng, createReplayRng, DrawMismatch, type Rng } from './rng.ts';
import { freshState, type GameState, playCall, Trace } from './round.ts';

const machines = new WeakMap<GameModel, Machine>();

/** The compiled form of a model, built once and reused (its scratch buffers serve one call at a time). */
export function machineFor(model: GameModel): Machine {
  let machine = machines.get(model);
  if (!machine) {
    machine = compileModel(model);
    machines.set(model, machine);
  }
  return machine;
}

export function initialState(_model: GameModel): GameState {
  return freshState();
}

/** Coins per bet level that a call in `mode` costs. */
export function modeCostCoins(model: GameModel, mode: BetMode): number {
  if (mode === 'base') return model.modes.base.costCoins;
  const def = mode === 'special' ? model.modes.special : model.modes.buy;
  if (!def) throw new Error(`${model.slug} has no ${mode} mode`);
  return def.costCoins;
}

export interface SpinResult {
  outcome: Outcome;
  nextState: GameState;
}

/**
 * Plays one call. With free spins left in `state` it is a free spin at the bet that triggered them
 * (the `bet` argument is then ignored, and the stake is 0); otherwise a paid spin in `bet.mode`.
 * Throws only on caller bugs (a mode the game lacks, a bad bet shape).
 */
export function spin(model: GameModel, state: GameState, bet: Bet, rng: Rng): SpinResult {
  const m = machineFor(model);
  const st: GameState = structuredClone(state);
  const free = st.freeSpinsLeft > 0;
  let played: Bet = bet;
  if (free) {
    const trigger = st.triggerBet;
    if (!trigger) throw new Error('free spins left without the bet that triggered them');
    played = { coin: BigInt(trigger.coin), betLevel: trigger.betLevel, mode: trigger.mode };
  } else {
    if (!(bet.coin > 0n && Number.isInteger(bet.betLevel) && bet.betLevel > 0)) throw new Error('bad bet');
    modeCostCoins(model, bet.mode);
  }
  const recorder = createRecordingRng(rng);
  const trace = new Trace();
  const coins = playCall(m, st, played.mode, recorder, trace);
  if (!free && st.freeSpinsLeft > 0) {
    st.triggerBet = { coin: played.coin.toString(), betLevel: played.betLevel, mode: played.mode };
  }
  if (st.freeSpinsLeft === 0) st.triggerBet = null;
  const unit = played.coin * BigInt(played.betLevel);
  for (const win of trace.wins) win.amount = BigInt(win.coins) * unit;
  const kind: OutcomeKind = free ? 'free_spin' : played.mode;
  const outcome: Outcome = {
    kind,
    bet: played,
    stake: free ? 0n : unit * BigInt(modeCostCoins(model, played.mode)),
    draws: recorder.draws,
    screens: trace.screens,
    wins: trace.wins,
    features: trace.features,
    coins,
    totalWin: BigInt(coins) * unit,
    capped: m.capped,
    freeSpinsLeft: st.freeSpinsLeft,
    sequenceWin: BigInt(st.sequenceCoins) * unit,
  };
  return { outcome, nextState: st };
}

export type ReplayResult =
  | ({ ok: true } & SpinResult)
  | { ok: false; reason: 'draws_do_not_fit' | 'draws_left_over'; detail: string };

/** Re-derives a stored outcome from the state before it, its bet and its recorded draws alone. */
export function replay(
  model: GameModel,
  stateBefore: GameState,
  bet: Bet,
  draws: readonly number[],
): ReplayResult {
  const rng = createReplayRng(draws);
  try {
    const result = spin(model, stateBefore, bet, rng);
    if (rng.remaining() !== 0) {
      return { ok: false, reason: 'draws_left_over', detail: `${rng.remaining()} draws not used` };
    }
    return { ok: true, ...result };
  } catch (error) {
    if (error instanceof DrawMismatch)
      return { ok: false, reason: 'draws_do_not_fit', detail: error.message };
    throw error;
  }
}
