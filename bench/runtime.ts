// Runtime benchmark: POST /api/runtime/v1/spin with the internal wallet and with the callback
// wallet against a local mock-wallet, beside a bare Fastify hello-world and the mock wallet's own
// latency, all in the same run. Each process (hello-world, Reelforge, mock wallet) is its own
// child, so autocannon here does not share their event loops.
// Standalone: sh scripts/node24.sh node bench/runtime.ts [--quick]
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { createMockWallet } from '../src/operator-kit/mock-wallet.ts';
import {
  REQUEST_ID_HEADER,
  SIGNATURE_HEADER,
  signWalletRequest,
  TIMESTAMP_HEADER,
} from '../src/wallet/signing.ts';
import { type CeilingResult, type CeilingShape, mergeCeilings, openCeiling } from './ceiling.ts';
import {
  type Child,
  descendantsCpuSeconds,
  type LoadResult,
  merge,
  spread,
  startChild,
  summarize,
  table,
} from './http.ts';
import { openPgProfile } from './pg-profile.ts';

export const ADMIN_TOKEN = 'rf_admin_bench_token_0123456789';
export const WALLET_SECRET = 'bench-wallet-secret-0123456789';
/** Sessions the load rotates over: a session plays one round at a time, as a player does. */
const SESSIONS = 256;
const GAME = 'rf_copper_sevens';

export interface RuntimeBenchOptions {
  quick?: boolean;
  connections?: number;
}

async function startMockWalletChild(): Promise<void> {
  const players: Record<string, { balance: string }> = {};
  for (let i = 0; i < SESSIONS; i++) players[`bench-${i}`] = { balance: '1000000000.00' };
  const wallet = createMockWallet({ secret: WALLET_SECRET, players });
  const url = await wallet.listen();
  process.stdout.write(`${JSON.stringify({ url })}\n`);
  process.on('SIGTERM', () => wallet.close().then(() => process.exit(0)));
}

export async function admin(base: string, method: string, path: string, json?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, any>>;
}

/** A callback-wallet operator with the benchmark game on the mock wallet at `walletUrl`, and its key. */
export async function createCallbackOperator(
  base: string,
  walletUrl: string,
  name = 'Bench Callback Casino',
): Promise<{ id: string; apiKey: string }> {
  const created = await admin(base, 'POST', '/api/admin/v1/operators', {
    name,
    wallet_mode: 'callback',
    wallet_base_url: walletUrl,
    wallet_secret: WALLET_SECRET,
  });
  const id = created.operator.id as string;
  await admin(base, 'PUT', `/api/admin/v1/operators/${id}/catalog`, { symbols: [GAME] });
  const apiKey = (await admin(base, 'POST', `/api/admin/v1/operators/${id}/api-keys`)).api_key as string;
  return { id, apiKey };
}

/** An internal-wallet operator with the benchmark game, made through the Admin API, and its key. */
export async function createInternalOperator(
  base: string,
  name: string,
): Promise<{ id: string; apiKey: string }> {
  const created = await admin(base, 'POST', '/api/admin/v1/operators', { name, wallet_mode: 'internal' });
  const id = created.operator.id as string;
  await admin(base, 'PUT', `/api/admin/v1/operators/${id}/catalog`, { symbols: [GAME] });
  const apiKey = (await admin(base, 'POST', `/api/admin/v1/operators/${id}/api-keys`)).api_key as string;
  return { id, apiKey };
}

