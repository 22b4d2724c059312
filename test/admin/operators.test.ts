// Admin API: operators create/list/get/patch over a real server and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const WALLET = 'https://wallet.casino.example/rf';

async function storedSecret(id: string): Promise<string | null> {
  const row = await server.store.db
    .selectFrom('operators')
    .select('wallet_secret')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.wallet_secret;
}

describe('happy', () => {
  it('creates an internal operator with the defaults', async () => {
    const { status, body } = await server.admin('POST', '/api/admin/v1/operators', {
      name: '  Lucky Casino ',
      wallet_mode: 'internal',
    });
    expect(status).toBe(201);
    expect(body).toEqual({
      operator: {
        id: expect.stringMatching(/^op_[0-9A-Za-z]+$/),
        name: 'Lucky Casino',
        currency: 'USD',
        status: 'active',
        wallet_mode: 'internal',
        wallet_base_url: null,
        wallet_secret_set: false,
        wallet_secret_switch_at: null,
        rtp_variant: null,
        demo_enabled: true,
        language: null,
        default_jurisdiction: 'default',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        cluster: { id: 'main', state: 'active' },
      },
    });
    expect(Date.parse(body.operator.created_at)).not.toBeNaN();
  });

  it('creates a callback operator and shows a generated wallet secret once', async () => {
    const created = await server.admin('POST', '/api/admin/v1/operators', {
      name: 'Seamless Casino',
      currency: 'eur',
      wallet_mode: 'callback',
      wallet_base_url: `${WALLET}/`,
    });
    expect(created.status).toBe(201);
    const secret = created.body.wallet_secret as string;
    expect(secret).toMatch(/^rf_whsec_[0-9A-Za-z]{43}$/);
    expect(created.body.operator).toMatchObject({
      currency: 'EUR',
      wallet_mode: 'callback',
      wallet_base_url: WALLET,
      wallet_secret_set: true,
    });
    const id = created.body.operator.id as string;
    expect(await storedSecret(id)).toBe(secret);

    const read = await server.admin('GET', `/api/admin/v1/operators/${id}`);
    const list = await server.admin('GET', '/api/admin/v1/operators');
    const patched = await server.admin('PATCH', `/api/admin/v1/operators/${id}`, { name: 'Renamed' });
    for (const answer of [read, list, patched]) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(secret);
      expect(JSON.stringify(answer.body)).not.toContain('"wallet_secret"');
    }
  });

  it('never returns a wallet secret the staff gave', async () => {
    const secret = 'operator-chosen-secret-0123456789';
    const created = await server.admin('POST', '/api/admin/v1/operators', {
      name: 'Own Secret',
      wallet_mode: 'callback',
      wallet_base_url: WALLET,
      wallet_secret: secret,
    });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain(secret);
    expect(created.body).not.toHaveProperty('wallet_secret');
    expect(created.body.operator.wallet_secret_set).toBe(true);
    expect(await storedSecret(created.body.operator.id)).toBe(secret);
  });

  it('lists, reads and changes operators', async () => {
    const a = await server.admin('POST', '/api/admin/v1/operators', { name: 'A', wallet_mode: 'internal' });
    const b = await server.admin('POST', '/api/admin/v1/operators', { name: 'B', wallet_mode: 'internal' });
    const list = await server.admin('GET', '/api/admin/v1/operators');
    expect(list.status).toBe(200);
    const ids = list.body.operators.map((op: { id: string }) => op.id);
    expect(ids).toEqual(expect.arrayContaining([a.body.operator.id, b.body.operator.id]));

    const read = await server.admin('GET', `/api/admin/v1/operators/${a.body.operator.id}`);
    expect(read).toEqual({ status: 200, body: { operator: a.body.operator } });

    const patched = await server.admin('PATCH', `/api/admin/v1/operators/${a.body.operator.id}`, {
      name: 'A2',
      status: 'inactive',
      currency: 'jpy',
      rtp_variant: '94.5',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.operator).toMatchObject({
      id: a.body.operator.id,
      name: 'A2',
      status: 'inactive',
      currency: 'JPY',
      rtp_variant: '94.5',
      wallet_mode: 'internal',
    });
    expect(Date.parse(patched.body.operator.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(a.body.operator.updated_at),
    );
    const cleared = await server.admin('PATCH', `/api/admin/v1/operators/${a.body.operator.id}`, {
      rtp_variant: null,
    });
    expect(cleared.body.operator.rtp_variant).toBeNull();
  });

  it('switches an operator to callback mode, generating its secret once', async () => {
    const { body } = await server.admin('POST', '/api/admin/v1/operators', {
      name: 'S',
      wallet_mode: 'internal',
    });
    const id = body.operator.id;
    const patched = await server.admin('PATCH', `/api/admin/v1/operators/${id}`, {
      wallet_mode: 'callback',
      wallet_base_url: WALLET,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.wallet_secret).toMatch(/^rf_whsec_/);
    const again = await server.admin('PATCH', `/api/admin/v1/operators/${id}`, { status: 'active' });
    expect(again.body).not.toHaveProperty('wallet_secret');
    // Clearing the secret of a callback operator rotates it.
    const rotated = await server.admin('PATCH', `/api/admin/v1/operators/${id}`, { wallet_secret: null });
    expect(rotated.body.wallet_secret).toMatch(/^rf_whsec_/);
    expect(rotated.body.wallet_secret).not.toBe(patched.body.wallet_secret);
    expect(await storedSecret(id)).toBe(rotated.body.wallet_secret);
  });
});

describe('clusters', () => {
  it('names the cluster each operator plays on, and lists the node one cluster, the control one', async () => {
    const made = await server.admin('POST', '/api/admin/v1/operators', {
      name: 'Clustered Casino',
      wallet_mode: 'internal',
    });
    expect(made.status).toBe(201);
    expect(made.body.operator.cluster).toEqual({ id: 'main', state: 'active' });
    const listed = await server.admin('GET', '/api/admin/v1/operators');
    for (const operator of listed.body.operators)
      expect(operator.cluster).toEqual({ id: 'main', state: 'active' });
    const clusters = await server.admin('GET', '/api/admin/v1/clusters');
    expect(clusters.status).toBe(200);
    expect(clusters.body).toEqual({
      clusters: [
        {
          id: 'main',
          control: true,
          reachable: true,
          replica: null,
          operators: listed.body.operators.length,
          moving: [],
        },
      ],
    });
  });
});

describe('error', () => {
  it.each([
    ['name', { wallet_mode: 'internal' }],
    ['name', { name: '', wallet_mode: 'internal' }],
    ['name', { name: 'n'.repeat(201), wallet_mode: 'internal' }],
    ['currency', { name: 'C', wallet_mode: 'internal', currency: 'XXX' }],
    ['status', { name: 'C', wallet_mode: 'internal', status: 'paused' }],
    ['wallet_mode', { name: 'C' }],
    ['wallet_mode', { name: 'C', wallet_mode: 'seamless' }],
    ['wallet_base_url', { name: 'C', wallet_mode: 'callback' }],
    ['wallet_base_url', { name: 'C', wallet_mode: 'callback', wallet_base_url: 'ftp://wallet.example' }],
    ['wallet_base_url', { name: 'C', wallet_mode: 'callback', wallet_base_url: `${WALLET}?q=1` }],
    [
      'wallet_secret',
      { name: 'C', wallet_mode: 'callback', wallet_base_url: WALLET, wallet_secret: 'short' },
    ],
    ['rtp_variant', { name: 'C', wallet_mode: 'internal', rtp_variant: '99.9' }],
  ])('create: 400 naming %s for %j', async (field, body) => {
    const answer = await server.admin('POST', '/api/admin/v1/operators', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: 'invalid_request' });
    expect(answer.body.detail).toContain(field);
  });

  it('callback mode without wallet_base_url says so', async () => {
    const answer = await server.admin('POST', '/api/admin/v1/operators', {
      name: 'C',
      wallet_mode: 'callback',
    });
    expect(answer).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'invalid_request',
        detail: 'wallet_base_url is required when wallet_mode is callback',
      },
    });
  });

  it('lists every bad field in one answer', async () => {
    const answer = await server.admin('POST', '/api/admin/v1/operators', {
      name: '',
      currency: 'ZZZ',
      wallet_mode: 'x',
    });
    expect(answer.status).toBe(400);
    for (const field of ['name', 'currency', 'wallet_mode']) expect(answer.body.detail).toContain(field);
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"operator"'],
    ['broken JSON', '{"name": '],
  ])('400 for a body that is %s', async (_name, raw) => {
    const response = await server.request('/api/admin/v1/operators', {
      method: 'POST',
      body: raw,
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: 'invalid_request' });
  });

  it('patch: 400 naming the field, and nothing changes', async () => {
    const { body } = await server.admin('POST', '/api/admin/v1/operators', {
      name: 'P',
      wallet_mode: 'internal',
      status: 'inactive',
    });
    const id = body.operator.id;
    for (const [field, patch] of [
      ['wallet_base_url', { wallet_mode: 'callback' }],
      ['status', { status: null }],
      ['currency', { currency: null }],
      ['name', { name: '  ' }],
    ] as const) {
      const answer = await server.admin('PATCH', `/api/admin/v1/operators/${id}`, patch);
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toContain(field);
    }
    const read = await server.admin('GET', `/api/admin/v1/operators/${id}`);
    expect(read.body.operator).toEqual(body.operator);
  });

  it('404 for an unknown operator', async () => {
    for (const [method, json] of [
      ['GET', undefined],
      ['PATCH', { name: 'X' }],
    ] as const) {
      const answer = await server.admin(method, '/api/admin/v1/operators/op_doesnotexist', json);
      expect(answer).toEqual({
        status: 404,
        body: { success: false, error: 'not_found', detail: 'operator op_doesnotexist not found' },
      });
    }
  });
});

