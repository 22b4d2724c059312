// A real Reelforge node on a fresh database and a free port, plus small admin helpers.
import { loadConfig } from '../../src/config.ts';
import { keyIdOf, readManifestKey } from '../../src/games/manifest.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import type { Clock } from '../../src/services/index.ts';
import { createTestDatabase } from './db.ts';
import { createResponseChecker } from './openapi.ts';
import { strictSecrets } from './secrets.ts';
import { createSeedablePlayRng, registerTestRngPost, type SeedablePlayRng } from './test-rng.post.ts';

export const TEST_ADMIN_TOKEN = 'rf_admin_test_token_0123456789';
/** The /metrics token a production-mode test node gets unless the test names one (production needs it). */
export const TEST_METRICS_TOKEN = 'rf_metrics_test_token_0123456789';

export interface TestServer extends RunningServer {
  adminToken: string;
  databaseUrl: string;
  /** fetch against the server, with JSON in and out. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  admin(method: string, path: string, json?: unknown): Promise<{ status: number; body: any }>;
  /** Creates an operator with an API key and (by default) every game allowlisted. */
  createOperator(
    fields?: Record<string, unknown>,
    symbols?: string[],
  ): Promise<{ id: string; apiKey: string; keyId: string }>;
  /** The node's seedable play generator: a second node of a test gives it to its own start, so a seeded session plays one stream on both. */
  playRng: SeedablePlayRng;
  close(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string | undefined> = {},
  options: { clock?: Clock; logStream?: { write(line: string): void }; logLevel?: string } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = loadConfig({
    APP_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    ...(env.APP_ENV === 'production' ? { METRICS_TOKEN: TEST_METRICS_TOKEN } : {}),
    // Staging and production insist on the keys kept outside the database: fresh ones per node.
    ...(env.APP_ENV === 'production' || env.APP_ENV === 'staging' ? strictSecrets() : {}),
    // A production test node trusts the checkout's key unless the test names another (or none).
    MANIFEST_KEY_FINGERPRINT: keyIdOf(readManifestKey()),
    ...env,
  });
  // The seeded-RNG route exists only here, and only for development and test nodes: a node started
  // by src/main.ts has no way to seed play.
  const seedable = createSeedablePlayRng();
  const testable = config.appEnv === 'test' || config.appEnv === 'development';
  const server = await startServer(config, {
    logLevel: options.logLevel ?? process.env.TEST_LOG_LEVEL ?? 'silent',
    logStream: options.logStream,
    clock: options.clock,
    ...(testable
      ? {
          testPlayRng: seedable,
          testRoutes: (app, services) => registerTestRngPost(app, services, seedable),
        }
      : {}),
  });
  // Base URLs default to the configured port; with PORT=0 they must follow the real one.
  if (!env.PUBLIC_BASE_URL) (server.services.config as { publicBaseUrl: string }).publicBaseUrl = server.url;
  if (!env.GAME_BASE_URL && server.services.config.gameBaseUrl) {
    (server.services.config as { gameBaseUrl: string }).gameBaseUrl = server.url;
  }
  server.services.catalog.publicBaseUrl = server.services.config.publicBaseUrl;

  const fullDoc = await (
    await fetch(`${server.url}/api/admin/v1/openapi.json`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    })
  ).json();
  const checker = createResponseChecker(fullDoc);
  // Every JSON response a test receives must match the schema the OpenAPI document gives it.
  const request = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set('content-type', 'application/json');
    const body = json !== undefined ? JSON.stringify(json) : rest.body;
    const response = await fetch(`${server.url}${path}`, { ...rest, headers, body });
    if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
      const route = path.split('?')[0] as string;
      const problems = checker.check(
        rest.method ?? 'GET',
        route,
        response.status,
        await response.clone().json(),
      );
      if (problems && problems.length > 0) {
        throw new Error(`response does not match the OpenAPI document:\n${problems.join('\n')}`);
      }
    }
    return response;
  };
  const admin = async (method: string, path: string, json?: unknown) => {
    const response = await request(path, {
      method,
      json,
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return {
    ...server,
    adminToken: TEST_ADMIN_TOKEN,
    databaseUrl: database.url,
    playRng: seedable,
    request,
    admin,
    async createOperator(fields = {}, symbols) {
      const created = await admin('POST', '/api/admin/v1/operators', {
        name: 'Test Casino',
        wallet_mode: 'internal',
        ...fields,
      });
      if (created.status !== 201) throw new Error(`operator create failed: ${JSON.stringify(created.body)}`);
      const id = created.body.operator.id as string;
      const { gameInfos } = await import('../../src/games/index.ts');
      const catalog = await admin('PUT', `/api/admin/v1/operators/${id}/catalog`, {
        symbols: symbols ?? gameInfos.map((game) => game.symbol),
      });
      if (catalog.status !== 200) throw new Error(`catalog set failed: ${JSON.stringify(catalog.body)}`);
      const key = await admin('POST', `/api/admin/v1/operators/${id}/api-keys`);
      if (key.status !== 201) throw new Error(`key create failed: ${JSON.stringify(key.body)}`);
      return { id, apiKey: key.body.api_key as string, keyId: key.body.key_id as string };
    },
    async close() {
      await server.stop();
      await database.drop();
    },
  };
}
