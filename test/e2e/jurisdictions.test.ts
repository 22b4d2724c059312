// What the player sees and cannot do under a market's rules (issue 13), in Chromium against a real
// server: under Great Britain and Germany no autoplay, no turbo or quick-stop where banned, the
// session clock and net position, no celebration of a return at or below the stake, the Spin button
// waiting out the minimum cycle, and the reality check (continue, leave to the lobby, or the closing
// screen); under the default profile autoplay with its count and loss limit. The server's clock can
// be moved ahead (never back) so a reality check falls due without waiting an hour.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import {
  DESKTOP,
  findSeed,
  idle,
  launchChromium,
  launchUrl,
  newContext,
  openGame,
  PHONE,
  runtime,
  screenshot,
  spinOnce,
  stakeMultiple,
  startE2eServer,
} from './helpers.ts';

let server: TestServer;
let browser: Browser;
let apiKey: string;
/** How far the server's clock runs ahead of the real one. */
let ahead = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    // Sessions outlive the hours the clock is moved ahead.
    startE2eServer({
      clock: { now: () => new Date(Date.now() + ahead) },
      env: { SESSION_TTL_SECONDS: '604800' },
    }),
    launchChromium(),
  ]);
  apiKey = (await server.createOperator()).apiKey;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Market {
  jurisdiction?: string;
  currency: string;
  extra?: Record<string, unknown>;
}
const UK: Market = { jurisdiction: 'uk', currency: 'GBP' };
const DE: Market = { jurisdiction: 'de', currency: 'EUR' };
const DEFAULT: Market = { currency: 'USD' };

async function play(
  market: Market,
  player: string,
  options: {
    symbol?: string;
    device?: typeof DESKTOP | typeof PHONE;
    returnUrl?: string;
    extra?: Record<string, unknown>;
    seed?: number;
    /** Runs after the launch, before the page opens (moving the server's clock). */
    beforeOpen?: () => void;
  } = {},
): Promise<{ page: Page; token: string }> {
  const device = options.device ?? DESKTOP;
  const launch = await launchUrl(server, apiKey, {
    symbol: options.symbol ?? 'rf_copper_sevens',
    player,
    device: device === PHONE ? 'mobile' : 'desktop',
    currency: market.currency,
    ...(options.returnUrl ? { returnUrl: options.returnUrl } : {}),
    extra: { ...(market.jurisdiction ? { jurisdiction: market.jurisdiction } : {}), ...options.extra },
  });
  if (options.seed !== undefined)
    expect((await runtime(server, launch.token, 'test/rng', { seed: options.seed })).status).toBe(204);
  options.beforeOpen?.();
  const context = await newContext(browser, device);
  const page = await context.newPage();
  await openGame(page, launch.url);
  return { page, token: launch.token };
}

const spinButton = (page: Page) => page.getByRole('button', { name: 'Spin', exact: true });

/** Records every celebration screen the overlay shows from now on. */
async function watchOverlay(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { rfSeen: string[]; rfWaited: boolean };
    w.rfSeen = [];
    w.rfWaited = false;
    const overlay = document.querySelector('[data-testid="overlay"]') as HTMLElement;
    new MutationObserver(() => {
      if (!overlay.hidden && overlay.dataset.screen)
        w.rfSeen.push(`${overlay.dataset.screen}${overlay.dataset.tier ? `:${overlay.dataset.tier}` : ''}`);
    }).observe(overlay, { attributes: true, childList: true, subtree: true });
    const app = document.getElementById('app') as HTMLElement;
    new MutationObserver(() => {
      if (app.dataset.cycleWait) w.rfWaited = true;
    }).observe(app, { attributes: true, attributeFilter: ['data-cycle-wait'] });
  });
}

const overlaysSeen = (page: Page) =>
  page.evaluate(() => [...new Set((window as unknown as { rfSeen: string[] }).rfSeen)]);

/** Start times of the session's rounds, oldest first (ms). */
async function roundStarts(token: string): Promise<number[]> {
  const history = await runtime(server, token, 'history');
  expect(history.status).toBe(200);
  return (history.body.rounds as Array<{ created_at: string }>)
    .map((r) => Date.parse(r.created_at))
    .reverse();
}

