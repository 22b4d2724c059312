// Admin API: operator keys, master keys and revocation, and what the provider API makes of them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashApiKey } from '../../src/domain/api-keys.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function games(apiKey: string, headers: Record<string, string> = {}) {
  return server.request('/api/provider/v1/games', { headers: { 'x-provider-api-key': apiKey, ...headers } });
}

async function keyRow(keyId: string) {
  return server.store.db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirstOrThrow();
}

async function newOperator(): Promise<string> {
  const { body } = await server.admin('POST', '/api/admin/v1/operators', {
    name: 'K',
    wallet_mode: 'internal',
  });
  return body.operator.id;
}

describe('happy', () => {
  it('creates an operator key that reads that operator’s catalog', async () => {
    const id = await newOperator();
    const created = await server.admin('POST', `/api/admin/v1/operators/${id}/api-keys`);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      key_id: expect.stringMatching(/^key_[0-9A-Za-z]+$/),
      api_key: expect.stringMatching(/^rf_live_[0-9A-Za-z]{33}$/),
    });
    const response = await games(created.body.api_key);
    expect(response.status).toBe(200);
    expect((await response.json()).data.operator_id).toBe(id);
  });

  it('creates a master key that reads the whole catalog', async () => {
    const created = await server.admin('POST', '/api/admin/v1/master-keys');
    expect(created.status).toBe(201);
    expect(created.body.api_key).toMatch(/^rf_master_[0-9A-Za-z]{33}$/);
    const response = await games(created.body.api_key);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.operator_id).toBeNull();
    expect(body.data.total).toBeGreaterThan(0);
  });

  it('stores only the hash of a key', async () => {
    const id = await newOperator();
    const { body } = await server.admin('POST', `/api/admin/v1/operators/${id}/api-keys`);
    const row = await keyRow(body.key_id);
    expect(row).toMatchObject({ kind: 'operator', operator_id: id, revoked_at: null, last_used_at: null });
    expect(row.key_hash.equals(hashApiKey(body.api_key))).toBe(true);
    expect(row.key_prefix).toBe((body.api_key as string).slice(0, 12));
    expect(JSON.stringify(Object.values(row).map(String))).not.toContain(body.api_key);
  });

  it('records when a key was last used', async () => {
    const id = await newOperator();
    const { body } = await server.admin('POST', `/api/admin/v1/operators/${id}/api-keys`);
    expect((await keyRow(body.key_id)).last_used_at).toBeNull();
    const before = Date.now();
    expect((await games(body.api_key)).status).toBe(200);
    // The touch is written after the answer, off the request path.
    const usedAt = await vi.waitFor(async () => {
      const at = (await keyRow(body.key_id)).last_used_at;
      expect(at).toBeInstanceOf(Date);
      return at;
    });
    expect((usedAt as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('revokes a key: the provider API refuses it at once, other keys keep working', async () => {
    const id = await newOperator();
    const kept = await server.admin('POST', `/api/admin/v1/operators/${id}/api-keys`);
    const revoked = await server.admin('POST', `/api/admin/v1/operators/${id}/api-keys`);
    expect((await games(revoked.body.api_key)).status).toBe(200); // warms the access cache

    const answer = await server.admin('DELETE', `/api/admin/v1/api-keys/${revoked.body.key_id}`);
    expect(answer).toEqual({ status: 204, body: undefined });
    const refused = await games(revoked.body.api_key);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ success: false, error: 'unauthorized' });
    expect((await games(kept.body.api_key)).status).toBe(200);
    expect((await keyRow(revoked.body.key_id)).revoked_at).toBeInstanceOf(Date);

    // Revoking twice is harmless and keeps the first revocation time.
    const first = (await keyRow(revoked.body.key_id)).revoked_at;
    expect((await server.admin('DELETE', `/api/admin/v1/api-keys/${revoked.body.key_id}`)).status).toBe(204);
    expect((await keyRow(revoked.body.key_id)).revoked_at).toEqual(first);
  });

  it('revokes a master key', async () => {
    const { body } = await server.admin('POST', '/api/admin/v1/master-keys');
    expect((await games(body.api_key)).status).toBe(200);
    expect((await server.admin('DELETE', `/api/admin/v1/api-keys/${body.key_id}`)).status).toBe(204);
    expect((await games(body.api_key)).status).toBe(401);
  });

  it('an inactive operator gets 403 at once, and works again when reactivated', async () => {
    const operator = await server.createOperator();
    expect((await games(operator.apiKey)).status).toBe(200);
    await server.admin('PATCH', `/api/admin/v1/operators/${operator.id}`, { status: 'inactive' });
    const refused = await games(operator.apiKey);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, error: 'forbidden' });
    // A master key naming the inactive operator is refused too.
    const master = await server.admin('POST', '/api/admin/v1/master-keys');
    expect((await games(master.body.api_key, { 'x-operator-id': operator.id })).status).toBe(403);

    await server.admin('PATCH', `/api/admin/v1/operators/${operator.id}`, { status: 'active' });
    expect((await games(operator.apiKey)).status).toBe(200);
  });
});

