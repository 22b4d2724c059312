// The back office's Tournaments & drops section in Chromium (issue 29): one admin creates a network
// tournament and a prize drop in the form, with the defaults it offers (a bad amount shown under its
// field first); a second admin, in another browser, approves both (the creator's Approve is
// disabled); once the tournament runs, its live standings fill in by themselves as two operators'
// players play.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, insertPrize, prizeRow } from '../campaigns/prize-rows.ts';
import { launchPlayer } from '../helpers/runtime.ts';
import type { TestServer } from '../helpers/server.ts';
import { createStaff, STAFF_PASSWORD } from '../helpers/staff.ts';
import {
  ARTIFACTS,
  DESKTOP,
  launchChromium,
  newContext,
  PHONE,
  screenshot,
  startE2eServer,
} from './helpers.ts';

let server: TestServer;
let browser: Browser;
let alpha: { id: string; apiKey: string };
let beta: { id: string; apiKey: string };
let creator: { email: string };
let approver: { email: string };
let viewer: { email: string };
/** The server's clock runs this far ahead of the real one: the test moves it past the start. */
let aheadMs = 0;
const clock = { now: () => new Date(Date.now() + aheadMs) };

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer({ clock }), launchChromium()]);
  alpha = await server.createOperator({ name: 'Alpha Casino', currency: 'USD' });
  beta = await server.createOperator({ name: 'Beta Bet', currency: 'EUR' });
  creator = await createStaff(server, 'admin', 'campaign-creator@reelforge.test');
  approver = await createStaff(server, 'admin', 'campaign-approver@reelforge.test');
  viewer = await createStaff(server, 'viewer', 'campaign-viewer@reelforge.test');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedIn(email: string, problems: string[]): Promise<Page> {
  const page = await (await newContext(browser, DESKTOP)).newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${server.url}/backoffice#/campaigns`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('main[data-page="campaigns"][data-state="ready"]');
  return page;
}

