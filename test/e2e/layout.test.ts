// Every game on phones of 360, 390 and 430 px in portrait and two landscape sizes, in English, German
// and Japanese (the longest and the widest labels): no control's text is cut by its own box, nothing
// runs off the screen, no two HUD controls overlap and none lies on the reels, and in portrait the
// reels run across the screen (their frame at least 94 % of the width).
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

const SIZES = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
  { width: 360, height: 640 },
  { width: 844, height: 390 },
  { width: 740, height: 360 },
] as const;

interface Problems {
  cut: string[];
  offscreen: string[];
  overlapping: string[];
  onReels: string[];
  reelsShare: number;
}

/** What is wrong with the HUD as laid out now (empty lists when nothing is). */
function problems(page: Page): Promise<Problems> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const nameOf = (el: Element) =>
      el.getAttribute('data-testid') ??
      el.getAttribute('aria-label') ??
      el.textContent?.trim().slice(0, 24) ??
      el.className;
    // The HUD's controls and read-outs: every button, each meter and the bet, the logo, the notes.
    const controls = [
      ...document.querySelectorAll(
        '#app > header button, #app > footer button, .meter, [data-testid="logo"], .notes > *',
      ),
    ].filter(visible);
    const cut = controls
      .filter((el) => {
        const e = el as HTMLElement;
        return e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
      })
      .map(nameOf);
    const offscreen = controls
      .filter((el) => {
        const b = el.getBoundingClientRect();
        return b.left < -0.5 || b.top < -0.5 || b.right > innerWidth + 0.5 || b.bottom > innerHeight + 0.5;
      })
      .map(nameOf);
    // Outermost boxes only: a button inside a note is part of that note.
    const outer = controls.filter((el) => !controls.some((other) => other !== el && other.contains(el)));
    const overlapping: string[] = [];
    const meet = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    outer.forEach((a, i) => {
      for (const b of outer.slice(i + 1))
        if (meet(a.getBoundingClientRect(), b.getBoundingClientRect()))
          overlapping.push(`${nameOf(a)} / ${nameOf(b)}`);
    });
    const stage = document.querySelector('[data-testid="stage"]') as HTMLElement;
    const at = stage.getBoundingClientRect();
    const [x, y, w, h] = (stage.dataset.frame ?? '0,0,0,0').split(',').map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const reels = new DOMRect(at.left + x, at.top + y, w, h);
    const onReels = outer.filter((el) => meet(el.getBoundingClientRect(), reels)).map(nameOf);
    if (reels.top < at.top - 0.5 || reels.bottom > at.bottom + 0.5) onReels.push('reels cut by the stage');
    return { cut, offscreen, overlapping, onReels, reelsShare: w / innerWidth };
  });
}

describe('phone layout in every language', () => {
  for (const game of gameInfos) {
    // The UK adds the session clock and net position above the reels.
    for (const [language, market] of [
      ['en', 'default'],
      ['de', 'default'],
      ['ja', 'default'],
      ['en', 'uk'],
    ] as const) {
      it(`${game.title} in ${language} (${market} market): nothing cut, off screen or overlapping, portrait reels full width`, async () => {
        const launch = await launchUrl(server, apiKey, {
          symbol: game.symbol,
          player: `p-layout-${language}-${market}-${game.slug}`,
          device: 'mobile',
          returnUrl: 'https://casino.example/lobby',
          currency: market === 'uk' ? 'GBP' : 'USD',
          extra: { language, ...(market === 'uk' ? { jurisdiction: 'uk' } : {}) },
        });
        const context = await newContext(browser, PHONE);
        const page = await context.newPage();
        await openGame(page, launch.url);
        const found: Record<string, unknown> = {};
        for (const size of SIZES) {
          await page.setViewportSize(size);
          // Settled: the stage has its new size and the reels were laid out for it.
          await page.waitForFunction(() => {
            const stage = document.querySelector('[data-testid="stage"]') as HTMLElement;
            const [x, , w] = (stage.dataset.grid ?? '0,0,0').split(',').map(Number) as [
              number,
              number,
              number,
            ];
            return Math.abs(2 * x + w - stage.clientWidth) <= 2;
          });
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
          );
          const p = await problems(page);
          const portrait = size.height > size.width;
          const bad = {
            ...(p.cut.length ? { cut: p.cut } : {}),
            ...(p.offscreen.length ? { offscreen: p.offscreen } : {}),
            ...(p.overlapping.length ? { overlapping: p.overlapping } : {}),
            ...(p.onReels.length ? { onReels: p.onReels } : {}),
            // Full phones in portrait; a short one may give up a little width to keep the controls.
            ...(portrait && size.height > 700 && p.reelsShare < 0.94 ? { reelsShare: p.reelsShare } : {}),
          };
          if (Object.keys(bad).length > 0) found[`${size.width}×${size.height}`] = bad;
          if (language !== 'en' || market === 'uk' || game === gameInfos[0])
            await screenshot(page, `layout-${game.slug}-${language}-${market}-${size.width}x${size.height}`);
        }
        expect(found).toEqual({});
        await context.close();
      });
    }
  }
});
