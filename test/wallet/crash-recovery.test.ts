// A node killed with SIGKILL between the debit and the credit: on restart, recovery settles the
// round (debit acknowledged, credit pending) or rolls it back (debit never answered).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockWallet, type MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { cents, eventually, WALLET_SECRET } from '../helpers/runtime.ts';
import { TEST_ADMIN_TOKEN } from '../helpers/server.ts';

let database: TestDatabase;
let wallet: MockWallet;
let walletUrl: string;
let port: number;
let node: ChildProcess | undefined;

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port: free } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

const base = () => `http://127.0.0.1:${port}`;

async function startNode(): Promise<void> {
  node = spawn('sh', ['scripts/node24.sh', 'node', 'src/main.ts'], {
    env: {
      ...process.env,
      APP_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      WALLET_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await eventually(async () => {
    const health = await fetch(`${base()}/health`).catch(() => undefined);
    return health?.status === 200;
  }, 30_000);
}

async function kill(): Promise<void> {
  const child = node;
  node = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  // node24.sh execs node, so the child is the server process itself.
  child.kill('SIGKILL');
  await exited;
}

async function call(method: string, path: string, json?: unknown, token = TEST_ADMIN_TOKEN) {
  const response = await fetch(`${base()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function query(sql: string, params: unknown[] = []) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  wallet = createMockWallet({
    secret: WALLET_SECRET,
    players: { 'p-credit': { balance: '100.00' }, 'p-debit': { balance: '100.00' } },
  });
  walletUrl = await wallet.listen();
  port = await freePort();
  await startNode();
}, 60_000);

afterAll(async () => {
  await kill();
  await wallet?.close();
  await database?.drop();
});

async function launch(player: string): Promise<string> {
  const operator = await call('POST', '/api/admin/v1/operators', {
    name: `Crash ${player}`,
    wallet_mode: 'callback',
    wallet_base_url: walletUrl,
    wallet_secret: WALLET_SECRET,
  });
  const id = operator.body.operator.id;
  await call('PUT', `/api/admin/v1/operators/${id}/catalog`, { symbols: ['rf_ember_crown'] });
  const key = await call('POST', `/api/admin/v1/operators/${id}/api-keys`);
  const response = await fetch(`${base()}/api/provider/v1/launch-url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-provider-api-key': key.body.api_key },
    body: JSON.stringify({ symbol: 'rf_ember_crown', external_player_id: player, currency: 'USD' }),
  });
  return ((await response.json()) as { session_id: string }).session_id;
}

/** Starts a spin and kills the node as soon as the wallet sees the call named `at`. */
async function spinAndKillAt(token: string, player: string, at: 'debit' | 'credit') {
  let reached!: () => void;
  const seen = new Promise<void>((resolve) => {
    reached = resolve;
  });
  wallet.setFault((type, body) => {
    if (body.player_id !== player || type !== at) return undefined;
    reached();
    return { kind: 'hang', apply: at === 'debit' };
  });
  const spin = call(
    'POST',
    '/api/runtime/v1/spin',
    { coin: '0.10', client_round_id: `crash-${at}` },
    token,
  ).catch(() => undefined);
  await seen;
  await kill();
  await spin;
  wallet.setFault(undefined);
}

describe('crash recovery', () => {
  it('settles a round whose credit was in flight when the node was killed', async () => {
    const token = await launch('p-credit');
    await spinAndKillAt(token, 'p-credit', 'credit');
    const [open] = await query(`select id, stage, stake, win from rounds where player_id = 'p-credit'`);
    expect(open).toMatchObject({ stage: 'credit' });
    expect(wallet.balanceOf('p-credit')).toBe('98.00');

    await startNode();
    const settled = await eventually(async () => {
      const [row] = await query('select status from rounds where id = $1', [open.id]);
      return row.status === 'settled' ? row : undefined;
    }, 15_000);
    expect(settled.status).toBe('settled');
    const credits = await query(
      `select id from wallet_transactions where round_id = $1 and type = 'credit'`,
      [open.id],
    );
    expect(credits).toHaveLength(1);
    expect(wallet.applications.get(credits[0].id)).toBe(1);
    const expected = 10000n - 200n + BigInt(open.win);
    expect(cents(wallet.balanceOf('p-credit'))).toBe(expected);
  });

  it('rolls back a round whose debit was never answered when the node was killed', async () => {
    const token = await launch('p-debit');
    await spinAndKillAt(token, 'p-debit', 'debit');
    expect(wallet.balanceOf('p-debit')).toBe('98.00'); // the operator applied it; we never heard

    await startNode();
    const [round] = await eventually(async () => {
      const rows = await query(`select id, status from rounds where player_id = 'p-debit'`);
      return rows[0]?.status === 'cancelled' ? rows : undefined;
    }, 15_000);
    const txs = await query(
      'select type, status from wallet_transactions where round_id = $1 order by created_at',
      [round.id],
    );
    expect(txs).toEqual([
      { type: 'debit', status: 'unknown' },
      { type: 'rollback', status: 'acknowledged' },
    ]);
    expect(wallet.balanceOf('p-debit')).toBe('100.00');
    const again = await call(
      'POST',
      '/api/runtime/v1/spin',
      { coin: '0.10', client_round_id: 'crash-debit' },
      token,
    );
    expect(again.status).toBe(503); // the repeated click gets the round's own answer: rolled back
  });
});
