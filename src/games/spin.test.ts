import { describe, expect, it } from 'vitest';
import { simulateRounds } from '../certify/tally.ts';
import { type GameModel, initialState, outcomeToJson, replay, spin } from '../engine/index.ts';
import type { BetMode } from '../engine/model.ts';
import { createSeededRng } from '../engine/rng.ts';
import type { GameState } from '../engine/round.ts';
import { machineFor } from '../engine/spin.ts';
import { allGames } from './index.ts';

const cases = allGames().flatMap((game) =>
  Object.values(game.variants).flatMap((model) =>
    (['base', 'special', 'buy'] as BetMode[])
      .filter((mode) => mode === 'base' || model.modes[mode])
      .map((mode) => [`${game.slug} ${model.variant} ${mode}`, model, mode] as const),
  ),
);

/** Plays `rounds` whole rounds through the public spin(), checking every call. */
function playRounds(
  model: GameModel,
  mode: BetMode,
  rounds: number,
  seed: number,
  check: (call: Check) => void,
) {
  const rng = createSeededRng(seed, 0);
  let state: GameState = initialState(model);
  let coins = 0;
  for (let i = 0; i < rounds; i++) {
    do {
      const bet = { coin: 7n, betLevel: 3, mode };
      const before = state;
      const { outcome, nextState } = spin(model, JSON.parse(JSON.stringify(state)), bet, rng);
      check({ before, bet, outcome, nextState });
      coins += outcome.coins;
      state = nextState;
    } while (state.freeSpinsLeft > 0);
  }
  return coins;
}

type Check = {
  before: GameState;
  bet: { coin: bigint; betLevel: number; mode: BetMode };
  outcome: ReturnType<typeof spin>['outcome'];
  nextState: GameState;
};

describe.each(cases)('%s', (_name, model, mode) => {
  it('replays every outcome from its draws alone, and totals equal the sum of their parts', () => {
    const unit = 21n;
    let free = 0;
    playRounds(model, mode, 300, 11, ({ before, bet, outcome, nextState }) => {
      const again = replay(model, before, bet, outcome.draws);
      expect(again.ok).toBe(true);
      if (again.ok) {
        expect(outcomeToJson(again.outcome)).toEqual(outcomeToJson(outcome));
        expect(again.nextState).toEqual(nextState);
      }
      const sum = outcome.wins.reduce((s, w) => s + w.amount, 0n);
      if (!outcome.capped) expect(outcome.totalWin).toBe(sum);
      else expect(outcome.totalWin).toBeLessThanOrEqual(sum);
      expect(outcome.totalWin).toBe(BigInt(outcome.coins) * unit);
      for (const w of outcome.wins) expect(w.amount).toBe(BigInt(w.coins) * unit);
      if (outcome.kind === 'free_spin') {
        free++;
        expect(outcome.stake).toBe(0n);
      } else {
        expect(outcome.kind).toBe(mode);
        const cost = mode === 'base' ? model.modes.base.costCoins : (model.modes[mode]?.costCoins ?? -1);
        expect(outcome.stake).toBe(unit * BigInt(cost));
      }
      expect(outcome.sequenceWin).toBeLessThanOrEqual(BigInt(model.maxWinMultiplier * model.lineCost) * unit);
      // A bought free-spins feature only starts the spins: nothing is shown until the first one.
      const startsOnly = outcome.kind === 'buy' && model.modes.buy?.feature === 'free_spins';
      expect(outcome.screens.length > 0 || startsOnly).toBe(true);
      for (const screen of outcome.screens) {
        expect(screen.symbols.length).toBe(model.reels);
        for (const reel of screen.symbols) expect(reel.length).toBe(model.rows);
      }
    });
    if (mode === 'buy' && model.modes.buy?.feature === 'free_spins') expect(free).toBeGreaterThan(0);
  });

  it('the simulator kernel pays exactly what spin() pays on the same draws', () => {
    const viaSpin = playRounds(model, mode, 400, 5, () => {});
    const viaKernel = simulateRounds(model, mode, 400, 5, 0).wonCoins;
    expect(viaKernel).toBe(viaSpin);
  });

  it('is deterministic for a seed', () => {
    expect(playRounds(model, mode, 100, 9, () => {})).toBe(playRounds(model, mode, 100, 9, () => {}));
  });
});

describe('max-win cap', () => {
  it.each(cases.filter(([, , mode]) => mode === 'base'))(
    '%s: no sequence pays more than the cap',
    (_name, model, mode) => {
      const capped: GameModel = { ...model, maxWinMultiplier: 1 };
      const capCoins = capped.lineCost;
      let hits = 0;
      playRounds(capped, mode, 3000, 3, ({ outcome, nextState }) => {
        expect(Number(outcome.sequenceWin / 21n)).toBeLessThanOrEqual(capCoins);
        if (outcome.capped) {
          hits++;
          expect(nextState.freeSpinsLeft).toBe(0);
          expect(outcome.features.some((f) => f.type === 'max_win')).toBe(true);
        }
      });
      expect(hits).toBeGreaterThan(0);
      expect(machineFor(capped).capCoins).toBe(capCoins);
    },
  );
});

describe('replay of tampered draws', () => {
  it('reports draws that do not fit, and left-over draws', () => {
    const model = allGames()[0]?.variants['96.5'] as GameModel;
    const bet = { coin: 1n, betLevel: 1, mode: 'base' as const };
    const { outcome } = spin(model, initialState(model), bet, createSeededRng(1));
    expect(replay(model, initialState(model), bet, [...outcome.draws, 0])).toMatchObject({
      ok: false,
      reason: 'draws_left_over',
    });
    expect(replay(model, initialState(model), bet, outcome.draws.slice(0, -1))).toMatchObject({
      ok: false,
      reason: 'draws_do_not_fit',
    });
    const tampered = [...outcome.draws];
    tampered[1] = 1_000_000;
    expect(replay(model, initialState(model), bet, tampered)).toMatchObject({
      ok: false,
      reason: 'draws_do_not_fit',
    });
  });
});
