// The feature scenes of issue 26, one seeded feature a game: free spins change the scene (the feature's
// backdrop, data-scene="feature") and count down on the reels as the engine played them; Ember's
// wilds wear the ×2 of its rules in free spins; Harbor's hold-and-collect counts respins from the
// rule's number and refills it when a crate lands; Jade's pick bonus is a scene played by keyboard.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededRng, initialState, type Outcome, spin } from '../../src/engine/index.ts';
import { getGame, modelOf } from '../../src/games/index.ts';
import { describeGame } from '../../src/games/play.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  DESKTOP,
  findSeed,
  findSequenceSeed,
  idle,
  launchChromium,
  launchUrl,
  newContext,
  openGame,
  PHONE,
  runtime,
  screenshot,
  shownBalance,
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

const LONG = { timeout: 300_000 };

function rulesOf(symbol: string) {
  const game = getGame(symbol);
  if (!game) throw new Error(symbol);
  return { rules: describeGame(game), model: modelOf(game) };
}

/** The first spin and every free spin it leads to, as the seeded session will play them. */
function sequence(symbol: string, seed: number): Outcome[] {
  const { model } = rulesOf(symbol);
  const rng = createSeededRng(seed, 0);
  let state = initialState(model);
  const outcomes: Outcome[] = [];
  do {
    const { outcome, nextState } = spin(model, state, { coin: 5n, betLevel: 1, mode: 'base' }, rng);
    outcomes.push(outcome);
    state = nextState;
  } while (state.freeSpinsLeft > 0);
  return outcomes;
}

async function seededPage(
  symbol: string,
  player: string,
  seed: number,
  device: typeof DESKTOP | typeof PHONE = DESKTOP,
): Promise<{ page: Page; token: string }> {
  const launch = await launchUrl(server, apiKey, {
    symbol,
    player,
    device: device === PHONE ? 'mobile' : 'desktop',
  });
  expect((await runtime(server, launch.token, 'test/rng', { seed })).status).toBe(204);
  const context = await newContext(browser, device);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  (page as unknown as { rfErrors: string[] }).rfErrors = errors;
  await openGame(page, launch.url);
  // Everything the test asks about later, recorded as it happens: counters, badges, banners, words.
  await page.evaluate(() => {
    const w = window as unknown as Record<string, string[]>;
    for (const key of ['rfLeft', 'rfRespins', 'rfBadges', 'rfBanner', 'rfSaid', 'rfScene']) w[key] = [];
    const app = document.getElementById('app') as HTMLElement;
    const watch = (selector: string, key: string, read: (el: HTMLElement) => string | null) => {
      const el = document.querySelector(selector) as HTMLElement | null;
      if (!el) return;
      new MutationObserver(() => {
        const value = read(el);
        if (value !== null) (w[key] as string[]).push(value);
      }).observe(el, { attributes: true, childList: true, characterData: true, subtree: true });
    };
    watch('[data-testid="free-spins"]', 'rfLeft', (el) => (el.hidden ? null : (el.dataset.left ?? null)));
    watch('[data-testid="respins"]', 'rfRespins', (el) => (el.hidden ? null : (el.dataset.left ?? null)));
    watch('.reel-marks', 'rfBadges', (el) =>
      el.children.length > 0
        ? `${app.dataset.scene}:${[...el.children].map((b) => b.textContent).join(',')}`
        : null,
    );
    watch('.banner', 'rfBanner', (el) => (el.hidden ? null : el.textContent));
    watch('[data-testid="announcer"]', 'rfSaid', (el) => el.textContent);
    new MutationObserver(() =>
      (w.rfScene as string[]).push(
        `${app.dataset.scene ?? ''}${app.dataset.feature ? `:${app.dataset.feature}` : ''}`,
      ),
    ).observe(app, {
      attributes: true,
      attributeFilter: ['data-scene'],
    });
  });
  return { page, token: launch.token };
}

async function recorded(page: Page, key: string): Promise<string[]> {
  return page.evaluate((k) => (window as unknown as Record<string, string[]>)[k] ?? [], key);
}

/** Consecutive repeats folded: what a player saw the counter step through. */
function steps(values: string[]): number[] {
  return values.map(Number).filter((v, i, all) => i === 0 || v !== all[i - 1]);
}

