// Reels and win tiers in every game, made to happen with the seeded RNG: the reels run as strips
// that are never blank in any frame (the stage records the least share of a reel's window covered
// by symbols), a win below 10× the stake stays on the reels with its wins cycling and labelled,
// and a big win takes the screen while the win meter counts up with the celebration.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/engine/index.ts';
import { type Game, gameInfos, getGame, modelOf } from '../../src/games/index.ts';
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
  stakeMultiple,
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

/** A seeded desktop page with motion on, recording the overlays shown and the meter as each opened. */
async function seededPage(symbol: string, player: string, seed: number): Promise<Page> {
  const launch = await launchUrl(server, apiKey, { symbol, player });
  expect((await runtime(server, launch.token, 'test/rng', { seed })).status).toBe(204);
  const context = await newContext(browser, DESKTOP, { reducedMotion: 'no-preference' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  (page as unknown as { rfErrors: string[] }).rfErrors = errors;
  await openGame(page, launch.url);
  await page.evaluate(() => {
    const w = window as unknown as { rfSeen: string[]; rfMeterAtOpen: string[] };
    w.rfSeen = [];
    w.rfMeterAtOpen = [];
    const overlay = document.querySelector('[data-testid="overlay"]') as HTMLElement;
    const meter = document.querySelector('[data-testid="last-win"]') as HTMLElement;
    new MutationObserver(() => {
      if (overlay.hidden || !overlay.dataset.screen) return;
      const seen = `${overlay.dataset.screen}:${overlay.dataset.tier ?? ''}`;
      if (w.rfSeen.length === 0) w.rfMeterAtOpen.push(meter.dataset.amount ?? '');
      if (!w.rfSeen.includes(seen)) w.rfSeen.push(seen);
    }).observe(overlay, { attributes: true, childList: true, subtree: true });
  });
  return page;
}

async function spinOnce(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Spin', exact: true }).click();
  await page.waitForFunction(() => Number(document.getElementById('app')?.dataset.plays ?? '0') >= 1, null, {
    timeout: 90_000,
  });
  await idle(page, 90_000);
}

const plain = (o: Outcome) => o.features.length === 0;

describe.each(gameInfos.map((g) => [g.title, g.symbol]))('%s', (_title, symbol) => {
  it('spins as strips never blank, and keeps a win below 10× on the reels, cycling its wins', async () => {
    const seed = findSeed(
      symbol,
      'base',
      (o) => plain(o) && stakeMultiple(symbol, o) >= 1 && stakeMultiple(symbol, o) < 10,
    );
    const page = await seededPage(symbol, `p-reels-small-${symbol}`, seed);
    await spinOnce(page);
    const stage = page.getByTestId('stage');
    // Every frame of the spin showed symbols over most of every reel's window (a blank reel: 0).
    expect(Number(await stage.getAttribute('data-spin-frames'))).toBeGreaterThanOrEqual(2);
    expect(Number(await stage.getAttribute('data-spin-cover'))).toBeGreaterThan(0.8);
    expect(await stage.getAttribute('data-reels')).toBe('still');
    const seen = await page.evaluate(() => (window as unknown as { rfSeen: string[] }).rfSeen);
    expect(seen).toEqual([]);
    expect(Number(await page.getByTestId('last-win').getAttribute('data-amount'))).toBeGreaterThan(0);
    // The win is labelled on the reels with what it paid, in the currency. A tumbling game's last
    // picture holds no win (its wins were shown tumble by tumble): nothing to cycle there.
    if (!modelOf(getGame(symbol) as Game).tumble) {
      await page.waitForSelector('[data-testid="stage"][data-win-label]', { timeout: 10_000 });
      expect(await stage.getAttribute('data-win-label')).toMatch(/pays \$\d/);
    }
    expect((page as unknown as { rfErrors: string[] }).rfErrors).toEqual([]);
    await page.context().close();
  });

  it('takes the screen for a big win, the meter counting up with the celebration', async () => {
    const seed = findSeed(
      symbol,
      'base',
      (o) => plain(o) && stakeMultiple(symbol, o) >= 10 && stakeMultiple(symbol, o) < 25,
    );
    const page = await seededPage(symbol, `p-reels-big-${symbol}`, seed);
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    await page.waitForSelector('[data-testid="overlay"][data-tier="big"]', { timeout: 90_000 });
    // A tap skips the count-up to the full amount (on a loaded machine it may be over already).
    await page
      .getByTestId('overlay')
      .click({ timeout: 5_000 })
      .catch(() => {});
    await idle(page, 90_000);
    const { seen, meterAtOpen } = await page.evaluate(() => {
      const w = window as unknown as { rfSeen: string[]; rfMeterAtOpen: string[] };
      return { seen: w.rfSeen, meterAtOpen: w.rfMeterAtOpen };
    });
    expect(seen).toEqual(['win:big']);
    const final = Number(await page.getByTestId('last-win').getAttribute('data-amount'));
    expect(final).toBeGreaterThan(0);
    // When the celebration opened the meter had not yet shown the win: it counts up with it.
    expect(Number(meterAtOpen[0])).toBeLessThan(final);
    await page.context().close();
  });
});
