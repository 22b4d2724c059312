// The maximum win a game shows is what it can pay: recomputed here and compared with the
// certificate and the paytable, and for games whose maximum is exact, played through the engine
// from the screen and draws that give it.
import { describe, expect, it } from 'vitest';
import type { CompiledTable } from '../engine/machine.ts';
import type { GameModel } from '../engine/model.ts';
import type { Rng } from '../engine/rng.ts';
import { initialState, machineFor, spin } from '../engine/spin.ts';
import { readCertificate } from '../games/certificates.ts';
import { allGames, describeGame } from '../games/index.ts';
import { exactScreenRtp, pickValue } from './exact.ts';
import { maxWinOf } from './max-win.ts';

const variants = allGames().flatMap((game) =>
  Object.values(game.variants).map((model) => [`${game.slug} ${model.variant}`, game, model] as const),
);

describe.each(variants)('%s', (_name, game, model) => {
  it('certificate and paytable show the maximum win recomputed from the model', () => {
    const computed = maxWinOf(model);
    const certified = readCertificate(game.slug)?.variants[model.variant]?.maxWin;
    expect(certified?.multiplier).toBe(computed.multiplier);
    expect(certified?.kind).toBe(computed.kind);
    const shown = describeGame(game, model.variant);
    expect(shown.maxWinMultiplier).toBe(Number(computed.multiplier));
    expect(shown.maxWinCoins).toBe(computed.coins);
    expect(shown.rules.at(-1)).toContain(`${Number(computed.multiplier)}×`);
  });
});

/** The draw that makes `drawFrom(table)` return entry `index`. */
function drawFor(table: CompiledTable, index: number): number {
  return index === 0 ? 0 : (table.cumulative[index - 1] as number);
}

/** Answers scripted draws first, then: respin cells land (draw 0), every other draw its last entry. */
function scripted(queue: number[], respinOf: number): Rng {
  return {
    int(bound) {
      const next = queue.shift();
      if (next !== undefined) {
        if (next >= bound) throw new Error(`scripted ${next} outside [0, ${bound})`);
        return next;
      }
      return bound === respinOf ? 0 : bound - 1;
    },
  };
}

function witnessDraws(model: GameModel): number[] {
  const m = machineFor(model);
  const exact = exactScreenRtp(model, 'base');
  const draws = [drawFor(m.base.table, exact.maxWitness.set), ...exact.maxWitness.stops];
  if (model.pick && m.tables.picks && m.tables.picksNoEnd) {
    pickValue(model.pick).maxPicks.forEach((value, i) => {
      const table = (
        i < (model.pick?.guaranteedPicks ?? 0) ? m.tables.picksNoEnd : m.tables.picks
      ) as CompiledTable;
      draws.push(drawFor(table, Array.from(table.values).indexOf(value)));
    });
  }
  return draws;
}

describe.each(variants.filter(([, , model]) => maxWinOf(model).kind === 'exact'))(
  '%s pays its maximum',
  (_name, _game, model) => {
    it('the witness screen and draws pay exactly the maximum win through the engine', () => {
      const max = maxWinOf(model);
      const rng = scripted(witnessDraws(model), model.collect?.respinHit.of ?? -1);
      const { outcome } = spin(model, initialState(model), { coin: 1n, betLevel: 1, mode: 'base' }, rng);
      expect(outcome.capped).toBe(false);
      expect(outcome.coins).toBe(max.coins);
    });
  },
);