export async function launchSessions(base: string, apiKey: string, prefix = 'bench'): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const response = await fetch(`${base}/api/provider/v1/launch-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-provider-api-key': apiKey },
      body: JSON.stringify({ symbol: GAME, external_player_id: `${prefix}-${i}`, currency: 'USD' }),
    });
    if (!response.ok) throw new Error(`launch-url: ${response.status} ${await response.text()}`);
    tokens.push(((await response.json()) as { session_id: string }).session_id);
  }
  return tokens;
}

async function run(name: string, options: autocannon.Options): Promise<LoadResult> {
  return summarize(name, await autocannon(options));
}

/** Loads so far: each has click ids of its own, or a session's repeated click is answered as a duplicate. */
let loads = 0;

/** Spins rotating over the sessions, each with a fresh client_round_id. */
export function spinLoad(name: string, base: string, tokens: string[], common: Partial<autocannon.Options>) {
  loads += 1;
  const prefix = `b${loads}`;
  let n = 0;
  return run(name, {
    url: base,
    ...common,
    requests: [
      {
        method: 'POST',
        path: '/api/runtime/v1/spin',
        setupRequest: (request: autocannon.Request) => {
          n += 1;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[n % tokens.length]}`,
            },
            body: JSON.stringify({ coin: '0.01', bet_level: 1, client_round_id: `${prefix}-${n}` }),
          };
        },
      },
    ],
  });
}

/**
 * Spins sent open loop: the i-th is due at start + i / rate and goes then, answered or not, each
 * session playing one round at a time (a spin whose session is still busy waits for it, its
 * latency still counted from when it was due). Latency = answer − due.
 */
export async function openLoopSpins(
  name: string,
  base: string,
  tokens: string[],
  rate: number,
  seconds: number,
): Promise<LoadResult> {
  loads += 1;
  const prefix = `o${loads}`;
  const pool = new Pool(base, { connections: tokens.length, pipelining: 1 });
  const busy = new Map<string, Promise<unknown>>();
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const sent: Array<Promise<unknown>> = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const delay = due - performance.now();
    if (delay > 1) await new Promise((resolve) => setTimeout(resolve, delay));
    const token = tokens[i % tokens.length] as string;
    const spin = (busy.get(token) ?? Promise.resolve()).then(async () => {
      try {
        const answer = await pool.request({
          path: '/api/runtime/v1/spin',
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ coin: '0.01', bet_level: 1, client_round_id: `${prefix}-${i}` }),
        });
        await answer.body.dump();
        if (answer.statusCode !== 200) non2xx += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - due);
    });
    busy.set(token, spin);
    sent.push(spin);
  }
  await Promise.all(sent);
  const elapsed = (performance.now() - start) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { name, requestsPerSecond: total / elapsed, p50: at(0.5), p99: at(0.99), non2xx, errors };
}

/** CPU milliseconds per round of each process while a load ran. */
interface CpuPerRound {
  server: number;
  /** The node's PostgreSQL (embedded: its child processes); undefined on an outside one. */
  database: number | undefined;
  wallet: number;
  autocannon: number;
}

/** CPU per round over slices: each process's mean. */
function meanCpu(slices: CpuPerRound[]): CpuPerRound {
  const mean = (pick: (cpu: CpuPerRound) => number) =>
    slices.reduce((sum, cpu) => sum + pick(cpu), 0) / slices.length;
  return {
    server: mean((cpu) => cpu.server),
    database: slices.every((cpu) => cpu.database !== undefined)
      ? mean((cpu) => cpu.database ?? 0)
      : undefined,
    wallet: mean((cpu) => cpu.wallet),
    autocannon: mean((cpu) => cpu.autocannon),
  };
}

/** Runs `work` and shares out the CPU each process used over the rounds it played. */
async function withCpu(
  processes: { server: Child<unknown>; wallet: Child<unknown> },
  work: () => Promise<LoadResult>,
  seconds: number,
): Promise<{ result: LoadResult; cpu: CpuPerRound }> {
  const outside = Boolean(process.env.BENCH_DATABASE_URL);
  const read = () => ({
    server: processes.server.cpuSeconds(),
    database: outside ? 0 : descendantsCpuSeconds(processes.server.pid),
    wallet: processes.wallet.cpuSeconds(),
    autocannon: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage()),
  });
  const before = read();
  const result = await work();
  const after = read();
  const rounds = Math.max(1, result.requestsPerSecond * seconds);
  const per = (key: keyof typeof before) => ((after[key] - before[key]) * 1000) / rounds;
  return {
    result,
    cpu: {
      server: per('server'),
      database: outside ? undefined : per('database'),
      wallet: per('wallet'),
      autocannon: per('autocannon'),
    },
  };
}

