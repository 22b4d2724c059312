// The back office in Chromium: each role signs in with its cookie session and walks its pages' main
// tasks; a role that lacks a permission sees the action hidden, the page refused cleanly, and the API
// answering 403; every page passes an axe-core scan with no serious or critical violation.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { solidImage } from '../admin/images.ts';
import { callbackOperator, eventually, launchPlayer, ledgerOf, useRetryPolicy } from '../helpers/runtime.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  ARTIFACTS,
  DESKTOP,
  launchChromium,
  newContext,
  PHONE,
  screenshot,
  startE2eServer,
} from './helpers.ts';

const PASSWORD = 'a long staff password 4 tests';
type Role = 'admin' | 'support' | 'finance' | 'viewer';

let server: TestServer;
let browser: Browser;
let wallet: MockWallet;
let internalOperator: { id: string; apiKey: string };
let callback: { id: string; apiKey: string };
const accounts = {} as Record<Role | 'admin2' | 'totp' | 'locked', { email: string; id: string }>;
const rounds: string[] = [];
const parked: string[] = [];

async function createStaff(role: Role, email: string) {
  const created = await server.admin('POST', '/api/admin/v1/staff', { email, role, password: PASSWORD });
  if (created.status !== 201) throw new Error(`staff create failed: ${JSON.stringify(created.body)}`);
  return { email, id: created.body.staff.id as string };
}

async function parkCredit(playerId: string): Promise<string> {
  const player = await launchPlayer(server, callback.apiKey, { player: playerId });
  const spun = await player.spin({ coin: '0.10' });
  if (spun.status !== 200) throw new Error(`spin failed: ${JSON.stringify(spun.body)}`);
  const credit = await eventually(async () =>
    (await ledgerOf(server, spun.body.round.id)).find((t) => t.type === 'credit' && t.status === 'failed'),
  );
  return credit.id as string;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
  useRetryPolicy(server, { baseDelayMs: 20, maxDelayMs: 60, giveUpAfterMs: 300, pollIntervalMs: 25 });
  internalOperator = await server.createOperator({ name: 'Alpha Casino', currency: 'USD' });
  const cb = await callbackOperator(server, { 'p-park-1': '100.00', 'p-park-2': '100.00' });
  wallet = cb.wallet;
  callback = { id: cb.id, apiKey: cb.apiKey };
  await server.admin('PATCH', `/api/admin/v1/operators/${callback.id}`, { name: 'Beta Wallet Co' });
  const player = await launchPlayer(server, internalOperator.apiKey, { player: 'p-alpha' });
  for (let i = 0; i < 3; i++) {
    const spun = await player.spin({ coin: '0.10' });
    if (spun.status !== 200) throw new Error(`spin failed: ${JSON.stringify(spun.body)}`);
    rounds.push(spun.body.round.id);
  }
  wallet.setFault((type) => (type === 'credit' ? { kind: 'status', status: 500 } : undefined));
  parked.push(await parkCredit('p-park-1'), await parkCredit('p-park-2'));
  wallet.setFault(undefined);
  for (const role of ['admin', 'support', 'finance', 'viewer'] as const) {
    accounts[role] = await createStaff(role, `${role}@reelforge.test`);
  }
  accounts.admin2 = await createStaff('admin', 'second-admin@reelforge.test');
  accounts.totp = await createStaff('viewer', 'two-factor@reelforge.test');
  accounts.locked = await createStaff('viewer', 'locked-out@reelforge.test');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await wallet?.close();
});

/** A fresh browser context signed in through the sign-in page. */
async function signedIn(who: Role | 'admin2' | 'totp'): Promise<Page> {
  const context = await newContext(browser, DESKTOP);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text()))
      problems.push(message.text());
  });
  (page as Page & { problems?: string[] }).problems = problems;
  await page.goto(`${server.url}/backoffice`);
  await page.getByLabel('E-mail').fill(accounts[who].email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('#app[data-state="ready"]');
  await page.waitForSelector('main[data-state="ready"], main[data-state="denied"]');
  return page;
}

