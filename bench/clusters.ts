// Operators on several PostgreSQL clusters (issue 30, goal 1): CPU a round of a node on two
// clusters, its operator placed on the second, against a node on one cluster, the same spin load
// offered to each at one fixed rate, in turns. Both clusters are databases of one PostgreSQL server
// on this machine: the figure is the node's routing and each cluster's cost on the spin path (a
// second pool, a second cell of services and its workers, the map's look-ups), not a second
// machine's capacity.
import pg from 'pg';
import { placeNewOperator } from '../src/store/operator-move.repo.ts';
import {
  ADMIN_URL,
  type BenchDatabase,
  backendCpuBetween,
  backendCpuSeconds,
  createDatabase,
  postgresCpuSeconds,
  postmasterPid,
  serverAnswers,
} from './databases.ts';
import { type Child, merge, spread, startChild } from './http.ts';
import { createInternalOperator, launchSessions, openLoopSpins, spinLoad } from './runtime.ts';

const CPU_GOAL = 1.05;
/** Nodes cache the operator → cluster map this long (src/services/placement.ts). */
const MAP_CACHE_MS = 1000;

type Node = Child<{ url: string }>;

/**
 * Places an operator on `cluster` as `reelforge operator move` leaves it: its operators row copied
 * to the cluster's database (the target of its rows' keys), the control cluster's map set, then
 * every node's cached map run out.
 */
async function place(operatorId: string, cluster: string, controlUrl: string, clusterUrl: string) {
  const control = new pg.Client({ connectionString: controlUrl });
  const target = new pg.Client({ connectionString: clusterUrl });
  await control.connect();
  await target.connect();
  try {
    await placeNewOperator(control, target, operatorId, cluster);
  } finally {
    await control.end();
    await target.end();
  }
  await new Promise((resolve) => setTimeout(resolve, MAP_CACHE_MS + 200));
}

