// The session token travels in callback bodies only while they may still be sent: a transaction's
// stored body drops it in the update that decides it (migration 018).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { callbackOperator, eventually, launchPlayer, roundRow, useRetryPolicy } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let wallet: MockWallet;
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer({ WALLET_TIMEOUT_MS: '500' });
  useRetryPolicy(server, { baseDelayMs: 20, maxDelayMs: 100, leaseGraceMs: 300, pollIntervalMs: 25 });
  const operator = await callbackOperator(server, { 'p-scrub': '50.00', 'p-owed': '50.00' });
  apiKey = operator.apiKey;
  wallet = operator.wallet;
});
afterAll(async () => {
  await server?.close();
  await wallet?.close();
});

it('keeps no session token in the stored bodies of a finished round, yet sent it to the wallet', async () => {
  const seen: string[] = [];
  wallet.setFault((_type, body) => {
    seen.push(String(body.session_id));
    return undefined;
  });
  const player = await launchPlayer(server, apiKey, { player: 'p-scrub', symbol: 'rf_copper_sevens' });
  const spun = await player.spin({ coin: '0.10' });
  expect(spun.status).toBe(200);
  expect(spun.body.round.status).toBe('settled');
  expect(seen).toContain(player.token);
  const { rows } = await server.store.pool.query('select body from wallet_transactions where round_id = $1', [
    spun.body.round.id,
  ]);
  expect(rows.length).toBeGreaterThanOrEqual(2);
  for (const row of rows) {
    expect(row.body).not.toContain(player.token);
    expect(JSON.parse(row.body).session_id).toBe('[REDACTED]');
  }
});

it('drops the token from a debit once it is answered, while its credit, still owed, keeps it until paid', async () => {
  let failCredits = true;
  wallet.setFault((type, body) =>
    body.player_id === 'p-owed' && type === 'credit' && failCredits
      ? { kind: 'status', status: 500 }
      : undefined,
  );
  const player = await launchPlayer(server, apiKey, { player: 'p-owed', symbol: 'rf_copper_sevens' });
  const spun = await player.spin({ coin: '0.10' });
  expect(spun.status).toBe(200);
  expect(spun.body.round.status).toBe('open');
  const bodies = async () => {
    const { rows } = await server.store.pool.query(
      'select type, status, body from wallet_transactions where round_id = $1 order by type',
      [spun.body.round.id],
    );
    return rows.map((row) => [row.type, row.status, JSON.parse(row.body).session_id]);
  };
  // The credit is retried with the same body, so it still carries the token the wallet expects.
  expect(await bodies()).toEqual([
    ['credit', 'pending', player.token],
    ['debit', 'acknowledged', '[REDACTED]'],
  ]);
  failCredits = false;
  await eventually(async () => (await roundRow(server, spun.body.round.id)).status === 'settled');
  wallet.setFault(undefined);
  expect(await bodies()).toEqual([
    ['credit', 'acknowledged', '[REDACTED]'],
    ['debit', 'acknowledged', '[REDACTED]'],
  ]);
});