describe('back office tournaments and drops', () => {
  it('one admin creates a network tournament and a drop, a second approves, standings go live', async () => {
    const problems: string[] = [];
    const page = await signedIn(creator.email, problems);

    await page.getByText('New tournament or prize drop', { exact: true }).click();
    const form = page.getByRole('form', { name: 'New campaign' });
    await form.getByLabel('Name', { exact: true }).fill('Friday Multiplier Race');
    // It starts in a few minutes (the default is the next full hour): the test moves the server's
    // clock past it while the staff sessions (30 min idle) stay open.
    const start = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000);
    await form.getByLabel('Starts (UTC)').fill(start.toISOString().slice(0, 16));
    // Beta plays in EUR: the form asks for its rate to the campaign currency (Alpha's USD).
    await form.getByLabel('1 EUR =').fill('1.08');
    await form.getByLabel('Players opt in before their rounds count', { exact: false }).uncheck();
    // A first place of 500.001 USD: the server's 400 shows under that field.
    const firstAmount = form.locator('[data-field="places[0].prize.amount"]');
    await firstAmount.fill('500.001');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    const error = form.locator('.field-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/not an amount in USD/);
    expect(await firstAmount.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'backoffice-campaigns-field-error');
    await firstAmount.fill('500.00');
    expect(await form.locator('.field-error').count()).toBe(0);
    await screenshot(page, 'backoffice-campaigns-form');
    await form.screenshot({ path: path.join(ARTIFACTS, 'backoffice-campaigns-form-whole.png') });
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByText(/“Friday Multiplier Race” is waiting for a second admin's approval/).waitFor();

    await page.getByText('New tournament or prize drop', { exact: true }).click();
    await form.getByLabel('Kind').selectOption('drop');
    await form.getByLabel('Name', { exact: true }).fill('Hourly Cash Drops');
    await form.getByLabel('Scope').selectOption('operator');
    await form.getByLabel('Operator', { exact: true }).selectOption(alpha.id);
    await screenshot(page, 'backoffice-campaigns-drop-form');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByText(/“Hourly Cash Drops” is waiting for a second admin's approval/).waitFor();

    const waiting = page.getByTestId('campaign-approvals');
    expect(await waiting.textContent()).toContain('Friday Multiplier Race');
    // The creator's own Approve is disabled: a different admin approves.
    expect(await page.getByRole('button', { name: 'Approve Friday Multiplier Race' }).isDisabled()).toBe(
      true,
    );
    await screenshot(page, 'backoffice-campaigns-waiting');

    const second = await signedIn(approver.email, problems);
    // The Approvals page points the second admin to the campaigns waiting for them.
    await second.evaluate(() => {
      location.hash = '#/approvals';
    });
    const pointer = second.getByTestId('pending-campaigns');
    await pointer.waitFor();
    expect(await pointer.textContent()).toContain('2 tournaments or drops wait for a second admin');
    await pointer.getByRole('link', { name: 'Tournaments & drops' }).click();
    await second.waitForSelector('main[data-page="campaigns"][data-state="ready"]');
    for (const name of ['Friday Multiplier Race', 'Hourly Cash Drops']) {
      await second.getByRole('button', { name: `Approve ${name}` }).click();
      await second.getByText(`Approved “${name}”: scheduled.`).waitFor();
    }
    expect(await second.getByTestId('campaign-approvals').count()).toBe(0);

    const { body } = await server.admin('GET', '/api/admin/v1/campaigns');
    const race = body.campaigns.find((c: { name: string }) => c.name === 'Friday Multiplier Race');
    const drop = body.campaigns.find((c: { name: string }) => c.name === 'Hourly Cash Drops');
    expect(race).toMatchObject({
      kind: 'tournament',
      scope: 'network',
      status: 'scheduled',
      scoring: 'max_multiplier',
      opt_in_required: false,
      rates: [{ currency: 'EUR', rate: '1.08' }],
      created_by: `staff:${creator.email}`,
      approved_by: `staff:${approver.email}`,
    });
    expect(race.places[0]).toEqual({ from: 1, to: 1, prize: { kind: 'cash', amount: '500.00' } });
    expect(drop).toMatchObject({
      kind: 'drop',
      scope: 'operator',
      owner_operator_id: alpha.id,
      status: 'scheduled',
    });
    expect(drop.drop_commit).toMatch(/^[0-9a-f]{64}$/);

    // Both operators opt in; the tournament starts; each operator's player plays.
    for (const op of [alpha, beta]) {
      const joined = await server.request(`/api/provider/v1/campaigns/${race.campaign_id}/opt-in`, {
        method: 'POST',
        headers: { 'x-provider-api-key': op.apiKey },
      });
      expect(joined.status).toBe(200);
    }
    aheadMs = start.getTime() + 60_000 - Date.now();

    await page.getByRole('button', { name: 'Friday Multiplier Race', exact: true }).click();
    const live = page.getByTestId('campaign-live');
    await live.waitFor();
    for (const [op, player, currency] of [
      [alpha, 'alpha-racer', 'USD'],
      [beta, 'beta-racer', 'EUR'],
    ] as const) {
      const session = await launchPlayer(server, op.apiKey, { player, currency });
      for (let i = 0; i < 3; i++) expect((await session.spin({ coin: '0.10' })).status).toBe(200);
    }
    await server.services.campaigns.settle();
    // The standings refresh by themselves: both players appear, named for staff.
    await expect.poll(() => live.textContent(), { timeout: 10_000 }).toContain('beta-racer');
    expect(await live.textContent()).toContain('alpha-racer');
    expect(await live.textContent()).toContain('Beta Bet');
    await page.getByRole('heading', { name: /Friday Multiplier Race/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'backoffice-campaigns');
    await live.scrollIntoViewIfNeeded();
    await screenshot(page, 'backoffice-campaigns-standings');
    // On a phone the list and the standings are cards: nothing scrolls sideways, each place named.
    await page.setViewportSize(PHONE.viewport);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(PHONE.viewport.width);
    expect(await live.locator('td[data-label]').count()).toBeGreaterThan(0);
    await live.scrollIntoViewIfNeeded();
    await screenshot(page, 'backoffice-campaigns-standings-phone');
    await page.setViewportSize(DESKTOP.viewport);
    expect(problems).toEqual([]);
  });

  it('a viewer reads campaigns and standings but is offered nothing to create or approve', async () => {
    const problems: string[] = [];
    const page = await signedIn(viewer.email, problems);
    await page.getByRole('button', { name: 'Friday Multiplier Race', exact: true }).click();
    await page.getByTestId('campaign-live').locator('table').first().waitFor();
    expect(await page.getByTestId('new-campaign').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Approve / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel campaign…' }).count()).toBe(0);
    expect(await page.locator('main').textContent()).toContain('needs the admin role');
    expect(problems).toEqual([]);
  });

  it('a parked prize is sent again, or closed as settled by hand, from the campaign', async () => {
    const campaignId = await insertCampaign(server, { operatorId: alpha.id });
    const again = await insertPrize(server, {
      campaignId,
      operatorId: alpha.id,
      playerId: 'parked-one',
      amount: 1_000n,
      status: 'failed',
    });
    const byHand = await insertPrize(server, {
      campaignId,
      operatorId: alpha.id,
      playerId: 'parked-two',
      amount: 2_000n,
      status: 'failed',
    });
    const problems: string[] = [];
    const page = await signedIn(creator.email, problems);
    await page.getByRole('button', { name: 'Test campaign', exact: true }).click();
    const live = page.getByTestId('campaign-live');
    await live.getByText('parked-one').waitFor();
    expect(await live.getByText('parked for staff').count()).toBe(2);
    await screenshot(page, 'backoffice-campaigns-parked');

    const rows = live.locator('tr');
    await rows.filter({ hasText: 'parked-one' }).getByRole('button', { name: 'Send again' }).click();
    await page.getByText(`Prize ${again.id} is being sent again`).waitFor();
    await expect.poll(async () => (await prizeRow(server, again.id)).status).not.toBe('failed');

    const settle = page.getByRole('form', { name: `Settle prize ${byHand.id} by hand` });
    await settle.getByLabel('How it was settled').fill('paid by the operator, ticket 42');
    await settle.getByRole('button', { name: 'Resolve' }).click();
    await page.getByText(`Prize ${byHand.id} is closed as settled by hand.`).waitFor();
    expect(await prizeRow(server, byHand.id)).toMatchObject({
      status: 'resolved',
      resolution: expect.stringContaining('ticket 42'),
    });
    expect(await live.getByText('resolved by staff').count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
