// What a streaming replica carries (issue 30, goal 3): a PostgreSQL 15 primary of our own with one
// streaming replica (ops/pg/cluster.ts), a node writing to the primary, an internal-wallet spin load
// offered at one fixed rate; CPU a round of the node, the primary's whole process tree and the
// replica's (its startup process replaying WAL, its walreceiver), WAL bytes a round and the replay
// lag, synchronous and asynchronous in turns; then each mode's closed-loop capacity.
// Standalone: sh scripts/node24.sh node bench/replica.ts [--quick]
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createDatabase,
  ownPostgresProblem,
  type PgServer,
  removeServers,
  startPrimary,
  startReplica,
} from '../ops/pg/cluster.ts';
import { postgresCpuSeconds } from './databases.ts';
import { type Child, type LoadResult, merge, spread, startChild } from './http.ts';
import {
  createCallbackOperator,
  createInternalOperator,
  launchSessions,
  openLoopSpins,
  spinLoad,
} from './runtime.ts';

type Mode = 'synchronous' | 'asynchronous';
type Wallet = 'internal' | 'callback';
const MODES: Mode[] = ['synchronous', 'asynchronous'];
const WALLETS: Wallet[] = ['internal', 'callback'];

/** Points the primary's commits at the replica (synchronous) or at nobody (asynchronous). */
async function setMode(primary: PgServer, mode: Mode): Promise<void> {
  const names = mode === 'synchronous' ? 'replica' : '';
  await primary.query(`alter system set synchronous_standby_names = '${names}'`);
  await primary.query('select pg_reload_conf()');
  for (let i = 0; i < 100; i++) {
    const [row] = await primary.query<{ setting: string }>(
      "select current_setting('synchronous_standby_names') as setting",
    );
    if (row?.setting === names) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`synchronous_standby_names did not become '${names}'`);
}

const walLsn = async (primary: PgServer) =>
  BigInt(
    (
      await primary.query<{ lsn: string }>("select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as lsn")
    )[0]?.lsn ?? '0',
  );

/** The replica's lag as the primary sees it (ms), the largest of write, flush and replay. */
async function lagMs(primary: PgServer): Promise<{ replay: number; flush: number }> {
  const rows = await primary.query<{ replay: number | null; flush: number | null }>(
    `select extract(epoch from replay_lag) * 1000 as replay, extract(epoch from flush_lag) * 1000 as flush
     from pg_stat_replication where application_name = 'replica'`,
  );
  return { replay: Number(rows[0]?.replay ?? 0), flush: Number(rows[0]?.flush ?? 0) };
}

