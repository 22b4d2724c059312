// Launch URLs from the provider API, played in Chromium on a desktop and a phone: spins, the bet
// selector, special bet, buy feature, paytable and history, with the balance checked against the API.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function expectBalanceMatches(page: Page, token: string): Promise<void> {
  const session = await runtime(server, token, 'session');
  expect(session.status).toBe(200);
  expect(await shownBalance(page)).toBe(session.body.balance);
}

for (const [label, device] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`playing on a ${label}`, () => {
    const kind = label === 'desktop' ? 'desktop' : 'mobile';

    it('spins several times; the token leaves the address bar; the balance is the API’s', async () => {
      const launch = await launchUrl(server, apiKey, {
        symbol: 'rf_ember_crown',
        player: `p-spin-${kind}`,
        device: kind,
      });
      // Four spins that start no feature: four rounds, each over when its spin is.
      const seed = findQuietSeed('rf_ember_crown', 4);
      expect((await runtime(server, launch.token, 'test/rng', { seed })).status).toBe(204);
      const context = await newContext(browser, device);
      const page = await context.newPage();
      await openGame(page, launch.url);
      expect(page.url()).not.toContain(launch.token);
      expect(await page.evaluate(() => window.location.href)).not.toContain('token=');
      await expectBalanceMatches(page, launch.token);
      for (let i = 0; i < 4; i++) await spinOnce(page);
      await expectBalanceMatches(page, launch.token);
      const history = await runtime(server, launch.token, 'history?limit=100');
      const rounds = history.body.rounds as Array<{ kind: string }>;
      expect(rounds.map((round) => round.kind)).toEqual(['base', 'base', 'base', 'base']);
      await screenshot(page, `play-spins-${label}`);
      await context.close();
    });

    it('bet + and − walk the ladder and the stake is the total shown', async () => {
      const launch = await launchUrl(server, apiKey, {
        symbol: 'rf_copper_sevens',
        player: `p-bet-${kind}`,
        device: kind,
      });
      const context = await newContext(browser, device);
      const page = await context.newPage();
      await openGame(page, launch.url);
      const total = page.getByTestId('total-bet');
      const before = await total.textContent();
      await page.getByRole('button', { name: 'Bet +' }).click();
      await page.getByRole('button', { name: 'Bet +' }).click();
      const raised = await total.textContent();
      expect(raised).not.toBe(before);
      await page.getByRole('button', { name: 'Bet −' }).click();
      const shown = await total.textContent();
      await spinOnce(page);
      const last = (await runtime(server, launch.token, 'history')).body.rounds[0];
      expect(shown).toBe(`$${last.stake}`);
      await expectBalanceMatches(page, launch.token);
      await context.close();
    });

    it('special bet spins in the special mode at its higher price', async () => {
      const launch = await launchUrl(server, apiKey, {
        symbol: 'rf_ember_crown',
        player: `p-special-${kind}`,
        device: kind,
      });
      const context = await newContext(browser, device);
      const page = await context.newPage();
      await openGame(page, launch.url);
      const base = await page.getByTestId('total-bet').textContent();
      const toggle = page.getByRole('button', { name: 'Special bet' });
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      const special = await page.getByTestId('total-bet').textContent();
      expect(special).not.toBe(base);
      await spinOnce(page);
      // A special spin may start free spins; the first round is the special one.
      const rounds = (await runtime(server, launch.token, 'history', undefined)).body.rounds;
      const first = rounds[rounds.length - 1];
      expect(first.mode).toBe('special');
      expect(`$${first.stake}`).toBe(special);
      await idle(page);
      await expectBalanceMatches(page, launch.token);
      await context.close();
    });

    it('buy feature shows its price, buys free spins and plays them out', async () => {
      const launch = await launchUrl(server, apiKey, {
        symbol: 'rf_dune_lantern',
        player: `p-buy-${kind}`,
        device: kind,
      });
      const context = await newContext(browser, device);
      const page = await context.newPage();
      await openGame(page, launch.url);
      await page.getByRole('button', { name: 'Buy feature' }).click();
      const dialog = page.getByTestId('buy-dialog');
      await dialog.waitFor();
      const session = (await runtime(server, launch.token, 'session')).body;
      const buyCoins = session.game.rules.modes.buy as number;
      const baseCoins = session.game.rules.modes.base as number;
      // The buy costs the bet on screen (a total of the bet list) times the buy's coins over the base's.
      const shownTotal = ((await page.getByTestId('total-bet').textContent()) ?? '').replace(/[^\d]/g, '');
      const price = (BigInt(shownTotal) * BigInt(buyCoins)) / BigInt(baseCoins);
      expect((BigInt(shownTotal) * BigInt(buyCoins)) % BigInt(baseCoins)).toBe(0n);
      const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
      const priceText = usd.format(
        `${price / 100n}.${String(price % 100n).padStart(2, '0')}` as unknown as number,
      );
      expect(await dialog.textContent()).toContain(priceText);
      await screenshot(page, `buy-dialog-${label}`);
      await page.getByRole('button', { name: `Buy for ${priceText}` }).click();
      await page.waitForSelector('[data-testid="free-spins"]:not([hidden])', { timeout: 30_000 });
      await screenshot(page, `free-spins-${label}`);
      await idle(page, 120_000);
      const after = (await runtime(server, launch.token, 'session')).body;
      expect(after.state.free_spins_left).toBe(0);
      expect(await shownBalance(page)).toBe(after.balance);
      const rounds = (await runtime(server, launch.token, 'history?limit=100')).body.rounds;
      expect(rounds.at(-1).mode).toBe('buy');
      expect(rounds.filter((r: { kind: string }) => r.kind === 'free_spin').length).toBeGreaterThan(0);
      await context.close();
    });
  });
}

