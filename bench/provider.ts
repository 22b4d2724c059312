// Provider API throughput beside a bare Fastify hello-world, same autocannon settings, one machine.
// Each endpoint is measured right after a hello-world run of its own, so that a machine whose load
// changes during the benchmark moves both sides of a ratio alike; read endpoints are also measured
// against the hello-world answering a body of the same size (what moving those bytes costs alone).
// Run: sh scripts/node24.sh node bench/provider.ts [--quick]
import { type CeilingResult, type CeilingRunner, mergeCeilings, openLaunchCeiling } from './ceiling.ts';
import { type LoadOptions, type LoadResult, load, merge, type Spread, spread, startChild } from './http.ts';

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
  /** The hello-world, measured in turns with the row. */
  hello: LoadResult;
  /** The row's req/s over the hello-world's, slice by slice. */
  ratios: Spread;
  /** The hello-world answering as many bytes as the endpoint does (GET endpoints). */
  sized?: { bytes: number; result: LoadResult; ratios: Spread };
  /**
   * A bare Node handler inside the node's own process answering the endpoint's bytes (GET endpoints):
   * `ratios` the endpoint over it, `overHello` it over the hello-world, slice by slice.
   */
  bare?: { result: LoadResult; ratios: Spread; overHello: Spread };
  /** The database's ceiling for a write endpoint, measured in turns with it (launch-url). */
  ceiling?: { result: CeilingResult; ratios: Spread };
}

/** Turns each endpoint and its baselines take (the duration is split between them). */
const SLICES = 5;
const QUICK_SLICES = 3;

export async function runProviderBench(options: { quick?: boolean } = {}): Promise<string> {
  const settings: LoadOptions = { duration: options.quick ? 3 : 10, connections: 20 };
  const slices = options.quick ? QUICK_SLICES : SLICES;
  const [hello, node] = await Promise.all([
    startChild<{ url: string }>('bench/hello.ts'),
    startChild<{ url: string; bareUrl: string; apiKey: string; operatorId: string; databaseUrl: string }>(
      'bench/serve.ts',
    ),
  ]);
  const { url, bareUrl, apiKey } = node.info;
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
      let bytes: number | undefined;
      if (!endpoint.bodies) {
        const answer = await fetch(`${url}${endpoint.path}`, { headers: requestHeaders });
        bytes = (await answer.arrayBuffer()).byteLength;
        // The bare handler copies the answer on its first request.
        await (await fetch(`${bareUrl}${endpoint.path}`)).arrayBuffer();
      }
      // The endpoint and its baselines take turns in short slices, so that a change of the machine's
      // load lands on all of them alike; each ratio is the median of the slices' own ratios.
      const slice = { ...settings, duration: settings.duration / slices };
      const runs: Array<{
        hello: LoadResult;
        row: LoadResult;
        sized?: LoadResult;
        bare?: LoadResult;
        ceiling?: CeilingResult;
      }> = [];
      // A write endpoint's ceiling takes its turn right after each of the endpoint's slices, on clients
      // connected once (after the first slice has written the session row it copies).
      let ceilingClients: CeilingRunner | undefined;
      for (let i = 0; i < slices; i++) {
        const hello1 = await load('hello-world (bare Fastify)', `${hello.info.url}/`, slice, {}, hello);
        const row1 = await load(
          endpoint.name,
          `${url}${endpoint.path}`,
          slice,
          endpoint.bodies
            ? {
                method: 'POST',
                headers: { ...requestHeaders, 'content-type': 'application/json' },
                bodies: endpoint.bodies,
              }
            : { headers: requestHeaders },
          node,
        );
        let sized1: LoadResult | undefined;
        let bare1: LoadResult | undefined;
        if (bytes !== undefined) {
          sized1 = await load(
            `hello-world, ${bytes} bytes`,
            `${hello.info.url}/sized/${bytes}`,
            slice,
            {},
            hello,
          );
          bare1 = await load(`bare handler, ${bytes} bytes`, `${bareUrl}${endpoint.path}`, slice, {}, node);
        }
        let ceiling1: CeilingResult | undefined;
        if (endpoint.bodies) {
          ceilingClients ??= await openLaunchCeiling({
            databaseUrl: node.info.databaseUrl,
            operatorId: node.info.operatorId,
            clients: settings.connections,
          });
          ceiling1 = await ceilingClients.measure(slice.duration * 1000);
        }
        runs.push({ hello: hello1, row: row1, sized: sized1, bare: bare1, ceiling: ceiling1 });
      }
      await ceilingClients?.close();
      const rows = runs.map((run) => run.row);
      const hellos = runs.map((run) => run.hello);
      let sized: Measured['sized'];
      let bare: Measured['bare'];
      if (bytes !== undefined) {
        const sizedRuns = runs.map((run) => run.sized as LoadResult);
        const bareRuns = runs.map((run) => run.bare as LoadResult);
        sized = { bytes, result: merge(sizedRuns), ratios: perSlice(rows, sizedRuns) };
        bare = {
          result: merge(bareRuns),
          ratios: perSlice(rows, bareRuns),
          overHello: perSlice(bareRuns, hellos),
        };
      }
      const ceilings = runs.flatMap((run) => (run.ceiling ? [run.ceiling] : []));
      const ceiling: Measured['ceiling'] =
        ceilings.length === runs.length
          ? {
              result: mergeCeilings(ceilings),
              ratios: spread(
                runs.map(
                  (run, i) => run.row.requestsPerSecond / (ceilings[i] as CeilingResult).roundsPerSecond,
                ),
              ),
            }
          : undefined;
      measured.push({
        endpoint,
        row: merge(rows),
        hello: merge(hellos),
        ratios: perSlice(rows, hellos),
        sized,
        bare,
        ceiling,
      });
    }
    return [
      '## Provider API',
      '',
      `autocannon, ${settings.connections} connections, ${settings.duration} s per endpoint and per baseline, pipelining 1; the servers`,
      'and autocannon are separate processes on the same 2-core machine; Reelforge on the embedded PostgreSQL,',
      `log level warn, rate limits off. Each endpoint takes turns with the hello-world in ${slices} slices of`,
      `${settings.duration / slices} s each (read endpoints also with the hello-world answering a JSON body of their size as`,
      "ready bytes, `× same body`); a ratio is the median of the slices' own ratios, with the lowest and",
      'highest in brackets; req/s and CPU are means over the slices, p99 the worst. `CPU µs/req` is the user + system',
      "CPU of the server process (not of its PostgreSQL) per request, read from /proc; the hello-world's is",
      'beside it.',
      '',
      report(measured),
      '',
      ...bareReport(measured),
      '',
      ...ceilingReport(measured, settings.connections),
    ].join('\n');
  } finally {
    await Promise.all([hello.stop(), node.stop()]);
  }
}