async function open(page: Page, route: string): Promise<string> {
  await page.evaluate((r) => {
    location.hash = `#/${r}`;
  }, route);
  await page.waitForSelector(
    `main[data-page="${route}"][data-state="ready"], main[data-page="${route}"][data-state="denied"], main[data-page="${route}"][data-state="error"]`,
  );
  return (await page.getAttribute('main', 'data-state')) as string;
}

/**
 * Whether the open page's link in the sections' line is wholly on a phone's screen (`scrollIntoView`
 * may overshoot by half a pixel).
 */
async function currentLinkOnScreen(page: Page): Promise<boolean> {
  const box = await page.locator('nav.sections a[aria-current="page"]').boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE.viewport.width + 1;
}

/** The page's notices, as they read now. */
function notices(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main .notices p')]
      .map((p) => p.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

/**
 * Waits until the notices say `text`: the notice of the action before may still be showing when
 * this one's answer has not come yet, so a single read could see the old one.
 */
async function expectNotice(page: Page, text: string): Promise<void> {
  await expect.poll(() => notices(page), { timeout: 30_000 }).toContain(text);
}

/** A call from inside the page with its own session cookie and CSRF token. */
async function callFromPage(page: Page, method: string, url: string, body?: unknown, csrf = true) {
  return page.evaluate(
    async ({ method, url, body, csrf }) => {
      const me = await (await fetch('/api/admin/v1/auth/me')).json();
      const response = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(csrf ? { 'x-csrf-token': me.csrf_token } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, url, body, csrf },
  );
}

function problemsOf(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

describe('sign-in', () => {
  it('refuses a wrong password with a clear message and no session', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.url}/backoffice`);
    await page.getByLabel('E-mail').fill(accounts.viewer.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not right');
    expect(await page.getAttribute('#app', 'data-state')).toBe('signed-out');
    await screenshot(page, 'backoffice-sign-in');
    await context.close();
  });

  it('says the account is locked after repeated failures, and for how long', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.url}/backoffice`);
    await page.getByLabel('E-mail').fill(accounts.locked.email);
    const alert = page.getByRole('alert');
    for (let attempt = 1; attempt <= 6; attempt++) {
      await page.getByLabel('Password').fill(`wrong password ${attempt}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => alert.textContent()).not.toBe('');
      if ((await alert.textContent())?.includes('Too many attempts')) break;
      await page.evaluate(() => {
        const element = document.querySelector('[role="alert"]');
        if (element) element.textContent = '';
      });
    }
    expect(await alert.textContent()).toMatch(/Too many attempts\. Try again in \d+ minute/);
    // The right password does not open a locked account either.
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => alert.textContent()).toContain('Too many attempts');
    expect(await page.getAttribute('#app', 'data-state')).toBe('signed-out');
    await context.close();
  });

  it('asks for the TOTP code when the account has one', async () => {
    const { authenticator } = await import('./totp-code.ts');
    const page = await signedIn('totp');
    await open(page, 'account');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await page.getByTestId('shown-once').textContent()) as string;
    await page.getByLabel('Code from the app').fill(authenticator(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expectNotice(page, 'Second factor turned on');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForSelector('#app[data-state="signed-out"]');
    await page.getByLabel('E-mail').fill(accounts.totp.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authenticator code').waitFor();
    // The code of the next 30-s step: the one used to turn TOTP on cannot be used twice.
    await page.getByLabel('Authenticator code').fill(authenticator(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForSelector('#app[data-state="ready"]');
    expect(await page.getByTestId('role').textContent()).toBe('viewer');
    await page.context().close();
  });
});

describe('admin', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn('admin');
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('sees every section and creates, edits and deactivates an operator', async () => {
    const nav = await page.getByRole('navigation', { name: 'Sections' }).getByRole('link').allTextContents();
    expect(nav).toEqual([
      'Operators',
      'API keys',
      'Catalog',
      'Games',
      'Rounds',
      'Wallet queue',
      'Reports',
      'Jackpots',
      'Tournaments & drops',
      'Live',
      'Audit trail',
      'Approvals',
      'Staff',
    ]);
    await page.getByText('New operator').click();
    const form = page.locator('details form');
    await form.getByLabel('Name').fill('Gamma Palace');
    await form.getByLabel('Currency').fill('EUR');
    await form.getByLabel('Demo play allowed').check();
    await form.getByLabel('Default market').selectOption('uk');
    await form.getByRole('button', { name: 'Create operator' }).click();
    await expectNotice(page, 'Created Gamma Palace');
    const list = await server.admin('GET', '/api/admin/v1/operators');
    const gamma = list.body.operators.find((op: { name: string }) => op.name === 'Gamma Palace');
    expect(gamma).toMatchObject({
      currency: 'EUR',
      demo_enabled: true,
      status: 'active',
      default_jurisdiction: 'uk',
    });

    // where each operator plays: one cluster here, the control one
    const headers = await page.locator('table thead th').allTextContents();
    expect(headers.at(-1)).toBe('Cluster');
    const gammaRow = page.locator('tr', { has: page.getByRole('button', { name: 'Edit Gamma Palace' }) });
    expect(await gammaRow.locator('td').last().textContent()).toBe('main');

    await page.getByRole('button', { name: 'Edit Gamma Palace' }).click();
    await expect
      .poll(() => page.locator('#op-detail-title + p.meta').textContent())
      .toContain('plays on cluster main');
    const edit = page.locator('section.panel form.grid-form');
    await edit.getByLabel('Language').fill('de');
    await edit.getByLabel('Default market').selectOption('de');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectNotice(page, 'saved');
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expectNotice(page, 'deactivated');
    const after = await server.admin('GET', `/api/admin/v1/operators/${gamma.id}`);
    expect(after.body.operator).toMatchObject({
      language: 'de',
      status: 'inactive',
      default_jurisdiction: 'de',
    });
    await screenshot(page, 'backoffice-operators');
    // and on a phone's width: each operator a card, every column on screen (the Cluster column
    // last, under its name), nothing scrolling sideways, the sections one line with this page's link
    // in view
    await page.setViewportSize(PHONE.viewport);
    const clusterCell = page.locator('main tbody tr').first().locator('td').last();
    expect(await clusterCell.getAttribute('data-label')).toBe('Cluster');
    await expect
      .poll(async () => {
        const box = await clusterCell.boundingBox();
        return box ? box.x + box.width : Infinity;
      })
      .toBeLessThanOrEqual(PHONE.viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.viewport.width,
    );
    const linkTops = await page.$$eval('nav.sections a', (links) =>
      links.map((link) => Math.round(link.getBoundingClientRect().top)),
    );
    expect(linkTops.length).toBeGreaterThan(10);
    expect(new Set(linkTops).size).toBe(1);
    expect(await currentLinkOnScreen(page)).toBe(true);
    await screenshot(page, 'backoffice-operators-phone');
    await page.setViewportSize(DESKTOP.viewport);
  });

  it('sends an RTP variant change for approval, which a second admin approves', async () => {
    await open(page, 'operators');
    await page.getByRole('button', { name: 'Edit Alpha Casino' }).click();
    const edit = page.locator('section.panel form.grid-form');
    const variants = await edit.getByLabel('RTP variant').locator('option').allTextContents();
    const target = variants.find((v) => v !== 'Default variant') as string;
    await edit.getByLabel('RTP variant').selectOption(target);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectNotice(page, 'approval');
    expect(
      (await server.admin('GET', `/api/admin/v1/operators/${internalOperator.id}`)).body.operator.rtp_variant,
    ).toBeNull();

    await open(page, 'approvals');
    // The requester cannot approve their own change.
    expect(await page.getByRole('button', { name: 'Approve' }).first().isDisabled()).toBe(true);
    const second = await signedIn('admin2');
    await open(second, 'approvals');
    await second.getByRole('button', { name: 'Approve' }).first().click();
    await expectNotice(second, 'Approved');
    await screenshot(second, 'backoffice-approvals');
    await second.context().close();
    expect(
      (await server.admin('GET', `/api/admin/v1/operators/${internalOperator.id}`)).body.operator.rtp_variant,
    ).toBe(target);
    await open(page, 'approvals');
    await page.getByLabel('Show').selectOption('approved');
    const decided = page
      .getByRole('row', { name: /operator\.update/ })
      .filter({ hasText: `${accounts.admin2.email} ` });
    await decided.first().waitFor();
    expect(await decided.first().textContent()).toContain('approved');
  });

  it('takes a game off live at once; putting it back live waits for a second admin', async () => {
    await open(page, 'games');
    const card = page.locator('article.game-card').last();
    await card.getByRole('button', { name: 'Take off live' }).click();
    await expectNotice(page, 'not live now');
    expect(await card.locator('h2 .badge').textContent()).toBe('not live');
    await card.getByRole('button', { name: 'Make live' }).click();
    await expectNotice(page, 'waits for a second admin');
    const second = await signedIn('admin2');
    await open(second, 'approvals');
    await second
      .getByRole('row', { name: /game\.live/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expectNotice(second, 'Approved game.live');
    await second.context().close();
    const games = await server.admin('GET', '/api/admin/v1/games');
    expect(games.body.games.every((game: { live: boolean }) => game.live)).toBe(true);
  });

  it("rotates a callback operator's wallet secret at a switch time; the approving admin sees it once", async () => {
    await open(page, 'operators');
    await page.getByRole('button', { name: 'Edit Beta Wallet Co' }).click();
    await page.getByLabel(/Switch to the new secret at/).waitFor();
    await page.getByRole('button', { name: 'Rotate wallet secret' }).click();
    await expectNotice(page, 'approval');
    const second = await signedIn('admin2');
    await open(second, 'approvals');
    await second
      .getByRole('row', { name: /wallet_secret_rotate/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expectNotice(second, 'Approved');
    expect(await second.getByTestId('shown-once').textContent()).toMatch(/^\S{16,}$/);
    await second.context().close();
  });

  it('creates an API key shown once, then revokes it', async () => {
    await open(page, 'keys');
    await page.getByLabel('Operator', { exact: true }).selectOption(internalOperator.id);
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('shown-once').textContent()) as string;
    expect(key).toMatch(/^rf_live_/);
    const games = await server.request('/api/provider/v1/games', { headers: { 'x-provider-api-key': key } });
    expect(games.status).toBe(200);
    await screenshot(page, 'backoffice-keys');
    await expectNotice(page, 'created');
    const keyId = /Key (key_\S+) created/.exec(await notices(page))?.[1] as string;
    const row = page.getByRole('row', { name: new RegExp(keyId) });
    await row.getByRole('button', { name: /^Revoke/ }).click();
    await row.getByRole('button', { name: /^Confirm: revoke/ }).click();
    await expectNotice(page, 'revoked');
    const refused = await server.request('/api/provider/v1/games', {
      headers: { 'x-provider-api-key': key },
    });
    expect(refused.status).toBe(401);
  });

  it('changes the catalog allowlist by ticking games', async () => {
    await open(page, 'catalog');
    await page.getByLabel('Operator', { exact: true }).selectOption(internalOperator.id);
    await page.waitForSelector('input[name="symbol"]');
    const boxes = page.locator('input[name="symbol"]');
    const count = await boxes.count();
    expect(count).toBeGreaterThan(1);
    await boxes.first().uncheck();
    await page.getByRole('button', { name: 'Save allowlist' }).click();
    await expectNotice(page, `${count - 1} game(s)`);
    const catalog = await server.admin('GET', `/api/admin/v1/operators/${internalOperator.id}/catalog`);
    expect(catalog.body.symbols).toHaveLength(count - 1);
    await screenshot(page, 'backoffice-catalog');
  });

  it('uploads artwork with a preview beside the generated fallback', async () => {
    await open(page, 'games');
    const card = page.locator('article.game-card').first();
    const symbol = ((await card.getAttribute('aria-labelledby')) as string).replace(/^game-/, '');
    await expect
      .poll(() =>
        card.getByAltText(/generated fallback art/).evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    const file = path.join(ARTIFACTS, 'backoffice-upload.png');
    await (await import('node:fs/promises')).writeFile(file, await solidImage('png', 640, 480));
    await card.locator('input[type="file"]').setInputFiles(file);
    await expect.poll(() => card.getByAltText(/preview of the chosen file/).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Upload' }).click();
    await expectNotice(page, 'artwork uploaded');
    const art = await server.request(`/api/provider/v1/game-art/${symbol}`);
    expect(art.headers.get('content-type')).toBe('image/webp');
    await screenshot(page, 'backoffice-games');
  });

  it('shows live figures, the audit trail of these changes, and the staff accounts', async () => {
    await open(page, 'live');
    expect(Number(await page.getByTestId('rps').textContent())).toBeGreaterThanOrEqual(0);
    expect(await page.locator('[data-testid="live"] table').textContent()).toContain('Beta Wallet Co');
    await screenshot(page, 'backoffice-live');
    await open(page, 'audit');
    await page.getByLabel('Entity').fill('operator');
    await page.getByRole('button', { name: 'Filter' }).click();
    const created = page
      .getByRole('row', { name: /operator\.create/ })
      .filter({ hasText: accounts.admin.email });
    await created.first().waitFor();
    // The unfiltered trail holds operator.create rows too: wait for the filtered one to replace it.
    await expect
      .poll(async () =>
        (await page.locator('main tbody tr').allTextContents()).every((row) => row.includes('operator')),
      )
      .toBe(true);
    await created.first().getByText('Before and after').click();
    expect(await created.first().textContent()).toContain('Gamma Palace');
    await screenshot(page, 'backoffice-audit');
    await open(page, 'staff');
    const staff = (await page.locator('main table').textContent()) as string;
    for (const role of ['support', 'finance', 'viewer'] as const)
      expect(staff).toContain(accounts[role].email);
    await screenshot(page, 'backoffice-staff');
    // On a phone, opening a page far along the sections' line scrolls the line to its link (the
    // phone's width taken on the first page, whose link is in view anyway).
    await open(page, 'operators');
    await page.setViewportSize(PHONE.viewport);
    try {
      const line = page.locator('nav.sections ul');
      await expect.poll(() => line.evaluate((ul) => ul.scrollLeft)).toBe(0);
      await open(page, 'audit');
      const current = page.locator('nav.sections a[aria-current="page"]');
      expect(await current.textContent()).toBe('Audit trail');
      await expect.poll(() => currentLinkOnScreen(page)).toBe(true);
    } finally {
      await page.setViewportSize(DESKTOP.viewport);
    }
  });

  it("a filter applied while the trail's first page is on its way keeps its rows when that page answers last", async () => {
    await open(page, 'operators');
    // The unfiltered first load answers late; the filtered one at once.
    let released: () => void = () => {};
    const late = new Promise<void>((resolve) => {
      released = resolve;
    });
    await page.route('**/api/admin/v1/audit?*', async (route) => {
      if (!route.request().url().includes('entity=')) await late;
      await route.continue();
    });
    try {
      await page.evaluate(() => {
        location.hash = '#/audit';
      });
      await page.getByLabel('Entity').fill('operator');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page
        .getByRole('row', { name: /operator\.create/ })
        .first()
        .waitFor();
      const unfiltered = page.waitForResponse(
        (response) => response.url().includes('/api/admin/v1/audit?') && !response.url().includes('entity='),
      );
      released();
      await unfiltered;
      await page.waitForSelector('main[data-page="audit"][data-state="ready"]');
      const rows = await page.locator('main tbody tr').allTextContents();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => !row.includes('operator'))).toEqual([]);
      // the filtered trail at a phone's width: each entry a card
      await page.setViewportSize(PHONE.viewport);
      await screenshot(page, 'backoffice-audit-phone');
      await page.setViewportSize(DESKTOP.viewport);
    } finally {
      released();
      await page.unroute('**/api/admin/v1/audit?*');
    }
  });

  it('creates a staff account, changes its role and disables it', async () => {
    await open(page, 'staff');
    await page.getByText('New staff account').click();
    const form = page.getByRole('form', { name: 'New staff account' });
    await form.getByLabel('E-mail').fill('newcomer@reelforge.test');
    await form.getByLabel('Role').selectOption('viewer');
    await form.getByLabel('First password').fill('a first password for newcomer');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expectNotice(page, 'newcomer@reelforge.test created');
    const row = page.getByRole('row', { name: /newcomer@reelforge\.test/ });
    await row.getByLabel('Role of newcomer@reelforge.test').selectOption('support');
    await row.getByRole('button', { name: 'Set role' }).click();
    await expectNotice(page, 'is support now');
    await page
      .getByRole('row', { name: /newcomer@reelforge\.test/ })
      .getByRole('button', { name: 'Disable' })
      .click();
    await expectNotice(page, 'disabled');
    const staff = await server.admin('GET', '/api/admin/v1/staff');
    expect(
      staff.body.staff.find((m: { email: string }) => m.email === 'newcomer@reelforge.test'),
    ).toMatchObject({
      role: 'support',
      disabled: true,
    });
  });

  it('loads every page without script errors or CSP refusals', () => {
    expect(problemsOf(page)).toEqual([]);
  });
});

describe('support', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn('support');
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('finds a round by its id, sees its transactions and its drawn details', async () => {
    await open(page, 'rounds');
    await page.getByLabel('Round id').fill(rounds[0] as string);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: `Round ${rounds[0]}` }).waitFor();
    const frame = page.frameLocator('iframe.round-frame');
    await frame.locator('#round[data-state="ready"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('section.panel table').textContent()).toContain('debit');
    await page.getByRole('button', { name: 'Replay this round (staff)' }).click();
    await page.getByText('Replay matches the stored round.').waitFor();
    expect(await page.locator('.replay-result').textContent()).toMatch(/Certificate [0-9a-f]{64}/);
    await screenshot(page, 'backoffice-rounds');
  });

  it('finds a round by a transaction id', async () => {
    await open(page, 'rounds');
    const { round_id: roundId } = await server.store.db
      .selectFrom('wallet_transactions')
      .select('round_id')
      .where('id', '=', parked[0] as string)
      .executeTakeFirstOrThrow();
    await page.getByLabel('Round id').fill('');
    await page.getByLabel('Transaction id').fill(parked[0] as string);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: `Round ${roundId}` }).waitFor();
    expect(await page.locator('main table').first().textContent()).toContain(roundId);
    expect(await page.locator('section.panel table').textContent()).toContain(parked[0]);
  });

  it('retries one parked credit and resolves another with a reason', async () => {
    await open(page, 'wallet');
    await screenshot(page, 'backoffice-wallet-parked');
    await page
      .getByRole('row', { name: new RegExp(parked[0] as string) })
      .getByRole('button', { name: 'Retry' })
      .click();
    await expectNotice(page, 'sent again');
    const row = page.getByRole('row', { name: new RegExp(parked[1] as string) });
    await row.getByLabel('How it was settled').fill('credited by hand, ticket 42');
    await row.getByRole('button', { name: 'Resolve' }).click();
    await expectNotice(page, 'resolved');
    const resolved = await server.store.db
      .selectFrom('wallet_transactions')
      .select(['status', 'resolution'])
      .where('id', '=', parked[1] as string)
      .executeTakeFirstOrThrow();
    expect(resolved.resolution).toContain('ticket 42');
    await screenshot(page, 'backoffice-wallet');
  });

  it('cannot see reports: no link, the page is refused, the API answers 403', async () => {
    const nav = await page.getByRole('navigation', { name: 'Sections' }).getByRole('link').allTextContents();
    expect(nav).not.toContain('Reports');
    expect(nav).not.toContain('Staff');
    expect(await open(page, 'reports')).toBe('denied');
    expect(await page.getByRole('alert').first().textContent()).toContain('finance or admin');
    const today = new Date().toISOString().slice(0, 10);
    const api = await callFromPage(page, 'GET', `/api/admin/v1/reports/summary?from=${today}&to=${today}`);
    expect(api.status).toBe(403);
    expect(api.body.error).toBe('forbidden');
  });
});

describe('finance', () => {
  it('reads the reports with charts and exports CSV, but cannot change an operator', async () => {
    const page = await signedIn('finance');
    await open(page, 'reports');
    await page.locator('svg.chart').first().waitFor();
    const table = (await page.locator('main table').last().textContent()) as string;
    expect(table).toContain('Alpha Casino');
    const href = (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) as string;
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href);
    expect(csv.split('\n')[0]).toContain('date');
    expect(csv).toContain(internalOperator.id);
    await screenshot(page, 'backoffice-reports');
    // On a phone's width the charts still draw, the page itself does not scroll sideways (each
    // table row is a card), and the sections' line, narrowed from a desktop's column, has scrolled
    // to this page's link.
    await page.setViewportSize(PHONE.viewport);
    await page.locator('svg.chart').first().waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(PHONE.viewport.width);
    await expect.poll(() => currentLinkOnScreen(page)).toBe(true);
    await screenshot(page, 'backoffice-reports-phone');
    await page.setViewportSize(DESKTOP.viewport);
    await open(page, 'operators');
    expect(await page.getByRole('button', { name: 'Create operator' }).count()).toBe(0);
    expect(await page.getByText('Creating or changing operators needs the admin role').count()).toBe(1);
    await page.context().close();
  });
});

describe('viewer', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn('viewer');
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('reads operators but cannot create one: the form is absent and the API answers 403', async () => {
    expect(await page.getByTestId('role').textContent()).toBe('viewer');
    expect(await page.getByRole('button', { name: 'Create operator' }).count()).toBe(0);
    await page.getByRole('button', { name: 'View Alpha Casino' }).click();
    expect(await page.locator('section.panel input[name="name"]').isDisabled()).toBe(true);
    const api = await callFromPage(page, 'POST', '/api/admin/v1/operators', { name: 'Sneaky' });
    expect(api.status).toBe(403);
    expect(api.body.detail).toMatch(/admin/);
    const noCsrf = await callFromPage(page, 'POST', '/api/admin/v1/operators', { name: 'Sneaky' }, false);
    expect(noCsrf.status).toBe(403);
    await screenshot(page, 'backoffice-viewer');
  });

  it('shows a clean refusal when a page it cannot use is opened by address', async () => {
    expect(await open(page, 'staff')).toBe('denied');
    expect(await page.getByRole('alert').first().textContent()).toContain('admin');
    expect(await open(page, 'wallet')).toBe('ready');
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(problemsOf(page)).toEqual([]);
  });
});

describe('session end', () => {
  it('returns to the sign-in page with a message when the session is gone', async () => {
    const page = await signedIn('viewer');
    // The session ends behind the page's back (as on expiry or a sign-out in another tab).
    const ended = await callFromPage(page, 'POST', '/api/admin/v1/auth/sign-out');
    expect(ended.status).toBe(204);
    await page.evaluate(() => {
      location.hash = '#/rounds';
    });
    await page.waitForSelector('#app[data-state="signed-out"]');
    expect(await page.getByRole('status').textContent()).toContain('signed out');
    expect(await page.getByLabel('E-mail').isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('accessibility (axe-core)', () => {
  const PAGES = [
    'operators',
    'keys',
    'catalog',
    'games',
    'rounds',
    'wallet',
    'reports',
    'jackpots',
    'campaigns',
    'live',
    'audit',
    'approvals',
    'staff',
    'account',
  ];

  async function scan(page: Page): Promise<string[]> {
    const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    // Evaluated through the DevTools protocol, so the page's CSP (no inline script) stays on.
    await page.evaluate(source);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              context: unknown,
              options: unknown,
            ): Promise<{
              violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }>;
            }>;
          };
        }
      ).axe;
      const result = await axe.run(document, {
        iframes: false,
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)),
      }));
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
  }

  it('finds no serious or critical violation on the sign-in page', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.url}/backoffice`);
    await page.waitForSelector('#app[data-state="signed-out"]');
    expect(await scan(page)).toEqual([]);
    await context.close();
  });

  it('finds no serious or critical violation on any page', async () => {
    const page = await signedIn('admin');
    const found: Record<string, string[]> = {};
    for (const route of PAGES) {
      await open(page, route);
      if (route === 'operators') await page.getByRole('button', { name: 'Edit Alpha Casino' }).click();
      if (route === 'rounds') {
        await page.locator('main table button.link').first().click();
        await page.getByRole('heading', { name: /^Round / }).waitFor();
      }
      const problems = await scan(page);
      if (problems.length > 0) found[route] = problems;
    }
    expect(found).toEqual({});
    await page.context().close();
  });
});
