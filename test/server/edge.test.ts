// The edge of the HTTP API, where hostile and broken requests arrive: every answer the framework
// makes itself carries the contract's error body and a request id; NUL bytes, repeated
// credentials, array-shaped operator ids are refused before any route sees them; a bodiless
// POST sent with a JSON content type and no body is read as {}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawAnswer, rawRequest } from '../helpers/raw-http.ts';
import { launchPlayer, type Player } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let operator: { id: string; apiKey: string; keyId: string };
let master: string;
let player: Player;

beforeAll(async () => {
  server = await startTestServer();
  operator = await server.createOperator();
  master = (await server.admin('POST', '/api/admin/v1/master-keys')).body.api_key;
  player = await launchPlayer(server, operator.apiKey, { player: 'edge-player' });
});
afterAll(async () => {
  await server?.close();
});

/** The contract's error body, nothing else, with a request id on the answer. */
function expectContractError(answer: RawAnswer, status: number, error: string, detail: RegExp) {
  expect({ status: answer.status, body: answer.json() }).toEqual({
    status,
    body: { success: false, error, detail: expect.stringMatching(detail) },
  });
  expect(answer.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
}

const adminAuth: [string, string] = ['authorization', 'Bearer rf_admin_test_token_0123456789'];
const json: [string, string] = ['content-type', 'application/json'];

describe('framework answers carry the contract body and x-request-id', () => {
  it('a path parameter over the router limit', async () => {
    const answer = await rawRequest(server.url, 'GET', `/api/provider/v1/games/${'a'.repeat(101)}`, [
      ['x-provider-api-key', operator.apiKey],
    ]);
    expectContractError(answer, 400, 'invalid_request', /path segment .* longer than 100 characters/);
  });

  it('a request line and headers over 16 KiB', async () => {
    const answer = await rawRequest(server.url, 'GET', `/api/provider/v1/games?q=${'a'.repeat(20_000)}`);
    expectContractError(answer, 400, 'invalid_request', /larger than .*16 KiB/);
  });

  it('a path that is not valid percent-encoding', async () => {
    const answer = await rawRequest(server.url, 'GET', '/api/provider/v1/games/%zz', [
      ['x-provider-api-key', operator.apiKey],
    ]);
    expectContractError(answer, 400, 'invalid_request', /not valid percent-encoding/);
  });

  it('malformed JSON', async () => {
    const answer = await rawRequest(
      server.url,
      'POST',
      '/api/provider/v1/launch-url',
      [['x-provider-api-key', operator.apiKey], json],
      '{"symbol":',
    );
    expectContractError(answer, 400, 'invalid_request', /not valid JSON/);
  });

  it('a JSON body that tries to set __proto__', async () => {
    const answer = await rawRequest(
      server.url,
      'POST',
      '/api/provider/v1/launch-url',
      [['x-provider-api-key', operator.apiKey], json],
      '{"__proto__":{"x":1},"symbol":"rf_ember_crown"}',
    );
    expectContractError(answer, 400, 'invalid_request', /__proto__/);
  });

  it('an unknown route', async () => {
    const answer = await rawRequest(server.url, 'GET', '/api/provider/v1/nothing-here');
    expectContractError(answer, 404, 'not_found', /no route GET \/api\/provider\/v1\/nothing-here/);
  });

  it('a known path with the wrong method names the methods it answers', async () => {
    const answer = await rawRequest(server.url, 'DELETE', '/api/provider/v1/games', [
      ['x-provider-api-key', operator.apiKey],
    ]);
    expectContractError(answer, 404, 'not_found', /no route DELETE \/api\/provider\/v1\/games.*GET/);
  });

  it('a body over 64 KiB', async () => {
    const answer = await rawRequest(
      server.url,
      'POST',
      '/api/provider/v1/launch-url',
      [['x-provider-api-key', operator.apiKey], json],
      JSON.stringify({ symbol: 'rf_ember_crown', pad: 'x'.repeat(70 * 1024) }),
    );
    expectContractError(answer, 413, 'payload_too_large', /larger than 64 KiB/);
  });

  it('a body in a media type the route does not take', async () => {
    const answer = await rawRequest(
      server.url,
      'POST',
      '/api/provider/v1/launch-url',
      [
        ['x-provider-api-key', operator.apiKey],
        ['content-type', 'text/plain'],
      ],
      'symbol=rf_ember_crown',
    );
    expectContractError(answer, 415, 'unsupported_media_type', /text\/plain .*application\/json/);
  });

  it('an incoming x-request-id is echoed on a framework answer too', async () => {
    const answer = await rawRequest(server.url, 'GET', `/api/provider/v1/games/${'b'.repeat(150)}`, [
      ['x-request-id', 'caller-chosen-id-42'],
    ]);
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toBe('caller-chosen-id-42');
  });
});

describe('a NUL byte in any string is refused at the edge with a 400 naming the field', () => {
  const runtime = (): [string, string] => ['authorization', `Bearer ${player.token}`];
  const operatorKey = (): [string, string] => ['x-provider-api-key', operator.apiKey];
  const masterKey = (): [string, string] => ['x-provider-api-key', master];
  const cases: Array<[string, string, () => string, () => Array<[string, string]>, unknown, RegExp]> = [
    // runtime (player-reachable)
    [
      'GET',
      'round id',
      () => '/api/runtime/v1/rounds/%00',
      () => [runtime()],
      undefined,
      /path parameter id/,
    ],
    [
      'GET',
      'history before',
      () => '/api/runtime/v1/history?before=%00',
      () => [runtime()],
      undefined,
      /query parameter before/,
    ],
    [
      'POST',
      'spin client_round_id',
      () => '/api/runtime/v1/spin',
      () => [runtime(), json],
      { coin: '0.10', client_round_id: 'a\u0000b' },
      /^client_round_id/,
    ],
    // provider
    [
      'GET',
      'catalog operator_id',
      () => '/api/provider/v1/games?operator_id=op%00x',
      () => [masterKey()],
      undefined,
      /query parameter operator_id/,
    ],
    [
      'GET',
      'game symbol',
      () => '/api/provider/v1/games/rf%00x',
      () => [operatorKey()],
      undefined,
      /path parameter symbol/,
    ],
    [
      'GET',
      'game-art title',
      () => '/api/provider/v1/game-art/rf_ember_crown?title=a%00b',
      () => [],
      undefined,
      /query parameter title/,
    ],
    [
      'POST',
      'launch operator_id',
      () => '/api/provider/v1/launch-url',
      () => [masterKey(), json],
      { symbol: 'rf_ember_crown', external_player_id: 'p', operator_id: 'op_\u0000' },
      /^operator_id/,
    ],
    [
      'POST',
      'launch external_player_id',
      () => '/api/provider/v1/launch-url',
      () => [operatorKey(), json],
      { symbol: 'rf_ember_crown', external_player_id: 'p\u0000' },
      /^external_player_id/,
    ],
    // admin: every route
    [
      'POST',
      'operator name',
      () => '/api/admin/v1/operators',
      () => [adminAuth, json],
      { name: 'A\u0000', wallet_mode: 'internal' },
      /^name/,
    ],
    [
      'GET',
      'operators query',
      () => '/api/admin/v1/operators?q=%00',
      () => [adminAuth],
      undefined,
      /query parameter q/,
    ],
    [
      'GET',
      'operator id',
      () => '/api/admin/v1/operators/op_%00',
      () => [adminAuth],
      undefined,
      /path parameter id/,
    ],
    [
      'PATCH',
      'operator patch',
      () => `/api/admin/v1/operators/${operator.id}`,
      () => [adminAuth, json],
      { wallet_base_url: 'https://x.example/\u0000' },
      /^wallet_base_url/,
    ],
    [
      'POST',
      'key for operator',
      () => '/api/admin/v1/operators/op_%00/api-keys',
      () => [adminAuth],
      undefined,
      /path parameter id/,
    ],
    [
      'POST',
      'master key body',
      () => '/api/admin/v1/master-keys',
      () => [adminAuth, json],
      { label: '\u0000' },
      /^label/,
    ],
    [
      'GET',
      'key list',
      () => '/api/admin/v1/api-keys?operator_id=%00',
      () => [adminAuth],
      undefined,
      /query parameter operator_id/,
    ],
    [
      'DELETE',
      'key revoke',
      () => '/api/admin/v1/api-keys/key_%00',
      () => [adminAuth],
      undefined,
      /path parameter key_id/,
    ],
    [
      'PUT',
      'catalog symbols',
      () => `/api/admin/v1/operators/${operator.id}/catalog`,
      () => [adminAuth, json],
      { symbols: ['rf_ember_crown', 'rf\u0000'] },
      /^symbols\[1\]/,
    ],
    [
      'GET',
      'catalog get',
      () => '/api/admin/v1/operators/%00/catalog',
      () => [adminAuth],
      undefined,
      /path parameter id/,
    ],
    [
      'PUT',
      'thumbnail put',
      () => '/api/admin/v1/games/%00/thumbnail',
      () => [adminAuth, ['content-type', 'image/png']],
      undefined,
      /path parameter symbol/,
    ],
    [
      'DELETE',
      'thumbnail delete',
      () => '/api/admin/v1/games/%00/thumbnail',
      () => [adminAuth],
      undefined,
      /path parameter symbol/,
    ],
    [
      'GET',
      'rounds player_id',
      () => '/api/admin/v1/rounds?player_id=%00',
      () => [adminAuth],
      undefined,
      /query parameter player_id/,
    ],
    [
      'GET',
      'wallet queue',
      () => '/api/admin/v1/wallet/transactions?limit=1&x=%00',
      () => [adminAuth],
      undefined,
      /query parameter x/,
    ],
    [
      'POST',
      'wallet retry',
      () => '/api/admin/v1/wallet/transactions/tx_%00/retry',
      () => [adminAuth],
      undefined,
      /path parameter tx_id/,
    ],
    [
      'POST',
      'wallet resolve',
      () => '/api/admin/v1/wallet/transactions/tx_1/resolve',
      () => [adminAuth, json],
      { note: 'settled \u0000 by phone' },
      /^note/,
    ],
  ];

  it.each(cases)('%s %s', async (method, _name, path, headers, body, field) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const answer = await rawRequest(server.url, method, path(), headers(), text);
    expectContractError(answer, 400, 'invalid_request', field);
    expect(answer.json().detail).toMatch(/NUL character/);
  });

  it('names a nested field by its path, and a field name that carries one', async () => {
    const nested = await rawRequest(
      server.url,
      'POST',
      '/api/admin/v1/operators',
      [adminAuth, json],
      JSON.stringify({ name: 'ok', meta: { tags: ['fine', { deep: 'x\u0000' }] } }),
    );
    expectContractError(nested, 400, 'invalid_request', /^meta\.tags\[1\]\.deep contains a NUL character/);
    const key = await rawRequest(
      server.url,
      'POST',
      '/api/admin/v1/operators',
      [adminAuth, json],
      '{"name":"ok","bad\\u0000key":1}',
    );
    expectContractError(key, 400, 'invalid_request', /a field name .* contains a NUL character/);
  });

  it('the server keeps working and nothing reached the database', async () => {
    const list = await server.admin('GET', '/api/admin/v1/operators');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('\\u0000');
  });
});

