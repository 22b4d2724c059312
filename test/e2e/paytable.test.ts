// Every game's paytable on a 360 px phone, as a player sees it: the certified RTP and one maximum win
// (the certificate's, in the header and in the rules alike), the rules worded from the server's rule
// facts (every prize, trigger, buy and ante), nothing wider than the screen; under a market that asks
// (de), the chance of the maximum win. One screenshot per game, top and rules, in test-results/e2e.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, en } from '../../client/src/i18n/catalogs/en.ts';
import { format } from '../../client/src/i18n/i18n.ts';
import { describeGame, type GameDescription, gameInfos, getGame } from '../../src/games/index.ts';
import { ruleTexts } from '../../src/games/rule-text.ts';
import type { TestServer } from '../helpers/server.ts';
import { launchChromium, launchUrl, newContext, openGame, screenshot, startE2eServer } from './helpers.ts';

const PHONE_360 = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

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

const english = new Intl.PluralRules('en');
const numbers = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** The rules the English client words from the server's facts. */
function expectedRules(description: GameDescription, maxWinChance: boolean): string[] {
  return ruleTexts(
    description.ruleFacts,
    {
      language: 'en',
      message: (key, values = {}) => format(en[key], values, english),
      symbol: (code) => (en as Record<string, string>)[`symbol.${description.slug}.${code}`] ?? code,
    },
    { maxWinChance },
  );
}

async function openPaytable(
  symbol: string,
  player: string,
  extra: Record<string, unknown> = {},
  currency = 'USD',
): Promise<Page> {
  const launch = await launchUrl(server, apiKey, { symbol, player, device: 'mobile', currency, extra });
  const context = await newContext(browser, PHONE_360);
  const page = await context.newPage();
  await openGame(page, launch.url);
  await page.getByRole('button', { name: (en as Catalog)['hud.paytable'] }).click();
  await page.getByTestId('paytable').waitFor();
  return page;
}

describe('paytable on a 360 px phone', () => {
  it.each(gameInfos.map((g) => [g.symbol, g.slug] as const))(
    '%s: the certified figures, one maximum win, every rule from the facts, nothing cut off',
    async (symbol, slug) => {
      const game = getGame(symbol);
      if (!game) throw new Error(`${symbol} is not in the registry`);
      const description = describeGame(game);
      const page = await openPaytable(symbol, `p-paytable-${slug}`);
      const sheet = page.getByTestId('paytable');
      const header = (await page.getByTestId('rtp').textContent()) ?? '';
      const maxWin = `${numbers.format(description.maxWinMultiplier)}×`;
      expect(header).toContain(`Return to player: ${description.rtp}%`);
      expect(header).toContain(`(${maxWin} the total bet)`);
      const rules = await sheet.locator('[data-testid="rules"] li').allTextContents();
      expect(rules).toEqual(expectedRules(description, false));
      // The rules' maximum is the header's: no second figure.
      expect(rules.filter((rule) => rule.includes(`${maxWin} the total bet`))).toHaveLength(1);
      expect(rules.join('\n')).not.toContain('capped at');
      // Every paying symbol has its row in the pays table.
      const paying = description.symbols.filter((s) => s.pays.length > 0).length;
      expect(await sheet.locator('table tbody tr').count()).toBe(paying);
      // Nothing reaches past the sheet's content edge: no element, no line of text.
      const fit = await sheet.evaluate((dialog) => {
        const padding = Number.parseFloat(getComputedStyle(dialog).paddingRight);
        const edge =
          dialog.getBoundingClientRect().left + dialog.clientLeft + dialog.clientWidth - padding + 0.5;
        const wide: string[] = [];
        const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          const rect = node instanceof Element ? node.getBoundingClientRect() : range.getBoundingClientRect();
          if (rect.right > edge) wide.push(`${node.nodeName} ${node.textContent?.slice(0, 40)}`);
        }
        return { overflow: dialog.scrollWidth - dialog.clientWidth, wide };
      });
      await screenshot(page, `paytable-phone-${slug}`);
      expect(fit).toEqual({ overflow: 0, wide: [] });
      await sheet.locator('h3').scrollIntoViewIfNeeded();
      await sheet.evaluate((dialog) => {
        const heading = dialog.querySelector('h3') as HTMLElement;
        dialog.scrollTop = heading.offsetTop - 8;
      });
      await screenshot(page, `paytable-phone-${slug}-rules`);
      await page.context().close();
    },
  );

  it('de: the rules give the certified chance of the maximum win, worded by its kind', async () => {
    const game = getGame('rf_ember_crown');
    if (!game) throw new Error('rf_ember_crown is not in the registry');
    const description = describeGame(game);
    const page = await openPaytable(
      'rf_ember_crown',
      'p-paytable-de',
      { jurisdiction: 'de', language: 'en' },
      'EUR',
    );
    const rules = await page.getByTestId('rules').locator('li').allTextContents();
    expect(rules).toEqual(expectedRules(description, true));
    const chance = description.ruleFacts.find((f) => f.id === 'max_win_chance');
    if (chance?.id === 'max_win_chance') {
      const wording = { exact: '1 in', bound: 'at most 1 in', estimate: 'about 1 in' }[chance.kind];
      expect(rules.join('\n')).toContain(`${wording} ${numbers.format(Number(chance.oneIn))} rounds`);
    }
    await page
      .getByTestId('rules')
      .evaluate((list) => list.lastElementChild?.scrollIntoView({ block: 'end' }));
    await screenshot(page, 'paytable-phone-ember-crown-de-rules');
    await page.context().close();
  });
});
