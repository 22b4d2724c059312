// A Reelforge node for tools that drive the game in a browser (the screenshot gallery, the frame-rate
// measurement): embedded PostgreSQL in a temporary folder, APP_ENV=test for the seeded RNG that makes
// a chosen spin happen, an operator with every game, and Debian's Chromium in software rendering.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { loadConfig } from '../../src/config.ts';
import { gameInfos } from '../../src/games/index.ts';
import { startServer } from '../../src/server.ts';
import { startEmbeddedPostgres } from '../../src/store/embedded.ts';
import { skipIntro } from '../../test/e2e/helpers.ts';
import { createSeedablePlayRng, registerTestRngPost } from '../../test/helpers/test-rng.post.ts';

export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const PHONE_LANDSCAPE = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true };
const ADMIN = 'rf_admin_showcase_0123456789';

export interface Showcase {
  url: string;
  browser: Browser;
  /** A launch URL for a player; with `seed`, the session's next spins draw from that seeded stream. */
  launch(symbol: string, player: string, device: 'desktop' | 'mobile', seed?: number): Promise<string>;
  /** Opens a launch URL and waits until the game accepts a spin. */
  open(url: string, device: typeof DESKTOP | typeof PHONE | typeof PHONE_LANDSCAPE): Promise<Page>;
  close(): Promise<void>;
}

export async function startShowcase(): Promise<Showcase> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-client.ts')], {
    stdio: 'inherit',
    cwd: ROOT,
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rf-showcase-'));
  const pg = await startEmbeddedPostgres(path.join(dir, 'pg'));
  const config = loadConfig({
    APP_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: pg.url,
    ADMIN_TOKEN: ADMIN,
    DATA_DIR: dir,
    DEMO_LOBBY: 'true',
  });
  // The seeded RNG and its route come from the test harness: server code has neither.
  const seedable = createSeedablePlayRng();
  const server = await startServer(config, {
    logLevel: 'warn',
    testPlayRng: seedable,
    testRoutes: (app, services) => registerTestRngPost(app, services, seedable),
  });
  // With PORT=0 the base URLs must follow the real port.
  (server.services.config as { publicBaseUrl: string }).publicBaseUrl = server.url;
  (server.services.config as { gameBaseUrl: string }).gameBaseUrl = server.url;
  server.services.catalog.publicBaseUrl = server.url;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });

  const call = async (route: string, init: { method?: string; json?: unknown; auth?: string } = {}) => {
    const response = await fetch(`${server.url}${route}`, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.auth ? { authorization: init.auth } : {}),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${route}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const admin = `Bearer ${ADMIN}`;
  const created = await call('/api/admin/v1/operators', {
    json: { name: 'Showcase', wallet_mode: 'internal' },
    auth: admin,
  });
  const operator = created.operator.id as string;
  await call(`/api/admin/v1/operators/${operator}/catalog`, {
    method: 'PUT',
    json: { symbols: gameInfos.map((g) => g.symbol) },
    auth: admin,
  });
  const apiKey = (await call(`/api/admin/v1/operators/${operator}/api-keys`, { json: {}, auth: admin }))
    .api_key as string;

  return {
    url: server.url,
    browser,
    async launch(symbol, player, device, seed) {
      const response = await fetch(`${server.url}/api/provider/v1/launch-url`, {
        method: 'POST',
        headers: { 'x-provider-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ symbol, external_player_id: player, device, currency: 'EUR' }),
      });
      const body = (await response.json()) as { session_id: string; launch_url: string };
      if (seed !== undefined)
        await call('/api/runtime/v1/test/rng', { json: { seed }, auth: `Bearer ${body.session_id}` });
      return body.launch_url;
    },
    async open(url, device) {
      const context = await browser.newContext({ ...device, reducedMotion: 'no-preference' });
      // A returning player: the intro screen was seen before, the game opens on its reels.
      await context.addInitScript(skipIntro);
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForSelector('#app[data-state="idle"]', { timeout: 60_000 });
      // The splash fades out over the drawn game for 400 ms: a picture taken before it is gone shows both.
      await page.waitForSelector('#loader', { state: 'detached', timeout: 10_000 });
      return page;
    },
    async close() {
      await browser.close();
      await server.stop();
      await pg.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
