// Callback wallet rounds against a real server, real PostgreSQL and a real mock-wallet over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import {
  callbackOperator,
  cents,
  eventually,
  launchPlayer,
  ledgerOf,
  roundRow,
  useRetryPolicy,
} from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let apiKey: string;
let wallet: MockWallet;

beforeAll(async () => {
  server = await startTestServer({ WALLET_TIMEOUT_MS: '300' });
  useRetryPolicy(server, { baseDelayMs: 20, maxDelayMs: 100, leaseGraceMs: 300, pollIntervalMs: 25 });
  const operator = await callbackOperator(server, {
    'p-normal': '100.00',
    'p-dup': '100.00',
    'p-poor': '1.50',
    'p-debit-hang': '100.00',
    'p-debit-lost': '100.00',
    'p-debit-500': '100.00',
    'p-credit': '100.00',
    'p-rollback': '100.00',
  });
  apiKey = operator.apiKey;
  wallet = operator.wallet;
});
afterAll(async () => {
  await server?.close();
  await wallet?.close();
});

/** Faults for one player only, so tests do not disturb each other. */
function faultFor(player: string, pick: Parameters<MockWallet['setFault']>[0]) {
  wallet.setFault((type, body) => (body.player_id === player ? pick?.(type, body) : undefined));
}

/** How many times a callback spin has read its round back after the credit (the store step 'read'). */
async function roundReads(): Promise<number> {
  const metrics = await (await server.request('/metrics')).text();
  const count = /reelforge_callback_round_step_duration_seconds_count\{step="read"\} (\d+)/.exec(metrics);
  return Number(count?.[1] ?? 0);
}