describe('two different credentials in one request are 401 (read from the raw headers)', () => {
  it('two Authorization headers with different API keys', async () => {
    const answer = await rawRequest(server.url, 'GET', '/api/provider/v1/games', [
      ['authorization', `Bearer ${operator.apiKey}`],
      ['authorization', `Bearer ${master}`],
    ]);
    expectContractError(answer, 401, 'unauthorized', /two different credentials in authorization/);
  });

  it('two x-api-key and two x-provider-api-key headers with different keys', async () => {
    for (const name of ['x-api-key', 'x-provider-api-key']) {
      const answer = await rawRequest(server.url, 'GET', '/api/provider/v1/games', [
        [name, operator.apiKey],
        [name, master],
      ]);
      expectContractError(answer, 401, 'unauthorized', new RegExp(`two different credentials in ${name}`));
    }
  });

  it('the same key repeated is one key', async () => {
    for (const name of ['authorization', 'x-api-key']) {
      const value = name === 'authorization' ? `Bearer ${operator.apiKey}` : operator.apiKey;
      const answer = await rawRequest(server.url, 'GET', '/api/provider/v1/games', [
        [name, value],
        [name, value],
      ]);
      expect(answer.status, answer.body).toBe(200);
    }
  });

  it('the admin token followed by another token', async () => {
    const answer = await rawRequest(server.url, 'GET', '/api/admin/v1/operators', [
      adminAuth,
      ['authorization', 'Bearer rf_admin_something_else'],
    ]);
    expectContractError(answer, 401, 'unauthorized', /two different credentials/);
  });

  it('a session token followed by another token on the runtime API', async () => {
    const answer = await rawRequest(server.url, 'GET', '/api/runtime/v1/session', [
      ['authorization', `Bearer ${player.token}`],
      ['authorization', 'Bearer ses_other'],
    ]);
    expectContractError(answer, 401, 'unauthorized', /two different credentials/);
  });

  it('two different x-operator-id headers are 400', async () => {
    const answer = await rawRequest(server.url, 'GET', '/api/provider/v1/games', [
      ['x-provider-api-key', master],
      ['x-operator-id', operator.id],
      ['x-operator-id', 'op_other'],
    ]);
    expectContractError(answer, 400, 'invalid_request', /x-operator-id/);
  });
});

