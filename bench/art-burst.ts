// Art burst: does a flood of public artwork requests slow the players down? The probe (spins on a
// live game; /health and the catalog when no game is live, as on a branch whose certificates are
// being rewritten) is measured alone, then beside a burst of banner PNG requests that each name a
// new title — the request that used to start half a second of rendering each. The ratio of the two
// latencies, measured in the same run, is the figure; absolute milliseconds move with the machine.
// The node runs with the public limit off, so the figure is the rendering bound's own.
// Standalone: sh scripts/node24.sh node bench/art-burst.ts [--quick]
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { gameInfos } from '../src/games/index.ts';
import { root, startChild } from './http.ts';
import { launchSessions } from './runtime.ts';

/** Art requests in the burst: the red team's 60, each a new title. */
const BURST = 60;

interface Latency {
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
}

function latencyOf(result: autocannon.Result): Latency {
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
  };
}

/** The red team's burst: `count` banner PNGs, each with a new title, spread evenly over `seconds`. */
async function artBurst(base: string, symbol: string, count: number, seconds: number) {
  const statuses: Record<number, number> = {};
  let bytes = 0;
  const one = async (i: number) => {
    await new Promise((resolve) => setTimeout(resolve, (i * seconds * 1000) / count));
    const title = `Burst ${i} ${Math.random().toString(36).slice(2)}`;
    const answer = await fetch(
      `${base}/api/provider/v1/game-art/${symbol}?size=banner&format=png&title=${encodeURIComponent(title)}`,
    );
    bytes += (await answer.arrayBuffer()).byteLength;
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  };
  await Promise.all(Array.from({ length: count }, (_, i) => one(i)));
  return { sent: count, statuses, bytes };
}

/** The burst in a child process of its own, so its client work does not share the probe's event loop. */
function burstChild(base: string, symbol: string, count: number, seconds: number) {
  const child = spawn(process.execPath, [path.join(root, 'bench/art-burst.ts')], {
    env: { ...process.env, ART_BURST: JSON.stringify({ base, symbol, count, seconds }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  return new Promise<Awaited<ReturnType<typeof artBurst>>>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`burst exited ${code}`)),
    ),
  );
}

export async function runArtBurstBench(options: { quick?: boolean } = {}): Promise<string> {
  const duration = options.quick ? 4 : 10;
  const server = await startChild<{ url: string; apiKey: string }>('bench/serve.ts', {
    PUBLIC_RATE_LIMIT_PER_MINUTE: '0',
    // Only the node's JSON line on stdout: start-up logs are JSON too (an uncertified game is an error line).
    LOG_LEVEL: 'fatal',
  });
  try {
    const base = server.info.url;
    const live = gameInfos.find((game) => game.live);
    const probe: autocannon.Options = { url: base, duration, connections: 4 };
    let probeName: string;
    if (live) {
      const tokens = await launchSessions(base, server.info.apiKey, 'art-burst');
      let n = 0;
      probeName = `POST /api/runtime/v1/spin (${live.symbol}, internal wallet)`;
      probe.requests = [
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
              body: JSON.stringify({ coin: '0.01', bet_level: 1, client_round_id: `art-${n}` }),
            };
          },
        },
      ];
    } else {
      // No live game: the nearest stand-in is a request that goes through Fastify and the database.
      probeName = 'GET /health (Fastify and a database round trip; no game is live on this tree to spin)';
      probe.requests = [{ method: 'GET', path: '/health' }];
    }
    const symbol = (gameInfos[0] as { symbol: string }).symbol;
    // Warm-up: the node's first answers (JIT, caches, the game's one banner) are not the figure.
    await autocannon({ ...probe, duration: 1 });
    await fetch(`${base}/api/provider/v1/game-art/${symbol}?size=banner&format=png`).then((r) =>
      r.arrayBuffer(),
    );

    const alone = latencyOf(await autocannon(probe));
    const burst = burstChild(base, symbol, BURST, duration);
    const beside = latencyOf(await autocannon(probe));
    const art = await burst;

    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
    const row = (name: string, l: Latency) =>
      `| ${name} | ${l.requests} | ${l.p50} | ${l.p99} | ${l.max} | ${l.non2xx} |`;
    return [
      '## Art burst',
      '',
      `Probe: ${probeName}, 4 connections, ${duration} s alone, then ${duration} s beside the red team's burst:`,
      `${BURST} banner PNGs of ${symbol}, each with a new \`title\`, spread over the ${duration} s, sent from a`,
      'process of their own (the public limit off, so every one reached the route). Latencies in ms as',
      'autocannon measured them.',
      '',
      '| probe | requests | p50 | p99 | max | non-2xx |',
      '|---|---:|---:|---:|---:|---:|',
      row('alone (baseline)', alone),
      row('beside the art burst', beside),
      '',
      `Ratios (beside / alone): p50 ${ratio(beside.p50, alone.p50)}, p99 ${ratio(beside.p99, alone.p99)}, max ${ratio(beside.max, alone.max)}.`,
      `Art requests in the burst: ${art.sent}, answered ${JSON.stringify(art.statuses)} (${Math.round(art.bytes / 1024)} KiB); a new title renders nothing (the game's banner is made once).`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}

const job = process.env.ART_BURST;
if (job) {
  const { base, symbol, count, seconds } = JSON.parse(job);
  process.stdout.write(JSON.stringify(await artBurst(base, symbol, count, seconds)));
} else if (import.meta.main) {
  process.stdout.write(`${await runArtBurstBench({ quick: process.argv.includes('--quick') })}\n`);
}
