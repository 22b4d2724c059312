// A node killed with SIGKILL between the debit and the credit: on restart, recovery settles the
// round (debit acknowledged, credit pending) or rolls it back (debit never answered). Then a node
// killed between each pair of a round's steps, and a database that lost the commits made without
// waiting for the disk: every round ends settled or cancelled, each wallet transaction applied once.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockWallet, type MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { cents, eventually, WALLET_SECRET } from '../helpers/runtime.ts';
import { TEST_ADMIN_TOKEN } from '../helpers/server.ts';

// A test here restarts a node: up to a minute on a loaded machine, past the default 30 s.
vi.setConfig({ testTimeout: 90_000 });

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
  }, 60_000); // a start under the suite's other files' load took over 30 s once
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

/** A certain jackpot trigger: every paid spin of the operator's game wins the tier (issue 28). */
const CERTAIN_POOL = (operatorId: string) => ({
  name: `Crash pool ${operatorId}`,
  scope: 'operator',
  currency: 'USD',
  owner_operator_id: operatorId,
  members: [{ operator_id: operatorId, game_symbol: 'rf_ember_crown' }],
  tiers: [{ name: 'grand', kind: 'progressive', seed: '7.00', odds_stake: '0.01', contribution_rate: '1' }],
});

async function launch(player: string, options: { jackpot?: boolean } = {}): Promise<string> {
  const operator = await call('POST', '/api/admin/v1/operators', {
    name: `Crash ${player}`,
    wallet_mode: 'callback',
    wallet_base_url: walletUrl,
    wallet_secret: WALLET_SECRET,
  });
  const id = operator.body.operator.id;
  await call('PUT', `/api/admin/v1/operators/${id}/catalog`, { symbols: ['rf_ember_crown'] });
  if (options.jackpot) {
    const pool = await call('POST', '/api/admin/v1/jackpots', CERTAIN_POOL(id));
    if (pool.status !== 201) throw new Error(`pool: ${JSON.stringify(pool.body)}`);
    // the node's view of the pools is cached for 2 s
    await new Promise((resolve) => setTimeout(resolve, 2_100));
  }
  const key = await call('POST', `/api/admin/v1/operators/${id}/api-keys`);
  const response = await fetch(`${base()}/api/provider/v1/launch-url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-provider-api-key': key.body.api_key },
    body: JSON.stringify({ symbol: 'rf_ember_crown', external_player_id: player, currency: 'USD' }),
  });
  return ((await response.json()) as { session_id: string }).session_id;
}

/**
 * Starts a spin and kills the node as soon as the wallet sees the call named `at`; the wallet
 * applies that call first (its answer is what is lost) when `apply` says so.
 */
async function spinAndKillAt(
  token: string,
  player: string,
  at: 'debit' | 'credit',
  apply = at === 'debit',
  clientRoundId = `crash-${at}`,
) {
  let reached!: () => void;
  const seen = new Promise<void>((resolve) => {
    reached = resolve;
  });
  wallet.setFault((type, body) => {
    if (body.player_id !== player || type !== at) return undefined;
    reached();
    return { kind: 'hang', apply };
  });
  const spin = call(
    'POST',
    '/api/runtime/v1/spin',
    { coin: '0.10', client_round_id: clientRoundId },
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

/** The round's end once recovery is done, with what the wallet applied of each of its transactions. */
async function recovered(player: string) {
  const [round] = await eventually(async () => {
    const rows = await query(`select id, status, stake, win from rounds where player_id = $1`, [player]);
    return rows[0] && rows[0].status !== 'open' ? rows : undefined;
  }, 15_000);
  const txs = await query('select id, type, status from wallet_transactions where round_id = $1', [round.id]);
  return {
    round,
    txs,
    applied: txs.map((tx: { id: string }) => wallet.applications.get(tx.id) ?? 0),
  };
}

describe('killed between each pair of steps', () => {
  const cases = [
    {
      between: 'the opening and the debit reaching the wallet',
      at: 'debit',
      apply: false,
      ends: 'cancelled',
    },
    { between: "the debit's application and its record", at: 'debit', apply: true, ends: 'cancelled' },
    {
      between: "the debit's record and the credit reaching the wallet",
      at: 'credit',
      apply: false,
      ends: 'settled',
    },
    { between: "the credit's application and its record", at: 'credit', apply: true, ends: 'settled' },
  ] as const;

  it.each(cases)('between $between: recovery ends the round $ends, every call applied once', async (step) => {
    const player = `p-step-${step.at}-${step.apply}`;
    wallet.setPlayer(player, '100.00');
    const token = await launch(player);
    await spinAndKillAt(token, player, step.at, step.apply, `step-${step.at}-${step.apply}`);
    await startNode();
    const { round, txs, applied } = await recovered(player);
    expect(round.status).toBe(step.ends);
    expect(Math.max(...applied)).toBeLessThanOrEqual(1);
    const balance = step.ends === 'settled' ? 10000n - BigInt(round.stake) + BigInt(round.win) : 10000n;
    expect(cents(wallet.balanceOf(player))).toBe(balance);
    if (step.ends === 'settled') {
      expect(txs.filter((tx: { type: string }) => tx.type === 'credit')).toHaveLength(1);
    } else {
      expect(txs.map((tx: { type: string; status: string }) => [tx.type, tx.status]).sort()).toEqual([
        ['debit', 'unknown'],
        ['rollback', 'acknowledged'],
      ]);
    }
  });

  it('re-drives a round whose acknowledged debit and credit row the database lost: the same debit, then the same credit, each applied once', async () => {
    const player = 'p-lost-commit';
    wallet.setPlayer(player, '100.00');
    const token = await launch(player);
    // The debit and the credit both reached the wallet and were applied; the node dies on the credit.
    await spinAndKillAt(token, player, 'credit', true, 'lost-commit');
    const [round] = await query(`select id, stake, win, session_id from rounds where player_id = $1`, [
      player,
    ]);
    const [credit] = await query(
      `select id from wallet_transactions where round_id = $1 and type = 'credit'`,
      [round.id],
    );
    expect(wallet.applications.get(credit.id)).toBe(1);
    // What a database crash leaves when it loses the commits made without waiting for the disk: the
    // debit's acknowledgement and the credit row are gone, and the opening (flushed) is all there is,
    // written before the database last started.
    await query(
      'delete from wallet_attempts where transaction_id in (select id from wallet_transactions where round_id = $1)',
      [round.id],
    );
    await query(`delete from wallet_transactions where round_id = $1 and type = 'credit'`, [round.id]);
    await query(
      `update wallet_transactions set status = 'pending', balance_after = null, finished_at = null, last_error = null, acknowledged_attempt = null,
          body = (body::jsonb || jsonb_build_object('session_id', $2::text))::text, next_attempt_at = date_trunc('milliseconds', now()),
          created_at = pg_postmaster_start_time() - interval '1 second'
        where round_id = $1 and type = 'debit'`,
      [round.id, token],
    );
    await query(`update rounds set stage = 'debit', status = 'open' where id = $1`, [round.id]);

    await startNode();
    const { round: ended, txs, applied } = await recovered(player);
    expect(ended.status).toBe('settled');
    // The credit went again under the id it had: the wallet answered it as a repeat.
    expect(
      txs.map((tx: { id: string; type: string; status: string }) => [tx.type, tx.status]).sort(),
    ).toEqual([
      ['credit', 'acknowledged'],
      ['debit', 'acknowledged'],
    ]);
    expect(txs.find((tx: { type: string }) => tx.type === 'credit').id).toBe(credit.id);
    expect(applied).toEqual([1, 1]);
    expect(cents(wallet.balanceOf(player))).toBe(10000n - BigInt(round.stake) + BigInt(round.win));
    expect(wallet.calls.filter((c) => c.type === 'rollback' && c.body.player_id === player)).toEqual([]);
  });
});

describe('killed between each pair of steps of a round that won a jackpot', () => {
  const cases = [
    {
      between: 'the opening and the debit reaching the wallet',
      at: 'debit',
      apply: false,
      ends: 'cancelled',
    },
    { between: "the debit's application and its record", at: 'debit', apply: true, ends: 'cancelled' },
    {
      between: "the debit's record and the credit reaching the wallet",
      at: 'credit',
      apply: false,
      ends: 'settled',
    },
    { between: "the credit's application and its record", at: 'credit', apply: true, ends: 'settled' },
  ] as const;

  // A node restart and three waits of up to 15 s each: more than the default 30 s on a loaded machine.
  it.each(cases)(
    'between $between: the round ends $ends, its win paid once or void',
    async (step) => {
      const player = `p-jackpot-${step.at}-${step.apply}`;
      wallet.setPlayer(player, '100.00');
      const token = await launch(player, { jackpot: true });
      await spinAndKillAt(token, player, step.at, step.apply, `jackpot-${step.at}-${step.apply}`);
      await startNode();
      const { round } = await recovered(player);
      expect(round.status).toBe(step.ends);
      const [win] = await query(
        'select status, amount, transaction_id, pool_id from jackpot_wins where round_id = $1',
        [round.id],
      );
      if (step.ends === 'cancelled') {
        expect(win.status).toBe('void');
        expect(cents(wallet.balanceOf(player))).toBe(10000n);
        expect(wallet.applications.get(win.transaction_id)).toBeUndefined();
      } else {
        expect(win.status).toBe('won');
        const [tx] = await eventually(async () => {
          const rows = await query(`select status from wallet_transactions where id = $1`, [
            win.transaction_id,
          ]);
          return rows[0]?.status === 'acknowledged' ? rows : undefined;
        }, 15_000);
        expect(tx.status).toBe('acknowledged');
        expect(wallet.applications.get(win.transaction_id)).toBe(1);
        expect(cents(wallet.balanceOf(player))).toBe(
          10000n - BigInt(round.stake) + BigInt(round.win) + BigInt(win.amount),
        );
      }
      // The pool adds up either way, from its public record alone.
      const record = await eventually(async () => {
        const answer = (await (await fetch(`${base()}/api/public/v1/jackpots/${win.pool_id}`)).json()) as {
          pending: number;
          check: { problems: string[] };
        };
        return answer.pending === 0 ? answer : undefined;
      }, 15_000);
      expect(record.check.problems).toEqual([]);
    },
    90_000,
  );
});
