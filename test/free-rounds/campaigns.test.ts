// The free-rounds campaign endpoints: create (idempotent by campaign_id), add players, cancel, read,
// a player's grants; every bad field a 400 naming it; another operator's campaign a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let op: { id: string; apiKey: string };
let other: { id: string; apiKey: string };
let masterKey: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function campaign(fields: Record<string, unknown> = {}) {
  return {
    campaign_id: `camp-${Math.random().toString(36).slice(2, 10)}`,
    games: ['rf_ember_crown', 'jade-paths'],
    currency: 'USD',
    rounds: 10,
    coin: '0.10',
    bet_level: 1,
    expires_at: inDays(7),
    ...fields,
  };
}

async function call(method: string, path: string, key: string, json?: unknown) {
  const response = await server.request(path, { method, headers: { 'x-provider-api-key': key }, json });
  return { status: response.status, body: await response.json() };
}

const create = (key: string, json: unknown) =>
  call('POST', '/api/provider/v1/free-rounds/campaigns', key, json);

beforeAll(async () => {
  server = await startTestServer();
  op = await server.createOperator();
  other = await server.createOperator({}, ['rf_ember_crown']);
  masterKey = (await server.admin('POST', '/api/admin/v1/master-keys')).body.api_key;
});
afterAll(async () => server?.close());

describe('POST /api/provider/v1/free-rounds/campaigns', () => {
  it('creates a campaign with its first players, games named by symbol or slug', async () => {
    const body = campaign({ players: ['p-1', 'p-2', 'p-1'], max_win: '50.00' });
    const created = await create(op.apiKey, body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      campaign_id: body.campaign_id,
      operator_id: op.id,
      status: 'active',
      games: ['rf_ember_crown', 'rf_jade_paths'],
      currency: 'USD',
      rounds: 10,
      coin: '0.10',
      bet_level: 1,
      max_win: '50.00',
      players: 2,
      rounds_played: 0,
      cancelled_at: null,
    });
    // The bet of one round, per game: coin × level × the game's line cost.
    expect(created.body.data.bets).toEqual({ rf_ember_crown: '2.00', rf_jade_paths: expect.any(String) });
  });

  it('is idempotent by campaign_id: the same terms answer 200, other terms 409', async () => {
    const body = campaign({ players: ['p-a'] });
    expect((await create(op.apiKey, body)).status).toBe(201);
    const again = await create(op.apiKey, { ...body, players: ['p-b'] });
    expect(again.status).toBe(200);
    expect(again.body.data.players).toBe(2);
    const changed = await create(op.apiKey, { ...body, rounds: 11 });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ success: false, error: 'conflict' });
    expect(changed.body.detail).toContain('different terms');
  });

  it.each([
    [{ campaign_id: 'bad id!' }, 400, 'campaign_id'],
    [{ games: [] }, 400, 'games'],
    [{ games: ['rf_nope'] }, 404, 'games[0]'],
    [{ currency: 'EURO' }, 400, 'currency'],
    [{ currency: 'ZZZ' }, 400, 'currency'],
    [{ rounds: 0 }, 400, 'rounds'],
    [{ rounds: 2.5 }, 400, 'rounds'],
    [{ coin: '0.13' }, 400, 'coin'],
    [{ coin: 0.1 }, 400, 'coin'],
    [{ bet_level: 99 }, 400, 'bet_level'],
    [{ expires_at: '2020-01-01T00:00:00Z' }, 400, 'expires_at is in the past'],
    [{ expires_at: 'tomorrow' }, 400, 'expires_at'],
    [{ expires_at: inDays(91) }, 400, 'at most 90 days'],
    [{ valid_from: inDays(5), expires_at: inDays(4) }, 400, 'after valid_from'],
    [{ max_win: '-1' }, 400, 'max_win'],
    [{ players: ['ok', ''] }, 400, 'players[1]'],
  ])('refuses %j with %i naming the field', async (patch, status, named) => {
    const answer = await create(op.apiKey, campaign(patch));
    expect(answer.status).toBe(status);
    expect(answer.body.success).toBe(false);
    expect(answer.body.detail).toContain(named);
  });

  it("checks each round's bet against the market's stake cap (the operator's default, or the one named)", async () => {
    const uk = await server.createOperator({ currency: 'GBP', default_jurisdiction: 'uk' });
    const { betLadder, getGame } = await import('../../src/games/index.ts');
    const ladder = betLadder(getGame('rf_ember_crown') as never, 'GBP');
    const bet = (coin: bigint, level: number) => coin * BigInt(level) * BigInt(ladder.lineCost);
    const money = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
    const pairs = ladder.coinValues.flatMap((coin) => ladder.betLevels.map((level) => ({ coin, level })));
    const above = pairs.find(({ coin, level }) => bet(coin, level) > 500n);
    const within = pairs.find(({ coin, level }) => bet(coin, level) > 200n && bet(coin, level) <= 500n);
    if (!above || !within) throw new Error('no bets around the uk caps');
    const terms = (pick: { coin: bigint; level: number }, extra: Record<string, unknown> = {}) =>
      campaign({
        games: ['rf_ember_crown'],
        currency: 'GBP',
        coin: money(pick.coin),
        bet_level: pick.level,
        ...extra,
      });
    const refused = await create(uk.apiKey, terms(above));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(
      /^coin: .*above the stake cap of 5\.00 per game cycle under jurisdiction uk$/,
    );
    // £2-£5 is legal for players of 25 and over: the 18-24 cap is enforced at play.
    expect((await create(uk.apiKey, terms(within))).status).toBe(201);
    // A campaign for players launched under another market names it.
    expect((await create(uk.apiKey, terms(above, { jurisdiction: 'default' }))).status).toBe(201);
    expect((await create(uk.apiKey, terms(within, { jurisdiction: 'atlantis' }))).body.detail).toMatch(
      /^jurisdiction atlantis/,
    );
  });

  it('refuses a game outside the operator catalog with 403', async () => {
    const answer = await create(other.apiKey, campaign({ games: ['rf_jade_paths'] }));
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toContain('not enabled');
  });

  it('needs a key (401); a master key must select the operator (400), then acts for it', async () => {
    const response = await server.request('/api/provider/v1/free-rounds/campaigns', {
      method: 'POST',
      json: campaign(),
    });
    expect(response.status).toBe(401);
    expect((await create(masterKey, campaign())).status).toBe(400);
    const body = campaign({ operator_id: op.id });
    const made = await create(masterKey, body);
    expect(made.status).toBe(201);
    expect(made.body.data.operator_id).toBe(op.id);
    // An operator key naming another operator: 403.
    expect((await create(other.apiKey, campaign({ operator_id: op.id }))).status).toBe(403);
  });
});

