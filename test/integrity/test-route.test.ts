// The seeded-RNG route is the test harness's (test/helpers/test-rng.post.ts), not the server's: no
// server source registers it, a production node started through the harness has none, and a test
// node does.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ROUTE = '/api/runtime/v1/test/rng';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the seeded-RNG test route', () => {
  let production: TestServer;
  let test: TestServer;
  beforeAll(async () => {
    [production, test] = await Promise.all([
      startTestServer({ APP_ENV: 'production', GAME_BASE_URL: 'https://play.example.com' }),
      startTestServer(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([production?.close(), test?.close()]);
  });

  it('is registered by no server source', () => {
    const naming = sources(path.join(ROOT, 'src')).filter((file) =>
      readFileSync(file, 'utf8').includes('test/rng'),
    );
    expect(naming.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it('does not exist on a production node, even one the test harness started', async () => {
    const response = await fetch(`${production.url}${ROUTE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: 1 }),
    });
    expect(response.status).toBe(404);
  });

  it('exists on a test node (it asks for a session)', async () => {
    const response = await fetch(`${test.url}${ROUTE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: 1 }),
    });
    expect(response.status).toBe(401);
  });
});