/** Sums and counts of the histograms that time a spin and its parts, from the node's /metrics. */
async function spinTimings(base: string): Promise<Map<string, { sum: number; count: number }>> {
  const response = await fetch(`${base}/metrics`);
  if (!response.ok) throw new Error(`/metrics: ${response.status}`);
  const totals = new Map<string, { sum: number; count: number }>();
  const line =
    /^(reelforge_callback_round_step_duration_seconds|reelforge_wallet_call_duration_seconds|reelforge_http_request_duration_seconds)_(sum|count)\{([^}]*)\} (\S+)$/;
  for (const text of (await response.text()).split('\n')) {
    const match = line.exec(text);
    if (!match) continue;
    const [, metric, kind, labels = '', value] = match;
    const label = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(labels)?.[1];
    let key: string | undefined;
    if (metric === 'reelforge_callback_round_step_duration_seconds') key = `store: ${label('step')}`;
    else if (metric === 'reelforge_wallet_call_duration_seconds') key = `wallet: ${label('type')}`;
    else if (label('route') === '/api/runtime/v1/spin') key = 'spin';
    if (!key) continue;
    const entry = totals.get(key) ?? { sum: 0, count: 0 };
    if (kind === 'sum') entry.sum += Number(value);
    else entry.count += Number(value);
    totals.set(key, entry);
  }
  return totals;
}

/** Where a callback round's time went between two scrapes: each part's mean, per round. */
function breakdown(
  before: Map<string, { sum: number; count: number }>,
  after: Map<string, { sum: number; count: number }>,
): string {
  const delta = (key: string) => {
    const a = after.get(key) ?? { sum: 0, count: 0 };
    const b = before.get(key) ?? { sum: 0, count: 0 };
    return { sum: a.sum - b.sum, count: a.count - b.count };
  };
  const spin = delta('spin');
  const rounds = Math.max(1, spin.count);
  const parts: Array<[string, string]> = [
    ['wallet: debit', 'debit call (the mock wallet, over HTTP)'],
    ['store: open', 'open: the round and the debit intent, durable commit'],
    [
      'store: debit_record',
      "debit_record: the debit's answer and the credit intent, commit without waiting for the flush",
    ],
    ['wallet: credit', 'credit call (the mock wallet, over HTTP)'],
    ['store: credit_record', "credit_record: the credit's answer, commit without waiting for the flush"],
    ['store: read', 'read: a round whose credit is still unanswered, for the answer'],
  ];
  const rows: string[] = [];
  let accounted = 0;
  for (const [key, label] of parts) {
    const part = delta(key);
    const perRound = (part.sum * 1000) / rounds;
    accounted += perRound;
    rows.push(`| ${label} | ${part.count} | ${perRound.toFixed(1)} |`);
  }
  const total = (spin.sum * 1000) / rounds;
  rows.push(
    `| everything else: session look-up, engine, HTTP in and out, the event loop's queue | | ${(total - accounted).toFixed(1)} |`,
    `| **the spin, as the node timed it** | ${spin.count} | **${total.toFixed(1)}** |`,
  );
  return ['| part of a callback spin | times | mean ms per spin |', '|---|---:|---:|', ...rows].join('\n');
}