/** The counter as it should step: the spins awarded, one fewer as each spin starts, up on a retrigger. */
function expectedCountdown(outcomes: Outcome[]): number[] {
  const first = outcomes[0] as Outcome;
  const values = [first.freeSpinsLeft];
  let left = first.freeSpinsLeft;
  for (const outcome of outcomes.slice(1)) {
    values.push(left - 1);
    if (outcome.freeSpinsLeft !== left - 1) values.push(outcome.freeSpinsLeft);
    left = outcome.freeSpinsLeft;
  }
  return values.filter((v, i, all) => i === 0 || v !== all[i - 1]);
}

const FREE_SPINS_GAMES = [
  ['rf_ember_crown', 'ember-crown'],
  ['rf_dune_lantern', 'dune-lantern'],
  ['rf_orbit_orchard', 'orbit-orchard'],
] as const;

describe('free-spins scene', () => {
  for (const [symbol, slug] of FREE_SPINS_GAMES) {
    it(`${slug}: the scene changes, the counter counts down as played, the scene returns`, LONG, async () => {
      const { rules } = rulesOf(symbol);
      const wilds = new Set(rules.symbols.filter((s) => s.kind === 'wild').map((s) => s.id));
      // Ember: a sequence whose free spins land a wild early, for its ×2 badge.
      const seed =
        slug === 'ember-crown'
          ? findSequenceSeed(symbol, (o) =>
              o.slice(1, 4).some((x) => (x.screens[0]?.symbols.flat() ?? []).some((id) => wilds.has(id))),
            )
          : findSequenceSeed(symbol, () => true);
      const outcomes = sequence(symbol, seed);
      const { page, token } = await seededPage(symbol, `p-scene-${slug}`, seed);
      expect(await page.getAttribute('#app', 'data-scene')).toBe('base');
      await expect(page.getByTestId('feature-backdrop').count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Spin', exact: true }).click();
      await page.waitForSelector('[data-testid="overlay"][data-screen="free-spins-intro"]', {
        timeout: 60_000,
      });
      // The intro is staged in the feature's scene, and waits for the player to start.
      expect(await page.getAttribute('#app', 'data-scene')).toBe('feature');
      expect(await page.getByTestId('feature-backdrop').count()).toBe(1);
      await expect(page.getByTestId('fs-start').evaluate((b) => b === document.activeElement)).resolves.toBe(
        true,
      );
      await screenshot(page, `feature-${slug}-intro`);
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid="overlay"][data-screen="free-spins-outro"]', {
        timeout: 240_000,
      });
      expect(await page.getAttribute('#app', 'data-scene')).toBe('feature');
      await screenshot(page, `feature-${slug}-outro`);
      await page.keyboard.press('Enter');
      await idle(page, 60_000);
      expect(await page.getAttribute('#app', 'data-scene')).toBe('base');
      expect(await recorded(page, 'rfScene')).toEqual(['feature:free_spins', 'base']);
      expect(steps(await recorded(page, 'rfLeft'))).toEqual(expectedCountdown(outcomes));
      expect(await page.getByTestId('free-spins').isHidden()).toBe(true);

      const badges = await recorded(page, 'rfBadges');
      const factor = rules.ruleFacts.find((f) => f.id === 'wild_multiplier');
      if (slug === 'ember-crown') {
        // The factor comes from the game's rules, and wilds wear it only in the feature.
        expect(factor?.id === 'wild_multiplier' && factor.factor).toBeGreaterThan(1);
        const wanted = `×${factor?.id === 'wild_multiplier' ? factor.factor : 0}`;
        expect(badges.length).toBeGreaterThan(0);
        for (const seen of badges) expect(seen).toMatch(new RegExp(`^feature:${wanted}(,${wanted})*$`));
        const most = Math.max(
          ...outcomes
            .slice(1)
            .map((o) => (o.screens[0]?.symbols.flat() ?? []).filter((id) => wilds.has(id)).length),
        );
        expect(Math.max(...badges.map((b) => b.split(',').length))).toBeLessThanOrEqual(most);
      } else expect(badges).toEqual([]);

      const session = (await runtime(server, token, 'session')).body;
      expect(session.state.free_spins_left).toBe(0);
      expect(await shownBalance(page)).toBe(session.balance);
      expect((page as unknown as { rfErrors: string[] }).rfErrors).toEqual([]);
      await page.context().close();
    });
  }
});

