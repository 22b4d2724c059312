// The demo lobby as a lobby manager shows it: at every width from a 360 px phone to a 1920 px
// desktop each tile's key art is whole (its title's box, measured in the served SVG, lies inside the
// visible tile), the hooks are the certified figures, the chips filter, the keyboard opens a game,
// and axe-core finds no serious or critical violation.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { volatilityOf } from '../../src/domain/catalog.ts';
import { certifiedHooks, certifiedRtp, gameInfos } from '../../src/games/index.ts';
import type { TestServer } from '../helpers/server.ts';
import { DESKTOP, launchChromium, newContext, PHONE, startE2eServer } from './helpers.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const live = gameInfos.filter((g) => g.live);

async function openLobby(width: number, height = 900): Promise<Page> {
  const device =
    width < 700 ? { ...PHONE, viewport: { width, height } } : { ...DESKTOP, viewport: { width, height } };
  const context = await newContext(browser, device);
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.waitForFunction(
    () => [...document.images].every((img) => img.complete && img.naturalWidth > 0),
    null,
    {
      timeout: 60_000,
    },
  );
  return page;
}

interface TitleCheck {
  symbol: string;
  natural: number;
  shown: number;
  title: { x1: number; y1: number; x2: number; y2: number };
  visible: { x1: number; y1: number; x2: number; y2: number };
  viewport: number;
}

/** For every tile: its art's aspect as drawn and as made, and the lettered title's box on screen. */
async function measureTitles(page: Page): Promise<TitleCheck[]> {
  // The served SVG is read here (the lobby's CSP allows no fetch) and measured in the page.
  const sources = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('.tiles .tile img')].map(
      (img) => img.currentSrc || img.src,
    ),
  );
  const svgs = await Promise.all(sources.map(async (src) => (await fetch(src)).text()));
  return page.evaluate(async (svgTexts) => {
    const host = document.createElement('div');
    host.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden';
    document.body.append(host);
    const checks = [];
    for (const [i, tile] of [...document.querySelectorAll<HTMLElement>('.tiles .tile')].entries()) {
      const img = tile.querySelector('img') as HTMLImageElement;
      host.innerHTML = svgTexts[i] ?? '';
      const svg = host.querySelector('svg') as SVGSVGElement;
      const width = Number(svg.getAttribute('width'));
      const lines = [...svg.querySelectorAll<SVGGraphicsElement>('.kl-title')].map((p) => p.getBBox());
      const outline = Number(svg.querySelector('.kl-outline')?.getAttribute('stroke-width') ?? 0) / 2;
      const box = lines.reduce(
        (b, l) => ({
          x1: Math.min(b.x1, l.x - outline),
          y1: Math.min(b.y1, l.y - outline),
          x2: Math.max(b.x2, l.x + l.width + outline),
          y2: Math.max(b.y2, l.y + l.height + outline),
        }),
        { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity },
      );
      const drawn = img.getBoundingClientRect();
      const scale = drawn.width / width;
      const clip = (tile.querySelector('article') as HTMLElement).getBoundingClientRect();
      const art = (tile.querySelector('.art') as HTMLElement).getBoundingClientRect();
      checks.push({
        symbol: tile.dataset.symbol ?? '',
        natural: img.naturalWidth / img.naturalHeight,
        shown: drawn.width / drawn.height,
        title: {
          x1: drawn.x + box.x1 * scale,
          y1: drawn.y + box.y1 * scale,
          x2: drawn.x + box.x2 * scale,
          y2: drawn.y + box.y2 * scale,
        },
        visible: {
          x1: Math.max(clip.x, art.x),
          y1: Math.max(clip.y, art.y),
          x2: Math.min(clip.right, art.right),
          y2: Math.min(clip.bottom, art.bottom),
        },
        viewport: document.documentElement.clientWidth,
      });
    }
    host.remove();
    return checks;
  }, svgs);
}

