// Key art as a lobby's browser gets it: every game at every size and format decodes in Chromium at
// the right dimensions and looks different from the others; the demo lobby's tiles show it. And the
// first load of a game stays within its budget: issue 26's 400 KB gzipped for everything the page fetches
// (the game's own typefaces included).
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInfos } from '../../src/games/index.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  DESKTOP,
  launchChromium,
  launchUrl,
  newContext,
  openGame,
  PHONE,
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

const SIZES = { square: [600, 600], banner: [1280, 720], portrait: [600, 900], card: [480, 360] } as const;

describe('key art in the browser', () => {
  for (const [size, [width, height]] of Object.entries(SIZES)) {
    it(`${size}: decodes at ${width}×${height} as WebP, PNG and SVG, different for every game`, async () => {
      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      await page.goto(`${server.url}/health`); // same origin, so the pixels can be read back
      const urls = gameInfos.flatMap((game) =>
        ['webp', 'png', 'svg'].map(
          (format) => `/api/provider/v1/game-art/${game.symbol}?size=${size}&format=${format}`,
        ),
      );
      const pictures = await page.evaluate(async (list) => {
        return Promise.all(
          list.map(async (src) => {
            const img = new Image();
            img.src = src;
            await img.decode();
            const canvas = document.createElement('canvas');
            canvas.width = 16;
            canvas.height = 16;
            const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
            ctx.drawImage(img, 0, 0, 16, 16);
            return {
              src,
              width: img.naturalWidth,
              height: img.naturalHeight,
              pixels: [...ctx.getImageData(0, 0, 16, 16).data],
            };
          }),
        );
      }, urls);
      for (const picture of pictures)
        expect([picture.src, picture.width, picture.height]).toEqual([picture.src, width, height]);
      const webp = pictures.filter((p) => p.src.endsWith('webp'));
      for (let i = 0; i < webp.length; i++)
        for (let j = i + 1; j < webp.length; j++) {
          const a = webp[i]?.pixels ?? [];
          const b = webp[j]?.pixels ?? [];
          const diff = a.reduce((sum, value, k) => sum + Math.abs(value - (b[k] ?? 0)), 0) / a.length;
          expect(diff, `${webp[i]?.src} vs ${webp[j]?.src}`).toBeGreaterThan(15);
        }
      await context.close();
    });
  }

  it('is what the demo lobby shows on its tiles', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const tiles = await page.evaluate(async () =>
      Promise.all(
        [...document.querySelectorAll<HTMLImageElement>('.tiles img')].map(async (img) => {
          img.loading = 'eager';
          await img.decode();
          return { src: img.getAttribute('src') ?? '', width: img.naturalWidth };
        }),
      ),
    );
    expect(tiles.length).toBe(gameInfos.length);
    for (const tile of tiles) {
      expect(tile.src).toContain('/api/provider/v1/game-art/');
      expect(tile.width).toBe(480);
    }
    await context.close();
  });
});

describe('first load', () => {
  for (const [label, device] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`a game page fetches at most 400 KB gzipped before it accepts a spin (${label})`, async () => {
      const launch = await launchUrl(server, apiKey, {
        symbol: 'rf_orbit_orchard',
        player: `p-budget-${label}`,
        device: label === 'desktop' ? 'desktop' : 'mobile',
      });
      const context = await newContext(browser, device);
      const page = await context.newPage();
      const sizes: Array<Promise<{ url: string; gzipped: number }>> = [];
      page.on('response', (response) => {
        const url = response.url();
        if (url.includes('/api/')) return; // the runtime API's answers are data, not the game
        sizes.push(response.body().then((body) => ({ url, gzipped: gzipSync(body, { level: 9 }).length })));
      });
      await openGame(page, launch.url);
      const fetched = await Promise.all(sizes);
      const total = fetched.reduce((sum, f) => sum + f.gzipped, 0);
      console.log(`first load (${label}): ${fetched.length} files, ${(total / 1024).toFixed(1)} KB gzipped`);
      expect(fetched.some((f) => /\.js$/.test(f.url))).toBe(true);
      expect(total).toBeLessThanOrEqual(400 * 1024);
      await context.close();
    });
  }
});
