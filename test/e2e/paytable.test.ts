// Every game's paytable in the browser shows the figures of its certificate: the certified RTP (exact
// where there is one) and the maximum win the game can actually pay (the cap only where it is reached).
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInfos } from '../../src/games/index.ts';
import type { TestServer } from '../helpers/server.ts';
import { DESKTOP, idle, launchChromium, launchUrl, newContext, openGame, startE2eServer } from './helpers.ts';

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

interface CertificateFile {
  variants: Record<
    string,
    { maxWin: { multiplier: string; kind: string }; modes: { base: { rtp: string } } }
  >;
}

describe('paytable', () => {
  it.each(gameInfos.map((g) => [g.symbol, g.slug, g.defaultVariant] as const))(
    '%s shows its certified RTP and attainable max win',
    async (symbol, slug, variant) => {
      const certificate = JSON.parse(
        readFileSync(new URL(`../../certification/${slug}.json`, import.meta.url), 'utf8'),
      ) as CertificateFile;
      const certified = certificate.variants[variant];
      expect(certified, 'certificate of the default variant').toBeDefined();
      const launch = await launchUrl(server, apiKey, { symbol, player: `p-paytable-${slug}` });
      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      await openGame(page, launch.url);
      await idle(page);
      await page.getByRole('button', { name: 'Paytable' }).click();
      const text = (await page.getByTestId('rtp').textContent()) ?? '';
      expect(text).toContain(`Return to player: ${certified?.modes.base.rtp}%`);
      expect(text).toContain(`(${Number(certified?.maxWin.multiplier)}× the total bet`);
      if (certified?.maxWin.kind === 'cap') expect(text).toContain('the cap');
      else expect(text).not.toContain('the cap');
      await context.close();
    },
  );
});
