// launch-url default_bet (issue 26): the total a session starts at, checked against the game's
// ladder, stored with the session and served to the game as bet.default_total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerFor } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let operator: { id: string; apiKey: string };

beforeAll(async () => {
  server = await startTestServer();
  operator = await server.createOperator({ name: 'Defaults', currency: 'EUR' });
});
afterAll(async () => {
  await server?.close();
});

async function launch(fields: Record<string, unknown>) {
  const response = await server.request('/api/provider/v1/launch-url', {
    method: 'POST',
    headers: { 'x-provider-api-key': operator.apiKey },
    json: { symbol: 'rf_ember_crown', ...fields },
  });
  return { status: response.status, body: await response.json() };
}

async function storedDefault(player: string) {
  const row = await server.store.db
    .selectFrom('game_sessions')
    .select('default_bet')
    .where('player_id', '=', player)
    .executeTakeFirstOrThrow();
  return row.default_bet;
}

describe('default_bet', () => {
  it('stores a total the ladder makes and serves it to the game', async () => {
    // Ember Crown: 20 coins a spin; 2.00 is 0.10 × level 1 (or 0.01 × 10).
    const { status, body } = await launch({ external_player_id: 'db-ok', default_bet: '2.00' });
    expect(status).toBe(200);
    expect(await storedDefault('db-ok')).toBe(200n);
    const session = await playerFor(server, body.session_id).get('session');
    expect(session.body.bet.default_total).toBe('2.00');
  });

  it('accepts a total that is not round when the ladder makes it (0.02 × 7 × 20 = 2.80)', async () => {
    expect((await launch({ external_player_id: 'db-odd', default_bet: '2.80' })).status).toBe(200);
    expect(await storedDefault('db-odd')).toBe(280n);
  });

  it('leaves the default to the game without the field, and a relaunch without it clears an earlier one', async () => {
    await launch({ external_player_id: 'db-none', default_bet: '4.00' });
    const { body } = await launch({ external_player_id: 'db-none' });
    expect(await storedDefault('db-none')).toBeNull();
    const session = await playerFor(server, body.session_id).get('session');
    expect(session.body.bet.default_total).toBeNull();
  });

  it('serves a launch coin as the start at the default level when default_bet is absent', async () => {
    const { body } = await launch({ external_player_id: 'db-coin', coin: '0.05' });
    const session = await playerFor(server, body.session_id).get('session');
    expect(session.body.bet.default_total).toBe('1.00');
  });

  it.each([
    ['1,00', 'not a decimal'],
    ['-1.00', 'negative'],
    ['1.005', 'more decimals than euros have'],
    ['abc', 'not a number'],
    ['0', 'zero'],
  ])('refuses %s (%s) with a 400 naming default_bet', async (value) => {
    const { status, body } = await launch({ external_player_id: 'db-bad', default_bet: value });
    expect(status).toBe(400);
    expect(body.detail).toMatch(/default_bet/);
  });

  it('refuses a JSON number with a 400 naming default_bet', async () => {
    const { status, body } = await launch({ external_player_id: 'db-num', default_bet: 1 });
    expect(status).toBe(400);
    expect(body.detail).toMatch(/default_bet/);
  });

  it.each([
    ['0.30', 'below the lowest step is 0.20 and 0.30 is not a multiple of 0.20'],
    ['3.30', 'no coin × level × 20 makes it'],
    ['500.00', 'above the top of the ladder (200.00)'],
  ])('refuses %s, not on the ladder (%s), with a 400 naming default_bet', async (value) => {
    const { status, body } = await launch({ external_player_id: 'db-off', default_bet: value });
    expect(status).toBe(400);
    expect(body.detail).toMatch(/default_bet/);
    expect(body.detail).toMatch(/EUR/);
  });

  it('is in the OpenAPI document as an optional string of the launch request', async () => {
    const doc = await (await server.request('/openapi.json')).json();
    const request = doc.components.schemas.LaunchUrlRequest;
    expect(request.properties.default_bet.type).toBe('string');
    expect(request.required ?? []).not.toContain('default_bet');
  });
});
