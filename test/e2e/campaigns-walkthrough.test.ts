// Issue 29's "Done when", walked as a newcomer would, in Chromium against one real node: admin A
// creates a network tournament and a prize drop by typing into the back office's form, admin B
// approves both on the page; two operators (one on the internal wallet, one on a callback wallet:
// the mock wallet) opt in through the provider API; one player of each opens the game, joins from
// the campaign panel and spins (seeded), and each panel's leaderboard moves when the other plays; a
// due drop point lands on the next spin with its banner; the tournament ends, freezes and pays: each
// prize reaches its wallet exactly once and its receipt verifies with the operator's wallet secret.
// The server's clock is moved; the pages' clocks follow it, so what they count down is what the
// server decides.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededRng, initialState, spin } from '../../src/engine/index.ts';
import { getGame, modelOf } from '../../src/games/index.ts';
import { formatAmount, parseAmount } from '../../src/money.ts';
import { createMockWallet, type MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { eventually } from '../helpers/runtime.ts';
import type { TestServer } from '../helpers/server.ts';
import { createStaff, STAFF_PASSWORD } from '../helpers/staff.ts';
import {
  DESKTOP,
  idle,
  launchChromium,
  launchUrl,
  newContext,
  runtime,
  spinOnce,
  startE2eServer,
} from './helpers.ts';

const GAME = 'rf_ember_crown';
const SECRETS = {
  alpha: 'alpha-wallet-secret-0123456789abcdef',
  beta: 'beta-wallet-secret-0123456789abcdef',
};
const TOURNAMENT = 'Friday Multiplier Race';
const DROP = 'Hourly Cash Drops';

let server: TestServer;
let browser: Browser;
let wallet: MockWallet;
let walletUrl: string;
let shots: string;
/** The server's clock runs this far ahead of the real one; the test moves it (and the pages' with it). */
let aheadMs = 0;
/** When set, the server's clock stands still there: a drop's spin is at its point, whatever this machine's load. */
let heldAt: number | null = null;
const clock = { now: () => new Date(heldAt ?? Date.now() + aheadMs) };
const pages: Page[] = [];

beforeAll(async () => {
  [server, browser, shots] = await Promise.all([
    startE2eServer({ clock }),
    launchChromium(),
    mkdtemp(path.join(os.tmpdir(), 'rf-campaigns-walkthrough-')),
  ]);
  // Wallet calls are signed with the real time (the callback client's own clock), so the mock
  // wallet checks their timestamps against it too.
  wallet = createMockWallet({
    secret: SECRETS.beta,
    players: { 'ben-beta': { balance: '100.00', currency: 'EUR' } },
  });
  walletUrl = await wallet.listen();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await wallet?.close();
});

/** Moves the server's clock to `at` (and holds it there with `hold`), and every open page's with it. */
async function clockTo(at: number, hold = false): Promise<void> {
  aheadMs = at - Date.now();
  heldAt = hold ? at : null;
  for (const page of pages) await page.clock.setSystemTime(at);
}

async function newPage(): Promise<Page> {
  const page = await (await newContext(browser, DESKTOP)).newPage();
  // The page's clock runs with the server's, so its countdowns agree with what the server decides.
  await page.clock.install({ time: clock.now() });
  pages.push(page);
  return page;
}

async function shot(page: Page, name: string): Promise<string> {
  const file = path.join(shots, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

async function backOffice(email: string, problems: string[]): Promise<Page> {
  const page = await newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${server.url}/backoffice#/campaigns`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('main[data-page="campaigns"][data-state="ready"]');
  return page;
}

/** The first seed whose first `spins` base spins start no feature and whose first pays `first` (win ÷ stake). */
function seedWhere(spins: number, first: (multiple: number) => boolean): { seed: number; multiple: number } {
  const game = getGame(GAME);
  if (!game) throw new Error(`no game ${GAME}`);
  const model = modelOf(game);
  seeds: for (let seed = 1; seed < 200_000; seed++) {
    const rng = createSeededRng(seed, 0);
    let state = initialState(model);
    let multiple = 0;
    for (let i = 0; i < spins; i++) {
      const played = spin(model, state, { coin: 5n, betLevel: 1, mode: 'base' }, rng);
      if (played.outcome.features.length > 0) continue seeds;
      if (i === 0) {
        multiple = Number(BigInt(played.outcome.totalWin)) / (5 * model.lineCost);
        if (!first(multiple)) continue seeds;
      }
      state = played.nextState;
    }
    return { seed, multiple };
  }
  throw new Error('no seed found');
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

const minor = (amount: string, currency: string): bigint => {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) throw new Error(`${amount} is not a ${currency} amount`);
  return parsed.minor;
};

interface Player {
  page: Page;
  token: string;
  spins: Array<{ stake: string; win: string }>;
}

/** A player opens the game from the operator's launch URL (seeded), opens the panel and joins. */
async function openAndJoin(apiKey: string, player: string, currency: string, seed: number): Promise<Player> {
  const launch = await launchUrl(server, apiKey, { symbol: GAME, player, currency });
  expect((await runtime(server, launch.token, 'test/rng', { seed })).status).toBe(204);
  const page = await newPage();
  await page.goto(launch.url);
  await idle(page);
  const badge = page.getByTestId('campaign-badge');
  await badge.waitFor({ state: 'visible', timeout: 10_000 });
  await badge.click();
  const panel = page.getByTestId('campaign-panel');
  await panel.waitFor({ state: 'visible' });
  // The reels make room for the panel: none plays hidden under it.
  await expect
    .poll(async () => {
      const [stage, beside] = await Promise.all([
        page.getByTestId('stage').boundingBox(),
        panel.boundingBox(),
      ]);
      return stage && beside ? Math.round(beside.x - (stage.x + stage.width)) : null;
    })
    .toBeGreaterThanOrEqual(0);
  const canvas = await page.locator('[data-testid="stage"] canvas').boundingBox();
  const beside = await panel.boundingBox();
  expect((canvas?.x ?? 0) + (canvas?.width ?? Infinity)).toBeLessThanOrEqual((beside?.x ?? 0) + 1);
  await panel.getByRole('button', { name: TOURNAMENT }).click();
  await page.getByTestId('campaign-join').click();
  await page.getByTestId('campaign-joined').waitFor({ state: 'visible' });
  await panel.getByRole('button', { name: DROP }).click();
  await page.getByTestId('campaign-join').click();
  await page.getByTestId('campaign-joined').waitFor({ state: 'visible' });
  await panel.getByRole('button', { name: TOURNAMENT }).click();
  return { page, token: launch.token, spins: [] };
}

/** One spin by the Spin button; its stake and win as the server answered. */
async function play(player: Player): Promise<{ stake: string; win: string }> {
  const answered = player.page.waitForResponse((r) => r.url().endsWith('/api/runtime/v1/spin'));
  await spinOnce(player.page);
  const { round } = await (await answered).json();
  player.spins.push({ stake: round.stake, win: round.win });
  return player.spins.at(-1) as { stake: string; win: string };
}

const myPlace = (page: Page) => page.getByTestId('campaign-my-row').getAttribute('data-place');

/** The receipt's signature is HMAC-SHA256 of `canonical` under the wallet secret (docs/wallet-integration.md). */
async function verifiedReceipt(
  apiKey: string,
  prizeId: string,
  secret: string,
): Promise<Map<string, string>> {
  const response = await server.request(`/api/provider/v1/campaigns/prizes/${prizeId}/receipt`, {
    headers: { 'x-provider-api-key': apiKey },
  });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { canonical: string; signature: string } };
  const expected = Buffer.from(createHmac('sha256', secret).update(data.canonical, 'utf8').digest('hex'));
  const given = Buffer.from(data.signature);
  expect(given.length === expected.length && timingSafeEqual(given, expected)).toBe(true);
  const lines = data.canonical.split('\n');
  expect(lines[0]).toBe('reelforge-prize-receipt/v1');
  return new Map(
    lines.slice(1).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('tournaments and prize drops, walked through as a newcomer', () => {
  it('back office to wallet: a network tournament and a drop, two operators, the leaderboard, a drop, each prize paid once', async () => {
    const problems: string[] = [];
    const alpha = await server.createOperator({
      name: 'Alpha Casino',
      currency: 'USD',
      wallet_mode: 'internal',
      wallet_secret: SECRETS.alpha,
    });
    const beta = await server.createOperator({
      name: 'Beta Bet',
      currency: 'EUR',
      wallet_mode: 'callback',
      wallet_base_url: walletUrl,
      wallet_secret: SECRETS.beta,
    });
    const adminA = await createStaff(server, 'admin', 'ada@reelforge.test');
    const adminB = await createStaff(server, 'admin', 'bo@reelforge.test');

    // 1. Admin A types both campaigns into the form. The tournament starts at the next minute but
    // one and runs 10 min; the drop runs inside it, from 2 to 8 min, two prizes of 10× the bet.
    const start = Math.ceil((Date.now() + 90_000) / 60_000) * 60_000;
    const minute = (n: number) => new Date(start + n * 60_000).toISOString().slice(0, 16);
    const a = await backOffice(adminA.email, problems);
    await a.getByText('New tournament or prize drop', { exact: true }).click();
    const form = a.getByRole('form', { name: 'New campaign' });
    await form.getByLabel('Name', { exact: true }).pressSequentially(TOURNAMENT);
    await form.getByLabel('Starts (UTC)').fill(minute(0));
    await form.getByLabel('Ends (UTC)').fill(minute(10));
    await form.getByLabel('1 EUR =').pressSequentially('1.08');
    await shot(a, '01-backoffice-tournament-form');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await a.getByText(`“${TOURNAMENT}” is waiting for a second admin's approval`, { exact: false }).waitFor();

    await a.getByText('New tournament or prize drop', { exact: true }).click();
    await form.getByLabel('Kind').selectOption('drop');
    await form.getByLabel('Name', { exact: true }).pressSequentially(DROP);
    await form.getByLabel('Starts (UTC)').fill(minute(2));
    await form.getByLabel('Ends (UTC)').fill(minute(8));
    const dropRows = form.locator('[data-part="drop"] fieldset.prize-row');
    await dropRows.nth(0).getByLabel('How many').fill('2');
    await form.getByRole('button', { name: 'Remove prize row 2' }).click();
    expect(await dropRows.count()).toBe(1);
    await shot(a, '02-backoffice-drop-form');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await a.getByText(`“${DROP}” is waiting for a second admin's approval`, { exact: false }).waitFor();
    expect(await a.getByRole('button', { name: `Approve ${TOURNAMENT}` }).isDisabled()).toBe(true);
    // Each status pill in the list reads on one line.
    const pillLines = await a.$$eval('main table .badge', (pills) =>
      pills.map((pill) => {
        const text = document.createRange();
        text.selectNodeContents(pill);
        return `${pill.textContent}: ${new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size}`;
      }),
    );
    expect(pillLines).toEqual(['waiting for approval: 1', 'waiting for approval: 1']);
    await shot(a, '03-backoffice-waiting');

    // Admin B approves both on the page.
    const b = await backOffice(adminB.email, problems);
    for (const name of [TOURNAMENT, DROP]) {
      await b.getByRole('button', { name: `Approve ${name}` }).click();
      await b.getByText(`Approved “${name}”: scheduled.`).waitFor();
    }
    await b.getByRole('button', { name: DROP, exact: true }).click();
    await shot(b, '04-backoffice-approved-drop');

    const listed = (await server.admin('GET', '/api/admin/v1/campaigns')).body.campaigns as Array<
      Record<string, any>
    >;
    const race = listed.find((c) => c.name === TOURNAMENT) as Record<string, any>;
    const drop = listed.find((c) => c.name === DROP) as Record<string, any>;
    expect(race).toMatchObject({
      kind: 'tournament',
      scope: 'network',
      status: 'scheduled',
      currency: 'USD',
      min_bet: '0.20',
      opt_in_required: true,
      rates: [{ currency: 'EUR', rate: '1.08' }],
      starts_at: new Date(start).toISOString(),
      created_by: `staff:${adminA.email}`,
      approved_by: `staff:${adminB.email}`,
    });
    expect(drop).toMatchObject({
      kind: 'drop',
      scope: 'network',
      status: 'scheduled',
      drops: [{ count: 2, prize: { kind: 'bet_multiple', multiplier: 10, bet_cap: '1.00' } }],
      budget: '20.00',
      approved_by: `staff:${adminB.email}`,
    });

    // Each operator's integration opts in to both.
    for (const op of [alpha, beta])
      for (const campaign of [race, drop]) {
        const joined = await server.request(`/api/provider/v1/campaigns/${campaign.campaign_id}/opt-in`, {
          method: 'POST',
          headers: { 'x-provider-api-key': op.apiKey },
        });
        expect(joined.status).toBe(200);
      }

    // 2-3. The tournament starts. Ana (Alpha, USD, internal) joins and spins a small win; Ben (Beta,
    // EUR, callback) joins and spins a bigger one: each panel's board shows both and Ana drops to 2.
    await clockTo(start + 1_000);
    const anaSeed = seedWhere(4, (m) => m > 0 && m < 2);
    const benSeed = seedWhere(4, (m) => m > anaSeed.multiple * 2);
    const ana = await openAndJoin(alpha.apiKey, 'ana-alpha', 'USD', anaSeed.seed);
    const anaFirst = await play(ana);
    expect(minor(anaFirst.stake, 'USD')).toBeGreaterThanOrEqual(20n); // the game's bet qualifies
    await expect.poll(() => myPlace(ana.page), { timeout: 6_000 }).toBe('1');
    const anaScore = await ana.page.getByTestId('campaign-my-row').locator('.cmp-score').textContent();

    const ben = await openAndJoin(beta.apiKey, 'ben-beta', 'EUR', benSeed.seed);
    await play(ben);
    await expect.poll(() => myPlace(ben.page), { timeout: 6_000 }).toBe('1');
    // Ana's board moves by itself within seconds: Ben on top, Ana second with her score.
    await expect.poll(() => myPlace(ana.page), { timeout: 6_000 }).toBe('2');
    const anaBoard = ana.page.getByTestId('campaign-board');
    expect(await anaBoard.locator('tbody tr').count()).toBe(2);
    expect(await ana.page.getByTestId('campaign-my-row').locator('.cmp-score').textContent()).toBe(anaScore);
    expect(
      await anaBoard.locator('[data-testid="campaign-row"][data-place="1"] .cmp-player').textContent(),
    ).not.toContain('ben-beta'); // another operator's player is masked
    await shot(ana.page, '05-game-leaderboard-ana');
    await shot(ben.page, '06-game-leaderboard-ben');

    // 4. The drop's first committed point comes due: Ana's next spin takes it, the banner says so;
    // the second point goes to Ben's next spin after it.
    const { rows: points } = await server.store.pool.query(
      'select at from campaign_drop_points where campaign_id = $1 order by at',
      [drop.campaign_id],
    );
    expect(points).toHaveLength(2);
    // Balances before the drop spins: from here each rises by that spin's win and the prizes, once.
    const anaBefore = minor((await runtime(server, ana.token, 'session')).body.balance, 'USD');
    const benBefore = minor(wallet.balanceOf('ben-beta') ?? '', 'EUR');
    // Held at each point's moment: the spin is at or after it and before the drop's end, however
    // long the page takes to spin.
    await clockTo((points[0].at as Date).getTime(), true);
    const anaDropSpin = await play(ana);
    await ana.page.getByTestId('campaign-banner').waitFor({ state: 'visible', timeout: 8_000 });
    // 10× her bet, the bet counted up to 1.00 USD.
    const anaStake = minor(anaDropSpin.stake, 'USD');
    const anaDropAmount = formatAmount(min(anaStake, 100n) * 10n, 'USD');
    expect(await ana.page.getByTestId('campaign-banner-prize').textContent()).toBe(
      `You won $${anaDropAmount} in ${DROP}.`,
    );
    // The drop runs and ends sooner, so it leads the badge; the tabs stay in the order they started.
    expect(await ana.page.getByTestId('campaign-badge').getAttribute('data-kind')).toBe('drop');
    expect(await ana.page.locator('.cmp-tab').allTextContents()).toEqual([TOURNAMENT, DROP]);
    await shot(ana.page, '07-game-drop-banner-ana');
    await clockTo((points[1].at as Date).getTime(), true);
    const benDropSpin = await play(ben);
    await ben.page.getByTestId('campaign-banner').waitFor({ state: 'visible', timeout: 8_000 });
    await shot(ben.page, '08-game-drop-banner-ben');

    // 5. The tournament ends: frozen, then paid.
    // Past its end and the grace a callback round still waiting for its debit's answer is given.
    await clockTo(new Date(race.ends_at).getTime() + 120_000);
    const frozen = await eventually(async () => {
      const standings = await server.admin('GET', `/api/admin/v1/campaigns/${race.campaign_id}/standings`);
      return standings.body.standings.final ? standings.body.standings : undefined;
    }, 15_000);
    expect(frozen.top.map((row: { player_id: string }) => row.player_id)).toEqual(['ben-beta', 'ana-alpha']);

    const prizesOf = async (op: { apiKey: string }) => {
      const response = await server.request('/api/provider/v1/campaigns/prizes?limit=200', {
        headers: { 'x-provider-api-key': op.apiKey },
      });
      return ((await response.json()) as { data: { prizes: Array<Record<string, any>> } }).data.prizes;
    };
    const paid = await eventually(async () => {
      const [mine, theirs] = await Promise.all([prizesOf(alpha), prizesOf(beta)]);
      const all = [...mine, ...theirs];
      return all.length === 4 && all.every((prize) => prize.status === 'acknowledged')
        ? { alpha: mine, beta: theirs }
        : undefined;
    }, 15_000);
    const pick = (list: Array<Record<string, any>>, source: string) =>
      list.find((prize) => prize.source === source) as Record<string, any>;
    // Ana: place 2 (250.00 USD) and her drop; Ben: place 1 (500.00 USD at 1 EUR = 1.08 USD, rounded
    // down to the cent) and 10× his bet, the bet counted in USD up to 1.00, back in EUR rounded down.
    expect(pick(paid.alpha, 'place')).toMatchObject({
      place: 2,
      amount: '250.00',
      currency: 'USD',
      kind: 'cash',
    });
    expect(pick(paid.alpha, 'drop')).toMatchObject({ amount: anaDropAmount, currency: 'USD' });
    expect(pick(paid.beta, 'place')).toMatchObject({
      place: 1,
      amount: '462.96',
      currency: 'EUR',
      kind: 'cash',
    });
    expect(pick(paid.beta, 'drop')).toMatchObject({
      amount: formatAmount((min(minor(benDropSpin.stake, 'EUR') * 108n, 100_00n) * 10n) / 108n, 'EUR'),
      currency: 'EUR',
    });

    // The callback operator's wallet: each prize's promo_win credit applied exactly once.
    const promo = wallet.calls.filter((call) => call.body.action_type === 'promo_win');
    expect(promo.map((call) => call.body.transaction_id).sort()).toEqual(
      paid.beta.map((prize) => prize.transaction_id).sort(),
    );
    let benPrizes = 0n;
    for (const prize of paid.beta) {
      expect(wallet.applications.get(prize.transaction_id)).toBe(1);
      benPrizes += minor(prize.amount, 'EUR');
    }
    const net = (spun: { stake: string; win: string }, currency: string) =>
      minor(spun.win, currency) - minor(spun.stake, currency);
    expect(minor(wallet.balanceOf('ben-beta') ?? '', 'EUR')).toBe(
      benBefore + net(benDropSpin, 'EUR') + benPrizes,
    );
    // The internal player's balance rose by her prizes, once.
    const anaPrizes = paid.alpha.reduce((sum, prize) => sum + minor(prize.amount, 'USD'), 0n);
    expect(minor((await runtime(server, ana.token, 'session')).body.balance, 'USD')).toBe(
      anaBefore + net(anaDropSpin, 'USD') + anaPrizes,
    );
    // Every receipt verifies with its operator's wallet secret and names its prize.
    for (const [op, list, secret] of [
      [alpha, paid.alpha, SECRETS.alpha],
      [beta, paid.beta, SECRETS.beta],
    ] as const)
      for (const prize of list) {
        const receipt = await verifiedReceipt(op.apiKey, prize.prize_id, secret);
        expect(receipt.get('transaction_id')).toBe(prize.transaction_id);
        expect(receipt.get('amount')).toBe(prize.amount);
        expect(receipt.get('status')).toBe('acknowledged');
      }

    // The game says it is final and lists the prizes as paid.
    await ana.page.reload();
    await idle(ana.page);
    expect(await ana.page.getByTestId('balance').getAttribute('data-amount')).toBe(
      formatAmount(anaBefore + net(anaDropSpin, 'USD') + anaPrizes, 'USD'),
    );
    // Both over: the tournament, which ended last, leads the badge; the drop is simply over.
    const badge = ana.page.getByTestId('campaign-badge');
    await badge.waitFor({ state: 'visible' });
    expect(await badge.getAttribute('data-kind')).toBe('tournament');
    await badge.click();
    const panel = ana.page.getByTestId('campaign-panel');
    await panel.getByRole('button', { name: DROP }).click();
    expect(await ana.page.getByTestId('campaign-clock').textContent()).toBe('Ended');
    await panel.getByRole('button', { name: TOURNAMENT }).click();
    await ana.page.getByTestId('campaign-won').waitFor({ state: 'visible' });
    expect(await ana.page.getByTestId('campaign-clock').textContent()).toBe('Final results');
    await shot(ana.page, '09-game-final-ana');
    // The back office's list says both are final (it refreshes itself every 5 s).
    for (const name of [TOURNAMENT, DROP])
      await expect
        .poll(() => a.getByRole('row').filter({ hasText: name }).first().textContent(), { timeout: 8_000 })
        .toMatch(/final$/);
    await a.getByRole('button', { name: TOURNAMENT, exact: true }).click();
    await a.getByTestId('campaign-live').waitFor();
    await shot(a, '10-backoffice-final');
    expect(problems).toEqual([]);
  });
});
