// A Reelforge node for benchmarks: embedded store in a temporary folder, an operator with every
// game and a key; prints {url, bareUrl, apiKey, operatorId, databaseUrl} as one JSON line, stops on
// SIGTERM.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { gameInfos } from '../src/games/index.ts';
import { startServer } from '../src/server.ts';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bench-'));
const config = loadConfig({
  APP_ENV: 'development',
  PORT: '0',
  DATA_DIR: dataDir,
  ADMIN_TOKEN: 'rf_admin_bench_token_0123456789',
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  // bench/clusters.ts: a node on two clusters (the operator → cluster map in DATABASE_URL's database).
  DATABASE_CLUSTERS: process.env.DATABASE_CLUSTERS,
  SESSION_TTL_SECONDS: '3600',
  RATE_LIMIT_PER_MINUTE: '0',
  // The benchmarks' load comes from one address: the public limit (default 600 a minute) is left to
  // the benchmark that measures with it or without it.
  PUBLIC_RATE_LIMIT_PER_MINUTE: process.env.PUBLIC_RATE_LIMIT_PER_MINUTE ?? '0',
  // bench/campaigns.ts shares its leaderboards through Redis, as several nodes do.
  REDIS_URL: process.env.REDIS_URL,
});
const server = await startServer(config, {
  logLevel: process.env.LOG_LEVEL ?? 'warn',
  // bench/campaigns.ts: a running tournament made through the node's own services (a development
  // node takes such routes; a production start passes none).
  testRoutes: process.env.BENCH_CAMPAIGN_START_MS
    ? (app, services) => {
        app.post('/bench/campaign', async (request) => {
          const body = request.body as { operator_id: string; game: string };
          const startsAt = new Date(Date.now() + Number(process.env.BENCH_CAMPAIGN_START_MS));
          const created = await services.campaigns.create(
            {
              kind: 'tournament',
              name: 'Bench tournament',
              scope: 'operator',
              operator_id: body.operator_id,
              currency: 'USD',
              games: [body.game],
              starts_at: startsAt.toISOString(),
              ends_at: new Date(startsAt.getTime() + 3_600_000).toISOString(),
              scoring: 'total_bet',
              opt_in_required: false,
              places: [{ from: 1, to: 10, prize: { kind: 'cash', amount: '10.00' } }],
            },
            'bench:creator',
          );
          await services.campaigns.approve(created.campaign_id, 'bench:approver');
          return { campaign_id: created.campaign_id, starts_at: startsAt.toISOString() };
        });
        app.get('/bench/campaign/:id', async (request) => {
          const { id } = request.params as { id: string };
          const live = await services.campaigns.standings(id, { operatorId: null }, 100);
          const recomputed = await services.campaigns.recomputed(id, 100);
          const sum = (top: Array<{ rounds: number }>) =>
            top.reduce((total, entry) => total + entry.rounds, 0);
          return { players: live.players, rounds: sum(live.top), recomputed_rounds: sum(recomputed.top) };
        });
      }
    : undefined,
});
const admin = server.services.operators;
const operator = await admin.createOperator({ name: 'Bench Casino', wallet_mode: 'internal' });
if (!operator.ok) throw operator.error;
const operatorId = operator.value.operator.id;
await admin.setCatalog(
  operatorId,
  gameInfos.map((game) => game.symbol),
);
const key = await admin.createKey('operator', operatorId);
if (!key.ok) throw key.error;

// A bare Node handler inside this same process (bench/provider.ts): it answers a GET of any path
// with the bytes the node answered for that path (fetched once, with the key), and does nothing
// else: no key check, no metrics, no request id. The hello-world sending the same bytes tells what
// the bytes cost; this tells what the node's process costs on top, and so what the read lane's own
// work costs on top of both.
const copies = new Map<string, { type: string; body: Buffer }>();
const bare = http.createServer((req, res) => {
  const copy = copies.get(req.url ?? '');
  if (copy) {
    res.writeHead(200, { 'content-type': copy.type, 'content-length': copy.body.length });
    res.end(copy.body);
    return;
  }
  fetch(`${server.url}${req.url}`, { headers: { 'x-provider-api-key': key.value.api_key } })
    .then(async (answer) => {
      const body = Buffer.from(await answer.arrayBuffer());
      if (answer.ok) copies.set(req.url ?? '', { type: answer.headers.get('content-type') ?? '', body });
      res.writeHead(answer.status, { 'content-length': body.length }).end(body);
    })
    .catch(() => res.writeHead(502).end());
});
bare.keepAliveTimeout = server.app.server.keepAliveTimeout;
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

// The PostgreSQL the node writes to, for the benchmarks that measure the database alone.
async function databaseUrl(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const address = JSON.parse(await readFile(path.join(dataDir, 'postgres.address'), 'utf8'));
  const password = (await readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
  return `postgres://reelforge:${encodeURIComponent(password)}@${address.host}:${address.port}/reelforge`;
}
process.stdout.write(
  `${JSON.stringify({ url: server.url, bareUrl, apiKey: key.value.api_key, operatorId, databaseUrl: await databaseUrl() })}\n`,
);
process.on('SIGTERM', async () => {
  bare.close();
  bare.closeAllConnections();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
});
