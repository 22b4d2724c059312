// The idle picture of every game, checked against the engine's own evaluation: it pays nothing on
// lines, ways or anywhere, pays no scatter, and shows fewer of every trigger symbol than start the
// free spins, hold-and-collect or the pick bonus.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileModel,
  countKind,
  evaluateAnywhere,
  evaluateLines,
  evaluateWays,
} from '../../../src/engine/machine.ts';
import { byCount } from '../../../src/engine/model.ts';
import { allGames, describeGame, modelOf } from '../../../src/games/index.ts';
import { idleScreen } from './idle-stop.ts';

/** Random numbers in [0, 1) from a fast-check seed: the idle screen's only source of chance. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

describe('idleScreen', () => {
  for (const game of allGames()) {
    const model = modelOf(game);
    const rules = describeGame(game);
    it(`${game.slug}: pays nothing and starts no feature, whatever the draw`, () => {
      const m = compileModel(model);
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          const screen = idleScreen(rules, seeded(seed));
          expect(screen.symbols).toHaveLength(model.reels);
          screen.symbols.forEach((column, reel) => {
            expect(column).toHaveLength(model.rows);
            column.forEach((id, row) => {
              expect(id).toBeGreaterThanOrEqual(0);
              m.screen[reel * model.rows + row] = id;
            });
          });
          const ev = model.evaluation;
          const lines =
            ev.kind === 'lines'
              ? evaluateLines(m, model.freeSpins?.wildMultiplier ?? 1, null)
              : ev.kind === 'ways'
                ? evaluateWays(m, null)
                : evaluateAnywhere(m, ev.minCount, null);
          expect(lines).toBe(0);
          const scatter = model.scatter;
          if (scatter) {
            const n = countKind(m, scatter.symbol);
            expect(byCount(scatter.pays, n)).toBe(0);
            expect(byCount(scatter.trigger, n)).toBe(0);
            expect(byCount(scatter.retrigger, n)).toBe(0);
          }
          if (model.collect) {
            expect(countKind(m, model.collect.moneySymbol)).toBeLessThan(model.collect.holdTrigger);
            expect(countKind(m, model.collect.collectorSymbol)).toBe(0);
          }
          if (model.pick) expect(countKind(m, model.pick.bonusSymbol)).toBeLessThan(model.pick.trigger);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('varies from draw to draw', () => {
    const game = allGames()[0];
    if (!game) throw new Error('no game');
    const rules = describeGame(game);
    const seen = new Set(
      [1, 2, 3, 4, 5].map((seed) => JSON.stringify(idleScreen(rules, seeded(seed)).symbols)),
    );
    expect(seen.size).toBeGreaterThan(1);
  });
});
