// Catalog and single-game lookup: key forms, scopes, allowlists, inactive operators, master keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { volatilityOf } from '../../src/domain/catalog.ts';
import { certifiedHooks, gameInfos } from '../../src/games/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let alpha: { id: string; apiKey: string; keyId: string };
let beta: { id: string; apiKey: string; keyId: string };
let master: string;

const keyHeader = (apiKey: string) => ({ 'x-provider-api-key': apiKey });

beforeAll(async () => {
  server = await startTestServer();
  alpha = await server.createOperator({ name: 'Alpha' }, ['rf_ember_crown', 'jade-paths']);
  beta = await server.createOperator({ name: 'Beta' }, ['rf_copper_sevens']);
  const created = await server.admin('POST', '/api/admin/v1/master-keys');
  master = created.body.api_key;
});
afterAll(async () => {
  await server?.close();
});

async function games(headers: Record<string, string>, query = '') {
  const response = await server.request(`/api/provider/v1/games${query}`, { headers });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe('authentication', () => {
  it.each([
    ['x-provider-api-key', (key: string) => ({ 'x-provider-api-key': key })],
    ['x-api-key', (key: string) => ({ 'x-api-key': key })],
    ['Authorization: Bearer', (key: string) => ({ authorization: `Bearer ${key}` })],
  ])('accepts the key as %s', async (_name, header) => {
    const { status, body } = await games(header(alpha.apiKey));
    expect(status).toBe(200);
    expect(body.data.operator_id).toBe(alpha.id);
  });

  it('accepts the same key sent in two forms', async () => {
    const { status } = await games({
      'x-provider-api-key': alpha.apiKey,
      authorization: `Bearer ${alpha.apiKey}`,
    });
    expect(status).toBe(200);
  });

  it.each([
    ['no key', {}],
    ['an unknown key', { 'x-provider-api-key': 'rf_live_000000000000000000000000000000000' }],
    ['a malformed key', { 'x-api-key': 'hello' }],
    ['a non-Bearer Authorization', { authorization: 'Basic abc' }],
  ])('answers 401 with the error body for %s', async (_name, headers) => {
    const { status, body, headers: responseHeaders } = await games(headers as Record<string, string>);
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, error: 'unauthorized' });
    expect(typeof body.detail).toBe('string');
    expect(responseHeaders.get('x-request-id')).toBeTruthy();
  });

  it('answers 401 when two different keys are sent', async () => {
    const { status, body } = await games({ 'x-provider-api-key': alpha.apiKey, 'x-api-key': beta.apiKey });
    expect(status).toBe(401);
    expect(body.detail).toMatch(/two different/);
  });
});

