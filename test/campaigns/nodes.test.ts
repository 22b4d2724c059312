// Two nodes, one database, one Redis (issue 29, "leaderboards that scale and agree"): a player's
// rounds scored on either node land on one board, both nodes answer the same standings, and a board
// Redis lost is rebuilt from the rounds table to the same numbers. Needs Redis at 127.0.0.1:6379.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import type { RuntimeSession } from '../../src/services/sessions.ts';
import { redisReachable } from '../helpers/redis.ts';
import { eventually, launchPlayer, type Player, playerFor } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

const hasRedis = await redisReachable();
if (!hasRedis)
  console.log(
    'campaigns/nodes.test: skipped, no Redis at 127.0.0.1:6379 (two nodes share a board through it)',
  );

let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
let a: TestServer;
let b: RunningServer;

beforeAll(async () => {
  if (!hasRedis) return;
  a = await startTestServer({ REDIS_URL }, { clock });
  b = await startServer(
    loadConfig({
      APP_ENV: 'test',
      PORT: '0',
      DATABASE_URL: a.databaseUrl,
      ADMIN_TOKEN: a.adminToken,
      REDIS_URL,
    }),
    // a's seedable generator: a session launchPlayer seeded on a plays the same stream on b.
    { logLevel: 'silent', clock, testPlayRng: a.playRng },
  );
});
afterAll(async () => {
  await b?.stop();
  await a?.close();
});

describe.runIf(hasRedis)('a campaign across two nodes sharing Redis', () => {
  it('scores rounds from either node on one board, the same from both, rebuilt from the rounds when lost', async () => {
    const operator = await a.createOperator({ wallet_mode: 'internal' });
    const start = clock.now().getTime() + 60_000;
    const created = await a.services.campaigns.create(
      {
        kind: 'tournament',
        name: 'Two nodes',
        scope: 'operator',
        operator_id: operator.id,
        currency: 'USD',
        games: ['rf_ember_crown'],
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + 3_600_000).toISOString(),
        scoring: 'qualifying_rounds',
        places: [{ from: 1, to: 3, prize: { kind: 'cash', amount: '5.00' } }],
      },
      'staff:alice',
    );
    await b.services.campaigns.approve(created.campaign_id, 'staff:bob');
    // Node a learns of b's approval when its cached list of live campaigns runs out (2 s). A campaign
    // is approved before it starts, so no round falls in that gap; this test jumps its clock to the
    // start at once, so it waits the cache out first (under load, a's spins came within it, unscored).
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    offset = start - Date.now() + 1_000;
    const players: Player[] = [];
    for (const name of ['node-p1', 'node-p2', 'node-p3'])
      players.push(await launchPlayer(a, operator.apiKey, { player: name }));
    const sessionOf = async (player: Player): Promise<RuntimeSession> => {
      const resolved = await a.services.sessions.resolve(player.token);
      if (!resolved.ok) throw new Error('no session');
      return resolved.session;
    };
    for (const player of players)
      await a.services.campaigns.enter(await sessionOf(player), created.campaign_id);
    // The same sessions spin through node b too: one board, whichever node scores.
    const onB = (player: Player) =>
      playerFor({ ...a, request: (path, init) => requestTo(b.url, path, init) } as TestServer, player.token);
    const plan = [
      [players[0], 3, 2],
      [players[1], 1, 1],
      [players[2], 2, 0],
    ] as const;
    for (const [player, viaA, viaB] of plan) {
      for (let i = 0; i < viaA; i++) expect((await (player as Player).spin()).status).toBe(200);
      for (let i = 0; i < viaB; i++) expect((await onB(player as Player).spin()).status).toBe(200);
    }
    await Promise.all([a.services.campaigns.settle(), b.services.campaigns.settle()]);
    const expected = [
      ['node-p1', 5],
      ['node-p2', 2],
      ['node-p3', 2],
    ];
    const fromA = await eventually(async () => {
      const standings = await a.services.campaigns.standings(created.campaign_id, { operatorId: null });
      return standings.top.reduce((sum, entry) => sum + entry.rounds, 0) === 9 ? standings : undefined;
    });
    const fromB = await b.services.campaigns.standings(created.campaign_id, { operatorId: null });
    const shown = (standings: typeof fromA) => standings.top.map((entry) => [entry.player_id, entry.score]);
    // node-p2 reached 2 before node-p3 did: the earlier score places first.
    expect(shown(fromA)).toEqual(expected);
    expect(shown(fromB)).toEqual(expected);
    expect(shown(await a.services.campaigns.recomputed(created.campaign_id))).toEqual(expected);
    // Redis loses the board: the next read rebuilds it from the rounds table, to the same numbers.
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`reelforge:cmp:{${created.campaign_id}}:*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    redis.disconnect();
    expect(shown(await b.services.campaigns.standings(created.campaign_id, { operatorId: null }))).toEqual(
      expected,
    );
    // And it goes on scoring after the rebuild, opted-in players only.
    expect((await (players[1] as Player).spin()).status).toBe(200);
    await a.services.campaigns.settle();
    await eventually(async () => {
      const standings = await a.services.campaigns.standings(created.campaign_id, { operatorId: null });
      return standings.top.find((entry) => entry.player_id === 'node-p2')?.score === 3;
    });
    // A node killed with rounds still queued loses them from the board (simulated: one player's
    // last rounds taken off it); a node starting sends the last two minutes of rounds again, and
    // the board folds in what it lacked, once.
    const { Redis: RedisAgain } = await import('ioredis');
    const direct = new RedisAgain(REDIS_URL);
    const base = `reelforge:cmp:{${created.campaign_id}}`;
    const before = await direct.hget(`${base}:h`, `${operator.id}:node-p1`);
    await direct.hdel(`${base}:h`, `${operator.id}:node-p1`);
    const zmembers = (await direct.zrange(`${base}:z`, '0', '-1')).filter((member) =>
      member.endsWith(`|${operator.id}:node-p1`),
    );
    await direct.zrem(`${base}:z`, ...zmembers);
    const { rows: lost } = await a.store.pool.query('select id from rounds where player_id = $1', [
      'node-p1',
    ]);
    for (const key of await direct.keys(`${base}:applied:*`))
      await direct.srem(key, ...lost.map((row) => row.id));
    expect((await a.services.campaigns.standings(created.campaign_id, { operatorId: null })).players).toBe(2);
    const c = await startServer(
      loadConfig({
        APP_ENV: 'test',
        PORT: '0',
        DATABASE_URL: a.databaseUrl,
        ADMIN_TOKEN: a.adminToken,
        REDIS_URL,
      }),
      { logLevel: 'silent', clock },
    );
    try {
      await eventually(async () => {
        const standings = await a.services.campaigns.standings(created.campaign_id, { operatorId: null });
        return standings.top.find((entry) => entry.player_id === 'node-p1')?.score === 5;
      });
      expect(await direct.hget(`${base}:h`, `${operator.id}:node-p1`)).toBe(before);
      // Everyone else's rounds were already on the board: none counted twice.
      expect(shown(await a.services.campaigns.standings(created.campaign_id, { operatorId: null }))).toEqual(
        shown(await a.services.campaigns.recomputed(created.campaign_id)),
      );
    } finally {
      await c.stop();
      direct.disconnect();
    }
    offset = 0;
  });
});

async function requestTo(
  base: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Response> {
  const { json, headers, ...rest } = init;
  return fetch(`${base}${path}`, {
    ...rest,
    headers: {
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(headers as Record<string, string>),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
}
