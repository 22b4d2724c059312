// A credit that is never acknowledged is parked for staff, blocks the player in that game, and
// is cleared by a staff retry or resolution through the Admin API.
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
let operatorId: string;
let wallet: MockWallet;

beforeAll(async () => {
  server = await startTestServer({ WALLET_TIMEOUT_MS: '300' });
  useRetryPolicy(server, { baseDelayMs: 20, maxDelayMs: 60, giveUpAfterMs: 400, pollIntervalMs: 25 });
  const operator = await callbackOperator(server, { 'p-retry': '100.00', 'p-resolve': '100.00' });
  apiKey = operator.apiKey;
  operatorId = operator.id;
  wallet = operator.wallet;
});
afterAll(async () => {
  await server?.close();
  await wallet?.close();
});

async function parkOneCredit(playerId: string) {
  wallet.setFault((type, body) =>
    type === 'credit' && body.player_id === playerId ? { kind: 'status', status: 500 } : undefined,
  );
  const player = await launchPlayer(server, apiKey, { player: playerId });
  const spun = await player.spin({ coin: '0.10' });
  expect(spun.status).toBe(200);
  const roundId = spun.body.round.id as string;
  const credit = await eventually(async () => {
    const ledger = await ledgerOf(server, roundId);
    return ledger.find((t) => t.type === 'credit' && t.status === 'failed');
  });
  return { player, roundId, creditId: credit.id, win: spun.body.round.win as string };
}

/** The queue gauge staff alert on, as /metrics shows it now. */
async function queueGauge(): Promise<{ pending: number; parked: number }> {
  const text = await (await server.request('/metrics')).text();
  const read = (state: string) =>
    Number(new RegExp(`reelforge_wallet_transactions_open\\{state="${state}"\\} (\\d+)`).exec(text)?.[1]);
  return { pending: read('pending'), parked: read('parked') };
}

describe('parked transactions', () => {
  it('parks a credit after the retry window, blocks the player, and a staff retry pays it once', async () => {
    const { player, roundId, creditId, win } = await parkOneCredit('p-retry');
    expect(await queueGauge()).toEqual({ pending: 0, parked: 1 });
    const blocked = await player.spin({ coin: '0.10' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toBe('player_blocked');

    const queue = await server.admin('GET', '/api/admin/v1/wallet/transactions?status=failed');
    const parked = queue.body.transactions.find((t: { id: string }) => t.id === creditId);
    expect(parked.attempt_log.length).toBeGreaterThan(1);
    expect(parked.attempt_log[0]).toMatchObject({ http_status: 500, result: 'failed' });
    expect(parked.request_body.session_id).toBe('[REDACTED]');
    const rounds = await server.admin(
      'GET',
      `/api/admin/v1/rounds?operator_id=${operatorId}&player_id=p-retry`,
    );
    expect(rounds.body.rounds[0]).toMatchObject({ id: roundId, status: 'open', stage: 'credit' });
    expect(rounds.body.rounds[0].transactions).toHaveLength(2);

    wallet.setFault(undefined);
    const retried = await server.admin('POST', `/api/admin/v1/wallet/transactions/${creditId}/retry`);
    expect(retried.status).toBe(200);
    await eventually(async () => (await roundRow(server, roundId)).status === 'settled');
    expect(await queueGauge()).toEqual({ pending: 0, parked: 0 });
    expect(wallet.applications.get(creditId)).toBe(1);
    expect((await ledgerOf(server, roundId)).some((t) => t.type === 'rollback')).toBe(false);
    expect(cents(wallet.balanceOf('p-retry'))).toBe(10000n - 200n + cents(win));
    expect((await player.spin({ coin: '0.10' })).status).toBe(200);
    const audit = await server.admin('GET', `/api/admin/v1/audit?entity=wallet_transaction`);
    const entry = audit.body.entries.find(
      (e: { action: string; entity_id: string }) =>
        e.action === 'wallet_transaction.retry' && e.entity_id === creditId,
    );
    expect(entry).toMatchObject({ actor: 'token', before: { status: 'failed', id: creditId } });
    expect(entry.after.status).not.toBe('failed');
  });

  it('lets staff resolve a parked credit by hand, which ends the round and unblocks the player', async () => {
    const { player, roundId, creditId } = await parkOneCredit('p-resolve');
    wallet.setFault(undefined);
    const noNote = await server.admin('POST', `/api/admin/v1/wallet/transactions/${creditId}/resolve`, {});
    expect(noNote.status).toBe(400);
    const resolved = await server.admin('POST', `/api/admin/v1/wallet/transactions/${creditId}/resolve`, {
      note: 'paid by the operator by hand, ticket OPS-42',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.transaction).toMatchObject({
      status: 'resolved',
      resolution: 'paid by the operator by hand, ticket OPS-42',
    });
    expect((await roundRow(server, roundId)).status).toBe('settled');
    const again = await server.admin('POST', `/api/admin/v1/wallet/transactions/${creditId}/resolve`, {
      note: 'x',
    });
    expect(again.status).toBe(409);
    expect((await player.spin({ coin: '0.10' })).status).toBe(200);
    const audit = await server.admin('GET', `/api/admin/v1/audit?entity=wallet_transaction`);
    const entries = audit.body.entries.filter((e: { entity_id: string }) => e.entity_id === creditId);
    expect(entries).toHaveLength(1); // the refused second resolve is not a change
    expect(entries[0]).toMatchObject({
      action: 'wallet_transaction.resolve',
      actor: 'token',
      before: { status: 'failed' },
      after: { status: 'resolved', note: 'paid by the operator by hand, ticket OPS-42' },
    });
  });
});
