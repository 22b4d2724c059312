// Free rounds, demo play and round details in the browser: a player accepts a granted offer and
// plays it to its end (nothing debited, wins credited, a summary), a demo session wears its DEMO
// label and resets its fun balance, and support opens a round's details page from its signed URL.
import type { Browser } from 'playwright-core';
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
  runtime,
  screenshot,
  shownBalance,
  spinOnce,
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

async function provider(path: string, json?: unknown) {
  const response = await server.request(path, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { 'x-provider-api-key': apiKey },
    json,
  });
  return { status: response.status, body: await response.json() };
}

const cents = (text: string | null) => BigInt((text ?? 'x').replace('.', ''));

describe('free rounds, demo and round details in the browser', () => {
  it('plays a granted free-rounds offer to its end, then opens a round details page', async () => {
    const created = await provider('/api/provider/v1/free-rounds/campaigns', {
      campaign_id: 'e2e-welcome',
      games: ['rf_copper_sevens'],
      currency: 'USD',
      rounds: 3,
      coin: '0.10',
      bet_level: 2,
      expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      players: ['p-fr'],
    });
    expect(created.status).toBe(201);
    const launch = await launchUrl(server, apiKey, { symbol: 'rf_copper_sevens', player: 'p-fr' });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, launch.url);

    const offer = page.getByTestId('free-rounds-offer');
    await offer.waitFor();
    const bet = (await runtime(server, launch.token, 'session')).body.free_rounds[0].bet as string;
    await expect.poll(() => offer.textContent(), { timeout: 30_000 }).toContain(`3 free rounds at $${bet}`);
    await screenshot(page, 'free-rounds-offer');
    const start = cents(await shownBalance(page));
    await page.getByTestId('free-rounds-play').click();
    await expect
      .poll(() => page.getByTestId('free-rounds-status').textContent(), { timeout: 30_000 })
      .toContain('3 left');

    for (let i = 0; i < 3; i++) {
      if (i === 2) {
        // The summary dialog opens when the last round is over: wait for it rather than idle.
        await page.getByRole('button', { name: 'Spin', exact: true }).click();
        break;
      }
      await spinOnce(page);
      await expect
        .poll(() => page.getByTestId('free-rounds-status').textContent(), { timeout: 30_000 })
        .toContain(`${2 - i} left`);
      if (i === 0) await screenshot(page, 'free-rounds-playing');
    }
    const done = page.getByTestId('free-rounds-done');
    await done.waitFor({ timeout: 60_000 });
    await screenshot(page, 'free-rounds-done');
    await done.getByRole('button', { name: 'Continue' }).click();
    await idle(page);

    // Nothing was debited: the balance grew by exactly the three wins, as the API says.
    const listed = await provider('/api/provider/v1/rounds?player_id=p-fr');
    const rounds = listed.body.data.rounds as Array<{
      stake: string;
      win: string;
      free_round: unknown;
      round_details_url: string;
      transactions: Array<{ type: string; action_type: string }>;
    }>;
    expect(rounds).toHaveLength(3);
    const won = rounds.reduce((sum, r) => sum + cents(r.win), 0n);
    for (const round of rounds) {
      expect(round.stake).toBe('0.00');
      expect(round.free_round).toEqual({ campaign_id: 'e2e-welcome', grant_id: expect.any(String) });
      expect(round.transactions.map((t) => `${t.type}:${t.action_type}`)).toEqual(['credit:free_round']);
    }
    const api = (await runtime(server, launch.token, 'session')).body;
    expect(cents(api.balance)).toBe(start + won);
    expect(await shownBalance(page)).toBe(api.balance);
    expect(api.free_rounds).toEqual([]);
    await expect(page.getByTestId('free-rounds-status').isHidden()).resolves.toBe(true);

    // Support opens the first round's details from its signed URL: no key, no session.
    const support = await context.newPage();
    await support.goto(rounds[0]?.round_details_url as string);
    await support.waitForSelector('#round[data-state="ready"]', { timeout: 30_000 });
    await expect
      .poll(() => support.getByTestId('game').textContent(), { timeout: 30_000 })
      .toContain('Copper Sevens');
    await expect
      .poll(() => support.getByTestId('model-hash').textContent(), { timeout: 30_000 })
      .toMatch(/^[0-9a-f]{64}$/);
    await expect
      .poll(() => support.getByTestId('replay').textContent(), { timeout: 30_000 })
      .toContain('re-derive');
    expect(await support.locator('[data-testid="screen"] img').count()).toBeGreaterThanOrEqual(9);
    await screenshot(support, 'round-details');
    await context.close();
  });

  it('celebrates only what a capped grant paid, then ends the grant at its cap', async () => {
    // A seeded first free round that wins at least 10× its bet (a big win uncapped), under a cap of
    // 0.01: the player must see 0.01 counted, no tier screen, and the offer end.
    const seed = findSeed(
      'rf_ember_crown',
      'base',
      (o) => o.features.length === 0 && stakeMultiple('rf_ember_crown', o) >= 10,
    );
    const created = await provider('/api/provider/v1/free-rounds/campaigns', {
      campaign_id: 'e2e-capped',
      games: ['rf_ember_crown'],
      currency: 'USD',
      rounds: 5,
      coin: '0.10',
      bet_level: 1,
      max_win: '0.01',
      expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      players: ['p-fr-cap'],
    });
    expect(created.status).toBe(201);
    const launch = await launchUrl(server, apiKey, { symbol: 'rf_ember_crown', player: 'p-fr-cap' });
    expect((await runtime(server, launch.token, 'test/rng', { seed })).status).toBe(204);
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, launch.url);
    const offer = page.getByTestId('free-rounds-offer');
    await offer.waitFor();
    await expect
      .poll(() => offer.textContent(), { timeout: 30_000 })
      .toContain('the offer ends once that is paid');
    // Every amount the win meter shows, as it counts.
    await page.evaluate(() => {
      const meter = document.querySelector('[data-testid="last-win"]') as HTMLElement;
      const seen: string[] = [];
      (window as unknown as { rfWins: string[] }).rfWins = seen;
      new MutationObserver(() => seen.push(meter.dataset.amount ?? '')).observe(meter, {
        attributes: true,
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.getByTestId('free-rounds-play').click();
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const done = page.getByTestId('free-rounds-done');
    await done.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => done.getByTestId('free-rounds-cap').textContent(), { timeout: 30_000 })
      .toContain('$0.01');
    await screenshot(page, 'free-rounds-capped');
    await done.getByRole('button', { name: 'Continue' }).click();
    await idle(page);

    const rounds = (await provider('/api/provider/v1/rounds?player_id=p-fr-cap')).body.data.rounds as Array<{
      win: string;
    }>;
    expect(rounds.map((r) => r.win)).toEqual(['0.01']);
    const wins = await page.evaluate(() => (window as unknown as { rfWins: string[] }).rfWins);
    const shown = wins.filter((w) => w !== '').map((w) => cents(w));
    expect(shown.length).toBeGreaterThan(0);
    // Never more than was paid, and no tier screen for a win below the bet.
    expect(shown.every((w) => w <= 1n)).toBe(true);
    expect(await page.getAttribute('[data-testid="last-win"]', 'data-amount')).toBe('0.01');
    expect(await page.getAttribute('#app', 'data-last-tier')).toBeNull();
    expect(await page.getAttribute('#app', 'data-grant-cap')).toBe('0.01');
    // The grant is over: nothing more offered, the strip gone.
    expect((await runtime(server, launch.token, 'session')).body.free_rounds).toEqual([]);
    await expect(page.getByTestId('free-rounds-status').isHidden()).resolves.toBe(true);
    await context.close();
  });
  it('a campaign cancelled mid-game: the game drops the offer, says so and plays on paid spins', async () => {
    const campaign = {
      campaign_id: 'e2e-withdrawn',
      games: ['rf_copper_sevens'],
      currency: 'USD',
      rounds: 5,
      coin: '0.10',
      bet_level: 1,
      expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      players: ['p-fr-cancel'],
    };
    expect((await provider('/api/provider/v1/free-rounds/campaigns', campaign)).status).toBe(201);
    const launch = await launchUrl(server, apiKey, { symbol: 'rf_copper_sevens', player: 'p-fr-cancel' });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, launch.url);
    await page.getByTestId('free-rounds-play').click();
    await spinOnce(page);
    await expect
      .poll(() => page.getByTestId('free-rounds-status').textContent(), { timeout: 30_000 })
      .toContain('4 left');

    // The operator cancels the campaign while the game is open; the next spin finds the grant gone.
    const cancelled = await provider(
      `/api/provider/v1/free-rounds/campaigns/${campaign.campaign_id}/cancel`,
      {},
    );
    expect(cancelled.status).toBe(200);
    const plays = Number((await page.getAttribute('#app', 'data-plays')) ?? '0');
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const notice = page.getByTestId('free-rounds-withdrawn');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toContain('no longer available');
    await screenshot(page, 'free-rounds-withdrawn');
    await notice.getByRole('button', { name: 'Continue' }).click();
    await page.waitForFunction((n) => Number(document.getElementById('app')?.dataset.plays) > n, plays);
    await idle(page);
    expect(await page.getByTestId('free-rounds-status').isHidden()).toBe(true);
    expect(await shownBalance(page)).toBe((await runtime(server, launch.token, 'session')).body.balance);

    // Play goes on, now on the player's own (paid) bet, with no reload.
    await spinOnce(page);
    await spinOnce(page);
    const listed = await provider('/api/provider/v1/rounds?player_id=p-fr-cancel');
    const rounds = listed.body.data.rounds as Array<{ stake: string; free_round: unknown }>;
    expect(rounds).toHaveLength(3);
    expect(
      rounds.filter((round) => round.free_round !== null && round.free_round !== undefined),
    ).toHaveLength(1);
    expect(rounds.filter((round) => cents(round.stake) > 0n)).toHaveLength(2);
    expect(await shownBalance(page)).toBe((await runtime(server, launch.token, 'session')).body.balance);
    await context.close();
  });

  it('labels a demo session DEMO and resets its fun balance', async () => {
    const response = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      headers: { 'x-provider-api-key': apiKey },
      json: { symbol: 'rf_ember_crown', external_player_id: 'p-demo', currency: 'USD', play_mode: 'demo' },
    });
    const launched = (await response.json()) as { launch_url: string };
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, launched.launch_url);
    await page.getByTestId('demo-badge').waitFor();
    await spinOnce(page);
    await screenshot(page, 'demo-play');
    await page.getByTestId('demo-reset').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="balance"]')?.getAttribute('data-amount') === '1000.00',
    );
    await context.close();
  });
});
