// The settings screen and the bet panel in Chromium, in every game: each setting changes the game at
// once and is still set after a reload; the bet panel's total is exactly what the next spin debits.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInfos } from '../../src/games/index.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  DESKTOP,
  findQuietSeed,
  idle,
  launchChromium,
  launchUrl,
  newContext,
  openGame,
  PHONE,
  runtime,
  screenshot,
  shownBalance,
  spinOnce,
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

const symbols = gameInfos.map((info) => info.symbol);

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.locator('dialog[data-testid="settings"][open]');
  await dialog.waitFor();
  return dialog;
}

/** Sets a range input the way a keyboard user does: focus it, then Home and Right-arrow steps of 5 %. */
async function setVolume(page: Page, testId: string, percent: number) {
  const slider = page.getByTestId(testId);
  await slider.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < percent / 5; i++) await page.keyboard.press('ArrowRight');
}

async function spinX(page: Page): Promise<number> {
  const box = await page.getByRole('button', { name: 'Spin', exact: true }).boundingBox();
  if (!box) throw new Error('no Spin button on screen');
  return box.x + box.width / 2;
}

/**
 * Presses Space on the page and tells whether the game took it as Spin: read in the key's own
 * dispatch, right after the game's handler (on document; this one is on window) and its microtasks,
 * where a round that started has already left the idle state.
 */
async function spaceStartsRound(page: Page): Promise<boolean> {
  // Nothing focused: a focused button answers Space itself (the game leaves it to it).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() =>
    window.addEventListener(
      'keydown',
      () => {
        document.body.dataset.spaceBusy = String(document.getElementById('app')?.dataset.state !== 'idle');
      },
      { once: true },
    ),
  );
  await page.locator('body').press('Space');
  return (await page.locator('body').getAttribute('data-space-busy')) === 'true';
}

const storedPrefs = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('rf.prefs.v1') ?? '{}') as Record<string, unknown>);

