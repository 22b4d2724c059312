// Per-key rate limits: 429 with the error body and Retry-After; shared across nodes through Redis.
import { afterAll, describe, expect, it } from 'vitest';
import { redisReachable } from '../helpers/redis.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

const hasRedis = await redisReachable();

/** A clock held still in the middle of a minute: every request of a test falls in one window. */
const HELD_CLOCK = (() => {
  const held = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
  return { now: () => held };
})();

/** Waits out the last seconds of a minute, so that requests to two nodes share one Redis window. */
async function awayFromWindowEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const list = (server: TestServer, apiKey: string) =>
  server.request('/api/provider/v1/games', { headers: { 'x-provider-api-key': apiKey } });

describe('rate limits', () => {
  it('answers 429 after the per-key budget, with Retry-After, and counts keys apart', async () => {
    const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '3' }, { clock: HELD_CLOCK });
    servers.push(server);
    const first = await server.createOperator({ name: 'Limited' });
    const second = await server.createOperator({ name: 'Other' });
    for (let i = 0; i < 3; i++) {
      const response = await list(server, first.apiKey);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(2 - i));
    }
    const limited = await list(server, first.apiKey);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ success: false, error: 'rate_limited' });
    expect((await list(server, second.apiKey)).status).toBe(200);
  });

  it('turns off with RATE_LIMIT_PER_MINUTE=0', async () => {
    const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '0' });
    servers.push(server);
    const operator = await server.createOperator();
    const response = await list(server, operator.apiKey);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it.runIf(hasRedis)('shares one budget across nodes through REDIS_URL', async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: 'redis://127.0.0.1:6379' };
    const a = await startTestServer(env);
    servers.push(a);
    const operator = await a.createOperator();
    // A second node on the same database and Redis.
    const { loadConfig } = await import('../../src/config.ts');
    const { startServer } = await import('../../src/server.ts');
    const b = await startServer(
      loadConfig({
        APP_ENV: 'test',
        PORT: '0',
        DATABASE_URL: a.databaseUrl,
        ADMIN_TOKEN: a.adminToken,
        ...env,
      }),
      { logLevel: 'silent' },
    );
    try {
      await awayFromWindowEdge();
      const statuses: number[] = [];
      for (const base of [a.url, b.url, a.url, b.url, a.url]) {
        statuses.push(
          (
            await fetch(`${base}/api/provider/v1/games`, {
              headers: { 'x-provider-api-key': operator.apiKey },
            })
          ).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await b.stop();
    }
  });
});