describe('listing keys', () => {
  it("lists an operator's keys: id, operator, created, last used, revoked; never the key", async () => {
    const id = await newOperator();
    const used = await server.admin('POST', `/api/admin/v1/operators/${id}/api-keys`);
    const revoked = await server.admin('POST', `/api/admin/v1/operators/${id}/api-keys`);
    expect((await games(used.body.api_key)).status).toBe(200);
    await server.admin('DELETE', `/api/admin/v1/api-keys/${revoked.body.key_id}`);
    // The touch is written off the request path: wait until the listing shows it.
    const listed = await vi.waitFor(async () => {
      const answer = await server.admin('GET', `/api/admin/v1/operators/${id}/api-keys`);
      expect(answer.body.keys?.[0]?.last_used_at).toEqual(expect.any(String));
      return answer;
    });
    expect(listed.status).toBe(200);
    const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(listed.body).toEqual({
      keys: [
        {
          key_id: used.body.key_id,
          kind: 'operator',
          operator_id: id,
          prefix: (used.body.api_key as string).slice(0, 12),
          created_at: iso,
          last_used_at: iso,
          revoked_at: null,
        },
        {
          key_id: revoked.body.key_id,
          kind: 'operator',
          operator_id: id,
          prefix: (revoked.body.api_key as string).slice(0, 12),
          created_at: iso,
          last_used_at: null,
          revoked_at: iso,
        },
      ],
    });
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain(used.body.api_key);
    expect(text).not.toContain(revoked.body.api_key);
    expect(text).not.toContain(hashApiKey(used.body.api_key).toString('hex'));
  });

  it('lists every key, master keys included, or one operator with operator_id', async () => {
    const a = await newOperator();
    const b = await newOperator();
    const keyA = await server.admin('POST', `/api/admin/v1/operators/${a}/api-keys`);
    const keyB = await server.admin('POST', `/api/admin/v1/operators/${b}/api-keys`);
    const master = await server.admin('POST', '/api/admin/v1/master-keys');
    const all = await server.admin('GET', '/api/admin/v1/api-keys');
    expect(all.status).toBe(200);
    const ids = all.body.keys.map((key: { key_id: string }) => key.key_id);
    expect(ids).toEqual(expect.arrayContaining([keyA.body.key_id, keyB.body.key_id, master.body.key_id]));
    expect(all.body.keys.find((key: { key_id: string }) => key.key_id === master.body.key_id)).toMatchObject({
      kind: 'master',
      operator_id: null,
      prefix: (master.body.api_key as string).slice(0, 14),
    });
    const onlyA = await server.admin('GET', `/api/admin/v1/api-keys?operator_id=${a}`);
    expect(onlyA.body.keys.map((key: { key_id: string }) => key.key_id)).toEqual([keyA.body.key_id]);
    expect(JSON.stringify(all.body)).not.toContain(master.body.api_key);
  });

  it('404 for the keys of an unknown operator', async () => {
    for (const path of [
      '/api/admin/v1/operators/op_nobody/api-keys',
      '/api/admin/v1/api-keys?operator_id=op_nobody',
    ]) {
      expect(await server.admin('GET', path)).toEqual({
        status: 404,
        body: { success: false, error: 'not_found', detail: 'operator op_nobody not found' },
      });
    }
  });

  it('401 without the admin token', async () => {
    expect((await server.request('/api/admin/v1/api-keys')).status).toBe(401);
  });
});

describe('error', () => {
  it('404 for a key of an unknown operator', async () => {
    const answer = await server.admin('POST', '/api/admin/v1/operators/op_nobody/api-keys');
    expect(answer).toEqual({
      status: 404,
      body: { success: false, error: 'not_found', detail: 'operator op_nobody not found' },
    });
  });

  it('404 for revoking an unknown key', async () => {
    const answer = await server.admin('DELETE', '/api/admin/v1/api-keys/key_nothing');
    expect(answer).toEqual({
      status: 404,
      body: { success: false, error: 'not_found', detail: 'API key key_nothing not found' },
    });
  });

  it('a key text is not a key id', async () => {
    const id = await newOperator();
    const { body } = await server.admin('POST', `/api/admin/v1/operators/${id}/api-keys`);
    expect((await server.admin('DELETE', `/api/admin/v1/api-keys/${body.api_key}`)).status).toBe(404);
    expect((await games(body.api_key)).status).toBe(200);
  });
});

describe('security', () => {
  it('an operator key cannot read another operator', async () => {
    const a = await server.createOperator();
    const b = await server.createOperator();
    const response = await games(a.apiKey, { 'x-operator-id': b.id });
    expect(response.status).toBe(403);
  });

  it('a key never appears again after creation', async () => {
    const id = await newOperator();
    const { body } = await server.admin('POST', `/api/admin/v1/operators/${id}/api-keys`);
    for (const path of ['/api/admin/v1/operators', `/api/admin/v1/operators/${id}`]) {
      const answer = await server.admin('GET', path);
      expect(JSON.stringify(answer.body)).not.toContain(body.api_key);
    }
  });
});
