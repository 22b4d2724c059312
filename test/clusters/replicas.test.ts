// A replica for every cluster, not only the control one (issue 30, parts 2 and 3): east is a primary
// and a streaming replica of our own (ops/pg/cluster.ts, pg_basebackup -R) named by
// DATABASE_CLUSTER_REPLICAS; an east operator's old history is read on east's replica, a fresh one on
// east's primary, and every cluster's routed reads reach the node's one listener (the metrics). A
// replica's reads are time-limited (DATABASE_REPLICA_STATEMENT_TIMEOUT_MS). The replica part is
// skipped, saying why, without initdb/pg_basebackup.
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
import { PLACEMENT_CACHE_MS } from '../../src/services/placement.ts';
import { openStore, type Store } from '../../src/store/db.ts';
import { placeNewOperator } from '../../src/store/operator-move.repo.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { eventually, launchPlayer, type Player } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const problem = await ownPostgresProblem(['initdb', 'pg_ctl', 'pg_basebackup']);
if (problem) process.stdout.write(`cluster replicas: skipped (${problem})\n`);

/** The node's clock runs ahead by `offset`: the test moves time on instead of waiting for it. */
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };

describe("a replica's reads are time-limited", () => {
  it("cancels a read past DATABASE_REPLICA_STATEMENT_TIMEOUT_MS (PostgreSQL's statement_timeout on a replica's connections)", async () => {
    const database = await createTestDatabase();
    const limited = openStore(database.url, { max: 1, statementTimeoutMs: 200 });
    try {
      await expect(limited.pool.query('select pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
      expect((await limited.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await limited.close();
      await database.drop();
    }
  });
});

describe.skipIf(problem !== undefined)("east's own streaming replica", () => {
  let dir: string;
  let primary: PgServer;
  let replica: PgServer;
  let server: TestServer;
  let eastStore: Store;
  let oldPlayer: Player;
  let apiKey: string;
  const routed: string[] = [];

  const caughtUp = async () => {
    const [current] = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    const [row] = await replica.query<{ done: boolean }>(
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
      [current?.lsn],
    );
    return row?.done === true;
  };
  const eastReplica = () => server.cells?.cell('east')?.services.replica;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'reelforge-cluster-replica-'));
    await chmod(dir, 0o755);
    primary = await startPrimary(dir);
    const eastUrl = await createDatabase(primary, 'east');
    replica = await startReplica(primary, dir);
    server = await startTestServer(
      {
        DATABASE_CLUSTERS: `east=${eastUrl}`,
        DATABASE_CLUSTER_REPLICAS: `east=${replica.url('east')}`,
        DATABASE_REPLICA_MAX_LAG_MS: '3600000',
      },
      { clock },
    );
    eastStore = server.clusterStores?.get('east') as Store;
    server.services.replica.listen((side, reason) => routed.push(`${side}:${reason}`));
    const op = await server.createOperator({ name: 'East Replica Casino', wallet_mode: 'internal' });
    apiKey = op.apiKey;
    await placeNewOperator(server.store.pool, eastStore.pool, op.id, 'east');
    await new Promise((resolve) => setTimeout(resolve, PLACEMENT_CACHE_MS + 50));
    oldPlayer = await launchPlayer(server, apiKey, { player: 'east-old' });
    expect(oldPlayer.token).toMatch(/^ses_east_/);
    for (let i = 0; i < 3; i++) expect((await oldPlayer.spin()).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await removeServers(dir, [replica, primary].filter(Boolean));
  });

  it("reads an east player's old history on east's replica and a fresh one on east's primary", async () => {
    // the control cluster has no replica; east's is probed by east's cell
    expect(server.services.replica.state()).toBeUndefined();
    offset += 60_000;
    await eventually(caughtUp, 30_000); // east's replica has replayed the old rounds
    await replica.query('select pg_wal_replay_pause()');
    const since = clock.now().getTime();
    // a probe after the pause
    await eventually(async () => {
      const state = eastReplica()?.state();
      return state?.kind === 'up' && state.at >= since;
    }, 30_000);
    const fresh = await launchPlayer(server, apiKey, { player: 'east-fresh' });
    expect((await fresh.spin()).status).toBe(200);
    routed.splice(0);

    const old = await oldPlayer.get('history?limit=10');
    expect(old.status).toBe(200);
    expect(old.body.rounds).toHaveLength(3);
    expect(routed.splice(0)).toEqual(['replica:replica']);
    const mine = await fresh.get('history?limit=10');
    expect(mine.body.rounds).toHaveLength(1);
    expect(routed.splice(0)).toEqual(['primary:too_fresh']);
    await replica.query('select pg_wal_replay_resume()');
  });
});
