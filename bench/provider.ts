// Provider API throughput beside a bare Fastify hello-world, same autocannon settings, one machine.
// Each endpoint is measured right after a hello-world run of its own, so that a machine whose load
// changes during the benchmark moves both sides of a ratio alike; read endpoints are also measured
// against the hello-world answering a body of the same size (what moving those bytes costs alone).
// Run: sh scripts/node24.sh node bench/provider.ts [--quick]
import { type CeilingResult, measureLaunchCeiling } from './ceiling.ts';
import { type LoadOptions, type LoadResult, load, startChild } from './http.ts';

interface Endpoint {
  name: string;
  path: string;
  goal: string;
  authenticated: boolean;
  /** A new body per request (launch-url); GET when absent. */
  bodies?: () => string;
}

interface Measured {
  endpoint: Endpoint;
  row: LoadResult;
  /** The hello-world measured just before the row. */
  hello: LoadResult;
  /** The hello-world answering as many bytes as the endpoint does (GET endpoints). */
  sized?: { bytes: number; result: LoadResult };
  /** The database's ceiling for a write endpoint, measured right after it (launch-url). */
  ceiling?: CeilingResult;
}

export async function runProviderBench(options: { quick?: boolean } = {}): Promise<string> {
  const settings: LoadOptions = { duration: options.quick ? 3 : 10, connections: 20 };
  const [hello, node] = await Promise.all([
    startChild<{ url: string }>('bench/hello.ts'),
    startChild<{ url: string; apiKey: string; operatorId: string; databaseUrl: string }>('bench/serve.ts'),
  ]);
  const { url, apiKey } = node.info;
  const headers = { 'x-provider-api-key': apiKey };
  let player = 0;
  const endpoints: Endpoint[] = [
    {
      name: 'GET /api/provider/v1/games',
      path: '/api/provider/v1/games',
      goal: '≥ 0.9×',
      authenticated: true,
    },
    {
      name: 'GET /api/provider/v1/games/{symbol}',
      path: '/api/provider/v1/games/rf_ember_crown',
      goal: '≥ 0.9×',
      authenticated: true,
    },
    {
      name: 'GET /api/provider/v1/game-art/{symbol} (SVG)',
      path: '/api/provider/v1/game-art/rf_ember_crown?title=Ember%20Crown&slug=ember-crown',
      goal: '≥ 0.9×',
      authenticated: false,
    },
    {
      name: 'POST /api/provider/v1/launch-url',
      path: '/api/provider/v1/launch-url',
      goal: '≥ 0.5×',
      authenticated: true,
      // A new player each time: every request creates a session row.
      bodies: () => JSON.stringify({ symbol: 'rf_ember_crown', external_player_id: `bench-${player++}` }),
    },
  ];
  try {
    const warm = { ...settings, duration: 2 };
    await Promise.all([
      load('warm-up', `${hello.info.url}/`, warm),
      load('warm-up', `${url}/api/provider/v1/games`, warm, { headers }),
    ]);
    const measured: Measured[] = [];
    for (const endpoint of endpoints) {
      const requestHeaders = endpoint.authenticated ? headers : {};
      const baseline = await load('hello-world (bare Fastify)', `${hello.info.url}/`, settings, {}, hello);
      const row = await load(
        endpoint.name,
        `${url}${endpoint.path}`,
        settings,
        endpoint.bodies
          ? {
              method: 'POST',
              headers: { ...requestHeaders, 'content-type': 'application/json' },
              bodies: endpoint.bodies,
            }
          : { headers: requestHeaders },
        node,
      );
      let sized: Measured['sized'];
      if (!endpoint.bodies) {
        const answer = await fetch(`${url}${endpoint.path}`, { headers: requestHeaders });
        const bytes = (await answer.arrayBuffer()).byteLength;
        const result = await load(
          `hello-world, ${bytes} bytes`,
          `${hello.info.url}/sized/${bytes}`,
          settings,
          {},
          hello,
        );
        sized = { bytes, result };
      }
      let ceiling: CeilingResult | undefined;
      if (endpoint.bodies) {
        ceiling = await measureLaunchCeiling({
          databaseUrl: node.info.databaseUrl,
          operatorId: node.info.operatorId,
          clients: settings.connections,
          durationMs: settings.duration * 1000,
        });
      }
      measured.push({ endpoint, row, hello: baseline, sized, ceiling });
    }
    return [
      '## Provider API',
      '',
      `autocannon, ${settings.connections} connections, ${settings.duration} s per run, pipelining 1; the servers`,
      'and autocannon are separate processes on the same 2-core machine; Reelforge on the embedded PostgreSQL,',
      'log level warn, rate limits off. Each endpoint runs right after a hello-world run of its own',
      '(`× hello-world` is against that one); read endpoints run a third time against the hello-world',
      'answering a JSON body of their size as ready bytes (`× same body`). `CPU µs/req` is the user + system',
      "CPU of the server process (not of its PostgreSQL) per request, read from /proc; the hello-world's is",
      'beside it.',
      '',
      report(measured),
      '',
      ...ceilingReport(measured, settings.connections),
    ].join('\n');
  } finally {
    await Promise.all([hello.stop(), node.stop()]);
  }
}

function report(measured: Measured[]): string {
  const cpu = (result: LoadResult) =>
    result.serverCpuMicros === undefined ? '' : result.serverCpuMicros.toFixed(0);
  const lines = [
    '| endpoint | req/s | p50 ms | p99 ms | hello-world req/s | × hello-world | goal | same body: bytes, req/s | × same body | CPU µs/req | hello-world CPU µs/req (same body) | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|',
  ];
  for (const { endpoint, row, hello, sized } of measured) {
    const ratio = (row.requestsPerSecond / hello.requestsPerSecond).toFixed(2);
    const same = sized ? `${sized.bytes} B, ${Math.round(sized.result.requestsPerSecond)}` : '';
    const sameRatio = sized ? (row.requestsPerSecond / sized.result.requestsPerSecond).toFixed(2) : '';
    const helloCpu = `${cpu(hello)}${sized ? ` (${cpu(sized.result)})` : ''}`;
    lines.push(
      `| ${endpoint.name} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${Math.round(hello.requestsPerSecond)} | ${ratio} | ${endpoint.goal} | ${same} | ${sameRatio} | ${cpu(row)} | ${helloCpu} | ${row.non2xx + row.errors} |`,
    );
  }
  return lines.join('\n');
}

/** Write endpoints against the database's own ceiling for their SQL (bench/ceiling.ts). */
function ceilingReport(measured: Measured[], clients: number): string[] {
  const lines = [
    `The database's ceiling for launch-url: ${clients} plain \`pg\` clients (no HTTP, no Reelforge code) each send`,
    "the endpoint's own upsert (the same prepared statement, same relaxed commit) with one new player per",
    'statement, on the same PostgreSQL, right after the endpoint ran (bench/ceiling.ts). The endpoint may pass',
    'it: launches that arrive in one event-loop turn share one statement.',
    '',
    '| what | launches/s | p50 ms | p99 ms | launch-url × this |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const { row, ceiling } of measured) {
    if (!ceiling) continue;
    lines.push(
      `| plain pg, one launch per statement | ${Math.round(ceiling.roundsPerSecond)} | ${ceiling.p50} | ${ceiling.p99} | ${(row.requestsPerSecond / ceiling.roundsPerSecond).toFixed(2)} |`,
    );
  }
  return lines;
}

if (import.meta.main) {
  process.stdout.write(`${await runProviderBench({ quick: process.argv.includes('--quick') })}\n`);
}