describe('operator scope', () => {
  it('lists only the allowlist, with every required field', async () => {
    const { body } = await games(keyHeader(alpha.apiKey));
    expect(body.success).toBe(true);
    expect(body.data.items.map((g: { symbol: string }) => g.symbol).sort()).toEqual([
      'rf_ember_crown',
      'rf_jade_paths',
    ]);
    expect(body.data.total).toBe(2);
    for (const game of body.data.items) {
      // The contract's five flags, plus the additive 1.2.0 extensions (respins, tumbles, multipliers).
      expect(Object.keys(game.features).sort()).toEqual([
        'bonus',
        'buy_feature',
        'collect',
        'free_spins',
        'multipliers',
        'respins',
        'special_bet',
        'tumbles',
      ]);
      expect(game.launch_path).toBe(`/gs2c/play/${game.symbol}`);
      expect(game.thumbnail_url).toBe(game.thumbnail.url);
      const url = new URL(game.thumbnail_url);
      expect(url.pathname).toBe(`/api/provider/v1/game-art/${game.symbol}`);
      expect(url.searchParams.get('title')).toBe(game.title);
      expect(url.searchParams.get('slug')).toBe(game.slug);
    }
  });

  it('never shows another operator its games (isolation)', async () => {
    const { body } = await games(keyHeader(beta.apiKey));
    expect(body.data.items.map((g: { symbol: string }) => g.symbol)).toEqual(['rf_copper_sevens']);
    const lookup = await server.request('/api/provider/v1/games/rf_ember_crown', {
      headers: keyHeader(beta.apiKey),
    });
    expect(lookup.status).toBe(404);
  });

  it('allows an operator key to name its own operator_id, and forbids any other', async () => {
    expect((await games(keyHeader(alpha.apiKey), `?operator_id=${alpha.id}`)).status).toBe(200);
    const other = await games(keyHeader(alpha.apiKey), `?operator_id=${beta.id}`);
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('forbidden');
    const header = await games({ ...keyHeader(alpha.apiKey), 'x-operator-id': beta.id });
    expect(header.status).toBe(403);
  });

  it('finds a game by symbol or by slug, 404 for unknown', async () => {
    for (const key of ['rf_jade_paths', 'jade-paths']) {
      const response = await server.request(`/api/provider/v1/games/${key}`, {
        headers: keyHeader(alpha.apiKey),
      });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ success: true, data: { symbol: 'rf_jade_paths', slug: 'jade-paths' } });
    }
    const unknown = await server.request('/api/provider/v1/games/no_such_game', {
      headers: keyHeader(alpha.apiKey),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, error: 'not_found' });
  });
});

describe('master keys', () => {
  it('read the whole live catalog without a selection', async () => {
    const { status, body } = await games(keyHeader(master));
    expect(status).toBe(200);
    expect(body.data.operator_id).toBeNull();
    expect(body.data.total).toBe(6);
  });

  it('select an operator by query or x-operator-id', async () => {
    const byQuery = await games(keyHeader(master), `?operator_id=${beta.id}`);
    expect(byQuery.body.data).toMatchObject({ operator_id: beta.id, total: 1 });
    const byHeader = await games({ ...keyHeader(master), 'x-operator-id': alpha.id });
    expect(byHeader.body.data).toMatchObject({ operator_id: alpha.id, total: 2 });
  });

  it('get 403 for an unknown operator and 400 for two different selections', async () => {
    expect((await games(keyHeader(master), '?operator_id=op_unknown')).status).toBe(403);
    const both = await games({ ...keyHeader(master), 'x-operator-id': alpha.id }, `?operator_id=${beta.id}`);
    expect(both.status).toBe(400);
  });
});

describe('status changes', () => {
  it('answers 403 on every provider endpoint while the operator is inactive', async () => {
    const gamma = await server.createOperator({ name: 'Gamma' });
    expect((await games(keyHeader(gamma.apiKey))).status).toBe(200);
    await server.admin('PATCH', `/api/admin/v1/operators/${gamma.id}`, { status: 'inactive' });
    const list = await games(keyHeader(gamma.apiKey));
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ success: false, error: 'forbidden' });
    const one = await server.request('/api/provider/v1/games/rf_ember_crown', {
      headers: keyHeader(gamma.apiKey),
    });
    expect(one.status).toBe(403);
    const launch = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      headers: keyHeader(gamma.apiKey),
      json: { symbol: 'rf_ember_crown', external_player_id: 'p1' },
    });
    expect(launch.status).toBe(403);
    const viaMaster = await games(keyHeader(master), `?operator_id=${gamma.id}`);
    expect(viaMaster.status).toBe(403);
    await server.admin('PATCH', `/api/admin/v1/operators/${gamma.id}`, { status: 'active' });
    expect((await games(keyHeader(gamma.apiKey))).status).toBe(200);
  });

  it('answers 401 right after a key is revoked', async () => {
    const delta = await server.createOperator({ name: 'Delta' });
    expect((await games(keyHeader(delta.apiKey))).status).toBe(200);
    const revoked = await server.admin('DELETE', `/api/admin/v1/api-keys/${delta.keyId}`);
    expect(revoked.status).toBe(204);
    expect((await games(keyHeader(delta.apiKey))).status).toBe(401);
  });

  it('applies a catalog change to list, lookup and launch alike', async () => {
    const epsilon = await server.createOperator({ name: 'Epsilon' }, ['rf_ember_crown']);
    await server.admin('PUT', `/api/admin/v1/operators/${epsilon.id}/catalog`, {
      symbols: ['copper-sevens'],
    });
    const { body } = await games(keyHeader(epsilon.apiKey));
    expect(body.data.items.map((g: { symbol: string }) => g.symbol)).toEqual(['rf_copper_sevens']);
    const lookup = await server.request('/api/provider/v1/games/rf_ember_crown', {
      headers: keyHeader(epsilon.apiKey),
    });
    expect(lookup.status).toBe(404);
    const launch = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      headers: keyHeader(epsilon.apiKey),
      json: { symbol: 'rf_ember_crown', external_player_id: 'p1' },
    });
    expect(launch.status).toBe(403);
  });
});