describe('callback wallet rounds', () => {
  it('reads the balance through the balance callback and settles a round: debit, then credit', async () => {
    const player = await launchPlayer(server, apiKey, { player: 'p-normal' });
    const session = await player.get('session');
    expect(session.status).toBe(200);
    expect(session.body.balance).toBe('100.00');

    const readsBefore = await roundReads();
    const spun = await player.spin({ coin: '0.10', bet_level: 2 });
    expect(spun.status).toBe(200);
    const { round } = spun.body;
    expect(round).toMatchObject({ status: 'settled', stake: '4.00' });
    expect(cents(wallet.balanceOf('p-normal'))).toBe(10000n - 400n + cents(round.win));
    expect(spun.body.balance).toBe(wallet.balanceOf('p-normal'));
    // The answer is built from the round written and the moment the credit's record closed it
    // (no read back): it is the round as the store holds it, to the millisecond.
    const stored = await player.get(`rounds/${round.id}`);
    expect(stored.status).toBe(200);
    expect(round.finished_at).toEqual(expect.any(String));
    expect(stored.body.round).toMatchObject(round);
    expect(await roundReads()).toBe(readsBefore);

    const ledger = await ledgerOf(server, round.id);
    expect(ledger.map((t) => [t.type, t.status, t.action_type])).toEqual([
      ['debit', 'acknowledged', 'spin'],
      ['credit', 'acknowledged', 'spin'],
    ]);
    expect(ledger.every((t) => t.recorded === 1)).toBe(true);
  });

  it('answers GET session with 502 when the wallet refuses the balance query, 503 when it is down', async () => {
    const stranger = await launchPlayer(server, apiKey, { player: 'p-unknown-to-wallet' });
    const refused = await stranger.get('session');
    expect(refused.status).toBe(502);
    expect(refused.body.error).toBe('wallet_rejected');
    const player = await launchPlayer(server, apiKey, { player: 'p-normal' });
    faultFor('p-normal', (type) => (type === 'balance' ? { kind: 'status', status: 503 } : undefined));
    const down = await player.get('session');
    wallet.setFault(undefined);
    expect(down.status).toBe(503);
    expect(down.body.error).toBe('wallet_unavailable');
  });

  it('answers a repeated click with the same round and debits once, also when both arrive at once', async () => {
    const player = await launchPlayer(server, apiKey, { player: 'p-dup' });
    faultFor('p-dup', (type) => (type === 'debit' ? { kind: 'delay', ms: 100 } : undefined));
    const together = await Promise.all(
      Array.from({ length: 5 }, () => player.post('spin', { coin: '0.10', client_round_id: 'dup-1' })),
    );
    wallet.setFault(undefined);
    expect(together.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(together.map((a) => a.body.round.id)).size).toBe(1);
    const again = await player.post('spin', { coin: '0.10', client_round_id: 'dup-1' });
    expect(again.body.round.id).toBe(together[0]?.body.round.id);
    const debits = [...wallet.transactions.values()].filter(
      (t) => t.type === 'debit' && t.playerId === 'p-dup',
    );
    expect(debits).toHaveLength(1);
  });

  it('refuses a stake the operator refuses: 402 and no round left open', async () => {
    const player = await launchPlayer(server, apiKey, { player: 'p-poor' });
    const refused = await player.spin({ coin: '0.10' });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('insufficient_funds');
    expect(wallet.balanceOf('p-poor')).toBe('1.50');
    const { rows } = await server.store.pool.query(
      `select status, cancel_reason from rounds where player_id = 'p-poor'`,
    );
    expect(rows).toEqual([{ status: 'cancelled', cancel_reason: 'insufficient_funds' }]);
  });

  it('rolls back a debit that timed out, exactly once, and restores the balance', async () => {
    const player = await launchPlayer(server, apiKey, { player: 'p-debit-hang' });
    // The operator applies the debit, but its answer never comes back.
    faultFor('p-debit-hang', (type) => (type === 'debit' ? { kind: 'hang', apply: true } : undefined));
    const spun = await player.spin({ coin: '0.10' });
    wallet.setFault(undefined);
    expect(spun.status).toBe(503);
    expect(spun.body.error).toBe('wallet_unavailable');
    const { rows } = await server.store.pool.query(`select id from rounds where player_id = 'p-debit-hang'`);
    const roundId = rows[0].id as string;
    await eventually(async () => (await roundRow(server, roundId)).status === 'cancelled');
    const ledger = await ledgerOf(server, roundId);
    expect(ledger.map((t) => [t.type, t.status])).toEqual([
      ['debit', 'unknown'],
      ['rollback', 'acknowledged'],
    ]);
    expect(ledger[1]?.original_transaction_id).toBe(ledger[0]?.id);
    expect(ledger[0]?.recorded).toBe(1); // the debit is never sent twice
    expect(wallet.balanceOf('p-debit-hang')).toBe('100.00');
  });

  it('rolls back a debit answered 500, malformed, reset or redirected', async () => {
    for (const fault of [
      { kind: 'status', status: 500 } as const,
      { kind: 'status', status: 200, body: '{"success":true,"balance":"1.005"}', apply: true } as const,
      { kind: 'reset', apply: true } as const,
      // A redirect is never followed: the money stays where it is, and the stake is rolled back.
      { kind: 'status', status: 302, body: '{"success":true,"balance":"99.00"}', apply: true } as const,
    ]) {
      const player = await launchPlayer(server, apiKey, { player: 'p-debit-500' });
      faultFor('p-debit-500', (type) => (type === 'debit' ? fault : undefined));
      const spun = await player.spin({ coin: '0.10' });
      wallet.setFault(undefined);
      expect(spun.status).toBe(503);
      await eventually(async () => {
        const { rows } = await server.store.pool.query(
          `select count(*)::int as n from rounds where player_id = 'p-debit-500' and status = 'open'`,
        );
        return rows[0].n === 0;
      });
      expect(wallet.balanceOf('p-debit-500')).toBe('100.00');
    }
  });

  it('retries a credit answered 500, reset or hang with the same transaction_id until paid once', async () => {
    const player = await launchPlayer(server, apiKey, { player: 'p-credit' });
    const faults = [
      { kind: 'status', status: 500 } as const,
      { kind: 'reset' } as const,
      { kind: 'hang' } as const,
    ];
    let creditCalls = 0;
    const seen = new Set<unknown>();
    faultFor('p-credit', (type, body) => {
      if (type !== 'credit') return undefined;
      seen.add(body.transaction_id);
      creditCalls += 1;
      return faults[creditCalls - 1];
    });
    const spun = await player.spin({ coin: '0.10' });
    expect(spun.status).toBe(200);
    expect(spun.body.round.status).toBe('open');
    const roundId = spun.body.round.id as string;
    await eventually(async () => (await roundRow(server, roundId)).status === 'settled');
    wallet.setFault(undefined);
    expect(seen.size).toBe(1);
    expect(creditCalls).toBe(4);
    const ledger = await ledgerOf(server, roundId);
    const credit = ledger.find((t) => t.type === 'credit');
    expect(credit).toMatchObject({ status: 'acknowledged', recorded: 4 });
    expect(wallet.applications.get(credit?.id as string)).toBe(1);
    expect(cents(wallet.balanceOf('p-credit'))).toBe(10000n - 200n + cents(spun.body.round.win));
  });

  it('retries a rollback until acknowledged', async () => {
    const player = await launchPlayer(server, apiKey, { player: 'p-rollback' });
    let rollbacks = 0;
    faultFor('p-rollback', (type) => {
      if (type === 'debit') return { kind: 'status', status: 502, apply: true };
      if (type === 'rollback' && ++rollbacks <= 3) return { kind: 'status', status: 503 };
      return undefined;
    });
    const spun = await player.spin({ coin: '0.10' });
    expect(spun.status).toBe(503);
    await eventually(async () => wallet.balanceOf('p-rollback') === '100.00' && rollbacks >= 4);
    wallet.setFault(undefined);
    const { rows } = await server.store.pool.query(
      `select id, status from rounds where player_id = 'p-rollback'`,
    );
    await eventually(async () => (await roundRow(server, rows[0].id)).status === 'cancelled');
  });
});
