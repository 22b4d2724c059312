// The second PostgreSQL cluster of `ops/rehearse.sh --clusters 2` (issue 30, part 5): `east`, a
// primary with a synchronous streaming replica (ops/pg/cluster.ts) behind HAProxy (ops/pg/haproxy.ts),
// which the nodes reach by DATABASE_CLUSTERS=east=<HAProxy's url>; placing an operator there as
// docs/operations.md says; and the failover the rehearsal makes mid-traffic.
import pg from 'pg';
import { placeNewOperator } from '../../src/store/operator-move.repo.ts';
import {
  createDatabase,
  ownPostgresProblem,
  type PgServer,
  startPrimary,
  startReplica,
  waitForPostgres,
} from '../pg/cluster.ts';
import { haproxyProblem, startPrimaryProxy } from '../pg/haproxy.ts';
import { onCleanup, sleep } from './processes.ts';

export const EAST = 'east';
/** The nodes' cached operator → cluster map lives this long (src/services/placement.ts). */
const PLACEMENT_CACHE_MS = 1000;

/** Why the second cluster cannot be built here (pg_basebackup, haproxy, psql), or undefined. */
export async function eastProblem(): Promise<string | undefined> {
  return (await ownPostgresProblem(['initdb', 'pg_ctl', 'pg_basebackup'])) ?? (await haproxyProblem());
}

export interface EastCluster {
  /** Where the nodes and the proofs connect: HAProxy, always the server that takes writes. */
  url: string;
  describe: string;
  /** The port of the server HAProxy sends new connections to, when it is a primary. */
  servingPort(): Promise<number | undefined>;
  /** kill -9 of the primary, promotion of the replica, until HAProxy sends connections to it. */
  failover(): Promise<{ promotedMs: number; foundMs: number; port: number }>;
  /** Rounds still open, and credits, rollbacks or prizes not acknowledged, on east. */
  openWork(): Promise<{ open: number; pending: number }>;
}

/** A primary (synchronous_standby_names naming its replica), the replica, HAProxy in front. */
export async function startEast(dir: string): Promise<EastCluster> {
  const replicaName = `${EAST}2`;
  const primary = await startPrimary(dir, `${EAST}1`, {
    fsync: true,
    settings: [`synchronous_standby_names = '${replicaName}'`],
  });
  onCleanup(`PostgreSQL ${primary.name}`, () => primary.stop('immediate').catch(() => primary.kill9()));
  // A synchronous primary waits for its standby before any commit returns: the replica first.
  const replica: PgServer = await startReplica(primary, dir, replicaName);
  onCleanup(`PostgreSQL ${replica.name}`, () => replica.stop('immediate').catch(() => replica.kill9()));
  await createDatabase(primary, 'reelforge');
  // Forgiving checks: HAProxy kills an external check still running after `inter`, and on a busy
  // machine the psql each check forks took 400–700 ms: at 250 ms every check of a healthy primary
  // failed and its sessions were cut. A dead primary still fails within two checks (refused at once).
  const proxy = await startPrimaryProxy(
    dir,
    [
      { name: primary.name, port: primary.port },
      { name: replica.name, port: replica.port },
    ],
    { interMs: 2000, fall: 2, timeoutMs: 5000 },
  );
  onCleanup('HAProxy', () => proxy.stop());
  const url = proxy.url('reelforge');

  async function servingPort(): Promise<number | undefined> {
    const client = new pg.Client({ connectionString: proxy.url('postgres'), connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query(
        'select inet_server_port() as port, pg_is_in_recovery() as standby',
      );
      return rows[0].standby ? undefined : Number(rows[0].port);
    } catch {
      return undefined;
    } finally {
      await client.end().catch(() => {});
    }
  }
  // HAProxy starts with every server up and takes one out only when its checks fail: one connection
  // on the port proves nothing while another server is still in turn, four in a row do.
  async function waitForPort(port: number, limitMs: number): Promise<void> {
    const deadline = Date.now() + limitMs;
    const onlyThere = async () => {
      for (let i = 0; i < 4; i++) if ((await servingPort()) !== port) return false;
      return true;
    };
    while (!(await onlyThere())) {
      if (Date.now() > deadline) throw new Error(`HAProxy did not send connections to port ${port}`);
      await sleep(100);
    }
  }
  await waitForPort(primary.port, 20_000);
  await waitForPostgres(url, 20_000);

  return {
    url,
    describe: `primary 127.0.0.1:${primary.port} with synchronous replica 127.0.0.1:${replica.port}, HAProxy 127.0.0.1:${proxy.port}`,
    servingPort,
    async failover() {
      const killedAt = Date.now();
      await primary.kill9();
      await replica.promote();
      const promotedMs = Date.now() - killedAt;
      await waitForPort(replica.port, 60_000);
      return { promotedMs, foundMs: Date.now() - killedAt, port: replica.port };
    },
    async openWork() {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
      client.on('error', () => {});
      try {
        await client.connect();
        const { rows } = await client.query(
          `select (select count(*) from rounds where status = 'open')::int as open,
                  ((select count(*) from wallet_transactions where status = 'pending')
                    + (select count(*) from campaign_prizes where status = 'pending'))::int as pending`,
        );
        return rows[0] as { open: number; pending: number };
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}

/**
 * Places an operator on `cluster` as docs/operations.md says: its `operators` row copied to the
 * cluster's database (foreign keys), then the control cluster's map set; then waits out the nodes'
 * cached map, so its players launch there.
 */
export async function placeOperator(
  controlUrl: string,
  clusterUrl: string,
  operatorId: string,
  cluster: string,
): Promise<void> {
  const control = new pg.Client({ connectionString: controlUrl });
  const target = new pg.Client({ connectionString: clusterUrl });
  control.on('error', () => {});
  target.on('error', () => {});
  await Promise.all([control.connect(), target.connect()]);
  try {
    await placeNewOperator(control, target, operatorId, cluster);
  } finally {
    await Promise.all([control.end(), target.end()]);
  }
  await sleep(PLACEMENT_CACHE_MS + 200);
}
