// The rehearsal of issue 11: three nodes behind nginx on one PostgreSQL and Redis, mixed traffic in
// both wallet modes against a faulty callback wallet, one node SIGKILLed and restarted, PostgreSQL
// restarted; then proofs that no money was lost or doubled, no round stayed open, rate limits are
// shared, and the rounds each node served. With `--clusters 2` (issue 30, part 5) the nodes also run on
// a second cluster, `east` (a primary with a synchronous replica behind HAProxy, failed over
// mid-traffic), where an operator of each wallet mode plays; proofs per operator read its own
// cluster. `ops/rehearse.sh [--short] [--clusters 2]`; docs/operations.md.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  type EntryScore,
  emptyEntry,
  memberOf,
  placesBefore,
  scheduleCommit,
  scoreRound,
} from '../src/domain/campaigns.ts';
import {
  checkPool,
  type PublishedBlock,
  type PublishedEntry,
  type PublishedTier,
} from '../src/domain/jackpot-audit.ts';
import { createMockWallet, type Fault } from '../src/operator-kit/mock-wallet.ts';
import { redisLeaderboard } from '../src/services/leaderboard.ts';
import { internalStartBalance } from '../src/wallet/internal.ts';
import { ADMIN_TOKEN, cpuMeter, type ReelforgeNode, startNodes } from './rehearsal/cluster.ts';
import {
  callbackConservation,
  internalConservation,
  placementVerdict,
  reportsVerdict,
  type SummaryLine,
} from './rehearsal/cluster-proofs.ts';
import { EAST, type EastCluster, eastProblem, placeOperator, startEast } from './rehearsal/east.ts';
import { internalBooks } from './rehearsal/ledger.ts';
import {
  cleanup,
  localPostgres,
  nginxProblem,
  onCleanup,
  ownPostgres,
  ownPostgresProblem,
  type Postgres,
  removeDir,
  sleep,
  startNginx,
  withTimeout,
} from './rehearsal/processes.ts';

pg.types.setTypeParser(20, (text: string) => BigInt(text));

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const SHORT = args.includes('--short');
const CLUSTERS = args.includes('--clusters') ? Number(args[args.indexOf('--clusters') + 1]) : 1;
const PG_MODE = (process.env.REHEARSE_PG ?? 'own') as 'own' | 'local';
const LOCAL_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const PLAN = SHORT
  ? { trafficMs: 40_000, playersPerMode: 12, spinsPerPlayer: 600, recoveryMs: 240_000 }
  : { trafficMs: 300_000, playersPerMode: 24, spinsPerPlayer: 20_000, recoveryMs: 600_000 };
const WALLET_TIMEOUT_MS = 1000;
const RATE_LIMIT = 60;
const START_BALANCE = 1_000_000n; // callback players: 10,000.00 USD at the mock wallet
const WALLET_SECRET = 'rehearsal-wallet-secret-0123456789';
const GAMES = ['rf_copper_sevens', 'rf_ember_crown'];
/** Players per wallet mode on east (--clusters 2). */
const EAST_PLAYERS_PER_MODE = SHORT ? 4 : 8;

const say = (line: string) => process.stdout.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------

