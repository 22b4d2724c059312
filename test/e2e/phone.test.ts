// Phones in portrait (390 × 844) and landscape (844 × 390), every game: the reels take the screen's
// width in portrait and most of it in landscape, the title is never cut, every touch target is at
// least 44 px, the HUD stays legible, and the paytable and rules open at their top.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInfos } from '../../src/games/index.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  launchChromium,
  launchUrl,
  newContext,
  openGame,
  PHONE,
  PHONE_LANDSCAPE,
  screenshot,
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

interface Measures {
  viewport: { width: number; height: number };
  stage: { width: number; height: number };
  grid: [number, number, number, number];
  frame: [number, number, number, number];
  title: { cut: boolean; inside: boolean };
  smallTargets: string[];
  overlapping: string[];
  offscreen: string[];
  smallestText: number;
}

async function measure(page: Page): Promise<Measures> {
  return page.evaluate(() => {
    const stage = document.querySelector('[data-testid="stage"]') as HTMLElement;
    const rect = stage.getBoundingClientRect();
    const grid = (stage.dataset.grid ?? '0,0,0,0').split(',').map(Number) as [number, number, number, number];
    const frame = (stage.dataset.frame ?? '0,0,0,0').split(',').map(Number) as [
      number,
      number,
      number,
      number,
    ];
    // The title's glyphs, wherever they wrap: all inside the header and the screen, none clipped away.
    const title = document.querySelector('.logo-text') as HTMLElement;
    const range = document.createRange();
    range.selectNodeContents(title);
    const ink = range.getBoundingClientRect();
    const header = (title.closest('header') as HTMLElement).getBoundingClientRect();
    const clipped = [title, ...[title.parentElement, title.closest('header')]].some((el) => {
      const style = getComputedStyle(el as HTMLElement);
      return style.textOverflow === 'ellipsis' || (style.overflow !== 'visible' && style.overflow !== '');
    });
    const smallTargets = [...document.querySelectorAll('button')]
      .filter((b) => b.offsetParent !== null)
      .map((b) => ({
        name: b.getAttribute('aria-label') ?? b.textContent ?? '',
        box: b.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ name, box }) => `${name} ${Math.round(box.width)}×${Math.round(box.height)}`);
    const boxes = [...document.querySelectorAll('button')]
      .filter((b) => b.offsetParent !== null)
      .map((b) => ({
        name: b.getAttribute('aria-label') ?? b.textContent ?? '',
        box: b.getBoundingClientRect(),
      }));
    const overlapping: string[] = [];
    boxes.forEach((a, i) => {
      for (const b of boxes.slice(i + 1)) {
        const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (w > 1 && h > 1) overlapping.push(`${a.name} / ${b.name}`);
      }
    });
    const offscreen = boxes
      .filter(
        ({ box }) =>
          box.left < 0 || box.top < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight,
      )
      .map(({ name }) => name);
    const texts = [...document.querySelectorAll('.bar output, .bar .label, .bar small')].map((el) =>
      Number.parseFloat(getComputedStyle(el).fontSize),
    );
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      stage: { width: rect.width, height: rect.height },
      grid,
      frame,
      title: {
        cut: clipped || ink.left < header.left || ink.right > header.right || ink.bottom > header.bottom + 1,
        inside: ink.left >= 0 && ink.right <= window.innerWidth && ink.top >= 0,
      },
      smallTargets,
      overlapping,
      offscreen,
      smallestText: Math.min(...texts),
    };
  });
}

for (const [orientation, device] of [
  ['portrait', PHONE],
  ['landscape', PHONE_LANDSCAPE],
] as const) {
  describe(`phones in ${orientation}`, () => {
    for (const game of gameInfos) {
      it(`${game.title}: the reels use the screen, the title is whole, targets are 44 px apart`, async () => {
        const launch = await launchUrl(server, apiKey, {
          symbol: game.symbol,
          player: `p-${orientation}-${game.slug}`,
          device: 'mobile',
          returnUrl: 'https://casino.example/lobby',
        });
        const context = await newContext(browser, device);
        const page = await context.newPage();
        await openGame(page, launch.url);
        const m = await measure(page);
        const screen = m.viewport.width * m.viewport.height;
        if (orientation === 'landscape') {
          // The reel area (the stage the reels are drawn in) is at least 55% of the screen…
          expect((m.stage.width * m.stage.height) / screen).toBeGreaterThanOrEqual(0.55);
        } else {
          // …in portrait the reels and their frame run across the screen, the stage just as tall as
          // they are, and the bands above and below hold the logo and the controls.
          expect(m.frame[2] / m.viewport.width).toBeGreaterThanOrEqual(0.94);
          expect(m.frame[3] / m.stage.height).toBeGreaterThanOrEqual(0.95);
        }
        // …and the reels fill it along the side that bounds them, their frame around them.
        const [, , gridWidth, gridHeight] = m.grid;
        const fill = Math.max(gridWidth / m.stage.width, gridHeight / m.stage.height);
        expect(fill).toBeGreaterThanOrEqual(0.85);
        expect(m.title).toEqual({ cut: false, inside: true });
        expect(m.smallTargets).toEqual([]);
        expect(m.overlapping).toEqual([]);
        expect(m.offscreen).toEqual([]);
        expect(m.smallestText).toBeGreaterThanOrEqual(11);
        await screenshot(page, `phone-${orientation}-${game.slug}`);
        await context.close();
      });
    }

    it('opens the paytable and the rules at their top', async () => {
      const launch = await launchUrl(server, apiKey, {
        symbol: 'rf_orbit_orchard',
        player: `p-${orientation}-paytable`,
        device: 'mobile',
      });
      const context = await newContext(browser, device);
      const page = await context.newPage();
      await openGame(page, launch.url);
      await page.getByRole('button', { name: 'Paytable' }).click();
      const sheet = page.getByTestId('paytable');
      await sheet.waitFor();
      const top = await sheet.evaluate((dialog) => ({
        scrollTop: dialog.scrollTop,
        scrollable: dialog.scrollHeight > dialog.clientHeight,
        headingTop: (dialog.querySelector('h2') as HTMLElement).getBoundingClientRect().top,
        dialogTop: dialog.getBoundingClientRect().top,
        focused: document.activeElement?.tagName,
      }));
      expect(top.scrollable).toBe(true); // a long sheet on a phone: where it opens matters
      expect(top.scrollTop).toBe(0);
      expect(top.headingTop).toBeGreaterThanOrEqual(top.dialogTop);
      expect(top.headingTop).toBeGreaterThanOrEqual(0);
      expect(top.focused).toBe('H2');
      await screenshot(page, `phone-${orientation}-paytable`);
      await context.close();
    });
  });
}
