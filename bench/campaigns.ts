// Tournaments' leaderboards (issue 29): a campaign of 100,000 players in the shared Redis board, a
// player's place read as the game and the lobby read it (p50/p99 beside a bare Redis PING of the same
// run), and the cost of scoring on the spin path: node, PostgreSQL and Redis CPU a round for an
// operator whose every spin scores in a running tournament, against one outside it, in turns.

import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { memberOf, type ScoringRule } from '../src/domain/campaigns.ts';
import { type Leaderboard, redisLeaderboard, type ScoreEvent } from '../src/services/leaderboard.ts';
import { cpuSecondsOf, descendantsCpuSeconds, merge, spread, startChild } from './http.ts';
import { ADMIN_TOKEN, admin, launchSessions, openLoopSpins, spinLoad } from './runtime.ts';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PLAYERS = 100_000;
const RANK_GOAL_MS = 5;
const CPU_GOAL = 1.05;
const GAME = 'rf_copper_sevens';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** The CPU seconds a process has used (utime + stime from /proc), or 0 where it cannot be read. */
function processCpuSeconds(pid: number): number {
  try {
    return cpuSecondsOf(pid);
  } catch {
    return 0;
  }
}

async function redisPid(redis: Redis): Promise<number> {
  const info = await redis.info('server');
  return Number(/process_id:(\d+)/.exec(info)?.[1] ?? 0);
}

/** p50/p99 of `samples` sequential calls, in ms. */
async function timed(samples: number, call: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await call(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1] as number };
}