describe('security', () => {
  const routes = [
    ['POST', '/api/admin/v1/operators'],
    ['GET', '/api/admin/v1/operators'],
    ['GET', '/api/admin/v1/operators/op_x'],
    ['PATCH', '/api/admin/v1/operators/op_x'],
    ['POST', '/api/admin/v1/operators/op_x/api-keys'],
    ['POST', '/api/admin/v1/master-keys'],
    ['DELETE', '/api/admin/v1/api-keys/key_x'],
    ['GET', '/api/admin/v1/operators/op_x/catalog'],
    ['PUT', '/api/admin/v1/operators/op_x/catalog'],
    ['PUT', '/api/admin/v1/games/rf_ember_crown/thumbnail'],
    ['DELETE', '/api/admin/v1/games/rf_ember_crown/thumbnail'],
    ['GET', '/api/admin/v1/rounds'],
    ['GET', '/api/admin/v1/wallet/transactions'],
    ['POST', '/api/admin/v1/wallet/transactions/tx_x/retry'],
    ['POST', '/api/admin/v1/wallet/transactions/tx_x/resolve'],
  ] as const;

  it.each([
    ['no Authorization', undefined],
    ['an empty Bearer', 'Bearer '],
    ['a wrong token', 'Bearer rf_admin_wrong_token_0123456789'],
    ['the token with a suffix', 'Bearer rf_admin_test_token_0123456789x'],
    ['the token without the scheme', 'rf_admin_test_token_0123456789'],
    ['Basic auth', `Basic ${Buffer.from(`admin:rf_admin_test_token_0123456789`).toString('base64')}`],
  ])('401 on every admin route with %s', async (_name, authorization) => {
    for (const [method, path] of routes) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (authorization !== undefined) headers.authorization = authorization;
      const body =
        method === 'GET' || method === 'DELETE' ? undefined : '{"name":"X","wallet_mode":"internal"}';
      const response = await server.request(path, { method, headers, body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({
        success: false,
        error: 'unauthorized',
        detail: 'missing or invalid admin token',
      });
    }
    const list = await server.admin('GET', '/api/admin/v1/operators');
    expect(list.body.operators.map((op: { name: string }) => op.name)).not.toContain('X');
  });

  it('an operator API key is not an admin token', async () => {
    const operator = await server.createOperator();
    const response = await server.request('/api/admin/v1/operators', {
      headers: { authorization: `Bearer ${operator.apiKey}` },
    });
    expect(response.status).toBe(401);
  });

  it('the admin token is not a provider API key', async () => {
    const response = await server.request('/api/provider/v1/games', {
      headers: { authorization: `Bearer ${server.adminToken}` },
    });
    expect(response.status).toBe(401);
  });
});
