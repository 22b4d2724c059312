// Admin API: an operator's catalog allowlist, and the provider catalog it yields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInfos } from '../../src/games/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const [first, second] = gameInfos as [(typeof gameInfos)[0], (typeof gameInfos)[0]];

async function providerSymbols(apiKey: string): Promise<string[]> {
  const response = await server.request('/api/provider/v1/games', {
    headers: { 'x-provider-api-key': apiKey },
  });
  expect(response.status).toBe(200);
  const body = await response.json();
  return body.data.items.map((game: { symbol: string }) => game.symbol).sort();
}

describe('happy', () => {
  it('starts empty, takes symbols and slugs, stores symbols sorted and once', async () => {
    const operator = await server.createOperator({}, []);
    const catalog = `/api/admin/v1/operators/${operator.id}/catalog`;
    expect(await server.admin('GET', catalog)).toEqual({ status: 200, body: { symbols: [] } });
    expect(await providerSymbols(operator.apiKey)).toEqual([]);

    const expected = [first.symbol, second.symbol].sort();
    const put = await server.admin('PUT', catalog, { symbols: [second.slug, first.symbol, first.slug] });
    expect(put).toEqual({ status: 200, body: { symbols: expected } });
    expect(await server.admin('GET', catalog)).toEqual({ status: 200, body: { symbols: expected } });
    const rows = await server.store.db
      .selectFrom('operator_games')
      .select('game_symbol')
      .where('operator_id', '=', operator.id)
      .execute();
    expect(rows.map((row) => row.game_symbol).sort()).toEqual(expected);
    expect(await providerSymbols(operator.apiKey)).toEqual(
      expected.filter((symbol) => gameInfos.find((game) => game.symbol === symbol)?.live),
    );
  });

  it('replaces the whole list, down to nothing', async () => {
    const operator = await server.createOperator();
    const catalog = `/api/admin/v1/operators/${operator.id}/catalog`;
    expect((await server.admin('GET', catalog)).body.symbols).toHaveLength(gameInfos.length);
    expect(await server.admin('PUT', catalog, { symbols: [first.slug] })).toEqual({
      status: 200,
      body: { symbols: [first.symbol] },
    });
    expect(await server.admin('PUT', catalog, { symbols: [] })).toEqual({
      status: 200,
      body: { symbols: [] },
    });
    expect(await providerSymbols(operator.apiKey)).toEqual([]);
  });

  it('one operator’s list does not touch another’s', async () => {
    const a = await server.createOperator({}, [first.symbol]);
    const b = await server.createOperator({}, [second.symbol]);
    await server.admin('PUT', `/api/admin/v1/operators/${a.id}/catalog`, { symbols: [] });
    expect((await server.admin('GET', `/api/admin/v1/operators/${b.id}/catalog`)).body.symbols).toEqual([
      second.symbol,
    ]);
  });
});

describe('error', () => {
  it('400 naming the unknown games, and the list stays as it was', async () => {
    const operator = await server.createOperator({}, [first.symbol]);
    const catalog = `/api/admin/v1/operators/${operator.id}/catalog`;
    const answer = await server.admin('PUT', catalog, {
      symbols: [second.symbol, 'rf_nope', 'no-such-slug'],
    });
    expect(answer).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'invalid_request',
        detail: 'symbols: unknown games rf_nope, no-such-slug',
      },
    });
    expect((await server.admin('GET', catalog)).body.symbols).toEqual([first.symbol]);
  });

  it.each([
    ['no symbols', {}],
    ['symbols not an array', { symbols: first.symbol }],
    ['a symbol that is not a string', { symbols: [first.symbol, 7] }],
    ['symbols null', { symbols: null }],
  ])('400 naming symbols for %s', async (_name, body) => {
    const operator = await server.createOperator({}, []);
    const answer = await server.admin('PUT', `/api/admin/v1/operators/${operator.id}/catalog`, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: 'invalid_request' });
    expect(answer.body.detail).toContain('symbols');
  });

  it('404 for an unknown operator', async () => {
    const path = '/api/admin/v1/operators/op_nobody/catalog';
    for (const answer of [
      await server.admin('GET', path),
      await server.admin('PUT', path, { symbols: [first.symbol] }),
    ]) {
      expect(answer).toEqual({
        status: 404,
        body: { success: false, error: 'not_found', detail: 'operator op_nobody not found' },
      });
    }
  });
});

describe('security', () => {
  it('a game outside the allowlist cannot be launched by that operator', async () => {
    const operator = await server.createOperator({}, [first.symbol]);
    const response = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      headers: { 'x-provider-api-key': operator.apiKey },
      json: { symbol: second.symbol, external_player_id: 'p1' },
    });
    expect(response.status).toBe(403);
  });
});