/** One load's req/s over another's, slice by slice: the median and range of the slices' ratios. */
function perSlice(tops: LoadResult[], bottoms: LoadResult[]): Spread {
  return spread(tops.map((top, i) => top.requestsPerSecond / (bottoms[i] as LoadResult).requestsPerSecond));
}

const shown = (ratios: Spread) =>
  `${ratios.median.toFixed(2)} (${ratios.low.toFixed(2)}–${ratios.high.toFixed(2)})`;

function report(measured: Measured[]): string {
  const cpu = (result: LoadResult) =>
    result.serverCpuMicros === undefined ? '' : result.serverCpuMicros.toFixed(0);
  const lines = [
    '| endpoint | req/s | p50 ms | p99 ms | hello-world req/s | × hello-world | goal | same body: bytes, req/s | × same body | CPU µs/req | hello-world CPU µs/req (same body) | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|',
  ];
  for (const { endpoint, row, hello, ratios, sized } of measured) {
    const ratio = shown(ratios);
    const same = sized ? `${sized.bytes} B, ${Math.round(sized.result.requestsPerSecond)}` : '';
    const sameRatio = sized ? shown(sized.ratios) : '';
    const helloCpu = `${cpu(hello)}${sized ? ` (${cpu(sized.result)})` : ''}`;
    lines.push(
      `| ${endpoint.name} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${Math.round(hello.requestsPerSecond)} | ${ratio} | ${endpoint.goal} | ${same} | ${sameRatio} | ${cpu(row)} | ${helloCpu} | ${row.non2xx + row.errors} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Read endpoints against a bare Node handler in the node's own process sending the same bytes: the
 * most any answer from that process could reach, so the part of the gap to the hello-world that the
 * read lane's own work (key, scope, request id, metrics) makes.
 */
function bareReport(measured: Measured[]): string[] {
  const lines = [
    "The same bytes from a bare Node handler inside the Reelforge node's own process (bench/serve.ts: no",
    'key check, no metrics, no request id; its own port), in a turn after each of the hello-world',
    "slices above. `bare × hello-world` is what the bytes and the node's process leave of the hello-world;",
    "`endpoint × bare` what the read lane's own work leaves of that.",
    '',
    '| endpoint | bare handler req/s | bare × hello-world | endpoint × bare | bare CPU µs/req |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const { endpoint, bare } of measured) {
    if (!bare) continue;
    const cpu = bare.result.serverCpuMicros === undefined ? '' : bare.result.serverCpuMicros.toFixed(0);
    lines.push(
      `| ${endpoint.name} | ${Math.round(bare.result.requestsPerSecond)} | ${shown(bare.overHello)} | ${shown(bare.ratios)} | ${cpu} |`,
    );
  }
  return lines;
}

/** Write endpoints against the database's own ceiling for their SQL (bench/ceiling.ts). */
function ceilingReport(measured: Measured[], clients: number): string[] {
  const lines = [
    `The database's ceiling for launch-url: ${clients} plain \`pg\` clients (no HTTP, no Reelforge code) each send`,
    "the endpoint's own upsert (the same prepared statement, same relaxed commit) with one new player per",
    "statement, on the same PostgreSQL (bench/ceiling.ts), in a turn right after each of the endpoint's slices,",
    "connected once; the ratio is the median of the slices' own ratios. The endpoint may pass it: launches",
    'that arrive in one event-loop turn share one statement.',
    '',
    '| what | launches/s | p50 ms | p99 ms | launch-url × this |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const { ceiling } of measured) {
    if (!ceiling) continue;
    const { result, ratios } = ceiling;
    lines.push(
      `| plain pg, one launch per statement | ${Math.round(result.roundsPerSecond)} | ${result.p50} | ${result.p99} | ${shown(ratios)} |`,
    );
  }
  return lines;
}

if (import.meta.main) {
  process.stdout.write(`${await runProviderBench({ quick: process.argv.includes('--quick') })}\n`);
}
