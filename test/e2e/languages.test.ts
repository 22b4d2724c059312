// Every language in the browser: launched with `language`, the page is in that language (html lang,
// the catalog's own words on the controls, amounts through Intl in the session's currency), and no
// message key or English leftover shows anywhere on the game, the paytable and the history.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../client/src/i18n/catalogs/en.ts';
import { loadCatalog, SUPPORTED_LANGUAGES } from '../../client/src/i18n/i18n.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  DESKTOP,
  findQuietSeed,
  launchChromium,
  newContext,
  openGame,
  runtime,
  screenshot,
  startE2eServer,
} from './helpers.ts';

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

async function launchIn(language: string | undefined, player: string, symbol = 'rf_ember_crown') {
  const response = await server.request('/api/provider/v1/launch-url', {
    method: 'POST',
    headers: { 'x-provider-api-key': apiKey },
    json: { symbol, external_player_id: player, ...(language ? { language } : {}) },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { launch_url: string; session_id: string };
  return { url: body.launch_url, token: body.session_id };
}

/** Every text a player can see or hear: visible text, accessible names, titles and alt texts. */
async function playerText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [alt]'))
      for (const name of ['aria-label', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    return out;
  });
}

const KEY = /\b[a-z]+(?:_[a-z]+)*\.[a-z_]+(?:\.[a-z_-]+)*\b/;
/** English sentences of the catalog that must not appear in another language (words shared across
 * languages, like "Lobby", "Bonus" or "OK", are not sentences). */
const ENGLISH = Object.values(en).filter(
  (text) => /^[A-Z][a-z]+ [a-z]+ [a-z]+/.test(text) && !text.includes('{'),
);

describe('languages', () => {
  // One spin that starts no feature, so each language plays the same short round.
  const quiet = findQuietSeed('rf_ember_crown', 1);

  for (const language of SUPPORTED_LANGUAGES) {
    it(`${language}: the game, its paytable and its history are in ${language}, amounts by Intl`, async () => {
      const catalog = await loadCatalog(language);
      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      const launch = await launchIn(language, `p-lang-${language}`);
      expect((await runtime(server, launch.token, 'test/rng', { seed: quiet })).status).toBe(204);
      await openGame(page, launch.url);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await page.getByRole('button', { name: catalog['hud.spin'], exact: true }).waitFor();
      const euros = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(1000);
      expect(await page.getByTestId('balance').textContent()).toBe(euros);
      await page.getByRole('button', { name: catalog['hud.spin'], exact: true }).click();
      await page.waitForSelector('#app[data-plays="1"]', { timeout: 60_000 });
      await page.waitForSelector('#app[data-state="idle"]', { timeout: 60_000 });
      const texts = await playerText(page);
      await page.getByRole('button', { name: catalog['hud.paytable'] }).click();
      await page.getByTestId('paytable').waitFor();
      texts.push(...(await playerText(page)));
      await screenshot(page, `language-${language}-paytable`);
      expect(await page.getByTestId('paytable').locator('h3').textContent()).toBe(catalog['paytable.rules']);
      await page.getByRole('button', { name: catalog['action.close'] }).click();
      await page.getByRole('button', { name: catalog['hud.history'] }).click();
      await page.waitForSelector('[data-testid="history"] tbody tr');
      texts.push(...(await playerText(page)));
      const keys = texts.filter((text) => KEY.test(text));
      expect(keys, 'message keys on screen').toEqual([]);
      if (language !== 'en') {
        const english = texts.filter((text) => ENGLISH.some((sentence) => text.includes(sentence)));
        expect(english, 'English left untranslated').toEqual([]);
      }
      await context.close();
    });
  }

  it('a launch without language plays in the operator default, and falls back to English', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await openGame(page, (await launchIn(undefined, 'p-lang-default')).url);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
    const operator = await server.createOperator({ name: 'Tokyo', currency: 'JPY', language: 'ja' });
    const response = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      headers: { 'x-provider-api-key': operator.apiKey },
      json: { symbol: 'rf_jade_paths', external_player_id: 'p-lang-ja' },
    });
    const url = ((await response.json()) as { launch_url: string }).launch_url;
    const japanese = await newContext(browser, DESKTOP);
    const jaPage = await japanese.newPage();
    await openGame(jaPage, url);
    expect(await jaPage.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await jaPage.getByRole('button', { name: 'スピン', exact: true }).count()).toBe(1);
    expect(await jaPage.getByTestId('balance').textContent()).toMatch(/^[￥¥]/);
    await japanese.close();
  });
});
