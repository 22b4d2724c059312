// Symbol win animations in the browser, one game at a time: a seeded spin wins with a high symbol
// (a top-paying one or a wild) on the reels, that symbol plays its own animation, and the next
// spin stops it before the reels land again. The reels list what plays in data-win-fx.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { highSymbols, winFxFor } from '../../client/src/scene/icons/win-fx.ts';
import { createSeededRng, initialState, type Outcome, spin } from '../../src/engine/index.ts';
import { gameInfos, getGame, modelOf } from '../../src/games/index.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  DESKTOP,
  findSeed,
  idle,
  launchChromium,
  launchUrl,
  newContext,
  openGame,
  runtime,
  startE2eServer,
} from './helpers.ts';

let server: TestServer;
let browser: Browser;
let apiKey: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
  apiKey = (await server.createOperator()).apiKey;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The first winning cell of `outcome` that shows a high symbol, as "reel:row:fx". */
function highWinCell(symbol: string, outcome: Outcome): string | null {
  const game = getGame(symbol);
  if (!game || outcome.features.length > 0) return null;
  const model = modelOf(game);
  const highs = new Set(highSymbols(model.symbols).map((s) => s.id));
  for (const win of outcome.wins) {
    const screen = outcome.screens[win.screen];
    for (const [reel, row] of win.positions) {
      const id = screen?.symbols[reel]?.[row] ?? -1;
      const def = model.symbols[id];
      if (def && highs.has(id)) return `${reel}:${row}:${winFxFor(def)}`;
    }
  }
  return null;
}

describe('symbol win animations', () => {
  for (const { symbol, title } of gameInfos) {
    it(`${title}: a high symbol's own animation plays on a win and stops at the next spin`, async () => {
      const seed = findSeed(symbol, 'base', (o) => highWinCell(symbol, o) !== null);
      const game = getGame(symbol);
      if (!game) throw new Error(symbol);
      const model = modelOf(game);
      const first = spin(
        model,
        initialState(model),
        { coin: 5n, betLevel: 1, mode: 'base' },
        createSeededRng(seed, 0),
      );
      const expected = highWinCell(symbol, first.outcome) as string;
      expect(expected).not.toMatch(/:pulse$/);

      const launch = await launchUrl(server, apiKey, { symbol, player: `fx-${symbol}` });
      expect((await runtime(server, launch.token, 'test/rng', { seed })).status).toBe(204);
      const context = await newContext(browser, DESKTOP, { reducedMotion: 'no-preference' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await openGame(page, launch.url);
      // Every change of what plays, with the game's state at that moment.
      await page.evaluate(() => {
        const w = window as unknown as { rfFx: Array<{ fx: string; state: string }> };
        w.rfFx = [];
        const host = document.querySelector('[data-grid]') as HTMLElement;
        const app = document.getElementById('app') as HTMLElement;
        new MutationObserver(() =>
          w.rfFx.push({ fx: host.dataset.winFx ?? '', state: app.dataset.state ?? '' }),
        ).observe(host, { attributes: true, attributeFilter: ['data-win-fx'] });
      });
      const log = () =>
        page.evaluate(() =>
          (window as unknown as { rfFx: Array<{ fx: string; state: string }> }).rfFx.splice(0),
        );

      await page.getByRole('button', { name: 'Spin', exact: true }).click();
      await page.waitForFunction(
        (cell) =>
          (document.querySelector('[data-grid]') as HTMLElement).dataset.winFx?.split(' ').includes(cell),
        expected,
        { timeout: 30_000 },
      );
      await idle(page);
      // After the round the winning symbols keep their glow until the player spins again (in a
      // tumbling game the winners have tumbled away).
      if (!model.tumble) expect(await page.getAttribute('[data-grid]', 'data-win-fx')).not.toBe('');
      expect((await log()).some((e) => e.fx.split(' ').includes(expected))).toBe(true);

      await page.getByRole('button', { name: 'Spin', exact: true }).click();
      await page.waitForFunction(
        () => Number(document.getElementById('app')?.dataset.plays ?? '0') >= 2,
        null,
        {
          timeout: 30_000,
        },
      );
      await idle(page);
      const after = await log();
      // Stopped while the reels spin, before anything of the next round is shown.
      expect(after[0], JSON.stringify(after)).toEqual({ fx: '', state: 'spinning' });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