export async function runReplicaBench(options: { quick?: boolean } = {}): Promise<string> {
  const problem = await ownPostgresProblem(['initdb', 'pg_ctl', 'pg_basebackup']);
  if (problem) return `## What a streaming replica carries\n\n(not measured: ${problem})`;
  const slices = options.quick ? 2 : 4;
  const sliceSeconds = options.quick ? 5 : 12;
  const capacitySeconds = options.quick ? 3 : 6;
  const dir = await mkdtemp(path.join(tmpdir(), 'reelforge-replica-bench-'));
  await chmod(dir, 0o755);
  const servers: PgServer[] = [];
  let node: Child<{ url: string }> | undefined;
  let mock: Child<{ url: string }> | undefined;
  try {
    const primary = await startPrimary(dir, 'primary', {
      settings: ["synchronous_standby_names = 'replica'"],
    });
    servers.push(primary);
    const replica = await startReplica(primary, dir, 'replica');
    servers.unshift(replica);
    const databaseUrl = await createDatabase(primary, 'reelforge');
    node = await startChild<{ url: string }>('bench/serve.ts', { BENCH_DATABASE_URL: databaseUrl });
    mock = await startChild<{ url: string }>('bench/runtime.ts', { RUNTIME_BENCH_ROLE: 'mock-wallet' });
    const internal = await createInternalOperator(node.info.url, 'Bench Replica Casino');
    const callback = await createCallbackOperator(node.info.url, mock.info.url, 'Bench Replica Callback');
    const tokensOf: Record<Wallet, string[]> = {
      internal: await launchSessions(node.info.url, internal.apiKey),
      callback: await launchSessions(node.info.url, callback.apiKey),
    };
    const tokens = tokensOf.internal;
    const url = node.info.url;
    const nodeChild = node;
    for (const wallet of WALLETS)
      await spinLoad('warm', url, tokensOf[wallet], { duration: 2, connections: 32 });

    // Each wallet mode well below its capacity on this machine (callback rounds cost three times the CPU).
    const rateOf: Record<Wallet, number> = options.quick
      ? { internal: 100, callback: 50 }
      : { internal: 200, callback: 100 };
    const measured = async (wallet: Wallet, mode: Mode) => {
      const rate = rateOf[wallet];
      await setMode(primary, mode);
      const walBefore = await walLsn(primary);
      const before = {
        node: nodeChild.cpuSeconds(),
        primary: postgresCpuSeconds(primary.pid()),
        replica: postgresCpuSeconds(replica.pid()),
      };
      let maxReplay = 0;
      let maxFlush = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const lag = await lagMs(primary).catch(() => ({ replay: 0, flush: 0 }));
          maxReplay = Math.max(maxReplay, lag.replay);
          maxFlush = Math.max(maxFlush, lag.flush);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })();
      const result = await openLoopSpins(
        `${wallet} wallet, ${mode}, ${rate} spins/s offered`,
        url,
        tokensOf[wallet],
        rate,
        sliceSeconds,
      );
      sampling = false;
      await sampler;
      const after = {
        node: nodeChild.cpuSeconds(),
        primary: postgresCpuSeconds(primary.pid()),
        replica: postgresCpuSeconds(replica.pid()),
      };
      const walAfter = await walLsn(primary);
      const rounds = Math.max(1, Math.round(rate * sliceSeconds));
      const per = (seconds: number) => (seconds * 1000) / rounds;
      return {
        result,
        node: per(after.node - before.node),
        primary: per(after.primary - before.primary),
        replica: per(after.replica - before.replica),
        walBytes: Number(walAfter - walBefore) / rounds,
        maxReplay,
        maxFlush,
      };
    };
    type Measured = Awaited<ReturnType<typeof measured>>;
    const key = (wallet: Wallet, mode: Mode) => `${wallet} ${mode}`;
    const runs = new Map<string, Measured[]>();
    const capacity = new Map<string, LoadResult[]>();
    const push = <T>(map: Map<string, T[]>, at: string, value: T) =>
      map.set(at, [...(map.get(at) ?? []), value]);
    // Modes take turns in alternating order, so a drift of the shared machine's load falls on both.
    const orderOf = (i: number) => (i % 2 === 0 ? MODES : [...MODES].reverse());
    for (let i = 0; i < slices; i++)
      for (const wallet of WALLETS)
        for (const mode of orderOf(i)) push(runs, key(wallet, mode), await measured(wallet, mode));
    for (let i = 0; i < slices; i++)
      for (const wallet of WALLETS)
        for (const mode of orderOf(i)) {
          await setMode(primary, mode);
          const load = await spinLoad(`${wallet} wallet, ${mode}, closed loop`, url, tokensOf[wallet], {
            duration: capacitySeconds,
            connections: 32,
          });
          push(capacity, key(wallet, mode), load);
        }
    await setMode(primary, 'synchronous');

    const mean = (list: Measured[], pick: (run: Measured) => number) =>
      list.reduce((sum, run) => sum + pick(run), 0) / list.length;
    const row = (wallet: Wallet, mode: Mode) => {
      const list = runs.get(key(wallet, mode)) ?? [];
      const result = merge(list.map((run) => run.result));
      const node = mean(list, (run) => run.node);
      const prim = mean(list, (run) => run.primary);
      const rep = mean(list, (run) => run.replica);
      const wal = mean(list, (run) => run.walBytes);
      const replay = Math.max(...list.map((run) => run.maxReplay));
      return `| ${wallet} | ${mode} | ${Math.round(result.requestsPerSecond)} | ${result.p50} | ${result.p99} | ${node.toFixed(3)} | ${prim.toFixed(3)} | ${rep.toFixed(3)} | ${rep.toFixed(2)} cores | ${Math.round(wal)} | ${((wal * 1000) / 2 ** 20).toFixed(1)} MiB/s | ${replay.toFixed(1)} | ${result.non2xx + result.errors} |`;
    };
    const share = (wallet: Wallet) =>
      spread((runs.get(key(wallet, 'synchronous')) ?? []).map((run) => run.replica / run.primary));
    const capacityLine = (wallet: Wallet) => {
      const of = (mode: Mode) => capacity.get(key(wallet, mode)) ?? [];
      const sync = spread(of('synchronous').map((load) => load.requestsPerSecond));
      const async = spread(of('asynchronous').map((load) => load.requestsPerSecond));
      const ratio = spread(
        of('synchronous').map(
          (load, i) => load.requestsPerSecond / (of('asynchronous')[i] as LoadResult).requestsPerSecond,
        ),
      );
      return `- ${wallet} wallet, closed loop: synchronous ${Math.round(sync.median)} spins/s (runs ${Math.round(sync.low)}–${Math.round(sync.high)}), asynchronous ${Math.round(async.median)} (runs ${Math.round(async.low)}–${Math.round(async.high)}); synchronous ÷ asynchronous, run by run: median ${ratio.median.toFixed(3)} (runs ${ratio.low.toFixed(3)}–${ratio.high.toFixed(3)}).`;
    };
    const internalShare = share('internal');
    const callbackShare = share('callback');
    return [
      '## What a streaming replica carries',
      '',
      `A PostgreSQL 15 primary and one streaming replica of it (\`pg_basebackup -R\`, ops/pg/cluster.ts), both on this machine, fsync off on both (throw-away servers: a WAL flush costs no disk wait); one node (bench/serve.ts) writing to the primary, an internal-wallet and a callback-wallet operator (the mock wallet in its own process) with ${GAME_NOTE}, ${tokens.length} sessions each. Offered open loop, ${rateOf.internal} internal or ${rateOf.callback} callback spins/s, in ${slices} slices of ${sliceSeconds} s a load, synchronous (\`synchronous_standby_names = 'replica'\`) and asynchronous (empty, by ALTER SYSTEM and a reload) taking turns. CPU a round from /proc, ÷ rounds offered: the node; each server's whole process tree (postmaster, backends, WAL writer, checkpointer and the processes that ended; on the primary its walsender, on the replica its startup process replaying WAL and its walreceiver). WAL a round: \`pg_current_wal_lsn()\` on the primary before and after ÷ rounds; the replication link carries about that (plus its framing). Replay lag: the largest \`pg_stat_replication.replay_lag\` sampled every 250 ms.`,
      '',
      '| wallet | replication | rounds/s | p50 ms | p99 ms | node CPU ms/round | primary CPU ms/round | replica CPU ms/round | replica per 1,000 rounds/s | WAL bytes/round | WAL per 1,000 rounds/s | max replay lag ms | non-2xx |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...WALLETS.flatMap((wallet) => MODES.map((mode) => row(wallet, mode))),
      '',
      `- Replica CPU ÷ primary CPU, synchronous, slice by slice: internal median ${internalShare.median.toFixed(2)} (slices ${internalShare.low.toFixed(2)}–${internalShare.high.toFixed(2)}), callback median ${callbackShare.median.toFixed(2)} (slices ${callbackShare.low.toFixed(2)}–${callbackShare.high.toFixed(2)}).`,
      '',
      `Closed loop, 32 connections, ${slices} runs of ${capacitySeconds} s a load, the two replication modes in turns. The replica shares this machine's cores with the primary and the node; on separate machines a synchronous commit waits one network round trip a commit batch instead.`,
      '',
      ...WALLETS.map(capacityLine),
    ].join('\n');
  } finally {
    await node?.stop();
    await mock?.stop();
    await removeServers(dir, servers);
  }
}

const GAME_NOTE = 'one game (rf_copper_sevens, coin 0.01 × level 1)';

if (import.meta.main) {
  process.stdout.write(`${await runReplicaBench({ quick: process.argv.includes('--quick') })}\n`);
}
