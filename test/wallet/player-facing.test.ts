// What players and operators see when an operator's wallet misbehaves: plain answers for players
// (no wallet internals), a debit timeout answered after one timeout with the stake "being returned",
// and every wallet attempt as a log line and in the metrics.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import {
  callbackOperator,
  cents,
  clickId,
  eventually,
  launchPlayer,
  ledgerOf,
  useRetryPolicy,
} from '../helpers/runtime.ts';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.ts';

const TIMEOUT_MS = 1000;
const logLines: Array<Record<string, unknown>> = [];
let server: TestServer;
let wallet: MockWallet;
let operator: { id: string; apiKey: string };

/** Anything of the operator's wallet a player must never read: addresses, ports, error codes. */
const INTERNALS =
  /ECONN|127\.0\.0\.1|localhost|:\d{2,5}\b|invalid_signature|currency_mismatch|unknown_player|HTTP \d/;

beforeAll(async () => {
  server = await startTestServer(
    { WALLET_TIMEOUT_MS: String(TIMEOUT_MS) },
    {
      logLevel: 'info',
      logStream: { write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
    },
  );
  useRetryPolicy(server, { baseDelayMs: 20, maxDelayMs: 100, leaseGraceMs: 300, pollIntervalMs: 25 });
  const made = await callbackOperator(server, {
    'p-down': '100.00',
    'p-refused': '100.00',
    'p-timeout': '100.00',
    'p-metrics': '100.00',
  });
  wallet = made.wallet;
  operator = made;
});
afterAll(async () => {
  await server?.close();
  await wallet?.close();
});

async function admin(path: string) {
  const response = await server.request(path, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
  return (await response.json()) as Record<string, any>;
}

describe('player-facing wallet errors', () => {
  it('never carry the wallet internals; staff and the logs get them', async () => {
    // A wallet that refuses the signature (the operator's secret is wrong on our side).
    wallet.setFault((type, body) =>
      body.player_id === 'p-refused' && type === 'debit'
        ? { kind: 'status', status: 401, body: '{"success":false,"error":"invalid_signature"}' }
        : undefined,
    );
    const refusedPlayer = await launchPlayer(server, operator.apiKey, { player: 'p-refused' });
    const refused = await refusedPlayer.spin({ coin: '0.10' });
    expect(refused.status).toBe(502);
    expect(refused.body.error).toBe('wallet_rejected');
    expect(refused.body.detail).not.toMatch(INTERNALS);

    // A player the wallet does not know, asked for a balance.
    const stranger = await launchPlayer(server, operator.apiKey, { player: 'p-not-in-wallet' });
    const session = await stranger.get('session');
    expect(session.status).toBe(502);
    expect(session.body.detail).not.toMatch(INTERNALS);

    // A wallet that cannot be reached at all.
    wallet.setFault((_type, body) => (body.player_id === 'p-down' ? { kind: 'reset' } : undefined));
    const downPlayer = await launchPlayer(server, operator.apiKey, { player: 'p-down' });
    const down = await downPlayer.spin({ coin: '0.10' });
    wallet.setFault(undefined);
    expect(down.status).toBe(503);
    expect(down.body.error).toBe('wallet_unavailable');
    expect(down.body.detail).not.toMatch(INTERNALS);
    expect(down.body.detail).toMatch(/being returned/);

    // Staff read what the wallet answered, in the Admin API.
    const rounds = await admin(`/api/admin/v1/rounds?operator_id=${operator.id}&player_id=p-refused`);
    const debit = rounds.rounds[0].transactions.find((tx: { type: string }) => tx.type === 'debit');
    expect(debit.last_error).toMatch(/invalid_signature/);
    // And so do the logs, at warn, as fields.
    const refusal = await eventually(async () =>
      logLines.find((line) => line.msg === 'wallet call refused' && line.error === 'invalid_signature'),
    );
    expect(refusal).toMatchObject({
      level: 40,
      operator_id: operator.id,
      type: 'debit',
      outcome: 'rejected',
    });
  });
});

describe('a debit that times out', () => {
  it('is answered after one timeout with the stake being returned; the rollback follows in the background', async () => {
    const player = await launchPlayer(server, operator.apiKey, { player: 'p-timeout' });
    wallet.setFault((type, body) => {
      if (body.player_id !== 'p-timeout') return undefined;
      if (type === 'debit') return { kind: 'hang', apply: true };
      return type === 'rollback' ? { kind: 'delay', ms: TIMEOUT_MS / 2 } : undefined;
    });
    const click = clickId();
    const spun = await player.post('spin', { coin: '0.10', client_round_id: click });
    expect(spun.status).toBe(503);
    expect(spun.body.detail).toMatch(/being returned/);

    // When the player had the answer, the rollback had not been answered yet: it was sent after it.
    const atAnswer = await ledgerOf(server, await roundIdOf(click));
    const rollback = atAnswer.find((tx) => tx.type === 'rollback');
    expect(rollback?.status).toBe('pending');
    expect(rollback?.recorded).toBe(0);

    // The rollback is acknowledged without the player doing anything; the stake is back.
    const done = await eventually(async () => {
      const ledger = await ledgerOf(server, await roundIdOf(click));
      return ledger.find((tx) => tx.type === 'rollback' && tx.status === 'acknowledged') ? ledger : undefined;
    });
    wallet.setFault(undefined);
    expect(done.map((tx) => tx.type)).toEqual(['debit', 'rollback']);
    expect(cents(wallet.balanceOf('p-timeout'))).toBe(10000n);

    // The same click again, now that the rollback is acknowledged: "has been returned".
    const again = await player.post('spin', { coin: '0.10', client_round_id: click });
    expect(again.status).toBe(503);
    expect(again.body.detail).toMatch(/has been returned/);
  });
});

async function roundIdOf(clientRoundId: string): Promise<string> {
  const { rows } = await server.store.pool.query('select id from rounds where client_round_id = $1', [
    clientRoundId,
  ]);
  return rows[0].id as string;
}

describe('wallet observability', () => {
  it('logs one line per attempt without the token or the signature, and exposes the metrics', async () => {
    const player = await launchPlayer(server, operator.apiKey, { player: 'p-metrics' });
    wallet.setFault((type, body) =>
      body.player_id === 'p-metrics' && type === 'credit' ? { kind: 'status', status: 500 } : undefined,
    );
    const spun = await player.spin({ coin: '0.10' });
    expect(spun.status).toBe(200);
    const metrics = await (await server.request('/metrics')).text();
    wallet.setFault(undefined);

    const label = `operator="${operator.id}"`;
    expect(metrics).toMatch(
      new RegExp(`reelforge_wallet_call_duration_seconds_bucket\\{[^}]*${label},type="debit"`),
    );
    expect(metrics).toMatch(
      new RegExp(`reelforge_wallet_calls_total\\{${label},type="credit",outcome="failed"\\} [1-9]`),
    );
    expect(metrics).toMatch(
      new RegExp(`reelforge_wallet_calls_total\\{${label},type="debit",outcome="timeout"\\} [1-9]`),
    );
    // The store's share of the round, step by step, beside the wallet's.
    for (const step of ['open', 'debit_record', 'credit_record', 'read']) {
      expect(metrics).toMatch(
        new RegExp(`reelforge_callback_round_step_duration_seconds_count\\{step="${step}"\\} [1-9]`),
      );
    }
    expect(metrics).toMatch(/reelforge_wallet_transactions_open\{state="pending"\} \d+/);
    expect(metrics).toMatch(/reelforge_wallet_transactions_open\{state="parked"\} \d+/);

    const lines = logLines.filter((line) => line.component === 'wallet' && line.operator_id === operator.id);
    const failedCredit = lines.find((line) => line.type === 'credit' && line.outcome === 'failed');
    expect(failedCredit).toMatchObject({ level: 40, http_status: 500, msg: 'wallet call failed' });
    expect(lines.find((line) => line.type === 'debit' && line.outcome === 'acknowledged')).toMatchObject({
      level: 30,
    });
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(expect.arrayContaining(['transaction_id', 'latency_ms', 'outcome']));
      expect(JSON.stringify(line)).not.toMatch(
        /ses_[A-Za-z0-9]{16}|x-rf-signature|"signature"|"stack"|"err"/,
      );
    }
  });

  it('has a Grafana dashboard whose every query names a metric the node exposes', async () => {
    const dashboard = JSON.parse(
      readFileSync(new URL('../../ops/grafana/wallets.json', import.meta.url), 'utf8'),
    );
    const exprs: string[] = dashboard.panels.flatMap((panel: { targets?: Array<{ expr: string }> }) =>
      (panel.targets ?? []).map((target) => target.expr),
    );
    expect(exprs.length).toBeGreaterThan(4);
    const metrics = await (await server.request('/metrics')).text();
    for (const expr of exprs) {
      for (const name of expr.match(/reelforge_[a-z_]+/g) ?? []) {
        const base = name.replace(/_(bucket|sum|count)$/, '');
        expect(metrics, `${name} in ${expr}`).toContain(`# TYPE ${base} `);
      }
    }
  });
});