describe('rtp variants', () => {
  it('shows the operator variant in its catalog and the default to a master key', async () => {
    const low = await server.createOperator({ name: 'Low RTP', rtp_variant: '94.5' }, ['rf_ember_crown']);
    const own = await server.request('/api/provider/v1/games/rf_ember_crown', {
      headers: keyHeader(low.apiKey),
    });
    const ownRtp = Number((await own.json()).data.rtp);
    const all = await server.request('/api/provider/v1/games/rf_ember_crown', { headers: keyHeader(master) });
    const defaultRtp = Number((await all.json()).data.rtp);
    expect(ownRtp).toBeGreaterThan(93.5);
    expect(ownRtp).toBeLessThan(95.5);
    expect(defaultRtp).toBeGreaterThan(95.5);
    expect(defaultRtp).toBeLessThan(97.5);
  });
});

describe('request ids', () => {
  it('echoes a valid incoming x-request-id and makes one otherwise', async () => {
    const echoed = await server.request('/health', { headers: { 'x-request-id': 'trace-123.abc' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123.abc');
    const replaced = await server.request('/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('answers unknown routes with the error body', async () => {
    const response = await server.request('/api/provider/v1/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: 'not_found' });
  });
});

describe('rendered catalog reuse', () => {
  it('shows an allowlist change at once on the node that made it, even right after a read', async () => {
    const zeta = await server.createOperator({ name: 'Zeta' }, ['rf_ember_crown']);
    expect((await games(keyHeader(zeta.apiKey))).body.data.total).toBe(1);
    await server.admin('PUT', `/api/admin/v1/operators/${zeta.id}/catalog`, {
      symbols: ['rf_ember_crown', 'rf_copper_sevens'],
    });
    expect((await games(keyHeader(zeta.apiKey))).body.data.total).toBe(2);
  });
});

describe('lobby hooks (1.2.0, issue 26)', () => {
  it("serves each game's certified max win and volatility level for the operator's variant", async () => {
    const { status, body } = await games({}, '');
    expect(status).toBe(401); // the hooks are part of the keyed catalog, nothing public
    const { body: all } = await games({ 'x-provider-api-key': master });
    expect(all.data.items.length).toBe(gameInfos.filter((g) => g.live).length);
    for (const item of all.data.items as Array<Record<string, unknown> & { symbol: string }>) {
      const variant = gameInfos.find((g) => g.symbol === item.symbol)?.defaultVariant ?? '';
      const hooks = certifiedHooks(item.symbol, variant);
      expect(item.max_win, item.symbol).toEqual({
        multiplier: hooks?.maxWinMultiplier,
        kind: hooks?.maxWinKind,
      });
      expect(item.volatility, item.symbol).toEqual(volatilityOf(hooks?.sd ?? ''));
    }
    expect(body).toMatchObject({ success: false });
  });
});
