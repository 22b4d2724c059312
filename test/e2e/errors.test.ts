// What the player is told when things go wrong: insufficient funds, a wallet that does not answer,
// an expired session, a lost connection (retried with the same client_round_id), and a reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockWallet, type MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  DESKTOP,
  idle,
  launchChromium,
  launchUrl,
  newContext,
  openGame,
  runtime,
  screenshot,
  shownBalance,
  spinOnce,
  startE2eServer,
} from './helpers.ts';

const SECRET = 'e2e-wallet-secret-0123456789abcdef';

let server: TestServer;
let browser: Browser;
let internalKey: string;
let callbackKey: string;
let wallet: MockWallet;
let walletDown = false;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
  internalKey = (await server.createOperator()).apiKey;
  wallet = createMockWallet({
    secret: SECRET,
    players: { 'p-poor': { balance: '0.50' }, 'p-down': { balance: '500.00' } },
    fault: (type) => (walletDown && type === 'debit' ? { kind: 'status', status: 500 } : undefined),
  });
  const url = await wallet.listen();
  callbackKey = (
    await server.createOperator({ wallet_mode: 'callback', wallet_base_url: url, wallet_secret: SECRET })
  ).apiKey;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await wallet?.close();
});

describe('errors the player sees', () => {
  it('insufficient funds', async () => {
    const launch = await launchUrl(server, callbackKey, { symbol: 'rf_ember_crown', player: 'p-poor' });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, launch.url);
    expect(await shownBalance(page)).toBe('0.50');
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const dialog = page.getByTestId('error-insufficient_funds');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Insufficient funds');
    await screenshot(page, 'error-insufficient-funds');
    await page.getByRole('button', { name: 'OK' }).click();
    await idle(page);
    expect(await shownBalance(page)).toBe('0.50');
    await context.close();
  });

  it('a wallet that does not answer', async () => {
    const launch = await launchUrl(server, callbackKey, { symbol: 'rf_ember_crown', player: 'p-down' });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, launch.url);
    walletDown = true;
    try {
      await page.getByRole('button', { name: 'Spin', exact: true }).click();
      const dialog = page.getByTestId('error-wallet_unavailable');
      await dialog.waitFor({ timeout: 30_000 });
      expect(await dialog.textContent()).toContain('Wallet not answering');
      await screenshot(page, 'error-wallet-unavailable');
    } finally {
      walletDown = false;
    }
    await page.getByRole('button', { name: 'OK' }).click();
    await idle(page);
    await spinOnce(page);
    expect(await shownBalance(page)).toBe((await runtime(server, launch.token, 'session')).body.balance);
    await context.close();
  });

  it('an expired session stops play and offers the way back to the lobby', async () => {
    const launch = await launchUrl(server, internalKey, {
      symbol: 'rf_ember_crown',
      player: 'p-expired',
      returnUrl: `${server.url}/`,
    });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, launch.url);
    await server.store.pool.query(
      "update game_sessions set expires_at = now() - interval '1 minute' where player_id = $1",
      ['p-expired'],
    );
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const dialog = page.getByTestId('error-session_expired');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Session expired');
    await screenshot(page, 'error-session-expired');
    expect(await page.getByRole('button', { name: 'Spin', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Back to lobby' }).click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });

  it('a lost connection is retried with the same client_round_id', async () => {
    const launch = await launchUrl(server, internalKey, { symbol: 'rf_copper_sevens', player: 'p-offline' });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, launch.url);
    const ids: string[] = [];
    let offline = true;
    await page.route('**/api/runtime/v1/spin', async (route) => {
      ids.push(JSON.parse(route.request().postData() ?? '{}').client_round_id);
      if (offline) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const dialog = page.getByTestId('error-network');
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toContain('Connection lost');
    await screenshot(page, 'error-connection-lost');
    offline = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await idle(page);
    expect(ids.length).toBeGreaterThan(2);
    expect(new Set(ids).size).toBe(1);
    const history = (await runtime(server, launch.token, 'history')).body.rounds;
    expect(history).toHaveLength(1);
    expect(history[0].client_round_id).toBe(ids[0]);
    expect(await shownBalance(page)).toBe((await runtime(server, launch.token, 'session')).body.balance);
    await context.close();
  });

  it('a reloaded page shows the last round again from the runtime API', async () => {
    const launch = await launchUrl(server, internalKey, { symbol: 'rf_ember_crown', player: 'p-reload' });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, launch.url);
    await spinOnce(page);
    await page.reload();
    await idle(page);
    const session = (await runtime(server, launch.token, 'session')).body;
    expect(session.last_round).not.toBeNull();
    expect(await page.getByTestId('last-win').getAttribute('data-amount')).toBe(session.last_round.win);
    expect(await shownBalance(page)).toBe(session.balance);
    await context.close();
  });
});
