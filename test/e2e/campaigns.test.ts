// Tournaments and prize drops in the game (issue 29), in Chromium against a real server: a running
// tournament's badge opens its rules and the Join button; the player joins, spins (seeded) and sees
// their own row, highlighted, on the leaderboard within a few seconds; a drop whose first committed
// point is due lands on the player's next qualifying spin and the banner says what they won while
// play goes on; a demo session shows no campaign and never asks for one. Screenshots on desktop and
// phone, and axe on the open panel.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreText } from '../../src/domain/campaigns.ts';
import type { TestServer } from '../helpers/server.ts';
import { axeViolations } from './axe.ts';
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
  spinOnce,
  startE2eServer,
} from './helpers.ts';

const GAME = 'rf_ember_crown';
let server: TestServer;
let browser: Browser;
let operator: { id: string; apiKey: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
  operator = await server.createOperator();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A campaign of the operator's, approved by a second admin, starting in a second and a half. */
async function campaign(body: Record<string, unknown>, lastsMs: number): Promise<string> {
  const now = Date.now();
  const created = await server.services.campaigns.create(
    {
      scope: 'operator',
      operator_id: operator.id,
      currency: 'USD',
      games: [GAME],
      starts_at: new Date(now + 1_500).toISOString(),
      ends_at: new Date(now + 1_500 + lastsMs).toISOString(),
      min_bet: '0.10',
      ...body,
    },
    'e2e-admin-one',
  );
  await server.services.campaigns.approve(created.campaign_id, 'e2e-admin-two');
  return created.campaign_id;
}

async function open(
  player: string,
  device: typeof DESKTOP | typeof PHONE,
  extra: Record<string, unknown> = {},
): Promise<{ page: Page; token: string; asked: string[] }> {
  const launch = await launchUrl(server, operator.apiKey, {
    symbol: GAME,
    player,
    device: device === PHONE ? 'mobile' : 'desktop',
    extra,
  });
  // Spins that start no feature: a round is over when its own win is shown.
  expect((await runtime(server, launch.token, 'test/rng', { seed: findQuietSeed(GAME, 3) })).status).toBe(
    204,
  );
  const page = await (await newContext(browser, device)).newPage();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/runtime/v1/campaigns')) asked.push(request.url());
  });
  await openGame(page, launch.url);
  return { page, token: launch.token, asked };
}

