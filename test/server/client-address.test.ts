// Who the client is, and what a public request may reach: behind a trusted proxy the limits count
// the address the proxy names (one noisy client does not lock out everyone behind the same nginx),
// without one X-Forwarded-For is ignored (a client cannot pick its own address); the public
// endpoints have a limit per address; /metrics answers only its token's bearer when one is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../helpers/raw-http.ts';
import { startTestServer, TEST_METRICS_TOKEN, type TestServer } from '../helpers/server.ts';
import { createStaff, STAFF_PASSWORD } from '../helpers/staff.ts';

const PUBLIC_LIMIT = 8;
let proxied: TestServer;
let direct: TestServer;

beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    startTestServer({
      TRUSTED_PROXIES: '127.0.0.1',
      METRICS_TOKEN: TEST_METRICS_TOKEN,
      PUBLIC_RATE_LIMIT_PER_MINUTE: String(PUBLIC_LIMIT),
    }),
    startTestServer({ PUBLIC_RATE_LIMIT_PER_MINUTE: String(PUBLIC_LIMIT) }),
  ]);
}, 240_000);
afterAll(async () => {
  await Promise.all([proxied?.close(), direct?.close()]);
});

async function signInFrom(
  server: TestServer,
  forwardedFor: string,
  email: string,
  password: string,
): Promise<{ status: number; error?: string }> {
  const answer = await rawRequest(
    server.url,
    'POST',
    '/api/admin/v1/auth/sign-in',
    [
      ['content-type', 'application/json'],
      ['x-forwarded-for', forwardedFor],
    ],
    JSON.stringify({ email, password }),
  );
  return { status: answer.status, error: answer.status === 200 ? undefined : answer.json().error };
}

// Sign-ins hash passwords, slow on a busy machine: these tests get minutes (no wall-time check).
describe('staff sign-in behind a trusted proxy', () => {
  it('limits the address the proxy names: a colleague behind the same nginx still signs in', async () => {
    const accounts = await Promise.all([0, 1, 2, 3, 4].map(() => createStaff(proxied, 'viewer')));
    for (let i = 0; i < 20; i++) {
      const account = accounts[i % 5] as { email: string };
      expect((await signInFrom(proxied, '203.0.113.7', account.email, 'wrong password!!')).status).toBe(401);
    }
    const noisy = await signInFrom(
      proxied,
      '203.0.113.7',
      (accounts[0] as { email: string }).email,
      STAFF_PASSWORD,
    );
    expect(noisy).toEqual({ status: 429, error: 'rate_limited' });
    const colleague = await createStaff(proxied, 'support');
    expect((await signInFrom(proxied, '203.0.113.8', colleague.email, STAFF_PASSWORD)).status).toBe(200);
    // The rightmost address not a trusted proxy is the client: a spoofed left part changes nothing.
    const spoofed = await signInFrom(proxied, '198.51.100.1, 203.0.113.7', colleague.email, STAFF_PASSWORD);
    expect(spoofed).toEqual({ status: 429, error: 'rate_limited' });
  }, 300_000);

  it('keeps the per-account lock whatever the addresses', async () => {
    const account = await createStaff(proxied, 'viewer');
    for (let i = 0; i < 5; i++)
      await signInFrom(proxied, `198.51.100.${10 + i}`, account.email, 'wrong password!!');
    expect(await signInFrom(proxied, '198.51.100.99', account.email, STAFF_PASSWORD)).toEqual({
      status: 429,
      error: 'locked',
    });
  }, 300_000);

  it('without TRUSTED_PROXIES, X-Forwarded-For is ignored: changing it does not escape the limit', async () => {
    const accounts = await Promise.all([0, 1, 2, 3, 4].map(() => createStaff(direct, 'viewer')));
    for (let i = 0; i < 20; i++) {
      const account = accounts[i % 5] as { email: string };
      await signInFrom(direct, `192.0.2.${i}`, account.email, 'wrong password!!');
    }
    const other = await createStaff(direct, 'viewer');
    expect(await signInFrom(direct, '192.0.2.200', other.email, STAFF_PASSWORD)).toEqual({
      status: 429,
      error: 'rate_limited',
    });
  }, 300_000);
});

describe('the public endpoints are limited per client address', () => {
  const art = '/api/provider/v1/game-art/rf_ember_crown?title=Ember%20Crown';

  it.each([
    [
      'behind the proxy (the route)',
      () => proxied,
      (n: number) => [['x-forwarded-for', `203.0.113.${50 + n}`]],
    ],
    ['direct (the read lane and the route)', () => direct, () => []],
  ] as const)('%s: past the limit, 429 with Retry-After', async (_name, server, headersFor) => {
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_LIMIT + 2; i++) {
      const answer = await rawRequest(server().url, 'GET', art, [
        ...(headersFor(0) as Array<[string, string]>),
      ]);
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.json()).toMatchObject({ success: false, error: 'rate_limited' });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      } else expect(answer.headers['x-ratelimit-limit']).toBe(String(PUBLIC_LIMIT));
    }
    expect(statuses.slice(0, PUBLIC_LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(PUBLIC_LIMIT)).toEqual([429, 429]);
  });

  it('another client behind the same proxy has its own budget', async () => {
    const answer = await rawRequest(proxied.url, 'GET', art, [['x-forwarded-for', '203.0.113.51']]);
    expect(answer.status).toBe(200);
  });

  it('the route and the read lane share one count', async () => {
    // A query the lane leaves to the route (size), from the address the lane has counted out.
    const answer = await rawRequest(direct.url, 'GET', `${art}&size=square`);
    expect(answer.status).toBe(429);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  it('answers 401 without the token or with another one, and the figures with it', async () => {
    for (const headers of [[], [['authorization', 'Bearer not-the-metrics-token-at-all']]] as Array<
      Array<[string, string]>
    >) {
      const answer = await rawRequest(proxied.url, 'GET', '/metrics', headers);
      expect(answer.status).toBe(401);
      expect(answer.json()).toMatchObject({ success: false, error: 'unauthorized' });
      expect(answer.body).not.toContain('reelforge_');
    }
    const admin = await rawRequest(proxied.url, 'GET', '/metrics', [
      ['authorization', `Bearer ${proxied.adminToken}`],
    ]);
    expect(admin.status).toBe(401);
    const answer = await rawRequest(proxied.url, 'GET', '/metrics', [
      ['authorization', `Bearer ${TEST_METRICS_TOKEN}`],
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('reelforge_http_requests_total');
  });
});