describe('menus', () => {
  it('paytable states the RTP and max win; history lists the rounds', async () => {
    const launch = await launchUrl(server, apiKey, { symbol: 'rf_jade_paths', player: 'p-menus' });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, launch.url);
    await spinOnce(page);
    await page.getByRole('button', { name: 'Paytable' }).click();
    const rtp = await page.getByTestId('rtp').textContent();
    const session = (await runtime(server, launch.token, 'session')).body;
    expect(rtp).toContain(`${session.game.rtp}%`);
    // The one certified figure, written as the player's language writes numbers (1,104× in English).
    const maxWin = new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(
      session.game.rules.maxWinMultiplier,
    );
    expect(rtp).toContain(`${maxWin}×`);
    await screenshot(page, 'paytable');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'History' }).click();
    await page.waitForSelector('[data-testid="history"] tbody tr');
    expect(await page.locator('[data-testid="history"] tbody tr').count()).toBe(1);
    await screenshot(page, 'history');
    await context.close();
  });

  it('animations run in full when motion is not reduced', async () => {
    const launch = await launchUrl(server, apiKey, { symbol: 'rf_orbit_orchard', player: 'p-motion' });
    // A spin without free spins: played out in full motion, they could outlast the wait below.
    const seed = findQuietSeed('rf_orbit_orchard', 1);
    expect((await runtime(server, launch.token, 'test/rng', { seed })).status).toBe(204);
    const context = await newContext(browser, DESKTOP, { reducedMotion: 'no-preference' });
    const page = await context.newPage();
    await openGame(page, launch.url);
    await page.evaluate(() => {
      const app = document.getElementById('app') as HTMLElement;
      const seen: string[] = [];
      (window as unknown as { rfStates: string[] }).rfStates = seen;
      new MutationObserver(() => seen.push(app.dataset.state ?? '')).observe(app, { attributes: true });
    });
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    await screenshot(page, 'spinning');
    await idle(page);
    const states = await page.evaluate(() => (window as unknown as { rfStates: string[] }).rfStates);
    expect(states).toContain('spinning');
    expect(states).toContain('presenting');
    await expectBalanceMatches(page, launch.token);
    await context.close();
  });
});
