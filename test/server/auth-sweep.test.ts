// Every route of the served OpenAPI documents, swept for its authentication answers: each route is
// either public by the explicit lists below or refuses a caller without a key, with a wrong key, with
// another operator's key, with an inactive operator's key (provider API), and without a session,
// with a wrong token, without CSRF or with too small a staff role (Admin API). A new route is
// covered the day it is documented; one that forgets its check fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type StaffClient, signedInStaff } from '../helpers/staff.ts';

/**
 * Routes of /openapi.json anyone may call: health, game art (DESIGN.md), and the round details page,
 * which its signed, expiring URL authorises instead of a key.
 */
const PUBLIC_PROVIDER = new Set([
  'GET /health',
  'GET /api/provider/v1/game-art/{symbol}',
  'GET /round-details/{round_id}',
]);
/** Admin routes reachable without a session: signing in. */
const PUBLIC_ADMIN = new Set(['POST /api/admin/v1/auth/sign-in']);
/** Admin routes any signed-in staff member may call whatever the role: their own session and account. */
const EVERY_STAFF = new Set([
  'POST /api/admin/v1/auth/sign-out',
  'POST /api/admin/v1/auth/password',
  'POST /api/admin/v1/auth/totp/setup',
  'POST /api/admin/v1/auth/totp/enable',
]);

let server: TestServer;
let other: { id: string; apiKey: string };
let inactive: { id: string; apiKey: string };
let casino: { id: string; apiKey: string };
let viewer: StaffClient;
let provider: Array<[string, string]>;
let admin: Array<[string, string]>;

type Doc = { paths: Record<string, Record<string, unknown>> };
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const routesOf = (doc: Doc): Array<[string, string]> =>
  Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => METHODS.has(method))
      .map((method): [string, string] => [method.toUpperCase(), path]),
  );
/** A concrete URL for a template: every parameter a well-formed id that names nothing. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'rf_sweep_none');

beforeAll(async () => {
  server = await startTestServer();
  casino = await server.createOperator({ name: 'Sweep Casino' });
  other = await server.createOperator({ name: 'Sweep Other' });
  inactive = await server.createOperator({ name: 'Sweep Inactive' });
  expect(
    (await server.admin('PATCH', `/api/admin/v1/operators/${inactive.id}`, { status: 'inactive' })).status,
  ).toBe(200);
  provider = routesOf((await (await server.request('/openapi.json')).json()) as Doc);
  // The Admin API's own document is for staff: read with the token.
  // It documents the provider routes as well: the Admin API's own are those under its prefix.
  admin = routesOf((await server.admin('GET', '/api/admin/v1/openapi.json')).body as Doc).filter(([, path]) =>
    path.startsWith('/api/admin/'),
  );
  viewer = await signedInStaff(server, 'viewer');
});
afterAll(async () => {
  await server?.close();
});

async function call(method: string, path: string, headers: Record<string, string>) {
  const response = await server.request(concrete(path), {
    method,
    headers,
    ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('provider API: every documented route', () => {
  it('has routes to sweep, and every public one is still documented', () => {
    expect(provider.length).toBeGreaterThan(8);
    const documented = new Set(provider.map(([method, path]) => `${method} ${path}`));
    for (const route of PUBLIC_PROVIDER) expect(documented, route).toContain(route);
  });

  it('refuses a missing key, a wrong key, another operator’s key and an inactive operator’s key', async () => {
    const wrong: string[] = [];
    for (const [method, path] of provider) {
      const route = `${method} ${path}`;
      if (PUBLIC_PROVIDER.has(route)) continue;
      const expectations: Array<[string, Record<string, string>, number]> = [
        ['no key', {}, 401],
        ['wrong key', { 'x-provider-api-key': 'rf_live_0000000000000000000000000000000000' }, 401],
        ['other operator', { 'x-provider-api-key': other.apiKey, 'x-operator-id': casino.id }, 403],
        ['inactive operator', { 'x-provider-api-key': inactive.apiKey }, 403],
      ];
      for (const [name, headers, status] of expectations) {
        const got = await call(method, path, headers);
        if (got !== status) wrong.push(`${route} with ${name}: ${got}, not ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('Admin API: every documented route', () => {
  it('has routes to sweep', () => {
    expect(admin.length).toBeGreaterThan(20);
  });

  it('refuses no session, a wrong token, a session without CSRF and a viewer’s changes', async () => {
    const wrong: string[] = [];
    for (const [method, path] of admin) {
      const route = `${method} ${path}`;
      if (PUBLIC_ADMIN.has(route)) continue;
      const none = await call(method, path, {});
      if (none !== 401) wrong.push(`${route} without a session: ${none}, not 401`);
      const bad = await call(method, path, { authorization: 'Bearer not-the-admin-token' });
      if (bad !== 401) wrong.push(`${route} with a wrong token: ${bad}, not 401`);
      if (method === 'GET' || EVERY_STAFF.has(route)) continue;
      const noCsrf = (await viewer.call(method, concrete(path), {}, { csrf: null })).status;
      if (noCsrf !== 403) wrong.push(`${route} without CSRF: ${noCsrf}, not 403`);
      const asViewer = (await viewer.call(method, concrete(path), {})).status;
      if (asViewer !== 403) wrong.push(`${route} as a viewer: ${asViewer}, not 403`);
    }
    expect(wrong).toEqual([]);
  });
});
