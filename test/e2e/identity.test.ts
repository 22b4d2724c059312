// One identity per game, in the browser: the loading splash shows the game's key art (or its lettered
// title) over a progress bar that fills; the intro screen shows the key features, max win and
// volatility and remembers "don't show again"; the game's skin, face and frame apply and differ from
// every other game's; the lettered logo fits a 360 px phone without overflowing.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInfos } from '../../src/games/index.ts';
import type { TestServer } from '../helpers/server.ts';
import { DESKTOP, idle, launchChromium, launchUrl, newContext, startE2eServer } from './helpers.ts';

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

const FRAMES: Record<string, string> = {
  'ember-crown': 'forged-iron',
  'dune-lantern': 'sandstone',
  'orbit-orchard': 'neon-glass',
  'harbor-haul': 'ship-timber',
  'jade-paths': 'jade-lacquer',
  'copper-sevens': 'copper-bulbs',
};

/** What makes each game look like itself, read from the page, compared across games at the end. */
const looks = new Map<string, { panel: string; spin: string; face: string }>();

const PHONE_360 = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };

describe.each(gameInfos.map((info) => [info.slug, info] as const))('%s', (slug, info) => {
  it('loads behind a splash with its key art and a filling progress bar, then shows its features; "don\'t show again" holds', async () => {
    const context = await newContext(browser, DESKTOP, { intro: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The session answers only once the splash has been seen: the test, not a clock, decides.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/runtime/v1/session', async (route) => {
      await held;
      await route.continue();
    });
    const launch = await launchUrl(server, apiKey, { symbol: info.symbol, player: `p-identity-${slug}` });
    await page.goto(launch.url, { waitUntil: 'commit' });

    const splash = page.locator('#loader[data-testid="splash"]');
    await splash.waitFor();
    expect(await page.getAttribute('html', 'data-game')).toBe(slug);
    // The key art arrives (the server's own rendering, in the shape of the screen).
    await page.waitForFunction(() => {
      const art = document.querySelector<HTMLImageElement>('[data-testid="splash-art"]');
      return art?.complete && art.naturalWidth > 0;
    });
    expect(await page.getAttribute('[data-testid="splash-art"]', 'src')).toContain(
      `/game-art/${info.symbol}?size=banner`,
    );
    expect(await splash.getAttribute('class')).toContain('art-ready');
    expect(await page.textContent('[data-testid="splash-logo"]')).toBe(info.title);
    const before = Number(await splash.getAttribute('aria-valuenow'));
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(100);
    const barWidth = await page.evaluate(
      () => document.getElementById('loader-bar')?.getBoundingClientRect().width,
    );
    expect(barWidth).toBeGreaterThan(0);
    release();

    // The intro screen: key features with their pictures, max win and volatility.
    const intro = page.locator('dialog[data-testid="intro"][open]');
    await intro.waitFor();
    expect(await page.locator('#loader').count()).toBe(0);
    const features = intro.locator('.intro-feature');
    const count = await features.count();
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(3);
    for (let i = 0; i < count; i++) {
      const feature = features.nth(i);
      expect(await feature.locator('img').getAttribute('src')).toMatch(/^(data|blob):/);
      expect((await feature.locator('h3').textContent())?.trim()).toBeTruthy();
      expect((await feature.locator('p').textContent())?.length).toBeGreaterThan(10);
    }
    expect(await intro.locator('[data-testid="intro-max-win"] dd').textContent()).toMatch(/^[\d,.]+× bet$/);
    expect(await intro.locator('[data-testid="intro-volatility"] dd').textContent()).toMatch(
      /^(Low|Medium-low|Medium|High|Very high)$/,
    );
    await intro.getByRole('checkbox', { name: "Don't show this again" }).check();
    await intro.getByRole('button', { name: 'Continue' }).click();
    await page.locator('dialog[data-testid="intro"]').waitFor({ state: 'detached' });

    // Its skin, face and frame.
    const look = await page.evaluate(() => {
      const root = getComputedStyle(document.documentElement);
      const logo = document.querySelector('.logo-text');
      return {
        panel: root.getPropertyValue('--skin-panel').trim(),
        spin: root.getPropertyValue('--skin-spin-face').trim(),
        face: logo ? getComputedStyle(logo).fontFamily : '',
        bar: getComputedStyle(document.querySelector('.bar') as Element).backgroundImage,
      };
    });
    expect(look.bar).toContain('gradient');
    looks.set(slug, look);
    const frame = page.locator('[data-testid="reel-frame"] svg');
    expect(await frame.getAttribute('data-frame')).toBe(FRAMES[slug]);
    const around = await page.evaluate(() => {
      const stage = document.querySelector<HTMLElement>('[data-testid="stage"]');
      const frameBox = document.querySelector('[data-testid="reel-frame"]')?.getBoundingClientRect();
      const [x = 0, y = 0, w = 0, h = 0] = (stage?.dataset.grid ?? '').split(',').map(Number);
      const stageBox = stage?.getBoundingClientRect();
      if (!frameBox || !stageBox) return false;
      const gx = stageBox.left + x;
      const gy = stageBox.top + y;
      return frameBox.left < gx && frameBox.top < gy && frameBox.right > gx + w && frameBox.bottom > gy + h;
    });
    expect(around).toBe(true);
    // The free-spins scene (data-scene="feature" on the game root) retints the frame.
    const tints = await page.evaluate(() => {
      const app = document.getElementById('app') as HTMLElement;
      const glow = document.querySelector(
        '[data-testid="reel-frame"] .glow, [data-testid="reel-frame"] .glow-fill',
      );
      const paint = () => (glow ? getComputedStyle(glow).getPropertyValue('--frame-glow').trim() : '');
      const base = paint();
      app.dataset.scene = 'feature';
      const feature = paint();
      delete app.dataset.scene;
      return { base, feature };
    });
    expect(tints.base).not.toBe('');
    expect(tints.feature).not.toBe(tints.base);

    // Remembered: the next visit opens on the reels and Spin answers at once.
    await page.unroute('**/api/runtime/v1/session');
    const again = await launchUrl(server, apiKey, { symbol: info.symbol, player: `p-identity-${slug}` });
    await page.goto(again.url);
    await idle(page);
    const plays = Number((await page.getAttribute('#app', 'data-plays')) ?? '0');
    await page.getByRole('button', { name: 'Spin', exact: true }).click({ timeout: 5000 });
    await page.waitForFunction(
      (n) => Number(document.getElementById('app')?.dataset.plays ?? '0') > n,
      plays,
    );
    expect(await page.locator('dialog[data-testid="intro"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('letters its logo in its own face without overflowing a 360 px phone', async () => {
    const context = await newContext(browser, PHONE_360);
    const page = await context.newPage();
    const launch = await launchUrl(server, apiKey, {
      symbol: info.symbol,
      player: `p-identity-phone-${slug}`,
      device: 'mobile',
    });
    await page.goto(launch.url);
    await idle(page);
    await page.evaluate(() => document.fonts.ready);
    const logo = await page.evaluate(() => {
      const text = document.querySelector<HTMLElement>('[data-testid="logo"] .logo-text');
      const box = text?.getBoundingClientRect();
      const family = text ? getComputedStyle(text).fontFamily.split(',')[0]?.replaceAll('"', '').trim() : '';
      return {
        family,
        loaded: [...document.fonts].some(
          (face) => face.family.replaceAll('"', '') === family && face.status === 'loaded',
        ),
        left: box?.left ?? -1,
        right: box?.right ?? 1e9,
        overflow: text ? text.scrollWidth - text.clientWidth : 1e9,
      };
    });
    expect(logo.family).not.toMatch(/Georgia|serif/);
    expect(logo.loaded).toBe(true);
    expect(logo.left).toBeGreaterThanOrEqual(0);
    expect(logo.right).toBeLessThanOrEqual(360);
    expect(logo.overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('without a GPU, animates no layer larger than the screen (the CPU would resample it under every frame of the reels)', async () => {
    const context = await newContext(browser, DESKTOP, { reducedMotion: 'no-preference' });
    const page = await context.newPage();
    const launch = await launchUrl(server, apiKey, {
      symbol: info.symbol,
      player: `p-identity-layers-${slug}`,
    });
    await page.goto(launch.url);
    await idle(page);
    // Headless Chromium here runs with --disable-gpu: Pixi's canvas renderer, the case this guards.
    expect(await page.getAttribute('#app', 'data-renderer')).toBe('canvas');
    const oversized = await page.evaluate(() => {
      const screen = window.innerWidth * window.innerHeight;
      return document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .map((animation) => (animation.effect as KeyframeEffect | null)?.target)
        .filter((target): target is Element => target instanceof Element)
        .filter((target) => {
          const box = target.getBoundingClientRect();
          return box.width * box.height > screen;
        })
        .map((target) => target.className.toString());
    });
    expect(oversized).toEqual([]);
    await context.close();
  });
});

describe('between games', () => {
  it('no two games share a skin or a face', () => {
    expect(looks.size).toBe(gameInfos.length);
    for (const key of ['panel', 'spin', 'face'] as const) {
      const values = new Set([...looks.values()].map((look) => look[key]));
      expect(values.size, key).toBe(gameInfos.length);
    }
  });
});
