// Memory soak (issue 11, item 4): a Reelforge node under a steady mix of every kind of request for
// ten minutes; its RSS is read from /proc every few seconds. The figure that matters is the RSS at
// the end against the RSS after the first minute (JIT, pools and caches warm by then): no growth.
// npm run bench:soak [-- --minutes 10] [--no-write]   (writes its section of BENCHMARKS.md)
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { startChild, writeBenchmarksSection } from './http.ts';
import { createCallbackOperator, launchSessions } from './runtime.ts';

const args = process.argv.slice(2);
const minutesArg = args.indexOf('--minutes');
const MINUTES = minutesArg >= 0 ? Number(args[minutesArg + 1]) : 10;
const WRITE = !args.includes('--no-write');
const SAMPLE_MS = 5_000;

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

interface Sample {
  seconds: number;
  rss: number;
}

const server = await startChild<{ url: string; apiKey: string }>('bench/serve.ts', {
  WALLET_TIMEOUT_MS: '2000',
});
const mock = await startChild<{ url: string }>('bench/runtime.ts', { RUNTIME_BENCH_ROLE: 'mock-wallet' });
const base = server.info.url;
const json = { 'content-type': 'application/json' };
try {
  const { apiKey: callbackKey } = await createCallbackOperator(base, mock.info.url, 'Soak Callback Casino');
  const internalTokens = await launchSessions(base, server.info.apiKey, 'soak');
  const callbackTokens = await launchSessions(base, callbackKey);

  const duration = Math.round(MINUTES * 60);
  let round = 0;
  const spins = (tokens: string[]) => ({
    method: 'POST' as const,
    path: '/api/runtime/v1/spin',
    setupRequest: (request: autocannon.Request) => {
      round += 1;
      return {
        ...request,
        headers: { ...json, authorization: `Bearer ${tokens[round % tokens.length]}` },
        body: JSON.stringify({ coin: '0.01', bet_level: 1, client_round_id: `soak-${round}` }),
      };
    },
  });
  let reader = 0;
  const reads = (tokens: string[]) => ({
    method: 'GET' as const,
    setupRequest: (request: autocannon.Request) => {
      reader += 1;
      const token = tokens[reader % tokens.length];
      return {
        ...request,
        path: reader % 2 ? '/api/runtime/v1/session' : '/api/runtime/v1/history?limit=20',
        headers: { authorization: `Bearer ${token}` },
      };
    },
  });
  let player = 0;
  const provider = { 'x-provider-api-key': server.info.apiKey };
  // The mix: play in both wallet modes, the player's reads, the lobby's reads and new launches.
  const loads: [string, autocannon.Options][] = [
    ['spin, internal wallet', { url: base, connections: 8, requests: [spins(internalTokens)] }],
    ['spin, callback wallet', { url: base, connections: 8, requests: [spins(callbackTokens)] }],
    ['session and history', { url: base, connections: 2, requests: [reads(internalTokens)] }],
    ['catalog', { url: `${base}/api/provider/v1/games`, connections: 2, headers: provider }],
    [
      'game art',
      { url: `${base}/api/provider/v1/game-art/rf_ember_crown?title=Ember%20Crown`, connections: 2 },
    ],
    [
      'launch-url (a new player each)',
      {
        url: `${base}/api/provider/v1/launch-url`,
        connections: 2,
        method: 'POST',
        headers: { ...provider, ...json },
        requests: [
          {
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              body: JSON.stringify({ symbol: 'rf_ember_crown', external_player_id: `soak-new-${player++}` }),
            }),
          },
        ],
      },
    ],
  ];
  const started = Date.now();
  const samples: Sample[] = [{ seconds: 0, rss: rssMiB(server.pid) }];
  const sampler = setInterval(() => {
    const seconds = (Date.now() - started) / 1000;
    samples.push({ seconds, rss: rssMiB(server.pid) });
    if (Math.round(seconds) % 60 < SAMPLE_MS / 1000) {
      process.stderr.write(
        `soak: ${(seconds / 60).toFixed(1)} min, RSS ${samples.at(-1)?.rss.toFixed(1)} MiB\n`,
      );
    }
  }, SAMPLE_MS);
  const results = await Promise.all(
    loads.map(async ([name, options]) => ({ name, result: await autocannon({ ...options, duration }) })),
  );
  clearInterval(sampler);
  samples.push({ seconds: (Date.now() - started) / 1000, rss: rssMiB(server.pid) });

  const at = (seconds: number) =>
    samples.reduce((best, s) =>
      Math.abs(s.seconds - seconds) < Math.abs(best.seconds - seconds) ? s : best,
    );
  const oneMinute = at(60);
  const end = samples.at(-1) as Sample;
  const peak = Math.max(...samples.map((s) => s.rss));
  const growth = (end.rss / oneMinute.rss - 1) * 100;
  const settled = (end.rss / at(120).rss - 1) * 100;
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
  const rows = results.map(({ name, result }) => {
    const bad = result.non2xx + result.errors;
    return `| ${name} | ${Math.round(result.requests.total).toLocaleString('en-US')} | ${result.requests.average.toFixed(0)} | ${result.latency.p99} | ${bad} |`;
  });
  const minuteMarks = [1, 2, 5, MINUTES].filter((m, i, all) => m <= MINUTES && all.indexOf(m) === i);
  const section = [
    '## Memory soak',
    '',
    `\`npm run bench:soak\` (${MINUTES} min): one Reelforge node on the embedded PostgreSQL and a mock callback`,
    'wallet, each in its own process, under all of the mix below at once (autocannon, every stream for the',
    `whole run); the node's RSS read from /proc every ${SAMPLE_MS / 1000} s. Load average at the end: ${os.loadavg()[0]?.toFixed(1)}`,
    '(2 cores; the request rates move with it, the RSS figures hardly).',
    '',
    '| stream | requests | req/s | p99 ms | non-2xx + errors |',
    '|---|---:|---:|---:|---:|',
    ...rows,
    '',
    '| RSS | MiB |',
    '|---|---:|',
    `| at start (idle, sessions launched) | ${samples[0]?.rss.toFixed(1)} |`,
    ...minuteMarks.map((m) => `| after ${m} min | ${at(m * 60).rss.toFixed(1)} |`),
    `| peak | ${peak.toFixed(1)} |`,
    '',
    `End against the first minute: ${signed(growth)} % (goal: within ±10 %); against the second minute, when`,
    `the caches and pools are full: ${signed(settled)} %.`,
  ].join('\n');
  process.stdout.write(`${section}\n`);
  if (WRITE) {
    await writeBenchmarksSection(section);
    process.stderr.write('soak: wrote its section of BENCHMARKS.md\n');
  }
} finally {
  await Promise.all([server.stop(), mock.stop()]);
}
