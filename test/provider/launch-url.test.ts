// launch-url: validation, scopes, sessions created and refreshed, URL format, configuration errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/domain/ids.ts';
import { strictSecrets } from '../helpers/secrets.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let alpha: { id: string; apiKey: string };
let beta: { id: string; apiKey: string };
let master: string;

beforeAll(async () => {
  server = await startTestServer();
  alpha = await server.createOperator({ name: 'Alpha', currency: 'EUR' });
  beta = await server.createOperator({ name: 'Beta' }, ['rf_copper_sevens']);
  master = (await server.admin('POST', '/api/admin/v1/master-keys')).body.api_key;
});
afterAll(async () => {
  await server?.close();
});

async function launch(apiKey: string, json: unknown, headers: Record<string, string> = {}) {
  const response = await server.request('/api/provider/v1/launch-url', {
    method: 'POST',
    headers: { 'x-provider-api-key': apiKey, ...headers },
    json,
  });
  return { status: response.status, body: await response.json() };
}

describe('a valid launch', () => {
  it('answers the launch data at the top level and in data', async () => {
    const { status, body } = await launch(alpha.apiKey, {
      symbol: 'rf_ember_crown',
      external_player_id: 'player-1',
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    for (const field of [
      'symbol',
      'slug',
      'operator_id',
      'currency',
      'session_id',
      'launch_url',
      'expires_at',
    ]) {
      expect(body[field]).toEqual(body.data[field]);
    }
    expect(body.data).toMatchObject({
      symbol: 'rf_ember_crown',
      slug: 'ember-crown',
      operator_id: alpha.id,
      currency: 'EUR',
    });
    expect(body.session_id).toMatch(/^ses_[0-9A-Za-z]{33}$/);
    const url = new URL(body.launch_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/gs2c/play/rf_ember_crown`);
    expect(url.searchParams.get('token')).toBe(body.session_id);
    expect(url.searchParams.get('device')).toBe('desktop');
    expect(body.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    const ttl = Date.parse(body.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(1790_000);
    expect(ttl).toBeLessThanOrEqual(1800_000);
  });

  it('stores only the token hash', async () => {
    const { body } = await launch(alpha.apiKey, { slug: 'jade-paths', external_player_id: 'hash-check' });
    const rows = await server.store.db
      .selectFrom('game_sessions')
      .selectAll()
      .where('player_id', '=', 'hash-check')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash.equals(sha256(body.session_id))).toBe(true);
    expect(JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).not.toContain(
      body.session_id.slice(4),
    );
  });

  it('defaults the currency to the operator currency, else USD, and upper-cases a given one', async () => {
    expect(
      (await launch(beta.apiKey, { symbol: 'rf_copper_sevens', external_player_id: 'p' })).body.currency,
    ).toBe('USD');
    expect(
      (await launch(alpha.apiKey, { symbol: 'rf_copper_sevens', external_player_id: 'p', currency: 'gbp' }))
        .body.currency,
    ).toBe('GBP');
  });

  it('normalises tablet to mobile and keeps return_url out of the URL', async () => {
    const { body } = await launch(alpha.apiKey, {
      symbol: 'rf_copper_sevens',
      external_player_id: 'tablet-player',
      device: 'tablet',
      return_url: 'https://casino.example/lobby?x=1',
    });
    const url = new URL(body.launch_url);
    expect(url.searchParams.get('device')).toBe('mobile');
    expect(body.launch_url).not.toContain('casino.example');
    const row = await server.store.db
      .selectFrom('game_sessions')
      .selectAll()
      .where('player_id', '=', 'tablet-player')
      .executeTakeFirstOrThrow();
    expect(row.device).toBe('mobile');
    expect(row.return_url).toBe('https://casino.example/lobby?x=1');
  });

  it('plays in the player language (closest we have), else the operator default, else English', async () => {
    const lang = async (apiKey: string, language?: unknown) => {
      const { status, body } = await launch(apiKey, {
        symbol: 'rf_ember_crown',
        external_player_id: 'player-lang',
        ...(language === undefined ? {} : { language }),
      });
      return status === 200 ? new URL(body.launch_url).searchParams.get('lang') : `${status} ${body.detail}`;
    };
    expect(await lang(alpha.apiKey)).toBe('en');
    expect(await lang(alpha.apiKey, 'de')).toBe('de');
    expect(await lang(alpha.apiKey, 'de-AT')).toBe('de');
    expect(await lang(alpha.apiKey, 'pt-br')).toBe('pt-BR');
    expect(await lang(alpha.apiKey, 'ja-JP')).toBe('ja');
    expect(await lang(alpha.apiKey, 'nl')).toBe('en');
    expect(await lang(alpha.apiKey, 'not a tag!')).toMatch(/^400 language must be a BCP 47/);
    expect(await lang(alpha.apiKey, 12)).toMatch(/^400 language must be a string/);
    const patched = await server.admin('PATCH', `/api/admin/v1/operators/${alpha.id}`, { language: 'fr' });
    expect(patched.body.operator.language).toBe('fr');
    expect(await lang(alpha.apiKey)).toBe('fr');
    expect(await lang(alpha.apiKey, 'nl')).toBe('fr');
    expect(await lang(alpha.apiKey, 'it')).toBe('it');
    const refused = await server.admin('PATCH', `/api/admin/v1/operators/${alpha.id}`, { language: 'xx' });
    expect(refused.status).toBe(400);
    await server.admin('PATCH', `/api/admin/v1/operators/${alpha.id}`, { language: null });
    expect(await lang(alpha.apiKey)).toBe('en');
  });

  it('ignores unknown body fields', async () => {
    const { status } = await launch(alpha.apiKey, {
      symbol: 'rf_copper_sevens',
      external_player_id: 'p',
      favourite_colour: 'red',
    });
    expect(status).toBe(200);
  });
});

describe('refresh', () => {
  it('keeps one session per operator, player, game and currency: new token, expiry reset, state kept', async () => {
    const first = await launch(alpha.apiKey, { symbol: 'rf_ember_crown', external_player_id: 'refresher' });
    const db = server.store.db;
    await db
      .updateTable('game_sessions')
      .set({ state: JSON.stringify({ freeSpinsLeft: 7 }), expires_at: new Date(Date.now() + 1000) })
      .where('player_id', '=', 'refresher')
      .execute();
    const second = await launch(alpha.apiKey, { symbol: 'rf_ember_crown', external_player_id: 'refresher' });
    expect(second.body.session_id).not.toBe(first.body.session_id);
    const rows = await db
      .selectFrom('game_sessions')
      .selectAll()
      .where('player_id', '=', 'refresher')
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.token_hash.equals(sha256(second.body.session_id))).toBe(true);
    expect(row?.token_hash.equals(sha256(first.body.session_id))).toBe(false);
    expect(row?.state).toEqual({ freeSpinsLeft: 7 });
    expect(row?.expires_at.getTime()).toBeGreaterThan(Date.now() + 1700_000);
    const other = await launch(alpha.apiKey, {
      symbol: 'rf_ember_crown',
      external_player_id: 'refresher',
      currency: 'USD',
    });
    expect(other.body.session_id).not.toBe(second.body.session_id);
    expect(
      await db.selectFrom('game_sessions').selectAll().where('player_id', '=', 'refresher').execute(),
    ).toHaveLength(2);
  });
});

describe('launches arriving together', () => {
  it('are all stored, and concurrent launches of one session leave exactly one live token', async () => {
    const distinct = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        launch(alpha.apiKey, { symbol: 'rf_jade_paths', external_player_id: `burst-${i}` }),
      ),
    );
    expect(distinct.every((r) => r.status === 200)).toBe(true);
    const db = server.store.db;
    const stored = await db
      .selectFrom('game_sessions')
      .select('player_id')
      .where('player_id', 'like', 'burst-%')
      .execute();
    expect(stored).toHaveLength(40);

    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        launch(alpha.apiKey, { symbol: 'rf_jade_paths', external_player_id: 'burst-same' }),
      ),
    );
    expect(same.every((r) => r.status === 200)).toBe(true);
    expect(new Set(same.map((r) => r.body.session_id)).size).toBe(5);
    const rows = await db
      .selectFrom('game_sessions')
      .selectAll()
      .where('player_id', '=', 'burst-same')
      .execute();
    expect(rows).toHaveLength(1);
    const live = same.filter((r) => rows[0]?.token_hash.equals(sha256(r.body.session_id)));
    expect(live).toHaveLength(1);
    // Concurrent launches of one session have no order of their own: exactly one token survives,
    // and the other four are revoked (sequential launches: the last one wins, tested above).
  });
});

describe('isolation', () => {
  it('keeps two operators sessions apart even for the same player id and game', async () => {
    const a = await launch(alpha.apiKey, {
      symbol: 'rf_copper_sevens',
      external_player_id: 'shared-id',
      currency: 'USD',
    });
    const b = await launch(beta.apiKey, {
      symbol: 'rf_copper_sevens',
      external_player_id: 'shared-id',
      currency: 'USD',
    });
    expect(a.body.session_id).not.toBe(b.body.session_id);
    const rows = await server.store.db
      .selectFrom('game_sessions')
      .select(['operator_id', 'token_hash'])
      .where('player_id', '=', 'shared-id')
      .orderBy('operator_id')
      .execute();
    expect(rows.map((row) => row.operator_id).sort()).toEqual([alpha.id, beta.id].sort());
    const own = rows.find((row) => row.operator_id === alpha.id);
    expect(own?.token_hash.equals(sha256(a.body.session_id))).toBe(true);
    // A's token is unknown to the runtime as anything but A's session.
    const session = await server.request('/api/runtime/v1/session', {
      headers: { authorization: `Bearer ${a.body.session_id}` },
    });
    expect(session.status).toBe(200);
    const body = await session.json();
    expect(body.session.player_id).toBe('shared-id');
    expect(body.game.symbol).toBe('rf_copper_sevens');
  });
});

describe('errors', () => {
  it.each([
    [{ external_player_id: 'p' }, /symbol or slug/],
    [{ symbol: 'rf_ember_crown' }, /external_player_id/],
    [{ symbol: 'rf_ember_crown', external_player_id: '' }, /external_player_id/],
    [{ symbol: 'rf_ember_crown', external_player_id: 'x'.repeat(129) }, /external_player_id/],
    [{ symbol: 'rf_ember_crown', external_player_id: 'tab\there' }, /external_player_id/],
    [{ symbol: 'rf_ember_crown', external_player_id: 42 }, /external_player_id/],
    [{ symbol: 'rf_ember_crown', external_player_id: 'p', currency: 'US' }, /currency/],
    [{ symbol: 'rf_ember_crown', external_player_id: 'p', currency: 'XXX' }, /currency/],
    [{ symbol: 'rf_ember_crown', external_player_id: 'p', coin: '-1' }, /coin/],
    [{ symbol: 'rf_ember_crown', external_player_id: 'p', coin: '0.013' }, /coin/],
    [{ symbol: 'rf_ember_crown', external_player_id: 'p', coin: 'abc' }, /coin/],
    [{ symbol: 'rf_ember_crown', external_player_id: 'p', return_url: 'javascript:alert(1)' }, /return_url/],
    [{ symbol: 'rf_ember_crown', external_player_id: 'p', return_url: '/relative' }, /return_url/],
    [{ symbol: 'rf_ember_crown', external_player_id: 'p', device: 'tv' }, /device/],
    [{ symbol: 'rf_ember_crown', slug: 'copper-sevens', external_player_id: 'p' }, /different games/],
  ])('answers 400 naming the field for %j', async (json, detail) => {
    const { status, body } = await launch(alpha.apiKey, json);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: 'invalid_request' });
    expect(body.detail).toMatch(detail);
  });

  it('answers 404 for an unknown game and 403 for a game outside the catalog', async () => {
    const unknown = await launch(alpha.apiKey, { symbol: 'rf_nothing', external_player_id: 'p' });
    expect(unknown.status).toBe(404);
    const outside = await launch(beta.apiKey, { symbol: 'rf_ember_crown', external_player_id: 'p' });
    expect(outside.status).toBe(403);
    expect(outside.body.error).toBe('forbidden');
  });

  it('answers 401 without a key and 403 for another operator_id', async () => {
    const response = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      json: { symbol: 'rf_ember_crown', external_player_id: 'p' },
    });
    expect(response.status).toBe(401);
    const other = await launch(alpha.apiKey, {
      symbol: 'rf_ember_crown',
      external_player_id: 'p',
      operator_id: beta.id,
    });
    expect(other.status).toBe(403);
    const own = await launch(alpha.apiKey, {
      symbol: 'rf_ember_crown',
      external_player_id: 'p',
      operator_id: alpha.id,
    });
    expect(own.status).toBe(200);
  });

  it('needs operator_id with a master key, and launches for the named operator', async () => {
    const missing = await launch(master, { symbol: 'rf_copper_sevens', external_player_id: 'p' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/operator_id/);
    const named = await launch(master, {
      symbol: 'rf_copper_sevens',
      external_player_id: 'p',
      operator_id: beta.id,
    });
    expect(named.status).toBe(200);
    expect(named.body.operator_id).toBe(beta.id);
    const header = await launch(
      master,
      { symbol: 'rf_copper_sevens', external_player_id: 'p' },
      { 'x-operator-id': beta.id },
    );
    expect(header.status).toBe(200);
    const unknown = await launch(master, {
      symbol: 'rf_copper_sevens',
      external_player_id: 'p',
      operator_id: 'op_nobody',
    });
    expect(unknown.status).toBe(403);
  });

  it('answers 400 for bad JSON, a non-object body, 415 for other media types, 413 over 64 KiB', async () => {
    const headers = { 'x-provider-api-key': alpha.apiKey, 'content-type': 'application/json' };
    const bad = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      headers,
      body: '{"symbol":',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('invalid_request');
    for (const body of ['[]', 'null', '"text"', '12']) {
      const response = await server.request('/api/provider/v1/launch-url', { method: 'POST', headers, body });
      expect(response.status).toBe(400);
    }
    const text = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      headers: { 'x-provider-api-key': alpha.apiKey, 'content-type': 'text/plain' },
      body: 'symbol=rf_ember_crown',
    });
    expect(text.status).toBe(415);
    const big = await launch(alpha.apiKey, {
      symbol: 'rf_ember_crown',
      external_player_id: 'p',
      pad: 'x'.repeat(70 * 1024),
    });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('payload_too_large');
  });
});

describe('configuration', () => {
  it.each([
    ['missing', undefined],
    ['not HTTPS', 'http://games.example.com'],
    ['not a URL', 'games.example.com'],
  ])('answers 500 in production when GAME_BASE_URL is %s', async (_name, gameBaseUrl) => {
    const production = await startTestServer({
      APP_ENV: 'production',
      GAME_BASE_URL: gameBaseUrl,
      ...strictSecrets(),
    });
    try {
      const operator = await production.createOperator();
      const response = await production.request('/api/provider/v1/launch-url', {
        method: 'POST',
        headers: { 'x-provider-api-key': operator.apiKey },
        json: { symbol: 'rf_ember_crown', external_player_id: 'p' },
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ success: false, error: 'server_misconfigured' });
      const catalog = await production.request('/api/provider/v1/games', {
        headers: { 'x-provider-api-key': operator.apiKey },
      });
      expect(catalog.status).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('launches in production with an HTTPS GAME_BASE_URL', async () => {
    const production = await startTestServer({
      APP_ENV: 'production',
      GAME_BASE_URL: 'https://play.reelforge.example/',
      ...strictSecrets(),
    });
    try {
      const operator = await production.createOperator();
      const response = await production.request('/api/provider/v1/launch-url', {
        method: 'POST',
        headers: { 'x-provider-api-key': operator.apiKey },
        json: { symbol: 'rf_ember_crown', external_player_id: 'p' },
      });
      expect(response.status).toBe(200);
      expect((await response.json()).launch_url).toMatch(
        /^https:\/\/play\.reelforge\.example\/gs2c\/play\/rf_ember_crown\?token=ses_/,
      );
    } finally {
      await production.close();
    }
  });
});

describe('coin', () => {
  it('accepts a coin that is one of the game coin values and stores it in minor units', async () => {
    const { betLadder, getGame } = await import('../../src/games/index.ts');
    const { formatAmount } = await import('../../src/money.ts');
    const game = getGame('rf_copper_sevens');
    if (!game) throw new Error('copper sevens is not playable');
    const coin = betLadder(game, 'USD').coinValues.at(-1) as bigint;
    const { status } = await launch(beta.apiKey, {
      symbol: 'rf_copper_sevens',
      external_player_id: 'coin-player',
      coin: formatAmount(coin, 'USD'),
    });
    expect(status).toBe(200);
    const row = await server.store.db
      .selectFrom('game_sessions')
      .select('coin')
      .where('player_id', '=', 'coin-player')
      .executeTakeFirstOrThrow();
    expect(row.coin).toBe(coin);
    const off = await launch(beta.apiKey, {
      symbol: 'rf_copper_sevens',
      external_player_id: 'coin-player',
      coin: '999999.99',
    });
    expect(off.status).toBe(400);
    expect(off.body.detail).toMatch(/coin/);
  });
});
