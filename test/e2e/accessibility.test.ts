// axe-core on what players see: every game on a desktop and a phone, idle and with a dialog open, and
// the demo lobby; none may have a serious or critical violation. The meters have names a screen
// reader reads with their amounts, and focusing the bet reads the stake. (The back office has its own
// axe sweep in backoffice.test.ts.)
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInfos } from '../../src/games/index.ts';
import type { TestServer } from '../helpers/server.ts';
import { axeViolations } from './axe.ts';
import {
  DESKTOP,
  launchChromium,
  launchUrl,
  newContext,
  openGame,
  PHONE,
  screenshot,
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

async function open(symbol: string, player: string, device: typeof DESKTOP | typeof PHONE): Promise<Page> {
  const launch = await launchUrl(server, apiKey, {
    symbol,
    player,
    device: device === PHONE ? 'mobile' : 'desktop',
    returnUrl: 'https://casino.example/lobby',
  });
  const page = await (await newContext(browser, device)).newPage();
  await openGame(page, launch.url);
  return page;
}

describe('accessibility (axe-core)', () => {
  for (const game of gameInfos) {
    for (const [name, device] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`${game.title} on a ${name}: clean idle, with the paytable open and with the history open`, async () => {
        const page = await open(game.symbol, `p-axe-${name}-${game.slug}`, device);
        const found: Record<string, string[]> = {};
        found.idle = await axeViolations(page);
        await page.getByRole('button', { name: 'Paytable' }).click();
        await page.getByTestId('paytable').waitFor();
        found.paytable = await axeViolations(page);
        await page.keyboard.press('Escape');
        await page.getByTestId('paytable').waitFor({ state: 'hidden' });
        await page.getByRole('button', { name: 'History' }).click();
        await page.locator('dialog[open]').waitFor();
        await page.waitForFunction(() => !document.querySelector('dialog[open] [aria-busy="true"]'));
        found.history = await axeViolations(page);
        expect(found).toEqual({ idle: [], paytable: [], history: [] });
        await page.context().close();
      });
    }
  }

  it('names the balance, win and bet meters with their amounts, and focusing the bet reads the stake', async () => {
    const page = await open('rf_ember_crown', 'p-axe-meters', DESKTOP);
    const balance = (await page.getByTestId('balance').textContent()) as string;
    const bet = (await page.getByTestId('total-bet').textContent()) as string;
    expect(balance).toMatch(/\d/);
    await expect.poll(() => page.getByRole('status', { name: 'Balance' }).textContent()).toBe(balance);
    expect(await page.getByRole('status', { name: 'Last win' }).count()).toBe(1);
    // The bet button is named by what it shows, stake first, then what it opens.
    const betBox = page.getByTestId('bet-box');
    const snapshot = await betBox.ariaSnapshot();
    expect(snapshot).toMatch(/button "Total bet/i);
    expect(snapshot).toContain(bet);
    expect(snapshot).toContain('Bet settings');
    await betBox.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('bet-box');
    await page.context().close();
  });

  for (const [name, device] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the demo lobby on a ${name} is clean`, async () => {
      const page = await (await newContext(browser, device)).newPage();
      await page.goto(`${server.url}/`);
      await page.locator('.tile').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `axe-lobby-${name}`);
      await page.context().close();
    });
  }
});
