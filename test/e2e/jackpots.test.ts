// Jackpots in the game (issue 28), in Chromium against a real server: the meters above the reels show
// each tier's value grand first, a spin that wins a tier (a certain trigger) shows the jackpot after
// its own win with the amount paid, the meters read again at once after it, the rules say how the
// jackpot is funded and won; a German session (no jackpots under GlüStV § 22a) shows no meters and
// rules that say jackpots are not available. Screenshots on desktop and phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TierParams } from '../../src/domain/jackpots.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  DESKTOP,
  findQuietSeed,
  launchChromium,
  launchUrl,
  newContext,
  openGame,
  PHONE,
  runtime,
  screenshot,
  startE2eServer,
} from './helpers.ts';

const GAME = 'rf_copper_sevens';
let server: TestServer;
let browser: Browser;
let apiKey: string;
let poolId: string;

const tier = (over: Partial<TierParams> & Pick<TierParams, 'name' | 'kind' | 'seed'>): TierParams => ({
  contributionPpm: 10_000n,
  reservePpm: 2_000n,
  ceiling: null,
  oddsStake: 10n ** 15n, // never, in this test
  deadlineMinute: null,
  ...over,
});

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
  const operator = await server.createOperator();
  apiKey = operator.apiKey;
  poolId = await server.services.jackpots.create(
    {
      name: 'Copper Crown',
      scope: 'operator',
      currency: 'USD',
      ownerOperatorId: operator.id,
      members: [{ operatorId: operator.id, gameSymbol: GAME }],
      rates: [],
      tiers: [
        tier({ name: 'mini', kind: 'progressive', seed: 2_000n, oddsStake: 1n }), // every paid spin wins it
        tier({ name: 'grand', kind: 'progressive', seed: 1_000_000n }),
        tier({ name: 'minor', kind: 'progressive', seed: 10_000n }),
        tier({ name: 'major', kind: 'must_drop_value', seed: 100_000n, ceiling: 500_000n, oddsStake: null }),
      ],
    },
    'e2e',
  );
  server.services.jackpots.refresh();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(
  player: string,
  device: typeof DESKTOP | typeof PHONE,
  market: { jurisdiction?: string; currency: string } = { currency: 'USD' },
): Promise<{ page: Page; token: string }> {
  const launch = await launchUrl(server, apiKey, {
    symbol: GAME,
    player,
    device: device === PHONE ? 'mobile' : 'desktop',
    currency: market.currency,
    extra: market.jurisdiction ? { jurisdiction: market.jurisdiction } : {},
  });
  // A spin that starts no feature: the round is over when its own win is shown.
  const seed = findQuietSeed(GAME, 1);
  expect((await runtime(server, launch.token, 'test/rng', { seed })).status).toBe(204);
  const page = await (await newContext(browser, device)).newPage();
  const meters = page.waitForResponse((response) => response.url().endsWith('/api/runtime/v1/jackpots'));
  await openGame(page, launch.url);
  await meters;
  return { page, token: launch.token };
}

/** The tiers on the meters bar, in order: name, tone and the reading. */
const shownTiers = (page: Page) =>
  page.$$eval('[data-testid="jackpot-tier"]', (items) =>
    items.map((item) => ({
      name: item.querySelector('.jp-name')?.textContent,
      tone: (item as HTMLElement).dataset.tone,
      amount: item.querySelector('output')?.getAttribute('data-amount'),
      text: item.querySelector('output')?.textContent,
    })),
  );

/** The bar lies above the reels' stage and clear of the controls (below them upright, beside them sideways). */
async function expectBarClear(page: Page): Promise<void> {
  const [bar, stage, controls] = await Promise.all(
    ['[data-testid="jackpots"]', '[data-testid="stage"]', 'footer.bar'].map((s) =>
      page.locator(s).boundingBox(),
    ),
  );
  if (!bar || !stage || !controls) throw new Error('bar, stage or controls not laid out');
  expect(bar.y + bar.height).toBeLessThanOrEqual(stage.y + 1);
  const apart =
    bar.y + bar.height <= controls.y + 1 ||
    controls.y + controls.height <= bar.y + 1 ||
    bar.x + bar.width <= controls.x + 1 ||
    controls.x + controls.width <= bar.x + 1;
  expect(apart).toBe(true);
  expect(bar.height).toBeLessThan(stage.height / 3);
  // The reels' frame stays centred on the grid below the bar (it was once pushed down by a line above).
  const offCentre = await page.evaluate(() => {
    const stageEl = document.querySelector<HTMLElement>('[data-testid="stage"]') as HTMLElement;
    const frame = document.querySelector('[data-testid="reel-frame"]')?.getBoundingClientRect();
    const [x = 0, y = 0, w = 0, h = 0] = (stageEl.dataset.grid ?? '').split(',').map(Number);
    const box = stageEl.getBoundingClientRect();
    if (!frame) return null;
    return Math.max(
      Math.abs(frame.left + frame.width / 2 - (box.left + x + w / 2)),
      Math.abs(frame.top + frame.height / 2 - (box.top + y + h / 2)),
    );
  });
  if (offCentre !== null) expect(offCentre).toBeLessThan(2);
}

