// The back office's Jackpots section in Chromium (issue 28): an admin creates a pool in the form, the
// page says it waits for a second admin, a second admin approves it, and the pool appears with its
// live meter (the list refreshes itself); its detail shows the NJ meters and links the public record.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { createStaff, STAFF_PASSWORD, type StaffClient, signedInStaff } from '../helpers/staff.ts';
import { DESKTOP, launchChromium, newContext, PHONE, screenshot, startE2eServer } from './helpers.ts';

let server: TestServer;
let browser: Browser;
let approver: StaffClient;
let admin: { email: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
  await server.createOperator({ name: 'Alpha Casino', currency: 'USD' });
  approver = await signedInStaff(server, 'admin');
  admin = await createStaff(server, 'admin', 'jackpot-admin@reelforge.test');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('back office jackpots', () => {
  it('creates a pool in the form; after a second admin approves, its live meter shows', async () => {
    const page = await (await newContext(browser, DESKTOP)).newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}/backoffice#/jackpots`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForSelector('main[data-page="jackpots"][data-state="ready"]');

    await page.getByText('New pool', { exact: true }).click();
    const form = page.getByRole('form', { name: 'New jackpot pool' });
    await form.getByLabel('Name', { exact: true }).first().fill('Ember Crown Treasure');
    await form.getByLabel('Game', { exact: true }).selectOption('rf_ember_crown');
    await form.getByRole('button', { name: 'Add game' }).click();
    await expect.poll(() => form.getByTestId('members').textContent()).toContain('Alpha Casino');
    await screenshot(page, 'backoffice-jackpots-form');
    await form.getByRole('button', { name: 'Create pool' }).click();
    await page.getByText(/waiting for a second admin's approval/).waitFor();
    const waiting = page.getByTestId('jackpot-approvals');
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain('Ember Crown Treasure');
    await screenshot(page, 'backoffice-jackpots-waiting');

    const { body } = await approver.call('GET', '/api/admin/v1/approvals?status=pending');
    const approval = body.approvals.find((a: { action: string }) => a.action === 'jackpot.create');
    expect((await approver.call('POST', `/api/admin/v1/approvals/${approval.id}/approve`)).status).toBe(200);

    // The list refreshes itself: the pool and its meter appear without a reload.
    const meter = page.getByTestId('meter-mini');
    await meter.waitFor({ timeout: 10_000 });
    expect(await meter.textContent()).toBe('10.00 USD');
    await page.getByRole('button', { name: 'Ember Crown Treasure' }).click();
    await page.getByTestId('detail-meter-mini').waitFor();
    const link = page.getByRole('link', { name: /Public record/ });
    expect(await link.getAttribute('href')).toMatch(/^\/jackpots\/jp_/);
    await screenshot(page, 'backoffice-jackpots');
    await page.getByRole('form', { name: 'Add a game to the pool' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'backoffice-jackpots-members');
    // On a phone the pool's meters and tables fit the screen: nothing scrolls sideways.
    await page.setViewportSize(PHONE.viewport);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(PHONE.viewport.width);
    await page.getByTestId('detail-meter-mini').scrollIntoViewIfNeeded();
    await screenshot(page, 'backoffice-jackpots-phone');
    await page.setViewportSize(DESKTOP.viewport);
    expect(problems).toEqual([]);
  });
});
