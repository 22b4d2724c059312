// The reference page at /docs as a browser loads it: no Content-Security-Policy violation and no
// console error, the operator contract rendered, and the wallet integration guide one click away.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { DESKTOP, launchChromium, newContext, screenshot, startE2eServer } from './helpers.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('/docs', () => {
  it('loads without a CSP violation or console error, and links the wallet integration guide', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) =>
      problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`),
    );
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
      });
    });
    await page.goto(`${server.url}/docs`);
    await page.waitForSelector('.swagger-ui .info .title', { timeout: 60_000 });
    await page.waitForSelector('.swagger-ui .opblock', { timeout: 60_000 });
    // Late style and font loads report their violations too: wait until they are all in.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await screenshot(page, 'docs');
    expect(problems).toEqual([]);
    expect(await page.textContent('.swagger-ui .info .title')).toContain('Reelforge Operator API');

    const link = page.locator('.swagger-ui .info a[href$="/docs/wallet-integration"]');
    await expect(link.count()).resolves.toBe(1);
    const guide = await page.request.get(`${server.url}/docs/wallet-integration`);
    expect(guide.status()).toBe(200);
    expect(guide.headers()['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(await guide.text()).toContain('<h1 id="wallet-integration">Wallet integration</h1>');
    const source = await page.request.get(`${server.url}/docs/wallet-integration.md`);
    expect(await source.text()).toMatch(/^# Wallet integration/);
    await context.close();
  });
});