/** What the server answers a spin sent straight to the API now (e.g. a left session plays no more). */
async function spinStatus(token: string): Promise<number> {
  const session = await runtime(server, token, 'session');
  const spin = await runtime(server, token, 'spin', {
    coin: session.body.bet.default_coin,
    bet_level: session.body.bet.default_bet_level,
    special_bet: false,
    buy_feature: false,
    client_round_id: `c-api-${Date.now().toString(36)}`,
  });
  return spin.status;
}

/** The controls a market may ban, and whether the page has each. */
async function controls(page: Page) {
  const count = (testId: string) => page.getByTestId(testId).count();
  return {
    autoplay: (await count('autoplay')) > 0,
    turbo: (await count('turbo')) > 0,
    fullscreen: (await count('fullscreen')) > 0,
    sessionTime: await page.getByTestId('session-time').isVisible(),
    netPosition: await page.getByTestId('net-position').isVisible(),
  };
}

describe('under Great Britain’s rules', () => {
  it('shows the clock and net position, has no autoplay, turbo or quick-stop, and waits 2.5 s between spins', async () => {
    const { page, token } = await play(UK, 'p-uk-controls');
    const session = await runtime(server, token, 'session');
    expect(session.body.jurisdiction.code).toBe('uk');
    const rules = session.body.jurisdiction.rules;
    expect(await controls(page)).toEqual({
      autoplay: false,
      turbo: false,
      fullscreen: rules.fullscreen_allowed,
      sessionTime: true,
      netPosition: true,
    });
    expect(await page.getByTestId('session-time').textContent()).toMatch(/^\d+:\d\d$/);
    expect(await page.getByTestId('bet-facts').isVisible()).toBe(rules.show_rtp || rules.show_max_win);
    await watchOverlay(page);

    // Quick-stop is banned: while the answer is held back, Spin is disabled and neither Space nor a
    // tap on the reels stops them.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/runtime/v1/spin', async (route) => {
      await held;
      await route.continue();
    });
    const plays = Number((await page.getAttribute('#app', 'data-plays')) ?? '0');
    await spinButton(page).click();
    await page.waitForSelector('#app[data-state="spinning"]');
    expect(await spinButton(page).isDisabled()).toBe(true);
    await page.keyboard.press('Space');
    await page.getByTestId('stage').click({ force: true });
    release();
    await page.waitForFunction((n) => Number(document.getElementById('app')?.dataset.plays) > n, plays);
    await page.unroute('**/api/runtime/v1/spin');
    await idle(page);
    expect(await page.getAttribute('#app', 'data-slammed')).toBeNull();

    // The next spin waits for the cycle: the client holds Spin back, so the server never refuses it.
    await spinOnce(page);
    await spinOnce(page);
    const starts = await roundStarts(token);
    expect(starts).toHaveLength(3);
    for (let i = 1; i < starts.length; i++)
      expect((starts[i] as number) - (starts[i - 1] as number)).toBeGreaterThanOrEqual(rules.min_cycle_ms);
    expect(await page.getAttribute('#app', 'data-cycle-refused')).toBeNull();

    // The net position shown is the server's.
    const after = await runtime(server, token, 'session');
    expect(await page.getAttribute('[data-testid="net-position"]', 'data-amount')).toBe(
      after.body.jurisdiction.net_position,
    );
    await screenshot(page, 'jurisdiction-uk-desktop');
    await page.context().close();
  });

  it('a spin the server finds too soon waits the time it is told, says so, and is sent again', async () => {
    const { page, token } = await play(UK, 'p-uk-too-fast');
    // A round played a moment ago from elsewhere in this session: the page does not know of it.
    expect(await spinStatus(token)).toBe(200);
    await spinOnce(page);
    expect(await page.getAttribute('#app', 'data-cycle-refused')).toBe('1');
    expect(await page.getByTestId('notice').textContent()).toContain('Rounds have a minimum length here');
    const starts = await roundStarts(token);
    expect(starts).toHaveLength(2);
    expect((starts[1] as number) - (starts[0] as number)).toBeGreaterThanOrEqual(2500);
    await page.context().close();
  });

  // Only big wins (10× and more) take the screen now, in every market: the default profile too shows
  // an even return on the reels only, and the UK's ban on celebrating it holds either way.
  it('shows a return equal to the stake as an amount, without a celebration', async () => {
    const symbol = 'rf_copper_sevens';
    const seed = findSeed(symbol, 'base', (o) => o.features.length === 0 && stakeMultiple(symbol, o) === 1);
    for (const [market, name, expected] of [
      [UK, 'uk', []],
      [DEFAULT, 'default', []],
    ] as const) {
      const { page, token } = await play(market, `p-${name}-even`, { seed });
      await watchOverlay(page);
      await spinOnce(page);
      const [round] = (await runtime(server, token, 'history')).body.rounds;
      expect(round.win).toBe(round.stake);
      expect(await overlaysSeen(page), name).toEqual(expected);
      expect(await page.getAttribute('[data-testid="last-win"]', 'data-amount')).toBe(round.win);
      await page.context().close();
    }
  });

  it('a reality check: the time played and net position, the history link, Continue; then Leave to the lobby', async () => {
    const returnUrl = `${server.url}/healthz?left=1`;
    const history = 'https://casino.example/account/history';
    const launchFields = { reality_check_interval: 60, history_url: history };
    // The check falls due two seconds after the page opens: the local timer opens the dialog.
    const { page, token } = await play(UK, 'p-uk-reality', {
      returnUrl,
      extra: launchFields,
      beforeOpen: () => {
        ahead += 58_000;
      },
    });
    const dialog = page.getByTestId('reality-check');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await dialog.getAttribute('role')).toBe('alertdialog');
    const text = (await dialog.textContent()) ?? '';
    expect(text).toMatch(/You have been playing for \d+:\d\d/);
    expect(text).toContain('Your net position in this session');
    expect(await dialog.getByTestId('history-link').getAttribute('href')).toBe(history);
    // Focus starts on the heading (never on Continue, which a held Space would answer unread) and
    // stays in the dialog; Space, Enter and Escape do not dismiss it.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('rc-title');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    expect(await dialog.isVisible()).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => !!document.activeElement?.closest('[data-testid="reality-check"]')),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await screenshot(page, 'jurisdiction-uk-reality-check');
    await dialog.getByRole('button', { name: 'Continue playing' }).click();
    await dialog.waitFor({ state: 'detached' });
    await spinOnce(page);
    expect(await roundStarts(token)).toHaveLength(1);

    // An hour later by the server's clock: the spin is refused for the check, which opens again.
    ahead += 3_600_000;
    await spinButton(page).click();
    await dialog.waitFor({ state: 'visible' });
    expect(await roundStarts(token)).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Leave the game' }).click();
    await page.waitForURL(/healthz\?left=1/);
    expect(await spinStatus(token)).toBeGreaterThanOrEqual(400);
    await page.context().close();
  });
});

