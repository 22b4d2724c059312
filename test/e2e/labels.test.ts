// Every button label fits its button, in every language at every phone width (issue 25, item 17:
// the German spin label was cut to "DREHE" on a 390 px phone). Each language's game is opened on a
// phone and turned through 360, 390 and 430 px, then opened on a desktop; every visible button's
// text is measured against the button's own box inside its padding (no clipping, no overflow), so a
// long word in any catalog fails here.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../client/src/i18n/i18n.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  DESKTOP,
  launchChromium,
  newContext,
  openGame,
  PHONE,
  screenshot,
  startE2eServer,
} from './helpers.ts';

const WIDTHS = [360, 390, 430];

let server: TestServer;
let browser: Browser;
let apiKey: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
  apiKey = (await server.createOperator({ currency: 'EUR' })).apiKey;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Every visible button whose text does not fit inside it, with the measures that show it. */
function labelsThatDoNotFit(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const button of document.querySelectorAll<HTMLButtonElement>('#app button')) {
      const text = button.textContent?.trim();
      const box = button.getBoundingClientRect();
      if (!text || box.width === 0 || box.height === 0 || button.closest('[hidden]')) continue;
      // What is drawn: the button's visible text (a screen-reader-only part is not on screen).
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      const drawn = {
        left: Infinity,
        right: -Infinity,
        top: Infinity,
        bottom: -Infinity,
        width: 0,
        height: 0,
      };
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || node.parentElement?.closest('.sr-only')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        drawn.left = Math.min(drawn.left, r.left);
        drawn.right = Math.max(drawn.right, r.right);
        drawn.top = Math.min(drawn.top, r.top);
        drawn.bottom = Math.max(drawn.bottom, r.bottom);
      }
      drawn.width = drawn.right - drawn.left;
      drawn.height = drawn.bottom - drawn.top;
      const style = getComputedStyle(button);
      const border = (side: string) => Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) || 0;
      // Sideways, the text keeps inside the padding too, as fit.ts fits it (the spin button's
      // padding keeps its label on the face, off the rim).
      const padding = (side: string) => Number.parseFloat(style.getPropertyValue(`padding-${side}`)) || 0;
      const inner = {
        left: box.left + border('left') + padding('left') - 0.5,
        right: box.right - border('right') - padding('right') + 0.5,
        top: box.top + border('top') - 0.5,
        bottom: box.bottom - border('bottom') + 0.5,
      };
      const clipped =
        drawn.left < inner.left ||
        drawn.right > inner.right ||
        drawn.top < inner.top ||
        drawn.bottom > inner.bottom ||
        button.scrollWidth > button.clientWidth + 0.5 ||
        button.scrollHeight > button.clientHeight + 0.5;
      if (clipped)
        out.push(
          `"${text}" (${button.getAttribute('aria-label')}): text ${Math.round(drawn.width)}×${Math.round(drawn.height)} in a ${Math.round(box.width)}×${Math.round(box.height)} button`,
        );
    }
    return out;
  });
}

describe('button labels fit', () => {
  it('has the languages the issue names', () => {
    expect([...SUPPORTED_LANGUAGES]).toEqual(
      expect.arrayContaining(['en', 'de', 'es', 'pt-BR', 'fr', 'it', 'ja']),
    );
  });

  it.each([...SUPPORTED_LANGUAGES])('%s: every button label at 360, 390 and 430 px', async (language) => {
    const response = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      headers: { 'x-provider-api-key': apiKey },
      // Orbit Orchard has every control there is: ante, buy, autoplay, turbo.
      json: {
        symbol: 'rf_orbit_orchard',
        external_player_id: `p-labels-${language}`,
        language,
        device: 'mobile',
      },
    });
    expect(response.status).toBe(200);
    const { launch_url: url } = (await response.json()) as { launch_url: string };
    const context = await newContext(browser, {
      ...PHONE,
      viewport: { width: WIDTHS[0] as number, height: 844 },
    });
    const page = await context.newPage();
    await openGame(page, url);
    expect(await page.getAttribute('html', 'lang')).toBe(language);
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      // Layout and refitting settle in the frames after a resize: measure once two frames have drawn.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
      );
      const seen = await page.evaluate(() => document.querySelectorAll('#app button').length);
      expect(seen).toBeGreaterThan(5);
      for (const problem of await labelsThatDoNotFit(page)) problems.push(`${width} px: ${problem}`);
      if (width === 390) await screenshot(page, `labels-${language}-390`);
    }
    await context.close();
    // And on a desktop, where the spin button is drawn larger but the word is too ("DREHEN" ran
    // onto Ember Crown's rim).
    for (const symbol of ['rf_orbit_orchard', 'rf_ember_crown']) {
      const desktop = await server.request('/api/provider/v1/launch-url', {
        method: 'POST',
        headers: { 'x-provider-api-key': apiKey },
        json: { symbol, external_player_id: `p-labels-${language}-desk`, language, device: 'desktop' },
      });
      const desk = await newContext(browser, DESKTOP);
      const deskPage = await desk.newPage();
      await openGame(deskPage, ((await desktop.json()) as { launch_url: string }).launch_url);
      await deskPage.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
      );
      for (const problem of await labelsThatDoNotFit(deskPage))
        problems.push(`desktop ${symbol}: ${problem}`);
      if (symbol === 'rf_ember_crown') await screenshot(deskPage, `labels-${language}-desktop`);
      await desk.close();
    }
    expect(problems).toEqual([]);
  });
});
