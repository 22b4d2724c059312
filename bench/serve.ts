// A Reelforge node for benchmarks: embedded store in a temporary folder, an operator with every
// game and a key; prints {url, apiKey, operatorId} as one JSON line, stops on SIGTERM.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
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
  SESSION_TTL_SECONDS: '3600',
  RATE_LIMIT_PER_MINUTE: '0',
});
const server = await startServer(config, { logLevel: process.env.LOG_LEVEL ?? 'warn' });
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
// The PostgreSQL the node writes to, for the benchmarks that measure the database alone.
async function databaseUrl(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const address = JSON.parse(await readFile(path.join(dataDir, 'postgres.address'), 'utf8'));
  const password = (await readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
  return `postgres://reelforge:${encodeURIComponent(password)}@${address.host}:${address.port}/reelforge`;
}
process.stdout.write(
  `${JSON.stringify({ url: server.url, apiKey: key.value.api_key, operatorId, databaseUrl: await databaseUrl() })}\n`,
);
process.on('SIGTERM', async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
});
