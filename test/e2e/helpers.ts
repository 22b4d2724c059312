// e2e helpers: a real Reelforge node, Chromium through playwright-core, launch URLs from the
// provider API, and seeds that make the engine's next spin start a feature.
import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { Clock } from '../../src/services/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

export const ARTIFACTS = path.resolve('test-results/e2e');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const PHONE_LANDSCAPE = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true };

export async function startE2eServer(
  options: { clock?: Clock; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rf-e2e-data-'));
  return startTestServer({ DEMO_LOBBY: 'true', DATA_DIR: dataDir, ...options.env }, { clock: options.clock });
}

/** Chromium as on a machine without outside network: headless, no GPU, no background traffic. */
export async function launchChromium(): Promise<Browser> {
  await mkdir(ARTIFACTS, { recursive: true });
  // playwright-core gives every launch a fresh, empty --user-data-dir of its own.
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** A browser context; reduced motion keeps the suite fast (animations have their own test). */
export async function newContext(
  browser: Browser,
  device: typeof DESKTOP | typeof PHONE,
  options: { reducedMotion?: 'reduce' | 'no-preference'; intro?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...device, reducedMotion: options.reducedMotion ?? 'reduce' });
  // A player who has seen the intro screen before: games open straight to the reels (its own test opts in).
  if (!options.intro) await context.addInitScript(skipIntro);
  return context;
}

/** Runs in the page: the player's settings say "no intro screen" unless they already say something. */
export function skipIntro(): void {
  try {
    if (localStorage.getItem('rf.prefs.v1') === null)
      localStorage.setItem('rf.prefs.v1', JSON.stringify({ intro: false }));
  } catch {
    // storage refused (an opaque origin): nothing to remember
  }
}

export interface Launch {
  token: string;
  url: string;
}

export async function launchUrl(
  server: TestServer,
  apiKey: string,
  fields: {
    symbol: string;
    player: string;
    device?: 'desktop' | 'mobile';
    returnUrl?: string;
    coin?: string;
    currency?: string;
    /** More launch fields (a market, the player's limits). */
    extra?: Record<string, unknown>;
  },
): Promise<Launch> {
  const response = await server.request('/api/provider/v1/launch-url', {
    method: 'POST',
    headers: { 'x-provider-api-key': apiKey },
    json: {
      symbol: fields.symbol,
      external_player_id: fields.player,
      device: fields.device ?? 'desktop',
      currency: fields.currency ?? 'USD',
      ...(fields.coin ? { coin: fields.coin } : {}),
      ...fields.extra,
      ...(fields.returnUrl ? { return_url: fields.returnUrl } : {}),
    },
  });
  const body = (await response.json()) as { session_id: string; launch_url: string };
  if (response.status !== 200) throw new Error(`launch failed: ${JSON.stringify(body)}`);
  return { token: body.session_id, url: body.launch_url };
}

export async function runtime(server: TestServer, token: string, route: string, json?: unknown) {
  const response = await server.request(`/api/runtime/v1/${route}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}` },
    json,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Opens a game page and waits until it accepts a spin. */
export async function openGame(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await idle(page);
}

export async function idle(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForSelector('#app[data-state="idle"]', { timeout });
}

export async function shownBalance(page: Page): Promise<string | null> {
  return page.getAttribute('[data-testid="balance"]', 'data-amount');
}

/**
 * Clicks Spin and waits until that call (and any free spins it started) is over. A random spin can
 * land the pick bonus, which waits for the player: the helper picks and collects as a player would.
 */
export async function spinOnce(page: Page): Promise<void> {
  const plays = Number((await page.getAttribute('#app', 'data-plays')) ?? '0');
  await page.getByRole('button', { name: 'Spin', exact: true }).click();
  await finishPlay(page, plays);
  await idle(page, 120_000);
}

/** Waits until more than `plays` calls are over, playing out a pick bonus on the way. */
async function finishPlay(page: Page, plays: number, timeout = 60_000): Promise<void> {
  for (;;) {
    // Either the call is over or a pick bonus waits for the player: nothing else can happen.
    await page.waitForFunction(
      (n) =>
        Number(document.getElementById('app')?.dataset.plays ?? '0') > n ||
        document.querySelector('dialog[data-testid="pick-bonus"][open]') !== null,
      plays,
      { timeout },
    );
    const bonus = page.locator('dialog[data-testid="pick-bonus"][open]');
    if (!(await bonus.isVisible())) return;
    const collect = bonus.locator('.dialog-actions button:not([hidden])');
    if (await collect.isVisible()) await collect.click();
    else await bonus.locator('button.pick:not([disabled])').first().click({ timeout });
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

export { findQuietSeed, findSeed, findSequenceSeed, stakeMultiple } from './seeds.ts';