export async function runClusterBench(options: { quick?: boolean } = {}): Promise<string> {
  if (!(await serverAnswers()))
    return '## Operators on several clusters\n\n(not measured: no PostgreSQL server; set BENCH_DATABASE_URL)';
  const postmaster = await postmasterPid();
  if (postmaster === undefined)
    return "## Operators on several clusters\n\n(not measured: the PostgreSQL server's processes are not on this machine)";
  const slices = options.quick ? 3 : 9;
  const sliceSeconds = options.quick ? 2 : 4;
  const databases: BenchDatabase[] = [];
  const nodes: Node[] = [];
  let watcher: pg.Client | undefined;
  try {
    const one = await createDatabase('rf_bench_clusters_one');
    const main = await createDatabase('rf_bench_clusters_main');
    const east = await createDatabase('rf_bench_clusters_east');
    databases.push(one, main, east);
    // Each node migrates its clusters as it starts.
    const single = await startChild<{ url: string }>('bench/serve.ts', { BENCH_DATABASE_URL: one.url });
    nodes.push(single);
    const double = await startChild<{ url: string }>('bench/serve.ts', {
      BENCH_DATABASE_URL: main.url,
      DATABASE_CLUSTERS: `east=${east.url}`,
    });
    nodes.push(double);
    const onOne = await createInternalOperator(single.info.url, 'Bench One-Cluster Casino');
    const onEast = await createInternalOperator(double.info.url, 'Bench East Casino');
    const onMain = await createInternalOperator(double.info.url, 'Bench Main Casino');
    await place(onEast.id, 'east', main.url, east.url);
    const tokens = {
      one: await launchSessions(single.info.url, onOne.apiKey),
      east: await launchSessions(double.info.url, onEast.apiKey),
      main: await launchSessions(double.info.url, onMain.apiKey),
    };
    if (!tokens.east.every((token) => token.startsWith('ses_east_')))
      throw new Error('the east operator was not launched on east');
    const nodeOf = { one: single, east: double, main: double };
    const databasesOf = { one: [one.name], east: [main.name, east.name], main: [main.name, east.name] };
    const reader = new pg.Client({ connectionString: ADMIN_URL });
    watcher = reader;
    await reader.connect();

    // Capacity, closed loop; then every slice is offered the same fixed rate below it (CPU a round
    // follows the throughput a slice got: at one offered rate every load batches alike).
    const warm = { duration: options.quick ? 1 : 2, connections: 32 };
    const capacity = Math.min(
      (await spinLoad('warm', single.info.url, tokens.one, warm)).requestsPerSecond,
      (await spinLoad('warm', double.info.url, tokens.east, warm)).requestsPerSecond,
      (await spinLoad('warm', double.info.url, tokens.main, warm)).requestsPerSecond,
    );
    const rate = Math.max(50, Math.round((capacity * 0.6) / 10) * 10);

    const measured = async (which: keyof typeof tokens, name: string) => {
      const node = nodeOf[which];
      const own = databasesOf[which];
      const backendsBefore = await backendCpuSeconds(reader, own);
      const before = { node: node.cpuSeconds(), db: postgresCpuSeconds(postmaster) };
      const result = await openLoopSpins(name, node.info.url, tokens[which], rate, sliceSeconds);
      const after = { node: node.cpuSeconds(), db: postgresCpuSeconds(postmaster) };
      const backendsAfter = await backendCpuSeconds(reader, own);
      const rounds = Math.max(1, Math.round(rate * sliceSeconds));
      const per = (seconds: number) => (seconds * 1000) / rounds;
      return {
        result,
        cpu: {
          node: per(after.node - before.node),
          db: per(after.db - before.db),
          backends: per(backendCpuBetween(backendsBefore, backendsAfter)),
        },
      };
    };
    type Measured = Awaited<ReturnType<typeof measured>>;
    const loads = {
      one: { name: 'one cluster: node A, its operator on its only cluster', runs: [] as Measured[] },
      east: { name: 'two clusters: node B, its operator placed on east', runs: [] as Measured[] },
      main: {
        name: 'two clusters: node B, its operator on the control cluster (control pair)',
        runs: [] as Measured[],
      },
    };
    const orders: Array<Array<keyof typeof loads>> = [
      ['one', 'east', 'main'],
      ['east', 'main', 'one'],
      ['main', 'one', 'east'],
    ];
    for (let i = 0; i < slices; i++) {
      for (const which of orders[i % orders.length] as Array<keyof typeof loads>)
        loads[which].runs.push(await measured(which, loads[which].name));
    }
    const total = (run: Measured) => run.cpu.node + run.cpu.db;
    const ratioOf = (runs: Measured[], pick: (run: Measured) => number) =>
      spread(runs.map((run, i) => pick(run) / pick(loads.one.runs[i] as Measured)));
    const ratio = ratioOf(loads.east.runs, total);
    const nodeRatio = ratioOf(loads.east.runs, (run) => run.cpu.node);
    const control = ratioOf(loads.main.runs, total);
    // the same node, the same moment: what placing an operator on the second cluster costs it,
    // without the difference between two node processes the control pair reads
    const withinB = spread(
      loads.east.runs.map((run, i) => total(run) / total(loads.main.runs[i] as Measured)),
    );
    const own = (run: Measured) => run.cpu.node + run.cpu.backends;
    const ownRatio = ratioOf(loads.east.runs, own);
    const ownControl = ratioOf(loads.main.runs, own);
    const perSlice = loads.east.runs
      .map((run, i) => (total(run) / total(loads.one.runs[i] as Measured)).toFixed(3))
      .join(', ');
    const mean = (runs: Measured[], key: 'node' | 'db' | 'backends') =>
      runs.reduce((sum, run) => sum + run.cpu[key], 0) / runs.length;
    const row = ({ runs }: { runs: Measured[] }) => {
      const result = merge(runs.map((run) => run.result));
      const cpu = { node: mean(runs, 'node'), db: mean(runs, 'db'), backends: mean(runs, 'backends') };
      return `| ${result.name} | ${Math.round(result.requestsPerSecond)} | ${result.p50} | ${result.p99} | ${cpu.node.toFixed(3)} | ${cpu.db.toFixed(3)} | ${cpu.backends.toFixed(3)} | ${(cpu.node + cpu.db).toFixed(3)} | ${result.non2xx + result.errors} |`;
    };
    return [
      '## Operators on several clusters',
      '',
      `Node A runs on one cluster; node B on two (\`DATABASE_CLUSTERS=east=…\`), with its operator placed on east by the control cluster's map (its \`operators\` row copied there, sessions \`ses_east_…\`, every round on east). Each is an internal-wallet operator with ${GAME_NOTE}, ${tokens.one.length} sessions. **Both clusters are databases of one PostgreSQL 15 server on this machine**, as is node A's: what this measures is the node's routing and each cluster's own cost on the spin path (a second pool, a second cell of services and workers, the map's look-ups), not what a second machine adds. Each load is offered the same fixed rate, ${rate} spins/s (60 % of the slowest load's closed-loop capacity, ${Math.round(capacity)}/s), open loop, in ${slices} slices of ${sliceSeconds} s taking turns in rotating order. CPU a round: the node under load (/proc), and every process of the PostgreSQL server (the postmaster, its live processes and the backends that ended), which also holds the idle node's background work and any other use of the server.`,
      '',
      "| load | req/s | p50 ms | p99 ms | node CPU ms/round | PostgreSQL CPU ms/round (whole server) | of which the node's own databases' backends | node + whole server | non-2xx |",
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      row(loads.one),
      row(loads.east),
      row(loads.main),
      '',
      `- CPU a round (node + PostgreSQL), two clusters ÷ one, slice by slice: ${perSlice}; median ${ratio.median.toFixed(3)} (node alone: ${nodeRatio.median.toFixed(3)}, slices ${nodeRatio.low.toFixed(3)}–${nodeRatio.high.toFixed(3)}). Goal (issue 30): ≤ ${CPU_GOAL}: ${ratio.median <= CPU_GOAL ? 'met' : 'NOT met'}.`,
      `- Node + its own databases' backends only (less of the server's other work; a backend that ended within a slice is left out), two clusters ÷ one: median ${ownRatio.median.toFixed(3)} (slices ${ownRatio.low.toFixed(3)}–${ownRatio.high.toFixed(3)}); the control pair: ${ownControl.median.toFixed(3)} (slices ${ownControl.low.toFixed(3)}–${ownControl.high.toFixed(3)}).`,
      `- Within node B, its east operator ÷ its control-cluster operator (node + whole server), slice by slice: median ${withinB.median.toFixed(3)} (slices ${withinB.low.toFixed(3)}–${withinB.high.toFixed(3)}).`,
      `- The control pair, node B's operator on its control cluster ÷ node A: median ${control.median.toFixed(3)} (slices ${control.low.toFixed(3)}–${control.high.toFixed(3)}): what a second node on the same code reads apart, and what node B's second cell costs an operator it does not serve.`,
    ].join('\n');
  } finally {
    await watcher?.end();
    for (const node of nodes) await node.stop();
    for (const database of databases) await database.drop();
  }
}

const GAME_NOTE = 'one game (rf_copper_sevens, coin 0.01 × level 1)';

if (import.meta.main) {
  process.stdout.write(`${await runClusterBench({ quick: process.argv.includes('--quick') })}\n`);
}
