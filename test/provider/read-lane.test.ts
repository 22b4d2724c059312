// The read lane: catalog, game and key-art answers sent before Fastify's pipeline. Each answer it
// sends must be the one the route sends (status, body, headers), it must count and log as the route
// does, and everything it cannot answer exactly (errors, revoked keys, other operators, uploads,
// rate limits reached) must reach the route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidImage } from '../admin/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const GAMES = '/api/provider/v1/games';
const ART = '/api/provider/v1/game-art/rf_ember_crown?title=Ember%20Crown&slug=ember-crown';

let server: TestServer;
let operator: { id: string; apiKey: string; keyId: string };
const lines: string[] = [];

beforeAll(async () => {
  server = await startTestServer(
    { RATE_LIMIT_PER_MINUTE: '0' },
    { logLevel: 'info', logStream: { write: (line) => lines.push(line) } },
  );
  operator = await server.createOperator({ name: 'Lane Casino' }, ['rf_ember_crown', 'rf_copper_sevens']);
});
afterAll(async () => {
  await server?.close();
});

/** How many answers the lane has sent for a route, from /metrics. */
async function laneAnswers(route: string): Promise<number> {
  const text = await (await server.request('/metrics')).text();
  const line = text
    .split('\n')
    .find((row) => row.startsWith(`reelforge_http_read_lane_answers_total{route="${route}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

const keyed = (apiKey: string, extra: Record<string, string> = {}) => ({
  headers: { 'x-provider-api-key': apiKey, ...extra },
});

/** The headers of an answer, without the three that differ between any two answers. */
function headersOf(response: Response): Record<string, string> {
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'date' && name !== 'x-request-id' && name !== 'x-ratelimit-remaining') kept[name] = value;
  });
  return kept;
}

describe('read lane', () => {
  it.each([
    [GAMES, GAMES],
    [`${GAMES}/rf_ember_crown`, `${GAMES}/:symbol`],
    [`${GAMES}/copper-sevens`, `${GAMES}/:symbol`],
  ])('answers %s as the route does: same status, body and headers', async (path, route) => {
    // An operator key naming its own operator is allowed, and the lane leaves any named operator
    // to the route: the same answer, made by the route.
    const before = await laneAnswers(route);
    const fromRoute = await server.request(path, keyed(operator.apiKey, { 'x-operator-id': operator.id }));
    expect(await laneAnswers(route)).toBe(before);
    const fromLane = await server.request(path, keyed(operator.apiKey));
    expect(await laneAnswers(route)).toBe(before + 1);
    expect(fromLane.status).toBe(200);
    expect(fromRoute.status).toBe(200);
    expect(await fromLane.text()).toBe(await fromRoute.text());
    expect(headersOf(fromLane)).toEqual(headersOf(fromRoute));
    expect(fromLane.headers.get('x-request-id')).not.toBe(fromRoute.headers.get('x-request-id'));
  });

  it('sends the key art the route sends, and 304 for its ETag', async () => {
    const route = '/api/provider/v1/game-art/:symbol';
    // size=card draws the same picture, but the lane leaves sized requests to the route.
    const before = await laneAnswers(route);
    const fromRoute = await server.request(`${ART}&size=card`);
    expect(await laneAnswers(route)).toBe(before);
    const fromLane = await server.request(ART);
    expect(await laneAnswers(route)).toBe(before + 1);
    expect(fromLane.status).toBe(200);
    expect(Buffer.from(await fromLane.arrayBuffer())).toEqual(Buffer.from(await fromRoute.arrayBuffer()));
    expect(headersOf(fromLane)).toEqual(headersOf(fromRoute));
    expect(fromLane.headers.get('content-type')).toBe('image/svg+xml');

    const etag = fromLane.headers.get('etag') as string;
    const routeNotModified = await server.request(`${ART}&size=card`, { headers: { 'if-none-match': etag } });
    const laneNotModified = await server.request(ART, { headers: { 'if-none-match': `W/${etag}` } });
    expect(await laneAnswers(route)).toBe(before + 2);
    expect(laneNotModified.status).toBe(304);
    expect(routeNotModified.status).toBe(304);
    expect(await laneNotModified.text()).toBe('');
    expect(headersOf(laneNotModified)).toEqual(headersOf(routeNotModified));
  });

  it('echoes a well-formed x-request-id and makes its own for a malformed one', async () => {
    await server.request(GAMES, keyed(operator.apiKey));
    const echoed = await server.request(GAMES, keyed(operator.apiKey, { 'x-request-id': 'casino-trace.42' }));
    expect(echoed.headers.get('x-request-id')).toBe('casino-trace.42');
    const replaced = await server.request(GAMES, keyed(operator.apiKey, { 'x-request-id': 'has space' }));
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('writes the two request lines at info as the route does, never the key', async () => {
    await server.request(GAMES, keyed(operator.apiKey));
    const before = await laneAnswers(GAMES);
    const sent = lines.length;
    const answer = await server.request(GAMES, keyed(operator.apiKey, { 'x-request-id': 'lane-log-check' }));
    expect(await laneAnswers(GAMES)).toBe(before + 1);
    expect(answer.status).toBe(200);
    const mine = lines
      .slice(sent)
      .map((line) => JSON.parse(line))
      .filter((line) => line.reqId === 'lane-log-check');
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[0].req).toMatchObject({ method: 'GET', url: GAMES });
    expect(mine[1].res).toEqual({ statusCode: 200 });
    expect(typeof mine[1].responseTime).toBe('number');
    expect(lines.join('\n')).not.toContain(operator.apiKey);
  });

  it('leaves every refusal to the route, with the route words', async () => {
    const other = await server.createOperator({ name: 'Other Lane Casino' }, ['rf_ember_crown']);
    // Warm every cache the lane reads, for both keys.
    await server.request(GAMES, keyed(operator.apiKey));
    await server.request(GAMES, keyed(other.apiKey));
    const before = await laneAnswers(GAMES);
    const beforeGame = await laneAnswers(`${GAMES}/:symbol`);

    const unknown = await server.request(GAMES, keyed(`rf_live_${'x'.repeat(33)}`));
    expect(unknown.status).toBe(401);
    const twoKeys = await server.request(GAMES, {
      headers: { 'x-provider-api-key': operator.apiKey, 'x-api-key': other.apiKey },
    });
    expect(twoKeys.status).toBe(401);
    expect((await twoKeys.json()).detail).toMatch(/two different API keys/);
    const notBearer = await server.request(GAMES, { headers: { authorization: `Basic ${operator.apiKey}` } });
    expect(notBearer.status).toBe(401);
    const otherOperator = await server.request(GAMES, keyed(operator.apiKey, { 'x-operator-id': other.id }));
    expect(otherOperator.status).toBe(403);
    const otherByQuery = await server.request(`${GAMES}?operator_id=${other.id}`, keyed(operator.apiKey));
    expect(otherByQuery.status).toBe(403);
    const outside = await server.request(`${GAMES}/rf_copper_sevens`, keyed(other.apiKey));
    expect(outside.status).toBe(404);
    const head = await fetch(`${server.url}${GAMES}`, { ...keyed(operator.apiKey), method: 'HEAD' });
    expect(head.status).toBe(200);

    expect(await laneAnswers(GAMES)).toBe(before);
    expect(await laneAnswers(`${GAMES}/:symbol`)).toBe(beforeGame);
    // Authorization: Bearer is a credential form the lane reads as well.
    const bearer = await server.request(GAMES, { headers: { authorization: `Bearer ${operator.apiKey}` } });
    expect(bearer.status).toBe(200);
    expect(await laneAnswers(GAMES)).toBe(before + 1);
  });

  it('stops answering at once for a revoked key, an inactive operator and a game taken out', async () => {
    const casino = await server.createOperator({ name: 'Changing Casino' }, [
      'rf_ember_crown',
      'rf_copper_sevens',
    ]);
    const second = await server.admin('POST', `/api/admin/v1/operators/${casino.id}/api-keys`);
    const list = (apiKey: string) => server.request(GAMES, keyed(apiKey));
    await list(casino.apiKey);
    expect((await list(casino.apiKey)).status).toBe(200);
    await server.request(`${GAMES}/rf_copper_sevens`, keyed(casino.apiKey));
    expect((await server.request(`${GAMES}/rf_copper_sevens`, keyed(casino.apiKey))).status).toBe(200);

    const narrowed = await server.admin('PUT', `/api/admin/v1/operators/${casino.id}/catalog`, {
      symbols: ['rf_ember_crown'],
    });
    expect(narrowed.status).toBe(200);
    expect((await server.request(`${GAMES}/rf_copper_sevens`, keyed(casino.apiKey))).status).toBe(404);
    const items = (await (await list(casino.apiKey)).json()).data.items.map(
      (game: { symbol: string }) => game.symbol,
    );
    expect(items).toEqual(['rf_ember_crown']);

    expect((await server.admin('DELETE', `/api/admin/v1/api-keys/${casino.keyId}`)).status).toBe(204);
    expect((await list(casino.apiKey)).status).toBe(401);

    await list(second.body.api_key);
    expect((await list(second.body.api_key)).status).toBe(200);
    await server.admin('PATCH', `/api/admin/v1/operators/${casino.id}`, { status: 'inactive' });
    expect((await list(second.body.api_key)).status).toBe(403);
  });

  it('leaves art it cannot draw as the route would to the route: bad input, uploads', async () => {
    const route = '/api/provider/v1/game-art/:symbol';
    await server.request(ART);
    const before = await laneAnswers(route);
    const longTitle = await server.request(
      `/api/provider/v1/game-art/rf_ember_crown?title=${'t'.repeat(121)}`,
    );
    expect(longTitle.status).toBe(400);
    expect((await longTitle.json()).detail).toMatch(/title must be at most 120/);
    const badSlug = await server.request('/api/provider/v1/game-art/rf_ember_crown?slug=no%20spaces');
    expect(badSlug.status).toBe(400);
    const repeated = await server.request('/api/provider/v1/game-art/rf_ember_crown?title=a&title=b');
    expect(repeated.status).toBe(400);
    expect(await laneAnswers(route)).toBe(before);

    const upload = await server.request('/api/admin/v1/games/rf_ember_crown/thumbnail', {
      method: 'PUT',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'image/png' },
      body: new Uint8Array(await solidImage('png', 64, 48)),
    });
    expect(upload.status).toBe(200);
    const uploaded = await server.request(ART);
    expect(uploaded.status).toBe(200);
    expect(uploaded.headers.get('content-type')).toBe('image/webp');
    expect(await laneAnswers(route)).toBe(before);
    expect((await server.admin('DELETE', '/api/admin/v1/games/rf_ember_crown/thumbnail')).status).toBe(204);
    expect((await server.request(ART)).headers.get('content-type')).toBe('image/svg+xml');
    expect(await laneAnswers(route)).toBe(before + 1);
  });
});

describe('read lane under a rate limit', () => {
  let limited: TestServer;
  afterAll(async () => {
    await limited?.close();
  });

  it('counts its answers against the key and leaves the 429 to the route', async () => {
    // The services' clock held in the middle of a minute: the four requests share one window.
    const held = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
    limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: '3' }, { clock: { now: () => held } });
    const casino = await limited.createOperator({ name: 'Limited Lane' });
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(await limited.request(GAMES, { headers: { 'x-provider-api-key': casino.apiKey } }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers.slice(0, 3).map((answer) => answer.headers.get('x-ratelimit-remaining'))).toEqual([
      '2',
      '1',
      '0',
    ]);
    expect(answers[1]?.headers.get('x-ratelimit-limit')).toBe('3');
    expect(Number(answers[3]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await answers[3]?.json()).toMatchObject({ success: false, error: 'rate_limited' });
    const metrics = await (await limited.request('/metrics')).text();
    expect(metrics).toMatch(/reelforge_http_read_lane_answers_total\{route="\/api\/provider\/v1\/games"\} 2/);
  });
});