describe('hold-and-collect on the reels', () => {
  it(
    'harbor-haul: the banner and the counter say the rule’s respins, and a landed crate refills it',
    LONG,
    async () => {
      const symbol = 'rf_harbor_haul';
      const { rules } = rulesOf(symbol);
      const hold = rules.ruleFacts.find((f) => f.id === 'hold');
      if (hold?.id !== 'hold') throw new Error('Harbor Haul has a hold rule');
      // A hold in which a crate lands during the respins: more respins are played than the rule gives.
      const seed = findSeed(symbol, 'base', (o) =>
        o.features.some((f) => f.type === 'hold_and_collect' && f.respins > hold.respins && !f.full),
      );
      const { page } = await seededPage(symbol, 'p-scene-hold', seed);
      await page.getByRole('button', { name: 'Spin', exact: true }).click();
      await page.waitForSelector('[data-testid="respins"]:not([hidden])', { timeout: 60_000 });
      await screenshot(page, 'feature-harbor-haul-hold');
      await idle(page, 120_000);
      // Into the hold's scene and back out (recorded as it happened: reduced motion plays it quickly).
      expect(await recorded(page, 'rfScene')).toEqual(['feature:hold', 'base']);
      const banners = await recorded(page, 'rfBanner');
      expect(banners.some((b) => b.includes(`${hold.respins} respins`))).toBe(true);
      const counted = (await recorded(page, 'rfRespins')).map(Number);
      // Every respin picture shown once: from the rule's number, down by one, back to it when a crate lands.
      expect(counted[0]).toBe(hold.respins);
      expect(counted.at(-1)).toBe(0);
      let refills = 0;
      for (let i = 1; i < counted.length; i++) {
        const now = counted[i] as number;
        const before = counted[i - 1] as number;
        if (now === hold.respins && before !== hold.respins + 1) refills++;
        else expect(now).toBe(before - 1);
      }
      expect(refills).toBeGreaterThan(0);
      expect(await page.getAttribute('#app', 'data-scene')).toBe('base');
      expect(await page.getByTestId('respins').isHidden()).toBe(true);
      expect((page as unknown as { rfErrors: string[] }).rfErrors).toEqual([]);
      await page.context().close();
    },
  );
});

describe('pick bonus scene', () => {
  it('jade-paths: a full-screen scene played by keyboard alone, its total announced', LONG, async () => {
    const symbol = 'rf_jade_paths';
    const seed = findSeed(symbol, 'base', (o) =>
      o.features.some((f) => f.type === 'pick' && f.picks.some((p) => p.prize === 'multiplier')),
    );
    const { page, token } = await seededPage(symbol, 'p-scene-pick', seed, PHONE);
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const bonus = page.locator('dialog[data-testid="pick-bonus"][open]');
    await bonus.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await page.getAttribute('#app', 'data-scene')).toBe('feature');
    expect(await page.getAttribute('#app', 'data-feature')).toBe('pick');
    // The scene fills the screen.
    const box = await bonus.boundingBox();
    expect(box?.width).toBe(PHONE.viewport.width);
    expect(box?.height).toBe(PHONE.viewport.height);
    await screenshot(page, 'feature-jade-paths-pick');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Pick 1');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Pick 5');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('Pick 4');
    let picks = 0;
    while (!(await bonus.locator('.dialog-actions button:not([hidden])').isVisible())) {
      await page.keyboard.press(picks % 2 === 0 ? 'Enter' : 'Space');
      picks++;
      expect(picks).toBeLessThanOrEqual(12);
    }
    // Each pick turned its tile and moved focus on to a closed one.
    expect(await bonus.locator('button.pick.revealed').count()).toBe(picks);
    const collect = bonus.getByRole('button', { name: 'Collect' });
    await expect.poll(() => collect.evaluate((b) => b === document.activeElement)).toBe(true);
    const total = await bonus.getByTestId('pick-total').textContent();
    expect(await bonus.getByTestId('pick-award').textContent()).toContain(total ?? '—');
    expect(await bonus.getByTestId('pick-multiplier').textContent()).not.toBe('×1');
    await screenshot(page, 'feature-jade-paths-pick-end');
    await page.keyboard.press('Enter');
    await idle(page, 60_000);
    expect(await page.getAttribute('#app', 'data-scene')).toBe('base');
    expect(await recorded(page, 'rfScene')).toEqual(['feature:pick', 'base']);
    const said = await recorded(page, 'rfSaid');
    expect(said.some((s) => s.startsWith('Bonus won'))).toBe(true);
    const session = (await runtime(server, token, 'session')).body;
    expect(await shownBalance(page)).toBe(session.balance);
    const history = (await runtime(server, token, 'history?limit=1')).body.rounds;
    const pick = history[0].outcome.features.find((f: { type: string }) => f.type === 'pick');
    expect(picks).toBe(pick.picks.length);
    expect((page as unknown as { rfErrors: string[] }).rfErrors).toEqual([]);
    await page.context().close();
  });
});