describe('a session limit', () => {
  it('ends play with a message naming the limit and the way back to the lobby', async () => {
    const returnUrl = `${server.url}/healthz?limit=1`;
    const { page, token } = await play(UK, 'p-uk-time-limit', {
      returnUrl,
      extra: { session_time_limit: 60 },
    });
    await spinOnce(page);
    ahead += 61_000; // the server's clock passes the player's time limit
    await spinButton(page).click();
    const message = page.getByTestId('error-session_limit_reached');
    await message.waitFor();
    expect(await message.textContent()).toContain('You have reached the time limit set for this session');
    expect(await roundStarts(token)).toHaveLength(1);
    expect(await page.getAttribute('#app', 'data-state')).toBe('ended');
    await screenshot(page, 'jurisdiction-uk-time-limit');
    await message.getByRole('button', { name: 'Back to lobby' }).click();
    await page.waitForURL(/healthz\?limit=1/);
    await page.context().close();
  });
});

describe('one game at a time', () => {
  it('a second game of the same player tells them another game is open, and plays nothing', async () => {
    const first = await play(UK, 'p-uk-two-games');
    const second = await play(UK, 'p-uk-two-games', { symbol: 'rf_ember_crown' });
    await spinOnce(first.page);
    await spinButton(second.page).click();
    const message = second.page.getByTestId('error-game_in_progress_elsewhere');
    await message.waitFor();
    expect(await message.textContent()).toContain('One game at a time is allowed');
    expect(await roundStarts(second.token)).toHaveLength(0);
    await message.getByRole('button', { name: 'OK' }).click();
    expect(await second.page.getAttribute('#app', 'data-state')).not.toBe('ended');
    await first.page.context().close();
    await second.page.context().close();
  });
});