async function redisProblem(): Promise<string | undefined> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  redis.on('error', () => {});
  try {
    await withTimeout(
      redis.connect().then(() => redis.ping()),
      4000,
      'redis',
    );
    return undefined;
  } catch (error) {
    return `Redis at ${REDIS_URL} does not answer (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
}

async function localPostgresProblem(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: LOCAL_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return `PostgreSQL at DATABASE_URL does not answer (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Why the rehearsal cannot run here, or undefined. */
async function problems(): Promise<string[]> {
  const found = await Promise.all([
    nginxProblem(),
    PG_MODE === 'local' ? localPostgresProblem() : ownPostgresProblem(),
    redisProblem(),
    CLUSTERS === 2 ? eastProblem() : undefined,
  ]);
  return found.filter((p): p is string => p !== undefined);
}

// ---------------------------------------------------------------------------------------------
// Traffic

interface Tally {
  spins: Map<string, number>; // upstream -> answered rounds
  statuses: Map<string, number>;
  launches: number;
  launchFailures: number;
  retries: number;
  providerRequests: number;
  /** Per upstream, the time of its last answered round (proof the restarted node came back). */
  lastAt: Map<string, number>;
  spinsAfterPgRestart: number;
}

const tally: Tally = {
  spins: new Map(),
  statuses: new Map(),
  launches: 0,
  launchFailures: 0,
  retries: 0,
  providerRequests: 0,
  lastAt: new Map(),
  spinsAfterPgRestart: 0,
};
const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

// Answers are read loosely: the driver looks at a few fields and counts the rest.
// biome-ignore lint/suspicious/noExplicitAny: JSON from the API under test
type Json = any;

async function call(
  base: string,
  method: string,
  route: string,
  headers: Record<string, string>,
  json?: unknown,
): Promise<{ status: number; body: Json; upstream: string | undefined }> {
  const answer = await fetch(`${base}${route}`, {
    method,
    headers: json === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await answer.text();
  let body: Json;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  // After a failover nginx lists every upstream it tried; the last one answered.
  const upstream = answer.headers.get('x-upstream')?.split(',').pop()?.trim();
  return { status: answer.status, body, upstream };
}

interface PlayerPlan {
  base: string;
  apiKey: string;
  playerId: string;
  symbol: string;
  deadline: () => number;
  budget: number;
  pgRestartedAt: () => number | undefined;
  /** Called on every round answered 200. */
  onRound?: () => void;
}

async function launch(plan: PlayerPlan): Promise<{ token: string; coins: string[] } | undefined> {
  while (Date.now() < plan.deadline()) {
    tally.providerRequests += 1;
    try {
      const launched = await call(
        plan.base,
        'POST',
        '/api/provider/v1/launch-url',
        { 'x-provider-api-key': plan.apiKey },
        { symbol: plan.symbol, external_player_id: plan.playerId, currency: 'USD' },
      );
      if (launched.status === 200) {
        tally.launches += 1;
        const token = launched.body.session_id as string;
        const session = await call(plan.base, 'GET', '/api/runtime/v1/session', {
          authorization: `Bearer ${token}`,
        });
        if (session.status === 200) {
          const coins = (session.body.bet?.coin_values ?? session.body.coin_values ?? []) as string[];
          return { token, coins: coins.length > 0 ? coins.slice(0, 3) : ['0.10'] };
        }
      }
    } catch {}
    tally.launchFailures += 1;
    await sleep(300);
  }
  return undefined;
}

async function playLoop(plan: PlayerPlan): Promise<void> {
  let session = await launch(plan);
  for (let n = 0; session && n < plan.budget && Date.now() < plan.deadline(); n++) {
    if (n > 0 && n % 40 === 0) session = await launch(plan); // a relaunch: new token, old one revoked
    if (!session) break;
    const body = {
      coin: session.coins[n % session.coins.length],
      client_round_id: `${plan.playerId}-${n}`,
    };
    for (let attempt = 0; attempt < 8 && Date.now() < plan.deadline() + 30_000; attempt++) {
      let status = 'network';
      let upstream: string | undefined;
      try {
        const answer = await call(
          plan.base,
          'POST',
          '/api/runtime/v1/spin',
          { authorization: `Bearer ${session.token}` },
          body,
        );
        status = String(answer.status);
        upstream = answer.upstream;
      } catch {}
      bump(tally.statuses, status);
      if (status === '200' && upstream) {
        bump(tally.spins, upstream);
        plan.onRound?.();
        tally.lastAt.set(upstream, Date.now());
        const restarted = plan.pgRestartedAt();
        if (restarted !== undefined && Date.now() > restarted) tally.spinsAfterPgRestart += 1;
      }
      // 5xx from nginx or the node (node killed, database restarting): the same click again.
      if (status === 'network' || status === '500' || status === '502' || status === '504') {
        tally.retries += 1;
        await sleep(250 + attempt * 250);
        continue;
      }
      if (status === '401') session = await launch(plan);
      break;
    }
  }
}

// ---------------------------------------------------------------------------------------------

interface LedgerTx {
  id: string;
  round_id: string;
  type: 'debit' | 'credit' | 'rollback';
  action_type: string;
  status: string;
  amount: bigint;
  player_id: string;
  original_transaction_id: string | null;
}

interface Proof {
  name: string;
  ok: boolean;
  detail: string;
}

async function main(): Promise<number> {
  const started = Date.now();
  if (CLUSTERS !== 1 && CLUSTERS !== 2) {
    say('rehearsal: --clusters takes 1 or 2');
    return 2;
  }
  if (args.includes('--check')) {
    const found = await problems();
    for (const problem of found) say(problem);
    return found.length === 0 ? 0 : 3;
  }
  const found = await problems();
  if (found.length > 0) {
    for (const problem of found) say(`rehearsal: cannot run: ${problem}`);
    return 2;
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'reelforge-rehearsal-'));
  const { chmod } = await import('node:fs/promises');
  await chmod(dir, 0o755);
  onCleanup(`folder ${dir}`, () => removeDir(dir));
  say(`rehearsal: ${SHORT ? 'short' : 'long'} mode, traffic ${PLAN.trafficMs / 1000} s, work folder ${dir}`);

  const postgres: Postgres = PG_MODE === 'local' ? await localPostgres(LOCAL_URL) : await ownPostgres(dir);
  say(`rehearsal: PostgreSQL: ${postgres.describe}`);
  const east: EastCluster | undefined = CLUSTERS === 2 ? await startEast(dir) : undefined;
  if (east) say(`rehearsal: cluster ${EAST}: ${east.describe}`);

  // The operator's wallet, with faults switched on and off by the timeline below.
  let faultsOn = false;
  let faultCount = 0;
  const walletFault = (type: string) => {
    if (!faultsOn || type === 'balance') return undefined;
    const roll = Math.random();
    let fault: Fault | undefined;
    if (roll < 0.03) fault = { kind: 'status', status: 503 };
    else if (roll < 0.06) fault = { kind: 'status', status: 500, apply: true };
    else if (roll < 0.08) fault = { kind: 'reset' };
    else if (roll < 0.1) fault = { kind: 'reset', apply: true };
    else if (roll < 0.12) fault = { kind: 'delay', ms: WALLET_TIMEOUT_MS + 400 };
    if (fault) faultCount += 1;
    return fault;
  };
  const wallet = createMockWallet({ secret: WALLET_SECRET, fault: walletFault });
  const walletUrl = await wallet.listen();
  onCleanup('mock wallet', () => wallet.close());
  // East's callback operator has a wallet of its own (the same faults), so each wallet's log is
  // proved against one cluster's ledger.
  const eastWallet = east ? createMockWallet({ secret: WALLET_SECRET, fault: walletFault }) : undefined;
  const eastWalletUrl = eastWallet ? await eastWallet.listen() : undefined;
  if (eastWallet) onCleanup('mock wallet of east', () => eastWallet.close());

  const nodes = await startNodes(3, {
    databaseUrl: postgres.url,
    databaseClusters: east ? `${EAST}=${east.url}` : undefined,
    redisUrl: REDIS_URL,
    walletTimeoutMs: WALLET_TIMEOUT_MS,
    rateLimitPerMinute: RATE_LIMIT,
    logDir: dir,
    root: ROOT,
  });
  const nginx = await startNginx(
    dir,
    nodes.map((node) => node.port),
  );
  const base = nginx.url;
  say(`rehearsal: nodes ${nodes.map((n) => n.upstream).join(', ')} behind nginx ${base}`);

  const adminHeaders = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const admin = async (method: string, route: string, json?: unknown) => {
    for (let attempt = 0; ; attempt++) {
      const answer = await call(base, method, route, adminHeaders, json).catch(() => undefined);
      if (answer && answer.status < 300) return answer.body;
      if (attempt >= 5)
        throw new Error(`${method} ${route}: ${answer?.status} ${JSON.stringify(answer?.body)}`);
      await sleep(500);
    }
  };
  const operator = async (fields: Record<string, unknown>) => {
    const created = await admin('POST', '/api/admin/v1/operators', fields);
    const id = created.operator.id as string;
    await admin('PUT', `/api/admin/v1/operators/${id}/catalog`, { symbols: GAMES });
    return id;
  };
  const key = async (operatorId: string) =>
    (await admin('POST', `/api/admin/v1/operators/${operatorId}/api-keys`)).api_key as string;
  const internalOp = await operator({ name: 'Rehearsal internal', wallet_mode: 'internal' });
  const callbackOp = await operator({
    name: 'Rehearsal callback',
    wallet_mode: 'callback',
    wallet_base_url: walletUrl,
    wallet_secret: WALLET_SECRET,
  });
  // Operators of both wallet modes on east, placed there before any of their play.
  const eastOps: { internal: string; callback: string } | undefined =
    east && eastWalletUrl
      ? {
          internal: await operator({ name: 'Rehearsal east internal', wallet_mode: 'internal' }),
          callback: await operator({
            name: 'Rehearsal east callback',
            wallet_mode: 'callback',
            wallet_base_url: eastWalletUrl,
            wallet_secret: WALLET_SECRET,
          }),
        }
      : undefined;
  if (east && eastOps) {
    for (const operatorId of [eastOps.internal, eastOps.callback])
      await placeOperator(postgres.url, east.url, operatorId, EAST);
    say(
      `rehearsal: operators ${eastOps.internal} (internal) and ${eastOps.callback} (callback) placed on ${EAST}`,
    );
  }

  // A network jackpot pool both operators' games feed (issue 28), with tiers that drop often enough
  // that drops meet the faults below: two must-drop, two progressive. With --clusters 2, east's two
  // operators feed one of their own, made through the same admin API: a pool lives on its
  // operators' cluster, so east's is fed, won and sealed on east, across its failover.
  const poolOf = (name: string, operatorIds: readonly string[]) => ({
    name,
    scope: 'network',
    currency: 'USD',
    members: operatorIds.flatMap((operatorId) =>
      GAMES.map((symbol) => ({ operator_id: operatorId, game_symbol: symbol })),
    ),
    tiers: [
      {
        name: 'mini',
        kind: 'must_drop_value',
        seed: '1.00',
        ceiling: '3.00',
        contribution_rate: '2',
        reserve_rate: '0.5',
      },
      { name: 'minor', kind: 'progressive', seed: '5.00', odds_stake: '40.00', contribution_rate: '1' },
      { name: 'major', kind: 'must_drop_value', seed: '20.00', ceiling: '60.00', contribution_rate: '1' },
      {
        name: 'grand',
        kind: 'progressive',
        seed: '1000.00',
        odds_stake: '100000000.00',
        contribution_rate: '0.5',
      },
    ],
  });
  const jackpot = await admin(
    'POST',
    '/api/admin/v1/jackpots',
    poolOf('Rehearsal network', [internalOp, callbackOp]),
  );
  const eastPoolId = eastOps
    ? ((
        await admin(
          'POST',
          '/api/admin/v1/jackpots',
          poolOf(`Rehearsal ${EAST} network`, [eastOps.internal, eastOps.callback]),
        )
      ).pool.pool_id as string)
    : undefined;
  if (eastPoolId) say(`rehearsal: jackpot pool ${eastPoolId} on ${EAST}, fed by its two operators`);
  const poolId = jackpot.pool.pool_id as string;
  say(`rehearsal: jackpot pool ${poolId}, fed by ${GAMES.join(', ')} of both operators`);

  // A network tournament and a prize drop (issue 29) both operators opt in to, running from just
  // after the set-up to half-way through the traffic: each is frozen, and its prizes paid, while the
  // faults and restarts below go on. Created with the ADMIN_TOKEN: approved at once.
  const campaignStarts = Date.now() + 4_000;
  const campaignEnds = campaignStarts + 10_000 + Math.round(PLAN.trafficMs * 0.5);
  const campaignTerms = {
    scope: 'network',
    operators: [internalOp, callbackOp],
    currency: 'USD',
    games: GAMES,
    starts_at: new Date(campaignStarts).toISOString(),
    ends_at: new Date(campaignEnds).toISOString(),
    min_bet: '0.20',
    opt_in_required: false,
  };
  const tournament = (
    await admin('POST', '/api/admin/v1/campaigns', {
      ...campaignTerms,
      kind: 'tournament',
      name: 'Rehearsal race',
      scoring: 'best_n_ratio',
      best_n: 5,
      places: [
        { from: 1, to: 3, prize: { kind: 'cash', amount: '5.00' } },
        { from: 4, to: 6, prize: { kind: 'pool_share', share_percent: '10' } },
      ],
      pool_amount: '30.00',
    })
  ).campaign;
  const drop = (
    await admin('POST', '/api/admin/v1/campaigns', {
      ...campaignTerms,
      kind: 'drop',
      name: 'Rehearsal drops',
      drops: [
        { count: 20, prize: { kind: 'cash', amount: '0.50' } },
        { count: 6, prize: { kind: 'bet_multiple', multiplier: 5, bet_cap: '1.00' } },
      ],
    })
  ).campaign;
  const campaignIds = [tournament.campaign_id as string, drop.campaign_id as string];
  say(
    `rehearsal: tournament ${campaignIds[0]} and drop ${campaignIds[1]} (${tournament.status}, ${drop.status})`,
  );

  const proofs: Proof[] = [];
  const prove = (name: string, ok: boolean, detail: string) => {
    proofs.push({ name, ok, detail });
    say(`  ${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
  };

  // Rate limits shared: one key, 3 × the limit through the round robin, in one window.
  say(`rehearsal: rate limit, ${3 * RATE_LIMIT} requests on one key (limit ${RATE_LIMIT}/min per key)`);
  const rateKey = await key(internalOp);
  let rate = { allowed: 0, limited: 0, other: 0, upstreams: new Set<string>() };
  for (let tries = 0; tries < 3; tries++) {
    rate = { allowed: 0, limited: 0, other: 0, upstreams: new Set<string>() };
    const window = Math.floor(Date.now() / 60_000);
    const queue = Array.from({ length: 3 * RATE_LIMIT }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (queue.shift() !== undefined) {
          tally.providerRequests += 1;
          const answer = await call(base, 'GET', '/api/provider/v1/games', {
            'x-provider-api-key': rateKey,
          }).catch(() => undefined);
          if (answer?.upstream) rate.upstreams.add(answer.upstream);
          if (answer?.status === 200) rate.allowed += 1;
          else if (answer?.status === 429) rate.limited += 1;
          else rate.other += 1;
        }
      }),
    );
    if (Math.floor(Date.now() / 60_000) === window) break; // else the burst straddled two windows
    say('rehearsal: the burst crossed a minute boundary; again in the new window');
    await sleep(1000);
  }
  prove(
    'rate limit shared across nodes',
    rate.allowed === RATE_LIMIT && rate.upstreams.size === nodes.length,
    `${rate.allowed} allowed, ${rate.limited} limited (429), ${rate.other} other, through ${rate.upstreams.size} nodes; ` +
      `shared count allows ${RATE_LIMIT}, per-node counts would allow up to ${RATE_LIMIT * nodes.length}`,
  );

  // Each operator opts in to both campaigns through its provider API, as its integration would.
  for (const operatorId of [internalOp, callbackOp]) {
    const operatorKey = await key(operatorId);
    for (const campaignId of campaignIds) {
      const joined = await call(base, 'POST', `/api/provider/v1/campaigns/${campaignId}/opt-in`, {
        'x-provider-api-key': operatorKey,
      });
      if (joined.status !== 200) throw new Error(`opt-in ${operatorId} ${campaignId}: ${joined.status}`);
    }
  }

  // Players, each with its own key so traffic launches stay under the small per-key limit.
  const players: Array<{ apiKey: string; playerId: string; symbol: string; mode: 'internal' | 'callback' }> =
    [];
  for (const mode of ['internal', 'callback'] as const) {
    for (let i = 0; i < PLAN.playersPerMode; i++) {
      const playerId = `${mode}-${i}`;
      if (mode === 'callback') wallet.setPlayer(playerId, '10000.00');
      players.push({
        apiKey: await key(mode === 'internal' ? internalOp : callbackOp),
        playerId,
        symbol: GAMES[i % GAMES.length] as string,
        mode,
      });
    }
  }

  // East's players (--clusters 2), apart: the proofs above read them on east.
  const eastPlayers: typeof players = [];
  for (const mode of eastOps ? (['internal', 'callback'] as const) : []) {
    for (let i = 0; i < EAST_PLAYERS_PER_MODE; i++) {
      const playerId = `${EAST}-${mode}-${i}`;
      if (mode === 'callback') eastWallet?.setPlayer(playerId, '10000.00');
      eastPlayers.push({
        apiKey: await key(mode === 'internal' ? (eastOps?.internal ?? '') : (eastOps?.callback ?? '')),
        playerId,
        symbol: GAMES[i % GAMES.length] as string,
        mode,
      });
    }
  }

  // Costs, measured over a calm window after the warm-up (no faults, no kills).
  const nodeMeter = cpuMeter(() => nodes.map((node) => node.pid()).filter((pid): pid is number => !!pid));
  const pgMeter = cpuMeter(() => postgres.pids());
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  onCleanup('redis client', async () => redis.disconnect());
  const redisCommands = async () =>
    Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))?.[1] ?? 0);

  const t0 = Date.now();
  // Traffic runs its planned time, and on past a slow restart until play has gone on for a while
  // after the last fault (at most three times the plan): the proofs need play after each event.
  let trafficEnd = t0 + PLAN.trafficMs;
  // Play goes on while the timeline of faults runs (a node slow to restart on a loaded machine must
  // not find the players gone), then until trafficEnd.
  let chaosDone = false;
  const deadline = () => (chaosDone ? trafficEnd : Math.max(trafficEnd, Date.now() + 5_000));
  const at = (share: number) => t0 + Math.round(PLAN.trafficMs * share);
  let pgRestartedAt: number | undefined;
  /** When HAProxy sent east's connections to the promoted replica, and east's rounds answered since. */
  let eastFailedOverAt: number | undefined;
  let eastRoundsAfterFailover = 0;
  let eastRounds = 0;
  const events: string[] = [];
  const event = (text: string) => {
    const line = `t+${((Date.now() - t0) / 1000).toFixed(1)} s ${text}`;
    events.push(line);
    say(`rehearsal: ${line}`);
  };
  say(
    `rehearsal: traffic: ${players.length} players (${PLAN.playersPerMode} per wallet mode), at most ${PLAN.spinsPerPlayer} rounds each` +
      (eastPlayers.length
        ? `; on ${EAST}, ${eastPlayers.length} more (${EAST_PLAYERS_PER_MODE} per wallet mode)`
        : ''),
  );
  const calm = { spins: 0, redis: 0, provider: 0, startedAt: 0, perNode: new Map<string, number>() };
  const sumSpins = () => [...tally.spins.values()].reduce((a, b) => a + b, 0);

  // The live board as the game and the lobby read it, taken once the tournament has ended and
  // before it is frozen (the freeze replaces it with the final standings).
  let liveAtEnd: Array<{ member: string; score: number; rounds: number }> | undefined;
  const liveSnapshot = (async () => {
    await sleep(campaignEnds + 1_500 - Date.now());
    const board = redisLeaderboard(REDIS_URL, () => {});
    try {
      liveAtEnd = await board.top(tournament.campaign_id as string, 1000);
    } finally {
      await board.close();
    }
  })().catch(() => undefined);
  onCleanup('live board snapshot', () => liveSnapshot);

  const onEastRound = () => {
    eastRounds += 1;
    if (eastFailedOverAt !== undefined && Date.now() > eastFailedOverAt) eastRoundsAfterFailover += 1;
  };
  const traffic = Promise.all(
    players.concat(eastPlayers).map((player) =>
      playLoop({
        base,
        apiKey: player.apiKey,
        playerId: player.playerId,
        symbol: player.symbol,
        deadline,
        budget: PLAN.spinsPerPlayer,
        pgRestartedAt: () => pgRestartedAt,
        onRound: eastPlayers.includes(player) ? onEastRound : undefined,
      }),
    ),
  );

  const victim = nodes[1] as ReelforgeNode;
  let victimBackAt = 0;
  // East's failover, on its own timeline beside the one below: kill -9 of its primary at half-time,
  // its synchronous replica promoted, HAProxy finds it; play on east must go on.
  const eastFailover = (async () => {
    if (!east) return;
    await sleep(Math.max(0, at(0.5) - Date.now()));
    event(`kill -9 of ${EAST}'s primary, promoting its replica`);
    const failover = await east.failover();
    eastFailedOverAt = Date.now();
    event(
      `${EAST}: replica promoted ${(failover.promotedMs / 1000).toFixed(1)} s after the kill, HAProxy sends connections to it (port ${failover.port}) after ${(failover.foundMs / 1000).toFixed(1)} s`,
    );
    trafficEnd = Math.min(t0 + 3 * PLAN.trafficMs, Math.max(trafficEnd, Date.now() + 0.2 * PLAN.trafficMs));
  })();
  eastFailover.catch(() => {}); // awaited by the timeline below, which reports a failure
  const chaos = (async () => {
    // Warm-up (JIT, caches, pools) first; then the calm window the costs are measured over.
    await sleep(at(0.1) - Date.now());
    await Promise.all([nodeMeter.start(), pgMeter.start()]);
    Object.assign(calm, {
      spins: sumSpins(),
      redis: await redisCommands(),
      provider: tally.providerRequests,
      startedAt: Date.now(),
      perNode: new Map(tally.spins),
    });
    await sleep(at(0.3) - Date.now());
    const spinsCalm = sumSpins() - calm.spins;
    for (const [upstream, count] of tally.spins)
      calm.perNode.set(upstream, count - (calm.perNode.get(upstream) ?? 0));
    const [nodeSeconds, pgSeconds, redisAfter] = await Promise.all([
      nodeMeter.stop(),
      pgMeter.stop(),
      redisCommands(),
    ]);
    Object.assign(calm, {
      spins: spinsCalm,
      seconds: (Date.now() - calm.startedAt) / 1000,
      nodeSeconds,
      pgSeconds,
      redis: redisAfter - calm.redis,
      provider: tally.providerRequests - calm.provider,
    });
    faultsOn = true;
    event('wallet faults on (5xx, resets, answers after the time-out, some after the money moved)');
    await sleep(at(0.4) - Date.now());
    event(`SIGKILL ${victim.name} (${victim.upstream})`);
    await victim.kill();
    await sleep(5000);
    event(`restarting ${victim.name}`);
    await victim.start();
    victimBackAt = Date.now();
    event(`${victim.name} healthy again`);
    // A slow restart (a loaded machine) must not eat the play the next events and proofs need.
    trafficEnd = Math.min(t0 + 3 * PLAN.trafficMs, Math.max(trafficEnd, Date.now() + 0.3 * PLAN.trafficMs));
    await sleep(Math.max(0, at(0.6) - Date.now()));
    event('restarting PostgreSQL');
    await postgres.restart();
    pgRestartedAt = Date.now();
    event('PostgreSQL accepts connections again');
    await sleep(Math.max(0, at(0.85) - Date.now()));
    faultsOn = false;
    event('wallet faults off');
    trafficEnd = Math.min(t0 + 3 * PLAN.trafficMs, Math.max(trafficEnd, Date.now() + 0.15 * PLAN.trafficMs));
    await eastFailover;
  })().finally(() => {
    chaosDone = true;
  });
  await Promise.all([traffic, chaos]);
  const trafficSeconds = (Date.now() - t0) / 1000;
  faultsOn = false;
  event('traffic finished');

  // Recovery: every open round finished and every credit and rollback acknowledged, bounded.
  const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
  db.on('error', () => {});
  onCleanup('proof pool', () => db.end());
  const openWork = async () => {
    const { rows } = await db.query(
      `select (select count(*) from rounds where status = 'open')::int as open,
              ((select count(*) from wallet_transactions where status = 'pending')
                + (select count(*) from campaign_prizes where status = 'pending')
                + (select count(*) from campaigns where status = 'scheduled' and id = any($1::text[])))::int as pending`,
      [campaignIds],
    );
    return rows[0] as { open: number; pending: number };
  };
  const recoveryStart = Date.now();
  let left = await openWork();
  const nothingOpen = { open: 0, pending: 0 };
  let eastLeft = east ? await east.openWork().catch(() => ({ open: -1, pending: -1 })) : nothingOpen;
  const anyNodeAlive = () => nodes.some((node) => node.pid() !== undefined);
  while (
    (left.open > 0 || left.pending > 0 || eastLeft.open !== 0 || eastLeft.pending !== 0) &&
    Date.now() - recoveryStart < PLAN.recoveryMs &&
    anyNodeAlive()
  ) {
    await sleep(1000);
    left = await openWork().catch(() => left);
    if (east) eastLeft = await east.openWork().catch(() => eastLeft);
  }
  const recoverySeconds = ((Date.now() - recoveryStart) / 1000).toFixed(1);
  event(`recovery wait over after ${recoverySeconds} s`);

  say('rehearsal: proofs');
  const crashes = nodes.flatMap((node) => node.crashes);
  prove(
    'no node died but the one killed on purpose',
    crashes.length === 0,
    crashes.length === 0 ? `${nodes.length} nodes, one SIGKILL` : crashes.join('; '),
  );
  prove(
    'no round left open after recovery',
    left.open === 0 && left.pending === 0,
    `${left.open} open rounds, ${left.pending} unacknowledged credits/rollbacks/prizes or unfrozen campaigns after ${recoverySeconds} s (limit ${PLAN.recoveryMs / 1000} s)`,
  );

  // Callback wallet: the mock wallet's balances and log against our ledger.
  const { rows: txs } = await db.query<LedgerTx>(
    `select id, round_id, type, action_type, status, amount, player_id, original_transaction_id
       from wallet_transactions where operator_id = $1`,
    [callbackOp],
  );
  const ledger = new Map(txs.map((tx) => [tx.id as string, tx]));
  const rolledBack = new Set(
    txs
      .filter((tx) => tx.type === 'rollback' && tx.status === 'acknowledged')
      .map((tx) => tx.original_transaction_id as string),
  );
  const effective = (tx: LedgerTx) =>
    tx.status === 'acknowledged' && (tx.type !== 'debit' || !rolledBack.has(tx.id as string));
  // Campaign prizes (issue 29): credits of their own, not rounds', proved against the wallet below.
  const { rows: prizes } = await db.query<{
    id: string;
    campaign_id: string;
    source: string;
    operator_id: string;
    player_id: string;
    kind: string;
    amount: bigint;
    status: string;
    transaction_id: string;
  }>(
    `select id, campaign_id, source, operator_id, player_id, kind, amount, status, transaction_id
       from campaign_prizes where campaign_id = any($1::text[])`,
    [campaignIds],
  );
  const paidPrizes = prizes.filter((prize) => prize.status === 'acknowledged' && prize.kind === 'cash');
  const prizeTxs = new Set(prizes.map((prize) => prize.transaction_id));
  const expected = new Map<string, bigint>();
  for (const player of players.filter((p) => p.mode === 'callback'))
    expected.set(player.playerId, START_BALANCE);
  for (const tx of txs) {
    if (!effective(tx) || tx.type === 'rollback') continue;
    const sign = tx.type === 'credit' ? 1n : -1n;
    expected.set(tx.player_id, (expected.get(tx.player_id) ?? START_BALANCE) + sign * (tx.amount as bigint));
  }
  for (const prize of paidPrizes.filter((paid) => paid.operator_id === callbackOp))
    expected.set(prize.player_id, (expected.get(prize.player_id) ?? START_BALANCE) + prize.amount);
  const balanceMisses: string[] = [];
  for (const [playerId, balance] of expected) {
    const actual = wallet.players.get(playerId)?.balance;
    if (actual !== balance) balanceMisses.push(`${playerId}: wallet ${actual}, ledger ${balance}`);
  }
  const moved = [...expected.values()].reduce((a, b) => a + b, 0n) - START_BALANCE * BigInt(expected.size);
  prove(
    'callback wallet: no money lost or doubled',
    balanceMisses.length === 0,
    balanceMisses.length === 0
      ? `${expected.size} players: each wallet balance = start + acknowledged credits (prizes' too) − acknowledged debits not rolled back (net ${moved} cents)`
      : `${balanceMisses.length} players differ: ${balanceMisses.slice(0, 5).join('; ')}`,
  );

  const logMisses: string[] = [];
  for (const [id, applied] of wallet.transactions) {
    if (prizeTxs.has(id)) continue; // a prize's credit: proved with the campaigns below
    const row = ledger.get(id);
    const answered = applied.answer.status === 200;
    if (!row) {
      logMisses.push(`${id} at the wallet, not in the ledger`);
      continue;
    }
    if (row.type !== applied.type || row.amount !== applied.amount || row.player_id !== applied.playerId)
      logMisses.push(`${id} differs in type, amount or player`);
    const walletEffective = answered && !(applied.type === 'debit' && applied.rolledBack);
    if (walletEffective !== effective(row))
      logMisses.push(
        `${id} (${row.type}) moved money at the wallet: ${walletEffective}, per ledger: ${effective(row)}`,
      );
  }
  for (const row of txs) {
    if (row.status === 'acknowledged' && wallet.transactions.get(row.id)?.answer.status !== 200)
      logMisses.push(`${row.id} acknowledged in the ledger, not answered 200 by the wallet`);
  }
  const twice = [...wallet.applications].filter(([, times]) => times > 1);
  for (const [id, times] of twice) logMisses.push(`${id} applied ${times} times`);
  prove(
    "callback wallet: the wallet's log agrees with the ledger",
    logMisses.length === 0,
    logMisses.length === 0
      ? `${wallet.transactions.size} wallet transactions, ${txs.length} ledger rows, none applied twice`
      : `${logMisses.length} disagreements: ${logMisses.slice(0, 5).join('; ')}`,
  );

  // Rounds against their transactions: settled = stake debited and win credited, cancelled = nothing.
  const { rows: rounds } = await db.query(
    `select id, status, stake, win, wallet_mode from rounds where operator_id = $1`,
    [callbackOp],
  );
  const byRound = new Map<string, { debited: bigint; credited: bigint }>();
  for (const tx of txs) {
    // A jackpot win's credit is proved against the pool's wins below.
    if (!effective(tx) || tx.type === 'rollback' || tx.action_type === 'jackpot_win') continue;
    const sums = byRound.get(tx.round_id) ?? { debited: 0n, credited: 0n };
    if (tx.type === 'debit') sums.debited += tx.amount;
    else sums.credited += tx.amount;
    byRound.set(tx.round_id, sums);
  }
  const roundMisses = rounds.filter((round) => {
    const sums = byRound.get(round.id) ?? { debited: 0n, credited: 0n };
    return round.status === 'settled'
      ? sums.debited !== round.stake || sums.credited !== round.win
      : sums.debited !== 0n || sums.credited !== 0n;
  });
  const cancelled = rounds.filter((round) => round.status === 'cancelled').length;
  prove(
    'callback rounds match their money',
    roundMisses.length === 0,
    `${rounds.length} rounds (${cancelled} cancelled); settled ones debited their stake and credited their win, cancelled ones moved nothing` +
      (roundMisses.length
        ? `; ${roundMisses.length} do not: ${roundMisses.slice(0, 3).map((r) => r.id)}`
        : ''),
  );

  // Internal wallet: balance = start − stakes + wins of settled rounds, and the ledger rows agree.
  const internal = await internalBooks(db, internalOp);
  const prizesOf = (playerId: string) =>
    paidPrizes
      .filter((prize) => prize.operator_id === internalOp && prize.player_id === playerId)
      .reduce((sum, prize) => sum + prize.amount, 0n);
  const internalMisses = internal.filter((row) => {
    const start = internalStartBalance(row.currency);
    const balance = row.balance ?? start;
    return balance !== start + row.delta + prizesOf(row.player_id) || row.ledger !== row.delta;
  });
  const internalRounds = internal.reduce((a, row) => a + row.rounds, 0);
  prove(
    'internal wallet: no money lost or doubled',
    internalMisses.length === 0 && internal.length > 0,
    internalMisses.length === 0
      ? `${internal.length} players, ${internalRounds} rounds: balance = start − stakes + wins of settled rounds + jackpot wins + prizes, ledger rows agree`
      : `${internalMisses.length} players differ: ${internalMisses
          .slice(0, 3)
          .map((r) => `${r.player_id} balance ${r.balance} delta ${r.delta} ledger ${r.ledger}`)
          .join('; ')}`,
  );

  // A jackpot pool: every entry sealed, then anyone's check of its public record, every page of its
  // ledger fetched and checked here (src/domain/jackpot-audit.ts), as an outsider would; the public
  // page names only the pool, so east's is reached through the node's routing like the control's.
  // Then its wins against its cluster's rounds, transactions and callback wallet.
  type PublicPage = {
    pending: number;
    ledger: PublishedEntry[];
    blocks: PublishedBlock[];
    tiers: PublishedTier[];
    next_after: string | null;
  };
  const provePool = async (
    label: string,
    poolId: string,
    poolDb: Pick<pg.Pool, 'query'>,
    callbackOperator: string,
    poolWallet: typeof wallet,
  ) => {
    const pageOf = async (after: string) =>
      (await call(base, 'GET', `/api/public/v1/jackpots/${poolId}?after=${after}`, {}).catch(() => undefined))
        ?.body as PublicPage | undefined;
    let first: PublicPage | undefined;
    for (let tries = 0; tries < 60; tries++) {
      first = await pageOf('0');
      if (first?.pending === 0) break;
      await sleep(1000);
    }
    let poolCheck: ReturnType<typeof checkPool> | undefined;
    if (first?.pending === 0) {
      const entries = [...first.ledger];
      const blocks = [...first.blocks];
      for (let page: PublicPage | undefined = first; page?.next_after; ) {
        page = await pageOf(page.next_after);
        entries.push(...(page?.ledger ?? []));
        blocks.push(...(page?.blocks ?? []));
      }
      const unique = [...new Map(blocks.map((block) => [block.block, block])).values()];
      poolCheck = checkPool(poolId, entries, unique, first.tiers, 0);
    }
    prove(
      `${label}jackpot pool: seeds + contributions − wins = every meter, to the fine unit`,
      poolCheck !== undefined && poolCheck.problems.length === 0,
      poolCheck
        ? `${poolCheck.entriesChecked} ledger entries in ${poolCheck.blocksChecked} blocks, ${poolCheck.dropsChecked} drops checked against their commitments, from the public pages; ${poolCheck.problems.length === 0 ? 'no problems' : poolCheck.problems.slice(0, 3).join('; ')}`
        : 'the public record did not answer, or entries stayed pending',
    );
    const { rows: tierRows } = await poolDb.query(
      `select t.id, t.name, t.cycle, (select count(*) from jackpot_wins w where w.tier_id = t.id)::bigint as wins,
              (select count(distinct w.cycle) from jackpot_wins w where w.tier_id = t.id)::bigint as cycles
         from jackpot_tiers t where t.pool_id = $1 order by t.position`,
      [poolId],
    );
    // Every cycle before the current one closed with exactly one win (a void one included: its round's
    // stake was never taken), and none has two.
    const cycleMisses = tierRows.filter((row) => row.wins !== row.cycle - 1n || row.cycles !== row.wins);
    prove(
      `${label}jackpot: exactly one winner per drop`,
      cycleMisses.length === 0 && tierRows.some((row) => row.wins > 0n),
      `${tierRows.map((row) => `${row.name} ${row.wins} wins in ${row.cycle - 1n} closed cycles`).join(', ')}` +
        (cycleMisses.length ? `; differ: ${cycleMisses.map((row) => row.name).join(', ')}` : ''),
    );
    const { rows: wonRows } = await poolDb.query(
      `select w.id, w.round_id, w.amount, w.status, w.transaction_id, w.operator_id, r.status as round_status,
              t.status as tx_status, t.amount as tx_amount
         from jackpot_wins w join rounds r on r.id = w.round_id
         left join wallet_transactions t on t.id = w.transaction_id
        where w.pool_id = $1`,
      [poolId],
    );
    const creditMisses: string[] = [];
    for (const win of wonRows) {
      if (win.status === 'void') {
        if (win.round_status === 'settled' || win.tx_status)
          creditMisses.push(`${win.id} void but its round settled or credited`);
        continue;
      }
      if (win.round_status !== 'settled') creditMisses.push(`${win.id} won by a round that did not settle`);
      if (win.tx_status !== 'acknowledged' || win.tx_amount !== win.amount)
        creditMisses.push(`${win.id} credit ${win.tx_status ?? 'missing'}`);
      if (win.operator_id === callbackOperator && poolWallet.applications.get(win.transaction_id) !== 1)
        creditMisses.push(
          `${win.id} applied ${poolWallet.applications.get(win.transaction_id) ?? 0} times at the wallet`,
        );
    }
    const paid = wonRows.filter((win) => win.status === 'won');
    prove(
      `${label}jackpot: every win credited and acknowledged once`,
      creditMisses.length === 0 && paid.length > 0,
      `${paid.length} wins paid (${paid.filter((win) => win.operator_id === callbackOperator).length} through the callback wallet), ${wonRows.length - paid.length} void with their rounds` +
        (creditMisses.length
          ? `; ${creditMisses.length} problems: ${creditMisses.slice(0, 3).join('; ')}`
          : ''),
    );
  };
  await provePool('', poolId, db, callbackOp, wallet);

  // Campaigns (issue 29): the tournament's frozen standings are the ones recomputed here from the
  // rounds table (its own query, the domain's fold) and the live board's in Redis; every prize
  // paid once; every drop point taken once, by a round at or after it, as committed before it began.
  const campaignRows = (
    await db.query(
      `select id, kind, status, starts_at, ends_at, min_bet, best_n, drop_commit, drop_salt
         from campaigns where id = any($1::text[])`,
      [campaignIds],
    )
  ).rows as Array<{
    id: string;
    kind: string;
    status: string;
    starts_at: Date;
    ends_at: Date;
    min_bet: bigint;
    best_n: number | null;
    drop_commit: string;
    drop_salt: string | null;
  }>;
  const race = campaignRows.find((row) => row.kind === 'tournament');
  const drops = campaignRows.find((row) => row.kind === 'drop');
  if (!race || !drops) throw new Error('the campaigns are missing');
  const { rows: raceRounds } = await db.query(
    `select id, operator_id, player_id, session_id, created_at, stake, win from rounds
      where operator_id = any($1::text[]) and game_symbol = any($2::text[])
        and created_at >= $3 and created_at < $4 and free_round_grant_id is null and stake >= $5
        and (status = 'settled' or stage = 'credit')
      order by created_at, seq`,
    [[internalOp, callbackOp], GAMES, race.starts_at, race.ends_at, race.min_bet],
  );
  const folded = new Map<string, EntryScore>();
  for (const round of raceRounds) {
    const member = memberOf(round.operator_id, round.player_id);
    folded.set(
      member,
      scoreRound(
        folded.get(member) ?? emptyEntry(),
        {
          roundId: round.id,
          sessionId: round.session_id,
          at: round.created_at.getTime(),
          stake: round.stake,
          win: round.win,
          stakeFine: round.stake * 1_000_000n,
          winFine: round.win * 1_000_000n,
        },
        { scoring: 'best_n_ratio', bestN: race.best_n },
      ),
    );
  }
  const recomputed = [...folded]
    .filter(([, entry]) => entry.rounds > 0)
    .map(([member, entry]) => ({ member, score: entry.score, at: entry.at, rounds: entry.rounds }))
    .sort(placesBefore);
  const frozenStandings = (
    await db.query(
      `select operator_id, player_id, score::float8 as score, rounds from campaign_standings
        where campaign_id = $1 order by place`,
      [race.id],
    )
  ).rows;
  await liveSnapshot;
  const live = liveAtEnd ?? [];
  const shown = (rows: Array<{ member: string; score: number; rounds: number }>) =>
    rows.map((row) => `${row.member}=${row.score}/${row.rounds}`).join(',');
  const frozenShown = shown(
    frozenStandings.map((row) => ({
      member: memberOf(row.operator_id, row.player_id),
      score: row.score,
      rounds: row.rounds,
    })),
  );
  prove(
    'tournament: frozen standings = recomputed from the rounds',
    race.status === 'frozen' && recomputed.length > 0 && frozenShown === shown(recomputed),
    `${race.status}; ${recomputed.length} players, ${raceRounds.length} qualifying rounds across ${nodes.length} nodes` +
      (frozenShown === shown(recomputed)
        ? ", frozen = recomputed by this rehearsal's own query"
        : `; frozen ${frozenShown.slice(0, 200)} ≠ recomputed ${shown(recomputed).slice(0, 200)}`),
  );
  // The live board at the end is a figure, not a proof: a node killed mid-flush loses the rounds it had
  // queued, and a callback round that recovery settles is never sent (docs/campaigns.md).
  const liveMisses = recomputed.filter((row) => {
    const seen = live.find((entry) => entry.member === row.member);
    return !seen || seen.score !== row.score || seen.rounds !== row.rounds;
  });
  say(
    `rehearsal: the live board at the tournament's end (before the freeze): ${recomputed.length - liveMisses.length} of ${recomputed.length} players as recomputed` +
      (liveMisses.length
        ? `; ${liveMisses
            .slice(0, 4)
            .map((row) => {
              const seen = live.find((entry) => entry.member === row.member);
              return `${row.member} live ${seen?.rounds ?? 0} rounds, recomputed ${row.rounds}`;
            })
            .join('; ')}`
        : ''),
  );

  const prizeMisses: string[] = [];
  for (const prize of prizes) {
    if (prize.status !== 'acknowledged') prizeMisses.push(`${prize.id} is ${prize.status}`);
    if (prize.operator_id !== callbackOp || prize.kind !== 'cash') continue;
    const times = wallet.applications.get(prize.transaction_id) ?? 0;
    const atWallet = wallet.transactions.get(prize.transaction_id);
    if (times !== 1) prizeMisses.push(`${prize.id} applied ${times} times at the wallet`);
    if (
      atWallet &&
      (atWallet.amount !== prize.amount ||
        atWallet.playerId !== prize.player_id ||
        atWallet.type !== 'credit')
    )
      prizeMisses.push(`${prize.id} differs at the wallet`);
  }
  const places = prizes.filter((prize) => prize.source === 'place').length;
  prove(
    'campaign prizes: every one paid exactly once',
    prizeMisses.length === 0 && places === Math.min(6, recomputed.length) && prizes.length > places,
    `${places} tournament places and ${prizes.length - places} drops, ${paidPrizes.length} cash prizes paid ` +
      `(${paidPrizes.filter((prize) => prize.operator_id === callbackOp).length} through the faulty callback wallet, each applied once)` +
      (prizeMisses.length ? `; ${prizeMisses.length} problems: ${prizeMisses.slice(0, 3).join('; ')}` : ''),
  );

  const { rows: points } = await db.query(
    `select p.seq, p.at, p.prize, p.round_id, r.created_at as round_at,
            (select count(*) from campaign_prizes z where z.campaign_id = p.campaign_id and z.drop_seq = p.seq)::int as prize_rows
       from campaign_drop_points p left join rounds r on r.id = p.round_id
      where p.campaign_id = $1 order by p.seq`,
    [drops.id],
  );
  const pointMisses = points.filter(
    (point) => point.round_id !== null && (point.round_at < point.at || point.prize_rows !== 1),
  );
  const taken = points.filter((point) => point.round_id !== null).length;
  const committed =
    drops.drop_salt !== null && scheduleCommit(drops.id, points, drops.drop_salt) === drops.drop_commit;
  prove(
    'prize drop: each point taken once, by a round at or after it, as committed before the start',
    pointMisses.length === 0 &&
      committed &&
      taken > 0 &&
      new Set(points.map((p) => p.round_id).filter(Boolean)).size === taken,
    `${taken} of ${points.length} points landed (the rest fell where no round followed before the end); ` +
      `schedule ${committed ? 'hashes to its commitment' : 'does NOT hash to its commitment'}` +
      (pointMisses.length ? `; ${pointMisses.length} wrong` : ''),
  );

  const victimServedAfter = (tally.lastAt.get(victim.upstream) ?? 0) > victimBackAt && victimBackAt > 0;
  prove(
    'the killed node came back and served rounds',
    victimServedAfter,
    victimBackAt ? `${victim.name} restarted and answered rounds after it` : `${victim.name} never came back`,
  );
  prove(
    'play went on after the PostgreSQL restart',
    tally.spinsAfterPgRestart > 0,
    `${tally.spinsAfterPgRestart} rounds answered after it`,
  );

  if (east && eastOps && eastWallet) {
    // The second cluster: each of its operators' books read on east, which is now the promoted
    // replica (HAProxy's choice, checked here); then where every operator's rows are, and the staff
    // summary fanned out across both clusters against each operator's own ledger.
    const eastDb = new pg.Pool({ connectionString: east.url, max: 2 });
    eastDb.on('error', () => {});
    onCleanup('proof pool of east', () => eastDb.end());
    const serving = await east.servingPort();
    const on = `on ${EAST}'s promoted replica, port ${serving}`;
    prove(
      `${EAST}: no round left open after recovery`,
      eastLeft.open === 0 && eastLeft.pending === 0,
      `${eastLeft.open} open rounds, ${eastLeft.pending} unacknowledged credits/rollbacks, read ${on}`,
    );
    prove(
      `${EAST}: play went on after the failover`,
      eastFailedOverAt !== undefined && eastRoundsAfterFailover > 0,
      `${eastRoundsAfterFailover} of ${EAST}'s ${eastRounds} answered rounds came after HAProxy found the promoted replica`,
    );
    if (eastPoolId) await provePool(`${EAST}: `, eastPoolId, eastDb, eastOps.callback, eastWallet);
    const internalEast = await internalConservation(eastDb, eastOps.internal);
    prove(
      `${EAST} internal wallet: no money lost or doubled`,
      internalEast.ok,
      `${internalEast.detail}, ${on}`,
    );
    const callbackEast = await callbackConservation(
      eastDb,
      eastOps.callback,
      eastWallet,
      eastPlayers.filter((player) => player.mode === 'callback').map((player) => player.playerId),
      START_BALANCE,
    );
    prove(
      `${EAST} callback wallet: no money lost or doubled`,
      callbackEast.ok,
      `${callbackEast.detail}, ${on}`,
    );
    const placed = await placementVerdict([
      { name: 'control', db, operators: [internalOp, callbackOp] },
      { name: EAST, db: eastDb, operators: [eastOps.internal, eastOps.callback] },
    ]);
    prove(
      "each operator's rounds, sessions and transactions are on its own cluster only",
      placed.ok,
      placed.detail,
    );
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const summary = (
      await admin('GET', `/api/admin/v1/reports/summary?from=${day(started)}&to=${day(Date.now())}`)
    ).days as SummaryLine[];
    const reports = await reportsVerdict(summary, [
      { operatorId: internalOp, label: 'control internal', db },
      { operatorId: callbackOp, label: 'control callback', db },
      { operatorId: eastOps.internal, label: `${EAST} internal`, db: eastDb },
      { operatorId: eastOps.callback, label: `${EAST} callback`, db: eastDb },
    ]);
    prove(
      "staff report summary (fanned out) = each operator's ledger on its cluster",
      reports.ok,
      reports.detail,
    );
  }

  // Figures.
  say('rehearsal: rounds per node (nginx X-Upstream of every answered spin)');
  const totalSpins = sumSpins();
  for (const node of nodes) {
    const count = tally.spins.get(node.upstream) ?? 0;
    say(
      `  ${node.name} ${node.upstream}: ${count} rounds, ${(count / trafficSeconds).toFixed(1)} rounds/s over ${trafficSeconds.toFixed(0)} s`,
    );
  }
  say(
    `  all: ${totalSpins} rounds, ${(totalSpins / trafficSeconds).toFixed(1)} rounds/s; ${tally.launches} launches; ` +
      `${tally.retries} spin retries after a 5xx or a cut connection; ${faultCount} wallet faults injected`,
  );
  say(
    `  answers: ${[...tally.statuses]
      .sort()
      .map(([status, n]) => `${status}×${n}`)
      .join(', ')}`,
  );
  const c = calm as typeof calm & { seconds?: number; nodeSeconds?: number; pgSeconds?: number };
  if (c.spins > 0 && c.nodeSeconds !== undefined && c.pgSeconds !== undefined && c.seconds) {
    const per = (seconds: number) => (seconds / c.spins) * 1e6;
    say(
      `rehearsal: cost, calm window of ${c.seconds.toFixed(0)} s after the warm-up (${c.spins} rounds, ${(c.spins / c.seconds).toFixed(0)} rounds/s, both wallet modes, launches included)`,
    );
    say(
      `  rounds per node in it: ${nodes.map((n) => `${n.name} ${calm.perNode.get(n.upstream) ?? 0}`).join(', ')}`,
    );
    say(
      `  nodes: ${per(c.nodeSeconds).toFixed(0)} µs CPU per round → ${(per(c.nodeSeconds) / 1000).toFixed(2)} cores per 1,000 rounds/s`,
    );
    say(
      `  PostgreSQL (${postgres.scope}): ${per(c.pgSeconds).toFixed(0)} µs CPU per round → ${(per(c.pgSeconds) / 1000).toFixed(2)} cores per 1,000 rounds/s`,
    );
    say(
      `  Redis: ${c.redis} commands for ${c.provider} provider requests and ${c.spins} rounds → ${((c.redis / c.spins) * 1000).toFixed(0)} commands/s per 1,000 rounds/s, ${(c.redis / Math.max(1, c.provider)).toFixed(1)} per provider request (server-wide count: a shared Redis adds others' commands)`,
    );
  }

  const failed = proofs.filter((p) => !p.ok).length;
  const passed = proofs.length - failed;
  for (const proof of proofs.filter((p) => !p.ok)) say(`rehearsal: FAILED: ${proof.name}: ${proof.detail}`);
  say(`rehearsal: took ${((Date.now() - started) / 1000).toFixed(0)} s (logs were in ${dir})`);
  say(`rehearsal: ${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

let exiting = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (exiting) return;
    exiting = true;
    say(`rehearsal: ${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

main().then(
  async (code) => {
    await cleanup();
    process.exit(code);
  },
  async (error) => {
    say(`rehearsal: FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await cleanup();
    say('rehearsal: 0 passed, 1 failed');
    process.exit(1);
  },
);