describe('operator_id must be one string', () => {
  it.each([
    ['an array', [`OPERATOR`]],
    ['an object', { id: 'OPERATOR' }],
    ['a number', 42],
    ['a boolean', true],
  ])('launch-url with operator_id as %s: 400 naming operator_id', async (_name, value) => {
    const body = JSON.stringify({
      symbol: 'rf_ember_crown',
      external_player_id: 'p-1',
      operator_id: JSON.parse(JSON.stringify(value).replace('OPERATOR', operator.id)),
    });
    for (const key of [master, operator.apiKey]) {
      const answer = await rawRequest(
        server.url,
        'POST',
        '/api/provider/v1/launch-url',
        [['x-provider-api-key', key], json],
        body,
      );
      expectContractError(answer, 400, 'invalid_request', /^operator_id must be a string/);
    }
  });

  it('?operator_id[]= on the catalog: 400 naming operator_id', async () => {
    for (const query of [
      `operator_id[]=${operator.id}`,
      `operator_id[0]=${operator.id}`,
      'operator_id[x]=1',
    ]) {
      const answer = await rawRequest(server.url, 'GET', `/api/provider/v1/games?${query}`, [
        ['x-provider-api-key', master],
      ]);
      expectContractError(
        answer,
        400,
        'invalid_request',
        /query parameter operator_id\[.*\]: .*operator_id=/,
      );
    }
  });

  it('operator_id twice on the catalog: 400 naming operator_id', async () => {
    const answer = await rawRequest(
      server.url,
      'GET',
      `/api/provider/v1/games?operator_id=${operator.id}&operator_id=${operator.id}`,
      [['x-provider-api-key', master]],
    );
    expectContractError(
      answer,
      400,
      'invalid_request',
      /^query parameter operator_id is given more than once/,
    );
  });
});

describe('a POST that takes no body accepts an empty JSON body', () => {
  it('key creation (operator and master)', async () => {
    for (const path of [`/api/admin/v1/operators/${operator.id}/api-keys`, '/api/admin/v1/master-keys']) {
      const answer = await rawRequest(server.url, 'POST', path, [adminAuth, json], '');
      expect(answer.status, answer.body).toBe(201);
      expect(answer.json().api_key).toMatch(/^rf_(live|master)_/);
    }
  });

  it('retry of a transaction that does not exist is a 404, not a body error', async () => {
    const answer = await rawRequest(
      server.url,
      'POST',
      '/api/admin/v1/wallet/transactions/tx_nothing/retry',
      [adminAuth, json],
      '',
    );
    expectContractError(answer, 404, 'not_found', /tx_nothing/);
  });

  it('resolve with an empty body asks for its note', async () => {
    const answer = await rawRequest(
      server.url,
      'POST',
      '/api/admin/v1/wallet/transactions/tx_nothing/resolve',
      [adminAuth, json],
      '',
    );
    expectContractError(answer, 400, 'invalid_request', /^note /);
  });
});