describe('under Germany’s rules', () => {
  it('offers no autoplay, caps the bet at €1, and counts down the five-second cycle before the next spin', async () => {
    const { page, token } = await play(DE, 'p-de-controls');
    const session = await runtime(server, token, 'session');
    expect(session.body.jurisdiction.code).toBe('de');
    const rules = session.body.jurisdiction.rules;
    expect(rules.min_cycle_ms).toBe(5000);
    const shown = await controls(page);
    expect(shown.autoplay).toBe(false);
    expect(shown.turbo).toBe(rules.turbo_allowed);
    expect(shown.sessionTime).toBe(rules.show_session_time);
    expect(shown.netPosition).toBe(rules.show_net_position);
    // Where the stake is placed: the return to player and the top prize.
    expect(rules.show_rtp && rules.show_max_win).toBe(true);
    expect(await page.getByTestId('bet-facts').textContent()).toMatch(/^RTP \d+(\.\d+)?% · Max win €\d/);
    // The highest bet the ladder reaches is at most €1.
    const up = page.getByRole('button', { name: 'Bet +' });
    for (let i = 0; i < 40 && !(await up.isDisabled()); i++) await up.click();
    const total = (await page.getByTestId('total-bet').textContent()) ?? '';
    expect(Number(total.replace(/[^\d.,]/g, '').replace(',', '.'))).toBeLessThanOrEqual(1);

    await watchOverlay(page);
    await spinOnce(page);
    // Five seconds from the round's start: the countdown shows beside a disabled Spin.
    await page.waitForFunction(() => (window as unknown as { rfWaited: boolean }).rfWaited);
    await spinOnce(page);
    const starts = await roundStarts(token);
    expect(starts).toHaveLength(2);
    expect((starts[1] as number) - (starts[0] as number)).toBeGreaterThanOrEqual(5000);
    expect(await page.getAttribute('#app', 'data-cycle-refused')).toBeNull();
    await screenshot(page, 'jurisdiction-de-desktop');
    await page.context().close();
  });

  it('leaving at a reality check without a lobby says the window may be closed', async () => {
    const { page, token } = await play(DE, 'p-de-reality', {
      extra: { reality_check_interval: 60 },
      device: PHONE,
      beforeOpen: () => {
        ahead += 61_000;
      },
    });
    const dialog = page.getByTestId('reality-check');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    await screenshot(page, 'jurisdiction-de-reality-check-phone');
    await dialog.getByRole('button', { name: 'Leave the game' }).click();
    const end = page.getByTestId('end-screen');
    await end.waitFor();
    expect(await end.textContent()).toContain('You may close this window');
    expect(await spinStatus(token)).toBeGreaterThanOrEqual(400);
    await page.context().close();
  });
});