describe.each(symbols)('%s', (symbol) => {
  it('the settings screen changes each setting at once and remembers it across a reload', async () => {
    const launch = await launchUrl(server, apiKey, { symbol, player: `p-settings-${symbol}` });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, launch.url);
    const width = DESKTOP.viewport.width;
    expect(await spinX(page)).toBeGreaterThan(width / 2);
    expect(await page.getByTestId('turbo').getAttribute('data-speed')).toBe('1');
    // Space spins by default (so the check below, after it is turned off, can fail).
    const seed = findQuietSeed(symbol, 1);
    expect((await runtime(server, launch.token, 'test/rng', { seed })).status).toBe(204);
    const plays = Number((await page.getAttribute('#app', 'data-plays')) ?? '0');
    expect(await spaceStartsRound(page)).toBe(true);
    await page.waitForFunction(
      (n) => Number(document.getElementById('app')?.dataset.plays ?? '0') > n,
      plays,
    );
    await idle(page);

    await openSettings(page);
    await setVolume(page, 'set-music', 25);
    await setVolume(page, 'set-effects', 40);
    await page.getByTestId('set-speed-turbo').check();
    await page.getByTestId('set-left').check();
    await page.getByTestId('set-intro').uncheck();
    await page.getByTestId('set-space').uncheck();
    await screenshot(page, `settings-${symbol}`);
    await page.getByRole('button', { name: 'Done' }).click();

    // At once: the turbo button shows the speed, the Spin button moved to the left.
    expect(await page.getByTestId('turbo').getAttribute('data-speed')).toBe('2');
    expect(await spinX(page)).toBeLessThan(width / 2);
    expect(await storedPrefs(page)).toMatchObject({
      music: 0.25,
      effects: 0.4,
      speed: 'turbo',
      leftHanded: true,
      intro: false,
      spaceToSpin: false,
    });
    // Space no longer spins (the player turned it off).
    expect(await spaceStartsRound(page)).toBe(false);
    expect(await page.locator('#app').getAttribute('data-state')).toBe('idle');

    await page.reload();
    await idle(page);
    expect(await page.getByTestId('turbo').getAttribute('data-speed')).toBe('2');
    expect(await spinX(page)).toBeLessThan(width / 2);
    const dialog = await openSettings(page);
    expect(await page.getByTestId('set-music').inputValue()).toBe('25');
    expect(await page.getByTestId('set-effects').inputValue()).toBe('40');
    expect(await page.getByTestId('set-speed-turbo').isChecked()).toBe(true);
    expect(await page.getByTestId('set-left').isChecked()).toBe(true);
    expect(await page.getByTestId('set-intro').isChecked()).toBe(false);
    // Mute from the settings is the menu's mute too.
    await page.getByTestId('set-muted').check();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Mute sound' }).getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('the bet panel lists round totals from $1.00; the chosen total is the next spin’s debit exactly', async () => {
    const launch = await launchUrl(server, apiKey, { symbol, player: `p-betpanel-${symbol}` });
    const seed = findQuietSeed(symbol, 1);
    expect((await runtime(server, launch.token, 'test/rng', { seed })).status).toBe(204);
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await openGame(page, launch.url);
    // Every game starts at the same total.
    expect(await page.getByTestId('total-bet').textContent()).toBe('$1.00');
    await page.getByRole('button', { name: 'Bet settings' }).click();
    const panel = page.locator('dialog[data-testid="bet-settings"][open]');
    await panel.waitFor();
    const totals = await panel.getByTestId('bet-choice').allTextContents();
    const cents = totals.map((text) => BigInt(text.replace(/[$,.]/g, '')));
    expect(cents.length).toBeGreaterThan(6);
    expect([...cents].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(cents);
    expect(new Set(cents).size).toBe(cents.length);
    expect(await panel.getByRole('button', { name: '$1.00' }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, `bet-panel-${symbol}`);
    await panel.getByRole('button', { name: '$2.00', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('total-bet').textContent()).toBe('$2.00');
    // − and + walk the same list.
    await page.getByRole('button', { name: 'Bet −' }).click();
    expect(await page.getByTestId('total-bet').textContent()).toBe('$1.00');
    await page.getByRole('button', { name: 'Bet +' }).click();
    expect(await page.getByTestId('total-bet').textContent()).toBe('$2.00');

    const before = BigInt(((await shownBalance(page)) ?? '').replace('.', ''));
    await spinOnce(page);
    const round = (await runtime(server, launch.token, 'history')).body.rounds[0];
    expect(round.stake).toBe('2.00');
    const after = BigInt(((await shownBalance(page)) ?? '').replace('.', ''));
    expect(before - after + BigInt(String(round.win).replace('.', ''))).toBe(200n);
    await context.close();
  });
});

describe('the operator and the market', () => {
  it('starts at the operator’s default_bet, kept in the list even where it is not round', async () => {
    const launch = await launchUrl(server, apiKey, {
      symbol: 'rf_jade_paths',
      player: 'p-default-bet',
      extra: { default_bet: '3.75' },
    });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, launch.url);
    expect(await page.getByTestId('total-bet').textContent()).toBe('$3.75');
    await page.getByRole('button', { name: 'Bet +' }).click();
    expect(await page.getByTestId('total-bet').textContent()).toBe('$4.00');
    await context.close();
  });

  it('offers no speed where the market bans turbo (uk), whatever the device stored', async () => {
    const launch = await launchUrl(server, apiKey, {
      symbol: 'rf_ember_crown',
      player: 'p-settings-uk',
      currency: 'GBP',
      extra: { jurisdiction: 'uk', player_age_band: '25+' },
    });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.addInitScript(() =>
      localStorage.setItem(
        'rf.prefs.v1',
        JSON.stringify({ speed: 'super', spaceToSpin: true, intro: false }),
      ),
    );
    await openGame(page, launch.url);
    const dialog = await openSettings(page);
    expect(await dialog.getByTestId('set-speed-normal').count()).toBe(0);
    expect(await dialog.getByTestId('set-left').count()).toBe(1);
    // Every market allows the space bar today (a ban would leave its switch out, as with the speeds).
    expect(await dialog.getByTestId('set-space').count()).toBe(1);
    expect(await page.getByTestId('turbo').count()).toBe(0);
    await context.close();
  });
});