describe('lobby tiles', () => {
  for (const width of [360, 768, 1280, 1920]) {
    it(`${width} px: every tile shows its key art whole, the title inside the visible tile`, async () => {
      const page = await openLobby(width);
      const checks = await measureTitles(page);
      expect(checks.map((c) => c.symbol).sort()).toEqual(live.map((g) => g.symbol).sort());
      for (const check of checks) {
        expect(Math.abs(check.shown - check.natural), check.symbol).toBeLessThan(0.01); // not cut to another shape
        expect(check.title.x1, check.symbol).toBeGreaterThanOrEqual(check.visible.x1 - 0.5);
        expect(check.title.y1, check.symbol).toBeGreaterThanOrEqual(check.visible.y1 - 0.5);
        expect(check.title.x2, check.symbol).toBeLessThanOrEqual(check.visible.x2 + 0.5);
        expect(check.title.y2, check.symbol).toBeLessThanOrEqual(check.visible.y2 + 0.5);
        expect(check.title.x1, check.symbol).toBeGreaterThanOrEqual(0);
        expect(check.title.x2, check.symbol).toBeLessThanOrEqual(check.viewport);
        expect(check.title.x2 - check.title.x1, `${check.symbol} title readable`).toBeGreaterThan(90);
      }
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.context().close();
    });
  }

  it('shows the certified hooks of every game: max win, volatility, RTP, features', async () => {
    const page = await openLobby(1280);
    for (const game of live) {
      const tile = page.locator(`.tile[data-symbol="${game.symbol}"]`);
      const hooks = certifiedHooks(game.symbol, game.defaultVariant);
      expect(hooks, game.slug).not.toBeNull();
      const multiplier = Number((hooks?.maxWinMultiplier ?? '').replace(/\.00$/, '')).toLocaleString('en-US');
      await expect.poll(() => tile.locator('.hook').textContent()).toBe(`Win up to ${multiplier}×`);
      const level = volatilityOf(hooks?.sd ?? '')?.level;
      expect(await tile.locator('.volatility').getAttribute('data-level')).toBe(String(level));
      expect(await tile.locator('.rtp').textContent()).toBe(
        `RTP ${certifiedRtp(game.symbol, game.defaultVariant)}%`,
      );
      const badges = await tile.locator('.badges li').allTextContents();
      expect(badges.includes('Free spins'), game.slug).toBe(game.features.free_spins);
      expect(badges.includes('Pick bonus'), game.slug).toBe(game.features.bonus);
      expect(badges.includes('Bonus buy'), game.slug).toBe(game.features.buy_feature);
    }
    await page.context().close();
  });

  it('filters by category with the chips, and All shows every game again', async () => {
    const page = await openLobby(1280);
    const visible = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.tiles .tile')]
          .filter((t) => !t.hidden)
          .map((t) => t.dataset.symbol),
      );
    const chip = (name: string) => page.getByRole('button', { name, exact: true });
    await chip('Free spins').click();
    expect(await chip('Free spins').getAttribute('aria-pressed')).toBe('true');
    expect(await chip('All').getAttribute('aria-pressed')).toBe('false');
    expect((await visible()).sort()).toEqual(
      live
        .filter((g) => g.features.free_spins)
        .map((g) => g.symbol)
        .sort(),
    );
    await chip('Classic').click();
    expect(await visible()).toEqual(live.filter((g) => g.family === 'classic-slot').map((g) => g.symbol));
    expect(await page.locator('.bar-title').textContent()).toBe('Classic 1 game');
    await chip('Bonus games').click();
    expect((await visible()).sort()).toEqual(
      live
        .filter((g) => g.features.bonus || g.features.respins || g.features.collect)
        .map((g) => g.symbol)
        .sort(),
    );
    await chip('All').click();
    expect((await visible()).length).toBe(live.length);
    await page.context().close();
  });

  it('opens a game from the keyboard alone: Tab to its Play button, Enter', async () => {
    const page = await openLobby(1280);
    const target = live.find((g) => g.slug === 'jade-paths') ?? (live[0] as (typeof live)[number]);
    let focused = '';
    for (let i = 0; i < 40 && focused !== `Play ${target.title}`; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(focused).toBe(`Play ${target.title}`);
    // The focused tile is marked: its frame lights up.
    const border = await page
      .locator(`.tile[data-symbol="${target.symbol}"] article`)
      .evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(border).not.toBe('rgba(255, 255, 255, 0.08)');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/gs2c\/play\/rf_jade_paths/);
    await page.context().close();
  });

  for (const width of [360, 1280]) {
    it(`${width} px: axe-core finds no serious or critical violation`, async () => {
      const page = await openLobby(width);
      const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
      await page.evaluate(source); // through the DevTools protocol: the page's CSP stays on
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(
                context: unknown,
                options: unknown,
              ): Promise<{
                violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }>;
              }>;
            };
          }
        ).axe;
        const result = await axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        });
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
      });
      expect(violations).toEqual([]);
      await page.context().close();
    });
  }
});