describe('autoplay under the default profile', () => {
  async function startAutoplay(page: Page, rounds: string, loss = '', win = ''): Promise<void> {
    await page.getByTestId('autoplay').click();
    const dialog = page.getByTestId('autoplay-settings');
    await dialog.waitFor();
    await dialog.getByLabel('Number of spins').selectOption(rounds);
    await dialog.getByLabel(/Stop when my loss reaches/).fill(loss);
    await dialog.getByLabel(/Stop when a single win reaches/).fill(win);
    await dialog.getByRole('button', { name: 'Start autoplay' }).click();
  }

  const stoppedFor = async (page: Page) => {
    await page.waitForSelector('#app[data-autoplay-stopped]', { timeout: 110_000 });
    await idle(page);
    return page.getAttribute('#app', 'data-autoplay-stopped');
  };

  it('offers turbo and super turbo, and Space stops the spinning reels', async () => {
    const { page } = await play(DEFAULT, 'p-default-turbo');
    const turbo = page.getByTestId('turbo');
    const speeds: Array<string | null> = [];
    for (let i = 0; i < 3; i++) {
      await turbo.click();
      speeds.push(await turbo.getAttribute('data-speed'));
    }
    expect(speeds).toEqual(['2', '4', '1']);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/runtime/v1/spin', async (route) => {
      await held;
      await route.continue();
    });
    await spinButton(page).click();
    await page.waitForSelector('#app[data-state="spinning"]');
    await page.getByRole('button', { name: 'Stop the reels' }).waitFor();
    await page.keyboard.press('Space');
    expect(await page.getAttribute('#app', 'data-slammed')).toBe('1');
    release();
    await idle(page);
    await page.context().close();
  });

  it('plays the chosen count and stops', async () => {
    const { page, token } = await play(DEFAULT, 'p-auto-count');
    expect((await controls(page)).autoplay).toBe(true);
    // The first round's answer is held back, so the running state can be looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/runtime/v1/spin', async (route) => {
      await held;
      await route.continue();
    });
    await startAutoplay(page, '10');
    const stop = page.getByRole('button', { name: 'Stop autoplay' });
    await stop.waitFor();
    expect(await stop.textContent()).toBe('STOP 10');
    expect(await page.locator('button.spin').isDisabled()).toBe(true);
    await screenshot(page, 'jurisdiction-default-autoplay-running');
    release(); // every later spin goes straight through
    expect(await stoppedFor(page)).toBe('count');
    expect(await roundStarts(token)).toHaveLength(10);
    expect(await page.getByTestId('notice').textContent()).toContain('every spin was played');
    await page.context().close();
  });

  it('refuses a loss limit that is not an amount, then stops before the loss could pass the limit', async () => {
    // Seeded: whether the loss reaches the limit before the spin count runs out is the outcomes'
    // doing, and a lucky run of wins once played all 100 spins (stopped for 'count').
    const { page, token } = await play(DEFAULT, 'p-auto-loss', { seed: 7 });
    const stake = Number(((await page.getByTestId('total-bet').textContent()) ?? '').replace(/[^\d.]/g, ''));
    await page.getByTestId('autoplay').click();
    const dialog = page.getByTestId('autoplay-settings');
    await dialog.getByLabel(/Stop when my loss reaches/).fill('lots');
    await dialog.getByRole('button', { name: 'Start autoplay' }).click();
    expect(await dialog.getByText('Enter an amount greater than zero').isVisible()).toBe(true);
    expect(await dialog.getByLabel(/Stop when my loss reaches/).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'jurisdiction-default-autoplay-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const limit = (stake * 2).toFixed(2);
    await startAutoplay(page, '100', limit);
    expect(await stoppedFor(page)).toBe('loss_limit');
    const rounds = (await runtime(server, token, 'history?limit=100')).body.rounds as Array<{
      stake: string;
      win: string;
    }>;
    const cents = (d: string) => Math.round(Number(d) * 100);
    const loss = rounds.reduce((sum, r) => sum + cents(r.stake) - cents(r.win), 0);
    expect(rounds.length).toBeLessThan(100);
    expect(loss).toBeLessThanOrEqual(cents(limit));
    // It stopped because one more spin could have taken the loss past the limit.
    expect(loss + cents(stake.toFixed(2))).toBeGreaterThan(cents(limit));
    await page.context().close();
  });
});

describe('screens by market', () => {
  for (const [name, market] of [
    ['uk', UK],
    ['de', DE],
    ['default', DEFAULT],
  ] as const) {
    it(`${name} on a phone`, async () => {
      const { page } = await play(market, `p-shot-${name}`, { device: PHONE });
      await spinOnce(page);
      await screenshot(page, `jurisdiction-${name}-phone`);
      if (name === 'default') {
        await page.getByTestId('autoplay').click();
        await page.getByTestId('autoplay-settings').waitFor();
        await screenshot(page, 'jurisdiction-default-autoplay-phone');
        await page.keyboard.press('Escape');
        await page.getByTestId('autoplay-settings').waitFor({ state: 'detached' });
      }
      await page.context().close();
    });
  }
});
