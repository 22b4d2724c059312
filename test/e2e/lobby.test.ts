// The newcomer's path: open the lobby, play every game on a desktop and a phone, come back.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInfos } from '../../src/games/index.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  ARTIFACTS,
  DESKTOP,
  idle,
  launchChromium,
  newContext,
  PHONE,
  runtime,
  screenshot,
  shownBalance,
  spinOnce,
  startE2eServer,
} from './helpers.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const live = gameInfos.filter((g) => g.live);

describe('demo lobby', () => {
  it('shows every game with artwork, and each one plays on a desktop and returns to the lobby', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const tiles = page.locator('.tile');
    await expect.poll(() => tiles.count()).toBe(live.length);
    // Artwork loaded (the CSP lets the catalog's thumbnails in)
    await page.waitForFunction(() =>
      [...document.images].every((img) => img.complete && img.naturalWidth > 0),
    );
    await screenshot(page, 'lobby-desktop');

    for (const game of live) {
      await page.getByRole('button', { name: `Play ${game.title}` }).click();
      await page.waitForURL(/\/gs2c\/play\//);
      expect(page.url()).not.toContain('token=');
      await idle(page);
      expect(await page.getAttribute('#app', 'data-renderer')).toMatch(/^(webgl|canvas)$/);
      await spinOnce(page);
      await screenshot(page, `game-${game.slug}-desktop`);
      await page.getByRole('button', { name: 'Lobby' }).click();
      await page.waitForURL(`${server.url}/`);
    }
    await context.close();
  });

  it('plays on a phone, portrait and landscape, launched as mobile', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await screenshot(page, 'lobby-phone');
    const game = live.find((g) => g.slug === 'orbit-orchard') ?? live[0];
    await page.getByRole('button', { name: `Play ${game?.title}` }).click();
    await page.waitForURL(/device=mobile/);
    await idle(page);
    expect(await page.getAttribute('#app', 'class')).toContain('device-mobile');
    await spinOnce(page);
    await screenshot(page, 'game-phone-portrait');
    await page.setViewportSize({ width: 844, height: 390 });
    // The stage has followed the turn: its canvas fills its landscape host again.
    await page.waitForFunction(() => {
      const canvas = document.querySelector('#app canvas');
      const host = canvas?.parentElement?.getBoundingClientRect();
      const drawn = canvas?.getBoundingClientRect();
      return (
        window.innerWidth > window.innerHeight &&
        host !== undefined &&
        drawn !== undefined &&
        Math.abs(host.width - drawn.width) < 2 &&
        Math.abs(host.height - drawn.height) < 2
      );
    });
    await spinOnce(page);
    await screenshot(page, 'game-phone-landscape');
    // Every control is reachable and named on the phone too
    for (const name of ['Spin', 'Bet +', 'Bet −', 'Paytable', 'History', 'Lobby']) {
      await expect
        .poll(() => page.getByRole('button', { name, exact: true }).isVisible(), {
          message: `${name} visible`,
        })
        .toBe(true);
    }
    await context.close();
  });

  it('measures first load of the lobby and of a game page', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const timing = async () =>
      page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const bytes = performance
          .getEntriesByType('resource')
          .reduce((sum, r) => sum + ((r as PerformanceResourceTiming).transferSize || 0), nav.transferSize);
        return {
          domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
          load: Math.round(nav.loadEventEnd),
          bytes,
        };
      });
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    const lobby = await timing();
    const started = Date.now();
    await page.getByRole('button', { name: `Play ${live[0]?.title}` }).click();
    await page.waitForURL(/\/gs2c\/play\//);
    await idle(page);
    const ready = Date.now() - started;
    const gamePage = await timing();
    const figures = { lobby, game: { ...gamePage, clickToPlayableMs: ready } };
    await writeFile(path.join(ARTIFACTS, 'first-load.json'), `${JSON.stringify(figures, null, 2)}\n`);
    // Figures for BENCHMARKS.md, not a pass mark: wall time on a shared machine proves nothing.
    expect(lobby.load).toBeGreaterThan(0);
    expect(gamePage.load).toBeGreaterThan(0);
    await context.close();
  });

  it('the balance on screen is the runtime API’s after several spins (lobby launch)', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    let token: string | undefined;
    page.on('request', (request) => {
      const auth = request.headers().authorization;
      if (auth?.startsWith('Bearer ')) token = auth.slice(7);
    });
    await page.getByRole('button', { name: `Play ${live[0]?.title}` }).click();
    await idle(page);
    for (let i = 0; i < 3; i++) await spinOnce(page);
    const session = await runtime(server, token as string, 'session');
    expect(await shownBalance(page)).toBe(session.body.balance);
    await context.close();
  });
});