export async function runRuntimeBench(options: RuntimeBenchOptions = {}): Promise<string> {
  const duration = options.quick ? 3 : 10;
  const common = { duration, connections: options.connections ?? 32 };
  const hello = await startChild<{ url: string }>('bench/hello.ts');
  const server = await startChild<{ url: string; apiKey: string; databaseUrl: string }>('bench/serve.ts', {
    WALLET_TIMEOUT_MS: '2000',
  });
  const mock = await startChild<{ url: string }>('bench/runtime.ts', { RUNTIME_BENCH_ROLE: 'mock-wallet' });
  try {
    const base = server.info.url;
    const { id: callbackId, apiKey: callbackKey } = await createCallbackOperator(base, mock.info.url);
    const internalTokens = await launchSessions(base, server.info.apiKey);
    const callbackTokens = await launchSessions(base, callbackKey);
    const ceilingTokens = await launchSessions(base, server.info.apiKey, 'ceiling');

    // The mock wallet alone: one signed balance call, replayed (its answer needs no state).
    const timestamp = String(Math.floor(Date.now() / 1000));
    const balanceBody = JSON.stringify({
      operator_id: callbackId,
      player_id: 'bench-0',
      session_id: 'ses_bench',
      game_symbol: GAME,
      currency: 'USD',
      request_id: 'att_bench',
      transaction_id: 'tx_bench_balance',
      transaction_type: 'balance',
      action_type: 'balance',
      amount: '0.00',
    });

    const baseline = await run('hello-world (bare Fastify)', { url: hello.info.url, ...common });
    const walletLoad: autocannon.Options = {
      url: `${mock.info.url}/balance`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [REQUEST_ID_HEADER]: 'att_bench',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signWalletRequest(WALLET_SECRET, timestamp, balanceBody),
      },
      body: balanceBody,
    };
    const walletAlone = await run('mock-wallet POST /balance (alone)', { ...walletLoad, ...common });
    const loaded = (name: string, tokens: string[], options = common) =>
      withCpu({ server, wallet: mock }, () => spinLoad(name, base, tokens, options), options.duration);
    // The internal spin and the database's ceiling take turns in short slices (as the provider
    // bench's endpoints do with the hello-world), so that a change of the machine's load mid-run
    // lands on both alike; the ratio is the median of the slices' own ratios.
    const slices = options.quick ? 3 : 5;
    const slice = { ...common, duration: duration / slices };
    const turns: Array<{ ceiling: CeilingResult; spin: Awaited<ReturnType<typeof loaded>> }> = [];
    const ceilingClients = await openCeiling({
      databaseUrl: server.info.databaseUrl,
      tokens: ceilingTokens,
      clients: common.connections,
    });
    try {
      for (let i = 0; i < slices; i++) {
        const ceilingSlice = await ceilingClients.measure(slice.duration * 1000);
        turns.push({
          ceiling: ceilingSlice,
          spin: await loaded('POST spin, internal wallet', internalTokens, slice),
        });
      }
    } finally {
      await ceilingClients.close();
    }
    const ceiling = mergeCeilings(turns.map((turn) => turn.ceiling));
    const internalRun = {
      result: merge(turns.map((turn) => turn.spin.result)),
      cpu: meanCpu(turns.map((turn) => turn.spin.cpu)),
    };
    const internal = internalRun.result;
    const ofCeilingSlices = spread(
      turns.map((turn) => turn.spin.result.requestsPerSecond / turn.ceiling.roundsPerSecond),
    );
    // PostgreSQL's own account of the callback load: the benchmark's embedded one only.
    const profile = process.env.BENCH_DATABASE_URL ? undefined : await openPgProfile(server.info.databaseUrl);
    await profile?.start();
    const timingsBefore = await spinTimings(base);
    const callbackRun = await loaded('POST spin, callback wallet', callbackTokens);
    const callbackSpin = callbackRun.result;
    const timingsAfter = await spinTimings(base);
    const callbackRounds = (timingsAfter.get('spin')?.count ?? 0) - (timingsBefore.get('spin')?.count ?? 0);
    const databaseShare = profile
      ? await profile.report(callbackRounds).finally(() => profile.close())
      : { markdown: '(an outside PostgreSQL: not profiled)', rowWrites: Number.NaN };

    // The least a spin-shaped transaction costs PostgreSQL (one balance update, one round insert, one
    // commit), from plain clients at the same concurrency: the floor for the internal round's share;
    // the same for a callback round, its three commits as the rules require them, in plain SQL (and
    // two, which the rules forbid, for comparison).
    const floorRun = async (shape: CeilingShape) => {
      const runner = await openCeiling({
        databaseUrl: server.info.databaseUrl,
        tokens: ceilingTokens,
        clients: common.connections,
        shape,
      });
      try {
        const before = descendantsCpuSeconds(server.pid);
        const result = await runner.measure(slice.duration * 1000);
        const pgMs = ((descendantsCpuSeconds(server.pid) - before) * 1000) / Math.max(1, result.committed);
        return { result, pgMs };
      } finally {
        await runner.close();
      }
    };
    const minimalRun = await floorRun('minimal');
    const callbackMinimalRun = await floorRun('callback-minimal');
    const twoCommitsRun = await floorRun('callback-two-commits');

    // The callback spin at half its measured capacity, open loop: requests sent on a fixed schedule
    // whatever the answers do, latency counted from the moment each was due (no coordinated omission).
    const halfRate = Math.max(1, Math.round(callbackSpin.requestsPerSecond / 2));
    const callbackHalf = await openLoopSpins(
      `POST spin, callback wallet, ${halfRate} req/s`,
      base,
      callbackTokens,
      halfRate,
      duration,
    );

    // The same at one connection: latency without queueing, what a single player sees.
    const single = { duration: Math.max(2, Math.round(duration / 2)), connections: 1 };
    const walletSingle = await run('mock-wallet POST /balance (alone)', { ...walletLoad, ...single });
    const internalSingle = await spinLoad('POST spin, internal wallet', base, internalTokens, single);
    const singleBefore = await spinTimings(base);
    const callbackSingle = await spinLoad('POST spin, callback wallet', base, callbackTokens, single);
    const singleAfter = await spinTimings(base);

    const ratio = internal.requestsPerSecond / baseline.requestsPerSecond;
    const ofCeiling = ofCeilingSlices.median;
    const ofCeilingText = `${ofCeiling.toFixed(2)} (${ofCeilingSlices.low.toFixed(2)}–${ofCeilingSlices.high.toFixed(2)})`;
    const overhead = callbackSpin.p99 - walletAlone.p99;
    const singleOverhead = callbackSingle.p99 - 2 * walletSingle.p99;
    const halfOverhead = callbackHalf.p99 - 2 * walletSingle.p99;
    const all = (cpu: CpuPerRound) => cpu.server + (cpu.database ?? 0) + cpu.wallet + cpu.autocannon;
    const pgRatio =
      callbackRun.cpu.database !== undefined && internalRun.cpu.database
        ? callbackRun.cpu.database / internalRun.cpu.database
        : Number.NaN;
    const internalOverMinimal = internalRun.cpu.database
      ? internalRun.cpu.database / minimalRun.pgMs
      : Number.NaN;
    const callbackOverFloor = callbackRun.cpu.database
      ? callbackRun.cpu.database / callbackMinimalRun.pgMs
      : Number.NaN;
    const floorsRatio = callbackMinimalRun.pgMs / minimalRun.pgMs;
    const throughput = callbackSpin.requestsPerSecond / internal.requestsPerSecond;
    const goal = (text: string, value: string, met: boolean) =>
      `| ${text} | ${value} | ${met ? 'met' : 'not met'} |`;
    const goals = [
      '| goal (issue 27) | this run | |',
      '|---|---:|---|',
      goal(
        'callback round: rows written ≤ 6',
        databaseShare.rowWrites.toFixed(2),
        databaseShare.rowWrites <= 6,
      ),
      goal(
        'callback round: CPU of every process ≤ 1.2 ms',
        `${all(callbackRun.cpu).toFixed(2)} ms`,
        all(callbackRun.cpu) <= 1.2,
      ),
      goal(
        "callback round: PostgreSQL's CPU ≤ 2× an internal round's",
        `${pgRatio.toFixed(2)}×`,
        pgRatio <= 2,
      ),
      goal(
        "callback throughput ≥ 0.5× the internal wallet's",
        `${throughput.toFixed(2)}×`,
        throughput >= 0.5,
      ),
      goal(
        'one connection: callback p99 ≤ 3 ms above two wallet calls',
        `${singleOverhead} ms`,
        singleOverhead <= 3,
      ),
      goal(
        `half capacity, open loop (${halfRate} req/s): callback p99 ≤ 5 ms above two wallet calls`,
        `${halfOverhead} ms`,
        halfOverhead <= 5,
      ),
      goal('internal spin ≥ 0.8× its same-SQL ceiling', `${ofCeiling.toFixed(2)}×`, ofCeiling >= 0.8),
      goal(
        "internal round's PostgreSQL CPU ≤ 1.5× a minimal spin-shaped transaction's",
        `${internalOverMinimal.toFixed(2)}× (${internalRun.cpu.database?.toFixed(2)} against ${minimalRun.pgMs.toFixed(2)} ms)`,
        internalOverMinimal <= 1.5,
      ),
    ];
    return [
      '## Runtime API: POST /api/runtime/v1/spin',
      '',
      `autocannon, ${common.connections} connections, ${duration} s each, ${SESSIONS} sessions of ${GAME} rotated`,
      '(one round at a time per session), coin 0.01 × level 1; Reelforge, the hello-world and the mock',
      'wallet each run in their own process. A callback spin makes two wallet calls (debit, credit).',
      '',
      table(baseline, [walletAlone, internal, callbackSpin], {
        'POST spin, internal wallet': '≥ 0.8× the ceiling below',
        'POST spin, callback wallet': 'p99 ≤ mock p99 + 5 ms',
      }),
      '',
      `The database's ceiling for the same rounds: ${common.connections} plain \`pg\` clients (no HTTP, no engine) each`,
      'commit one internal round per call through the same function on the same PostgreSQL, same durability',
      `(bench/ceiling.ts). The ceiling and the internal spin take turns in ${slices} slices of ${slice.duration} s each; the`,
      "ratio is the median of the slices' own ratios, the lowest and highest in brackets.",
      '',
      '| what | rounds/s | p50 ms | p99 ms | spin × this | goal |',
      '|---|---:|---:|---:|---:|---|',
      `| plain pg, one round per commit | ${Math.round(ceiling.roundsPerSecond)} | ${ceiling.p50} | ${ceiling.p99} | ${ofCeilingText} | ≥ 0.8× |`,
      '',
      `Where a callback spin's time goes at ${common.connections} connections: the node's own histograms`,
      '(`reelforge_callback_round_step_duration_seconds`, `reelforge_wallet_call_duration_seconds`,',
      '`reelforge_http_request_duration_seconds`), read before and after that run.',
      '',
      breakdown(timingsBefore, timingsAfter),
      '',
      "PostgreSQL's share of the same callback rounds, from its own statistics (bench/pg-profile.ts:",
      '`track_functions = all`, `pg_stat_user_tables`, `pg_stat_wal`, zeroed before the run). A',
      "function's time is wall time, waits for a core or a lock included, and its callees' in the",
      "first column; the row counts and WAL bytes do not depend on the machine's speed.",
      '',
      databaseShare.markdown,
      '',
      'CPU per round of each process during the same runs (ms; user + system, from /proc). Every process',
      'shares the same two cores, so a round waits for CPU as well as for the disk.',
      '',
      '| load | rounds/s | Reelforge | its PostgreSQL | mock wallet | autocannon | all |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...[internalRun, callbackRun].map(({ result, cpu }) => {
        const all = cpu.server + (cpu.database ?? 0) + cpu.wallet + cpu.autocannon;
        const database = cpu.database === undefined ? '(outside)' : cpu.database.toFixed(2);
        return `| ${result.name} | ${Math.round(result.requestsPerSecond)} | ${cpu.server.toFixed(2)} | ${database} | ${cpu.wallet.toFixed(2)} | ${cpu.autocannon.toFixed(2)} | ${all.toFixed(2)} |`;
      }),
      '',
      `One connection (${single.duration} s each): latency without queueing.`,
      '',
      '| endpoint | req/s | p50 ms | p99 ms |',
      '|---|---:|---:|---:|',
      ...[walletSingle, internalSingle, callbackSingle].map(
        (row) => `| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${row.p99} |`,
      ),
      '',
      "Where one player's callback spin spends its time (the same histograms, over the one-connection run):",
      'the floor under the latency goal is the two wallet calls plus three round trips to PostgreSQL, each',
      "a hop between processes on the same two cores, and the node's own work.",
      '',
      breakdown(singleBefore, singleAfter),
      '',
      `Open loop: the callback spin at half the rate it reached above, sent on a fixed schedule for ${duration} s (latency from when each was due):`,
      `${Math.round(callbackHalf.requestsPerSecond)} req/s, p50 ${callbackHalf.p50} ms, p99 ${callbackHalf.p99} ms. A minimal`,
      `spin-shaped transaction (one balance update, one round insert, one commit; bench/ceiling.ts) from`,
      `${common.connections} plain clients: ${Math.round(minimalRun.result.roundsPerSecond)}/s, ${minimalRun.pgMs.toFixed(2)} ms of PostgreSQL CPU each.`,
      '',
      "What bounds the callback round's PostgreSQL goal, in the same run: the least a callback round commits",
      "under the contract's and DESIGN's rules (bench/ceiling.ts, CALLBACK_MINIMAL_SQL: the round and its debit",
      "flushed before the debit call, the debit's answer with the round's stage and the credit committed before",
      "the credit call, the credit's answer with the round settled; three commits, seven row writes, no session,",
      `no engine, no attempt log), from the same ${common.connections} plain clients.`,
      '',
      '| floor | rounds/s | PostgreSQL CPU ms a round | × the internal floor | the round itself × its floor |',
      '|---|---:|---:|---:|---:|',
      `| internal: one statement, one durable commit | ${Math.round(minimalRun.result.roundsPerSecond)} | ${minimalRun.pgMs.toFixed(2)} | 1.00 | ${internalOverMinimal.toFixed(2)} |`,
      `| callback: three commits, the first durable | ${Math.round(callbackMinimalRun.result.roundsPerSecond)} | ${callbackMinimalRun.pgMs.toFixed(2)} | ${floorsRatio.toFixed(2)} | ${callbackOverFloor.toFixed(2)} |`,
      `| (for comparison: two commits, the debit's answer written with the credit's, which the rules forbid) | ${Math.round(twoCommitsRun.result.roundsPerSecond)} | ${twoCommitsRun.pgMs.toFixed(2)} | ${(twoCommitsRun.pgMs / minimalRun.pgMs).toFixed(2)} | |`,
      '',
      `One round at a time, a callback round's three commits cost PostgreSQL ${floorsRatio.toFixed(2)}× an internal round's one. Reelforge's`,
      `callback round, whose steps share statements and commits with other rounds' (src/store/batch.ts), costs`,
      `${callbackOverFloor.toFixed(2)}× that floor. The goal, 2× an internal round (itself ${internalOverMinimal.toFixed(2)}× its floor), is`,
      `${(2 * internalOverMinimal).toFixed(2)}× the internal floor: it asks a callback round for ${((2 * internalOverMinimal) / floorsRatio).toFixed(2)}× what its three commits cost one round at a time.`,
      '',
      ...goals,
      '',
      `- internal wallet: ${ratio.toFixed(2)}× the hello-world's req/s; ${ofCeilingText}× the database's ceiling for the same rounds (goal ≥ 0.8×: ${ofCeiling >= 0.8 ? 'met' : 'not met'}).`,
      `- callback wallet: p99 ${callbackSpin.p99} ms against the mock wallet's own p99 ${walletAlone.p99} ms: ` +
        `${overhead} ms above (goal ≤ 5 ms: ${overhead <= 5 ? 'met' : 'not met'}); at one connection ` +
        `${callbackSingle.p99} ms against two wallet calls of ${walletSingle.p99} ms: ${singleOverhead} ms above.`,
    ].join('\n');
  } finally {
    await Promise.all([hello.stop(), server.stop(), mock.stop()]);
  }
}

if (process.env.RUNTIME_BENCH_ROLE === 'mock-wallet') {
  await startMockWalletChild();
} else if (import.meta.main) {
  process.stdout.write(`${await runRuntimeBench({ quick: process.argv.includes('--quick') })}\n`);
}