/** The badge lies in the notes line: above the reels' stage, clear of the header and the controls. */
async function expectBadgeClear(page: Page): Promise<void> {
  const [badge, stage, header, controls] = await Promise.all(
    ['[data-testid="campaign-badge"]', '[data-testid="stage"]', '#app > header', 'footer.bar'].map((s) =>
      page.locator(s).boundingBox(),
    ),
  );
  if (!badge || !stage || !header || !controls) throw new Error('not laid out');
  expect(badge.y + badge.height).toBeLessThanOrEqual(stage.y + 1);
  expect(badge.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect(badge.y + badge.height).toBeLessThanOrEqual(controls.y);
  const cut = await page.$eval('[data-testid="campaign-badge"]', (el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut).toBe(false);
}

describe('tournaments and prize drops in the game', () => {
  it('a tournament: rules and Join in the panel, a seeded spin on the leaderboard within seconds', async () => {
    const id = await campaign(
      {
        kind: 'tournament',
        name: 'Ember Sprint',
        scoring: 'max_multiplier',
        places: [
          { from: 1, to: 1, prize: { kind: 'cash', amount: '50.00' } },
          { from: 2, to: 10, prize: { kind: 'cash', amount: '5.00' } },
        ],
      },
      3_600_000,
    );
    const { page } = await open('cmp-e2e-t', DESKTOP);
    const badge = page.getByTestId('campaign-badge');
    await badge.waitFor({ state: 'visible' });
    expect(await badge.getAttribute('data-kind')).toBe('tournament');
    await expectBadgeClear(page);
    await badge.click();
    const panel = page.getByTestId('campaign-panel');
    await panel.waitFor({ state: 'visible' });
    expect(await badge.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.getAttribute('data-campaign')).toBe(id);
    const rules = (await page.getByTestId('campaign-rules').textContent()) ?? '';
    expect(rules).toContain('Your score is your highest single win divided by the bet of its spin.');
    expect(rules).toContain('A spin qualifies from a bet of $0.10.');
    expect(rules).toContain('Free rounds and demo play never score.');
    expect(rules).toContain('Only spins you play after joining count.');
    expect(await page.getByTestId('campaign-prize-table').textContent()).toContain('Places 2–10$5.00');

    await page.getByTestId('campaign-join').click();
    await page.getByTestId('campaign-joined').waitFor({ state: 'visible' });
    // The campaign starts; the clock counts down to its end.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="campaign-clock"]')?.textContent?.startsWith('Ends in'),
      undefined,
      { timeout: 15_000 },
    );
    // Drawn again at every reading, the panel keeps the keyboard's place (Join gone: its body).
    expect(
      await page.evaluate(() => document.getElementById('campaign-panel')?.contains(document.activeElement)),
    ).toBe(true);

    const spun = page.waitForResponse((response) => response.url().endsWith('/api/runtime/v1/spin'));
    await spinOnce(page);
    const answer = await (await spun).json();
    const ratio = Number(answer.round.win) / Number(answer.round.stake);
    // Within a few seconds of the round (scored within 2 s, polled every 2 s), with the panel open.
    const mine = page.getByTestId('campaign-my-row');
    await mine.waitFor({ state: 'visible', timeout: 6_000 });
    expect(await mine.getAttribute('data-place')).toBe('1');
    expect(await mine.getAttribute('aria-current')).toBe('true');
    expect(await mine.locator('.cmp-player').textContent()).toBe('You');
    expect(await mine.locator('.cmp-score').textContent()).toBe(scoreText('max_multiplier', ratio, 'USD'));
    expect(await page.getByTestId('campaign-me').textContent()).toContain('Place 1');
    expect(await page.getByTestId('campaign-badge-place').textContent()).toBe('Place 1');
    await screenshot(page, 'campaigns-tournament-desktop');
    expect(await axeViolations(page)).toEqual([]);

    // The panel does not stop play; Escape closes it and gives the focus back to the badge.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'campaign-badge',
    );
    await page.context().close();
  });

  it('a drop: its committed schedule in the rules, and a banner when a due drop lands on the spin', async () => {
    const id = await campaign(
      { kind: 'drop', name: 'Ember Drops', drops: [{ count: 60, prize: { kind: 'cash', amount: '1.00' } }] },
      120_000,
    );
    const { page } = await open('cmp-e2e-d', PHONE);
    const badge = page.getByTestId('campaign-badge');
    await badge.waitFor({ state: 'visible' });
    await expectBadgeClear(page);
    // The tournament of the test before runs too: the panel has a tab for each.
    await badge.click();
    const panel = page.getByTestId('campaign-panel');
    await panel.getByRole('button', { name: 'Ember Drops' }).click();
    expect(await panel.getAttribute('data-campaign')).toBe(id);
    const commit = (await server.services.campaigns.get(id)).drop_commit;
    expect(commit).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId('campaign-commit').textContent()).toBe(commit);
    expect(await page.getByTestId('campaign-rules').textContent()).toContain(
      'drawn by the certified random number generator before the campaign started',
    );
    await page.getByTestId('campaign-join').click();
    await page.getByTestId('campaign-joined').waitFor({ state: 'visible' });
    await screenshot(page, 'campaigns-drop-phone');
    // The sheet stops above the controls: Spin stays in reach while it is open.
    const [sheet, controls] = await Promise.all(
      [panel, page.locator('footer.bar')].map((l) => l.boundingBox()),
    );
    expect((sheet?.y ?? 0) + (sheet?.height ?? 0)).toBeLessThanOrEqual((controls?.y ?? 0) + 1);
    expect(await axeViolations(page)).toEqual([]);

    // Wait until the schedule's first point is due (drawn at approval, before the start).
    const { rows } = await server.store.pool.query(
      'select min(at) as at from campaign_drop_points where campaign_id = $1',
      [id],
    );
    const due = (rows[0].at as Date).getTime();
    await page.waitForFunction((at) => Date.now() > at + 200, due, { timeout: 60_000 });
    const banner = page.getByTestId('campaign-banner');
    expect(await banner.isVisible()).toBe(false);
    await spinOnce(page);
    await banner.waitFor({ state: 'visible', timeout: 8_000 });
    expect(await banner.getAttribute('role')).toBe('status');
    expect(await page.getByTestId('campaign-banner-prize').textContent()).toBe(
      'You won $1.00 in Ember Drops.',
    );
    await screenshot(page, 'campaigns-drop-landed-phone');
    // The banner is not a modal: Spin still answers while it shows.
    await idle(page);
    expect(await page.getByRole('button', { name: 'Spin', exact: true }).isEnabled()).toBe(true);
    const won = page.getByTestId('campaign-won');
    await won.waitFor({ state: 'visible' });
    expect(await won.textContent()).toContain('$1.00');
    const prizes = await server.services.campaigns.prizes(operator.id, {
      campaignId: id,
      playerId: 'cmp-e2e-d',
    });
    expect(prizes).toHaveLength(1);
    expect(prizes[0]).toMatchObject({ source: 'drop', kind: 'cash', amount: '1.00', currency: 'USD' });
    await page.context().close();

    // Back in the game later: the prize is listed, but old news is not celebrated again.
    const { page: later } = await open('cmp-e2e-d', DESKTOP);
    await later.getByTestId('campaign-badge').click();
    await later.getByTestId('campaign-panel').getByRole('button', { name: 'Ember Drops' }).click();
    await later.getByTestId('campaign-won').waitFor({ state: 'visible' });
    expect(await later.getByTestId('campaign-banner').isHidden()).toBe(true);
    await later.context().close();
  });

  it('a demo session shows no campaign and never asks for one', async () => {
    const { page, asked } = await open('cmp-e2e-demo', DESKTOP, { play_mode: 'demo' });
    await page.getByTestId('demo-badge').waitFor({ state: 'visible' });
    expect(await page.getByTestId('campaign-badge').isHidden()).toBe(true);
    await spinOnce(page);
    expect(await page.getByTestId('campaign-badge').isHidden()).toBe(true);
    expect(asked).toEqual([]);
    await page.context().close();
  });
});
