// Reads against a real streaming replica (docs/operations.md, "Read replicas"): a primary and a
// replica of our own (ops/pg/cluster.ts, pg_basebackup -R) under a Reelforge node with
// DATABASE_REPLICA_URL. With the replica's replay paused, old rounds, history, staff search and past
// reports are answered by the replica, while a round played after the pause, its session's history
// and today's report are answered by the primary; with the replica stopped every read still answers,
// from the primary, and the fall-back is counted. Skipped, saying why, without initdb/pg_basebackup.
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  ownPostgresProblem,
  type PgServer,
  removeServers,
  startPrimary,
  startReplica,
} from '../../ops/pg/cluster.ts';
import type { ReadSide, RouteReason } from '../../src/store/replica.ts';
import { launchPlayer, type Player } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const problem = await ownPostgresProblem(['initdb', 'pg_ctl', 'pg_basebackup']);
if (problem) process.stdout.write(`replica reads: skipped (${problem})\n`);

/** The node's clock runs ahead by `offset`: the test moves time on instead of waiting for it. */
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };

async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  limitMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(problem !== undefined)('reads from a streaming replica', () => {
  let dir: string;
  let primary: PgServer;
  let replica: PgServer;
  let server: TestServer;
  let apiKey: string;
  let operatorId: string;
  let oldPlayer: Player;
  const oldRounds: string[] = [];
  const routed: string[] = [];
  const served = () => routed.splice(0);

  const spin = async (player: Player) => {
    const answer = await player.spin();
    expect(answer.status).toBe(200);
    return (answer.body.round.round_id ?? answer.body.round.id) as string;
  };
  const provider = (route: string) =>
    server.request(route, { headers: { 'x-provider-api-key': apiKey } }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
  /** The replica has replayed everything the primary wrote so far. */
  const caughtUp = async () => {
    const [current] = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    const [row] = await replica.query<{ done: boolean }>(
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
      [current?.lsn],
    );
    return row?.done === true;
  };
  /** A probe of the node, made after `since` on its clock, found the replica up. */
  const probedUpSince = (since: number) => () => {
    const state = server.services.replica.state();
    return state?.kind === 'up' && state.at >= since;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'reelforge-replica-'));
    await chmod(dir, 0o755);
    primary = await startPrimary(dir);
    const primaryUrl = await createDatabase(primary, 'reelforge');
    replica = await startReplica(primary, dir);
    server = await startTestServer(
      {
        DATABASE_URL: primaryUrl,
        DATABASE_REPLICA_URL: replica.url('reelforge'),
        // The pause below lets the replay lag grow; this test is about the routing, not the bound.
        DATABASE_REPLICA_MAX_LAG_MS: '3600000',
      },
      { clock },
    );
    server.services.replica.listen((side: ReadSide, reason: RouteReason) => routed.push(`${side}:${reason}`));
    const op = await server.createOperator({ name: 'Replica Casino' });
    apiKey = op.apiKey;
    operatorId = op.id;
    oldPlayer = await launchPlayer(server, apiKey, { player: 'old-player' });
    for (let i = 0; i < 3; i++) oldRounds.push(await spin(oldPlayer));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await removeServers(dir, [replica, primary].filter(Boolean));
  });

  it('old reads come from the paused replica, reads of a fresh write from the primary', async () => {
    // A minute later: the old player's rounds are well before the replica's replay point.
    offset += 60_000;
    await waitFor('the replica to replay the old rounds', caughtUp);
    await replica.query('select pg_wal_replay_pause()');
    await waitFor('a probe after the pause', probedUpSince(clock.now().getTime()));
    served();

    // Played after the pause: on the primary only.
    const freshPlayer = await launchPlayer(server, apiKey, { player: 'fresh-player' });
    const fresh = await spin(freshPlayer);
    served();

    // The old session's history and rounds: the replica.
    const history = await oldPlayer.get('history?limit=10');
    expect(history.status).toBe(200);
    expect(history.body.rounds.map((r: { round_id?: string; id?: string }) => r.round_id ?? r.id)).toEqual(
      [...oldRounds].reverse(),
    );
    const oldRound = await oldPlayer.get(`rounds/${oldRounds[0]}`);
    expect(oldRound.status).toBe(200);
    expect(served()).toEqual(['replica:replica', 'replica:replica']);

    // The fresh session's history must show the spin just made: the primary, before asking the replica.
    const freshHistory = await freshPlayer.get('history?limit=10');
    expect(freshHistory.body.rounds).toHaveLength(1);
    expect(served()).toEqual(['primary:too_fresh']);
    // The fresh round by id: not on the replica yet, so read again on the primary.
    expect((await freshPlayer.get(`rounds/${fresh}`)).status).toBe(200);
    expect((await provider(`/api/provider/v1/rounds/${fresh}`)).status).toBe(200);
    expect(served()).toEqual(['primary:unsettled_or_missing', 'primary:unsettled_or_missing']);

    // The operator's look-up and the signed details page of an old round: the replica.
    const found = await provider(`/api/provider/v1/rounds/${oldRounds[1]}`);
    expect(found.status).toBe(200);
    const link = new URL(found.body.data.round_details_url);
    const page = await server.services.roundDetails.page(
      oldRounds[1] as string,
      link.searchParams.get('expires'),
      link.searchParams.get('signature'),
    );
    expect(page.replay_verified).toBe(true);
    expect(served()).toEqual(['replica:replica', 'replica:replica']);

    // Staff search reads the replica's copy: the fresh round is not in it yet (that is how we know).
    const search = await server.admin('GET', `/api/admin/v1/rounds?operator_id=${operatorId}&limit=50`);
    expect(search.status).toBe(200);
    expect(search.body.rounds.map((r: { id: string }) => r.id).sort()).toEqual([...oldRounds].sort());
    expect(served()).toEqual(['replica:replica']);
    // ... but a round named by id that the replica does not have is found on the primary.
    const byId = await server.admin('GET', `/api/admin/v1/rounds?round_id=${fresh}`);
    expect(byId.body.rounds.map((r: { id: string }) => r.id)).toEqual([fresh]);
    expect(served()).toEqual(['primary:unsettled_or_missing']);

    // Reports: a past month from the replica; today (it may still change) from the primary.
    const past = await provider('/api/provider/v1/reports/summary?from=2024-03-01&to=2024-03-31');
    expect(past.status).toBe(200);
    const today = clock.now().toISOString().slice(0, 10);
    const now = await provider(`/api/provider/v1/reports/summary?from=${today}&to=${today}`);
    expect(now.status).toBe(200);
    expect(now.body.data.days.length).toBeGreaterThan(0);
    expect(served()).toEqual(['replica:replica', 'primary:too_fresh']);

    await replica.query('select pg_wal_replay_resume()');
  });

  it('with the replica stopped, every read answers from the primary and the fall-back is counted', async () => {
    await waitFor('the replica to catch up', caughtUp);
    await replica.stop('fast');
    served();
    // The first read may still find the replica up by the last probe: it fails there and falls back.
    const history = await oldPlayer.get('history?limit=10');
    expect(history.status).toBe(200);
    expect(history.body.rounds).toHaveLength(oldRounds.length);
    const search = await server.admin('GET', `/api/admin/v1/rounds?operator_id=${operatorId}&limit=50`);
    expect(search.status).toBe(200);
    expect(search.body.rounds.length).toBe(oldRounds.length + 1);
    const report = await provider('/api/provider/v1/reports/summary?from=2024-03-01&to=2024-03-31');
    expect(report.status).toBe(200);
    const sides = served();
    expect(sides).toHaveLength(3);
    expect(sides.every((s) => s === 'primary:replica_error' || s === 'primary:replica_down')).toBe(true);

    await waitFor('a probe to find the replica down', () => server.services.replica.state()?.kind === 'down');
    const health = await server.request('/health');
    expect(health.status).toBe(200);
    expect((await health.json()).replica).toEqual({ state: 'down', lag_ms: null });
    const metrics = await (await server.request('/metrics')).text();
    expect(metrics).toMatch(/reelforge_replica_up 0/);
    expect(metrics).toMatch(/reelforge_replica_reads_total\{served_by="replica",reason="replica"\} [1-9]/);
    expect(metrics).toMatch(
      /reelforge_replica_reads_total\{served_by="primary",reason="replica_(error|down)"\} [1-9]/,
    );
  });
});
