// The session token travels in callback bodies only while the round may still send them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { callbackOperator, launchPlayer } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let wallet: MockWallet;
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer({ WALLET_TIMEOUT_MS: '500' });
  const operator = await callbackOperator(server, { 'p-scrub': '50.00' });
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
