// Development first run: a demo operator (internal wallet, every game allowlisted) and its key,
// remembered in DATA_DIR so that a second start prints the same ones.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBase62 } from './domain/ids.ts';
import { gameInfos } from './games/index.ts';
import type { Services } from './services/index.ts';

interface DevCredentials {
  admin_token?: string;
  demo_operator_id?: string;
  demo_api_key?: string;
}

function credentialsFile(dataDir: string): string {
  return path.join(dataDir, 'dev-credentials.json');
}

async function readCredentials(dataDir: string): Promise<DevCredentials> {
  const file = credentialsFile(dataDir);
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(await readFile(file, 'utf8')) as DevCredentials;
  } catch {
    return {};
  }
}

async function writeCredentials(dataDir: string, credentials: DevCredentials): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeFile(credentialsFile(dataDir), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}

/** The admin token of a development node without ADMIN_TOKEN: the remembered one, or a new one. */
export async function developmentAdminToken(dataDir: string): Promise<string> {
  const credentials = await readCredentials(dataDir);
  if (credentials.admin_token) return credentials.admin_token;
  const token = `rf_admin_${randomBase62(24)}`;
  await writeCredentials(dataDir, { ...credentials, admin_token: token });
  return token;
}

export interface DemoOperator {
  operatorId: string;
  apiKey: string;
  created: boolean;
}

/** Makes sure the demo operator and a working key exist; reuses the remembered ones. */
export async function ensureDemoOperator(services: Services): Promise<DemoOperator> {
  const { dataDir } = services.config;
  const admin = services.operators;
  const credentials = await readCredentials(dataDir);
  if (credentials.demo_operator_id && credentials.demo_api_key) {
    const principal = await services.access.principalFor(credentials.demo_api_key);
    if (principal?.kind === 'operator' && principal.operatorId === credentials.demo_operator_id) {
      return { operatorId: credentials.demo_operator_id, apiKey: credentials.demo_api_key, created: false };
    }
  }
  const created = await admin.createOperator(
    { name: 'Demo Casino', currency: 'USD', wallet_mode: 'internal' },
    { isDemo: true },
  );
  if (!created.ok) throw created.error;
  const operatorId = created.value.operator.id;
  const catalog = await admin.setCatalog(
    operatorId,
    gameInfos.map((game) => game.symbol),
  );
  if (!catalog.ok) throw catalog.error;
  const key = await admin.createKey('operator', operatorId);
  if (!key.ok) throw key.error;
  await writeCredentials(dataDir, {
    ...(await readCredentials(dataDir)),
    demo_operator_id: operatorId,
    demo_api_key: key.value.api_key,
  });
  return { operatorId, apiKey: key.value.api_key, created: true };
}

export function demoBanner(baseUrl: string, demo: DemoOperator, adminToken: string): string {
  const game = gameInfos[0]?.symbol ?? 'rf_ember_crown';
  return [
    '',
    'Reelforge is running (development, embedded store unless DATABASE_URL is set).',
    `  demo operator : ${demo.operatorId}${demo.created ? ' (created now)' : ''}`,
    `  demo API key  : ${demo.apiKey}`,
    `  admin token   : ${adminToken}`,
    `  lobby         : ${baseUrl}/`,
    `  API docs      : ${baseUrl}/docs`,
    `  back office   : ${baseUrl}/backoffice (first admin: npm run cli -- staff create --email you@example.com --role admin)`,
    '',
    'Try it:',
    `  curl -s ${baseUrl}/api/provider/v1/games -H 'x-provider-api-key: ${demo.apiKey}'`,
    `  curl -s -X POST ${baseUrl}/api/provider/v1/launch-url -H 'x-provider-api-key: ${demo.apiKey}' \\`,
    `       -H 'content-type: application/json' -d '{"symbol":"${game}","external_player_id":"player-1"}'`,
    '',
  ].join('\n');
}