async function rankSection(quick: boolean): Promise<string[]> {
  const players = quick ? 10_000 : PLAYERS;
  const board: Leaderboard = redisLeaderboard(REDIS_URL, () => {});
  const redis = new Redis(REDIS_URL);
  const id = `cmp_bench${process.pid}`;
  const rule: ScoringRule = { scoring: 'max_multiplier', bestN: null };
  try {
    await board.remove(id);
    await board.load(id, new Map(), [], []);
    // Every player scores three rounds, as the spin path sends them: batches of a flush.
    const start = Date.now() - 3_600_000;
    const loadStarted = performance.now();
    for (let round = 0; round < 3; round++) {
      for (let first = 0; first < players; first += 500) {
        const events: ScoreEvent[] = [];
        for (let p = first; p < Math.min(players, first + 500); p++) {
          const stake = 100n;
          const win = BigInt((p * 7919 + round * 104_729) % 50_000);
          events.push({
            member: memberOf(`op_${p % 3}`, `player-${p}`),
            needsEntry: false,
            round: {
              roundId: `r${round}-${p}`,
              sessionId: `s${p}`,
              at: start + round * 60_000 + p,
              stake,
              win,
              stakeFine: stake * 1_000_000n,
              winFine: win * 1_000_000n,
            },
          });
        }
        await board.apply(id, rule, events);
      }
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const samples = quick ? 1000 : 5000;
    const ping = await timed(samples, () => redis.ping());
    const place = await timed(samples, (i) =>
      board.placeOf(id, memberOf(`op_${i % 3}`, `player-${(i * 7907) % players}`)),
    );
    const top = await timed(samples, () => board.top(id, 10));
    const size = await board.size(id);
    const met = place.p99 <= RANK_GOAL_MS;
    return [
      `### A player's place among ${size.toLocaleString('en')} players`,
      '',
      `One campaign's board in Redis (${REDIS_URL.replace(/\/\/.*@/, '//')}), ${players.toLocaleString('en')} players with three rounds each (scored in batches of 500, as the nodes' flushes send them: ${((players * 3) / loadSeconds).toFixed(0)} rounds/s from one client). ${samples} sequential reads each; the PING is the same client's round trip in the same run.`,
      '',
      '| read | p50 ms | p99 ms | max ms |',
      '|---|---:|---:|---:|',
      `| Redis PING (baseline) | ${ping.p50.toFixed(3)} | ${ping.p99.toFixed(3)} | ${ping.max.toFixed(2)} |`,
      `| a player's place and score (one Lua call: ZREVRANK) | ${place.p50.toFixed(3)} | ${place.p99.toFixed(3)} | ${place.max.toFixed(2)} |`,
      `| the top 10 (ZREVRANGE + HMGET) | ${top.p50.toFixed(3)} | ${top.p99.toFixed(3)} | ${top.max.toFixed(2)} |`,
      '',
      `- Goal (issue 29): a player's place in p99 ≤ ${RANK_GOAL_MS} ms: ${met ? 'met' : 'NOT met'} (${place.p99.toFixed(3)} ms; ${(place.p99 / ping.p99).toFixed(1)}× the PING's p99).`,
    ];
  } finally {
    await board.remove(id);
    await board.close();
    redis.disconnect();
  }
}

async function internalOperator(base: string, name: string): Promise<{ id: string; apiKey: string }> {
  const created = await admin(base, 'POST', '/api/admin/v1/operators', { name, wallet_mode: 'internal' });
  const id = created.operator.id as string;
  await admin(base, 'PUT', `/api/admin/v1/operators/${id}/catalog`, { symbols: [GAME] });
  const apiKey = (await admin(base, 'POST', `/api/admin/v1/operators/${id}/api-keys`)).api_key as string;
  return { id, apiKey };
}

async function scoringSection(quick: boolean): Promise<string[]> {
  const slices = quick ? 3 : 7;
  const sliceSeconds = quick ? 2 : 4;
  const server = await startChild<{ url: string }>('bench/serve.ts', {
    REDIS_URL,
    BENCH_CAMPAIGN_START_MS: '4000',
  });
  const redis = new Redis(REDIS_URL);
  try {
    const base = server.info.url;
    const scoring = await internalOperator(base, 'Bench Tournament Casino');
    const plain = await internalOperator(base, 'Bench Plain Casino');
    const control = await internalOperator(base, 'Bench Control Casino');
    // The campaign: every spin of `scoring` scores (no opt-in, no minimum bet), created and approved
    // through the node's own services (bench/serve.ts), starting a few seconds from now.
    const started = await fetch(`${base}/bench/campaign`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ operator_id: scoring.id, game: GAME }),
    });
    if (started.status !== 200) throw new Error(`campaign: ${started.status} ${await started.text()}`);
    const { campaign_id: campaignId, starts_at: startsAt } = (await started.json()) as {
      campaign_id: string;
      starts_at: string;
    };
    const tokens = {
      with: await launchSessions(base, scoring.apiKey),
      without: await launchSessions(base, plain.apiKey),
      control: await launchSessions(base, control.apiKey),
    };
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, new Date(startsAt).getTime() - Date.now() + 500)),
    );
    // Capacity, closed loop; then every slice is offered the same fixed rate, below it. CPU a round
    // at saturation follows the throughput a slice happened to get (a slower slice batches fewer
    // rounds a statement and pays more a round), which moved the ratio by ±20 % between two loads
    // that both scored nothing: at one offered rate every load batches alike.
    const warm = { duration: quick ? 1 : 2, connections: 32 };
    const capacity = Math.min(
      (await spinLoad('warm', base, tokens.with, warm)).requestsPerSecond,
      (await spinLoad('warm', base, tokens.without, warm)).requestsPerSecond,
      (await spinLoad('warm', base, tokens.control, warm)).requestsPerSecond,
    );
    const rate = Math.max(50, Math.round((capacity * 0.6) / 10) * 10);
    const redisProcess = await redisPid(redis);

    const measured = async (name: string, sessionTokens: string[]) => {
      const before = {
        node: server.cpuSeconds(),
        db: descendantsCpuSeconds(server.pid),
        redis: processCpuSeconds(redisProcess),
      };
      const result = await openLoopSpins(name, base, sessionTokens, rate, sliceSeconds);
      // The scorer flushes every 200 ms: let the last batch land inside this slice's count.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rounds = Math.max(1, Math.round(rate * sliceSeconds));
      const per = (seconds: number) => (seconds * 1000) / rounds;
      return {
        result,
        cpu: {
          node: per(server.cpuSeconds() - before.node),
          db: per(descendantsCpuSeconds(server.pid) - before.db),
          redis: per(processCpuSeconds(redisProcess) - before.redis),
        },
      };
    };
    type Measured = Awaited<ReturnType<typeof measured>>;
    const loads = {
      with: { name: 'POST spin, scoring in a tournament', runs: [] as Measured[] },
      without: { name: 'POST spin, no campaign', runs: [] as Measured[] },
      control: { name: 'POST spin, no campaign (a second operator: the control)', runs: [] as Measured[] },
    };
    const orders: Array<Array<keyof typeof loads>> = [
      ['with', 'without', 'control'],
      ['without', 'control', 'with'],
      ['control', 'with', 'without'],
    ];
    for (let i = 0; i < slices; i++) {
      for (const which of orders[i % orders.length] as Array<keyof typeof loads>)
        loads[which].runs.push(await measured(loads[which].name, tokens[which]));
    }
    const total = (run: Measured) => run.cpu.node + run.cpu.db + run.cpu.redis;
    const ratioOf = (runs: Measured[]) =>
      spread(runs.map((run, i) => total(run) / total(loads.without.runs[i] as Measured)));
    const ratio = ratioOf(loads.with.runs);
    const noise = ratioOf(loads.control.runs);
    const mean = (runs: Measured[], key: 'node' | 'db' | 'redis') =>
      runs.reduce((sum, run) => sum + run.cpu[key], 0) / runs.length;
    const standings = (await (
      await fetch(`${base}/bench/campaign/${campaignId}`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).json()) as { players: number; rounds: number; recomputed_rounds: number };
    const row = ({ runs }: { runs: Measured[] }) => {
      const result = merge(runs.map((run) => run.result));
      return `| ${result.name} | ${Math.round(result.requestsPerSecond)} | ${result.p50} | ${result.p99} | ${mean(runs, 'node').toFixed(3)} | ${mean(runs, 'db').toFixed(3)} | ${mean(runs, 'redis').toFixed(3)} | ${result.non2xx + result.errors} |`;
    };
    return [
      '### Scoring on the spin path',
      '',
      `An operator whose every spin scores in a running tournament (total bet; the board in Redis) against an operator outside any campaign, and a second one outside it as the control (what two loads that differ in nothing read apart), the same game, ${tokens.with.length} sessions each. Each load is offered the same fixed rate, ${rate} spins/s (60 % of the slowest load's closed-loop capacity, ${Math.round(capacity)}/s), open loop, in ${slices} slices of ${sliceSeconds} s taking turns. CPU a round of every process the round touches: the node, its PostgreSQL, and the Redis server.`,
      '',
      '| load | req/s | p50 ms | p99 ms | node CPU ms/round | PostgreSQL CPU ms/round | Redis CPU ms/round | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      row(loads.with),
      row(loads.without),
      row(loads.control),
      '',
      `- All processes' CPU a round, scoring ÷ not: ${ratio.median.toFixed(3)} (slices ${ratio.low.toFixed(3)}–${ratio.high.toFixed(3)}); the control ÷ not, which differ in nothing: ${noise.median.toFixed(3)} (slices ${noise.low.toFixed(3)}–${noise.high.toFixed(3)}). Goal (issue 29): ≤ ${CPU_GOAL} (scoring adds ≤ 5 %): ${ratio.median <= CPU_GOAL ? 'met' : 'NOT met'}.`,
      `- The board after the run: ${standings.players} players, ${standings.rounds} rounds scored; recomputed from the rounds table: ${standings.recomputed_rounds} rounds (${standings.rounds === standings.recomputed_rounds ? 'the same' : 'DIFFERENT'}).`,
    ];
  } finally {
    redis.disconnect();
    await server.stop();
  }
}

export async function runCampaignBench(options: { quick?: boolean } = {}): Promise<string> {
  const quick = options.quick === true;
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await probe.connect();
    await probe.ping();
  } catch {
    return `## Tournaments and drops\n\n(not measured: no Redis at ${REDIS_URL}; set BENCH_REDIS_URL)`;
  } finally {
    probe.disconnect();
  }
  const rank = await rankSection(quick);
  const scoring = await scoringSection(quick);
  return ['## Tournaments and drops', '', ...rank, '', ...scoring].join('\n');
}

if (import.meta.main) {
  process.stdout.write(`${await runCampaignBench({ quick: process.argv.includes('--quick') })}\n`);
}
