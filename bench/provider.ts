// Provider API throughput beside a bare Fastify hello-world, same autocannon settings, one machine.
// Run: sh scripts/node24.sh node bench/provider.ts [--quick]
import { type LoadOptions, load, startChild, table } from './http.ts';

export async function runProviderBench(options: { quick?: boolean } = {}): Promise<string> {
  const settings: LoadOptions = { duration: options.quick ? 3 : 10, connections: 20 };
  const hello = await startChild<{ url: string }>('bench/hello.ts');
  const baseline = await load('hello-world (bare Fastify)', `${hello.info.url}/`, settings, {}, hello);
  await hello.stop();

  const node = await startChild<{ url: string; apiKey: string }>('bench/serve.ts');
  const { url, apiKey } = node.info;
  const headers = { 'x-provider-api-key': apiKey };
  try {
    await load('warm-up', `${url}/api/provider/v1/games`, { ...settings, duration: 2 }, { headers });
    const rows = [
      await load('GET /api/provider/v1/games', `${url}/api/provider/v1/games`, settings, { headers }, node),
      await load(
        'GET /api/provider/v1/games/{symbol}',
        `${url}/api/provider/v1/games/rf_ember_crown`,
        settings,
        { headers },
        node,
      ),
      await load(
        'GET /api/provider/v1/game-art/{symbol} (SVG)',
        `${url}/api/provider/v1/game-art/rf_ember_crown?title=Ember%20Crown&slug=ember-crown`,
        settings,
        {},
        node,
      ),
      await load(
        'POST /api/provider/v1/launch-url',
        `${url}/api/provider/v1/launch-url`,
        settings,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          // A new player each time: every request creates a session row.
          bodies: (() => {
            let n = 0;
            return () => JSON.stringify({ symbol: 'rf_ember_crown', external_player_id: `bench-${n++}` });
          })(),
        },
        node,
      ),
    ];
    const goals = {
      'GET /api/provider/v1/games': '≥ 0.9×',
      'GET /api/provider/v1/games/{symbol}': '≥ 0.9×',
      'GET /api/provider/v1/game-art/{symbol} (SVG)': '≥ 0.9×',
      'POST /api/provider/v1/launch-url': '≥ 0.5×',
    };
    return [
      '## Provider API',
      '',
      `autocannon, ${settings.connections} connections, ${settings.duration} s per endpoint, pipelining 1; the server`,
      'and autocannon are separate processes on the same 2-core machine; Reelforge on the embedded PostgreSQL,',
      'log level warn. `server CPU µs/req` is the user + system CPU of the server process (not of its',
      "PostgreSQL) per request during the run, read from /proc; its ratio to the hello-world's is the",
      'throughput each could reach with a core to itself and a client that costs nothing.',
      '',
      table(baseline, rows, goals),
    ].join('\n');
  } finally {
    await node.stop();
  }
}

if (import.meta.main) {
  process.stdout.write(`${await runProviderBench({ quick: process.argv.includes('--quick') })}\n`);
}