describe('players, cancel, read and grants', () => {
  it('adds players once each, reads the campaign with its grants, lists a player grant', async () => {
    const body = campaign({ players: ['p-x'] });
    await create(op.apiKey, body);
    const path = `/api/provider/v1/free-rounds/campaigns/${body.campaign_id}`;
    const added = await call('POST', `${path}/players`, op.apiKey, { players: ['p-x', 'p-y', 'p-z'] });
    expect(added.status).toBe(200);
    expect(added.body.added).toBe(2);
    expect(added.body.data.players).toBe(3);
    expect((await call('POST', `${path}/players`, op.apiKey, { players: [] })).status).toBe(400);

    const read = await call('GET', path, op.apiKey);
    expect(read.status).toBe(200);
    expect(read.body.data.grants.map((g: { player_id: string }) => g.player_id).sort()).toEqual([
      'p-x',
      'p-y',
      'p-z',
    ]);

    const grants = await call('GET', '/api/provider/v1/free-rounds/grants?player_id=p-y', op.apiKey);
    expect(grants.status).toBe(200);
    const grant = grants.body.data.grants.find(
      (g: { campaign_id: string }) => g.campaign_id === body.campaign_id,
    );
    expect(grant).toMatchObject({
      status: 'active',
      rounds_total: 10,
      rounds_left: 10,
      rounds_played: 0,
      win: '0.00',
    });
    expect((await call('GET', '/api/provider/v1/free-rounds/grants', op.apiKey)).status).toBe(400);
  });

  it('cancels: grants with rounds left are cancelled, no new players, cancelling again answers the same', async () => {
    const body = campaign({ players: ['p-c'] });
    await create(op.apiKey, body);
    const path = `/api/provider/v1/free-rounds/campaigns/${body.campaign_id}`;
    const cancelled = await call('POST', `${path}/cancel`, op.apiKey);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await call('POST', `${path}/cancel`, op.apiKey)).body.data.status).toBe('cancelled');
    const grants = await call('GET', '/api/provider/v1/free-rounds/grants?player_id=p-c', op.apiKey);
    expect(grants.body.data.grants[0]).toMatchObject({ status: 'cancelled', rounds_left: 0 });
    expect((await call('POST', `${path}/players`, op.apiKey, { players: ['p-d'] })).status).toBe(409);
    expect((await create(op.apiKey, body)).status).toBe(409);
  });

  it("answers another operator's campaign exactly like an unknown one: 404", async () => {
    const body = campaign({ games: ['rf_ember_crown'], players: ['p-o'] });
    await create(op.apiKey, body);
    const path = `/api/provider/v1/free-rounds/campaigns/${body.campaign_id}`;
    for (const [method, suffix, json] of [
      ['GET', '', undefined],
      ['POST', '/players', { players: ['intruder'] }],
      ['POST', '/cancel', undefined],
    ] as const) {
      const answer = await call(method, `${path}${suffix}`, other.apiKey, json);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('not_found');
    }
    expect((await call('GET', `${path}-nope`, op.apiKey)).status).toBe(404);
    // The other operator's player list shows nothing of it; the campaign is untouched.
    const grants = await call('GET', '/api/provider/v1/free-rounds/grants?player_id=p-o', other.apiKey);
    expect(grants.body.data.grants).toEqual([]);
    expect((await call('GET', path, op.apiKey)).body.data).toMatchObject({ status: 'active', players: 1 });
  });

  it('shows staff an operator campaigns (Admin API)', async () => {
    const listed = await server.admin('GET', `/api/admin/v1/operators/${op.id}/free-round-campaigns`);
    expect(listed.status).toBe(200);
    expect(listed.body.campaigns.length).toBeGreaterThan(3);
    expect((await server.admin('GET', '/api/admin/v1/operators/op_nope/free-round-campaigns')).status).toBe(
      404,
    );
  });
});