describe('jackpots in the game', () => {
  it('meters grand first, a certain win celebrated with its amount, the meters reset, the rules', async () => {
    const { page, token } = await open('jp-desktop', DESKTOP);
    await page.locator('[data-testid="jackpots"]').waitFor({ state: 'visible' });
    expect(await shownTiers(page)).toEqual([
      { name: 'Grand', tone: 'grand', amount: '10000.00', text: '$10,000.00' },
      { name: 'Major', tone: 'major', amount: '1000.00', text: '$1,000.00' },
      { name: 'Minor', tone: 'minor', amount: '100.00', text: '$100.00' },
      { name: 'Mini', tone: 'mini', amount: '20.00', text: '$20.00' },
    ]);
    await expectBarClear(page);
    await screenshot(page, 'jackpots-desktop');

    const spun = page.waitForResponse((response) => response.url().endsWith('/api/runtime/v1/spin'));
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const answer = await (await spun).json();
    const stakeCents = BigInt(Math.round(Number(answer.round.stake) * 100));
    // seed $20.00 and 1 % of the stake, in whole cents
    const expected = ((2_000n * 1_000_000n + stakeCents * 10_000n) / 1_000_000n).toString();
    expect(answer.jackpot_wins).toEqual([
      { pool_id: poolId, tier: 'mini', amount: `${expected.slice(0, -2)}.${expected.slice(-2)}` },
    ]);
    const overlay = page.locator('[data-testid="overlay"][data-screen="jackpot"]');
    await overlay.waitFor({ state: 'visible' });
    expect(await overlay.getAttribute('data-tone')).toBe('mini');
    expect(await page.getByTestId('jackpot-won-tier').textContent()).toBe('Mini');
    const amountText = `$${answer.jackpot_wins[0].amount}`;
    expect(await page.getByTestId('jackpot-amount').textContent()).toBe(amountText);
    expect(await overlay.getByRole('alert').textContent()).toBe(`You won the Mini jackpot: ${amountText}`);
    await screenshot(page, 'jackpots-win-desktop');
    await overlay.click();
    await page.waitForSelector('#app[data-state="idle"]');
    expect(await page.getAttribute('[data-testid="balance"]', 'data-amount')).toBe(answer.balance);

    // Read again at once: the mini starts over at its seed, the grand has grown by the stake's share.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-tier="grand"] output')?.getAttribute('data-amount') !== '10000.00' &&
        document.querySelector('[data-tier="mini"] output')?.getAttribute('data-amount') === '20.00',
    );
    const session = await runtime(server, token, 'jackpots');
    expect(session.body.jackpots[0].tiers.find((t: { name: string }) => t.name === 'mini').cycle).toBe('2');

    await page.getByRole('button', { name: 'Paytable' }).click();
    const rules = page.getByTestId('jackpot-rules');
    await rules.waitFor({ state: 'visible' });
    const text = (await rules.textContent()) ?? '';
    expect(text).toContain('This game feeds the Copper Crown jackpot.');
    expect(text).toContain(
      'Grand: starts at $10,000.00. 1.0% of every stake is added to it, and 0.2% is set aside',
    );
    expect(text).toContain('It must drop before it reaches $5,000.00');
    expect(text).toContain('the spin whose record claims the tier first wins it');
    expect(text).toContain('only on paid spins');
    expect(await rules.getByRole('link', { name: 'Copper Crown' }).getAttribute('href')).toBe(
      `/jackpots/${poolId}`,
    );
    await page.context().close();
  });

  it('on a phone the bar sits between the logo and the reels, upright and sideways, and the win fits', async () => {
    const { page } = await open('jp-phone', PHONE);
    await page.locator('[data-testid="jackpots"]').waitFor({ state: 'visible' });
    expect((await shownTiers(page)).map((shown) => shown.name)).toEqual(['Grand', 'Major', 'Minor', 'Mini']);
    await expectBarClear(page);
    // every value whole inside its plaque
    const clipped = await page.$$eval(
      '.jp-value',
      (values) =>
        values.filter((value) => value.scrollWidth > (value.parentElement as HTMLElement).clientWidth).length,
    );
    expect(clipped).toBe(0);
    await screenshot(page, 'jackpots-phone');
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const overlay = page.locator('[data-testid="overlay"][data-screen="jackpot"]');
    await overlay.waitFor({ state: 'visible' });
    await screenshot(page, 'jackpots-win-phone');
    await overlay.click();
    await page.waitForSelector('#app[data-state="idle"]');
    // Turned sideways: one slim line above the reels, the controls beside them.
    await page.setViewportSize({ width: 844, height: 390 });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expectBarClear(page);
    await screenshot(page, 'jackpots-phone-landscape');
    await page.context().close();
  });

  it('a German session: no meters, and the rules say jackpots are not available in the market', async () => {
    const { page } = await open('jp-de', DESKTOP, { jurisdiction: 'de', currency: 'EUR' });
    expect(await page.locator('[data-testid="jackpots"]').isHidden()).toBe(true);
    await page.getByRole('button', { name: 'Paytable' }).click();
    const rules = page.getByTestId('jackpot-rules');
    await rules.waitFor({ state: 'visible' });
    expect(await rules.textContent()).toBe(
      'Jackpots are not available in your market. The return to player shown is the game’s own.',
    );
    await page.context().close();
  });
});
