// GET /api/admin/v1/live on a real node: rounds per second and a callback operator's wallet calls,
// failures and latency, computed from the node's metrics. Also the console's helpers on the Admin
// API: round search by round id and transaction id, and the generated art.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { callbackOperator, eventually, launchPlayer, useRetryPolicy } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let wallet: MockWallet;
let operatorId: string;
let apiKey: string;
const roundIds: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ WALLET_TIMEOUT_MS: '300' });
  useRetryPolicy(server, { baseDelayMs: 20, maxDelayMs: 60, pollIntervalMs: 25 });
  const operator = await callbackOperator(server, { 'p-live': '500.00' });
  wallet = operator.wallet;
  operatorId = operator.id;
  apiKey = operator.apiKey;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => wallet?.server.close(resolve));
});

describe('GET /api/admin/v1/live', () => {
  it('needs the admin token', async () => {
    const response = await server.request('/api/admin/v1/live');
    expect(response.status).toBe(401);
  });

  it('counts rounds and every wallet call and failure of the operator since the node started', async () => {
    const player = await launchPlayer(server, apiKey, { player: 'p-live' });
    // The first debit answers 500 (not applied): a failure; the round is refused and rolled back.
    let failedOnce = false;
    wallet.setFault((type) => {
      if (type !== 'debit' || failedOnce) return undefined;
      failedOnce = true;
      return { kind: 'status', status: 500 };
    });
    const refused = await player.spin();
    expect(refused.status).not.toBe(200);
    wallet.setFault(undefined);
    for (let i = 0; i < 4; i++) {
      const spin = await player.spin();
      expect(spin.status).toBe(200);
      roundIds.push(spin.body.round.round_id ?? spin.body.round.id);
    }
    // Wait until every call has gone out: a round's credit may follow its answer (its intent is
    // durable before), and the refused debit's rollback goes from the queue. Waiting for an empty
    // queue alone raced a credit not yet queued (the figure read 8 calls one run in many).
    const sent = (type: string) => wallet.calls.filter((call) => call.type === type).length;
    await eventually(
      async () =>
        sent('debit') === 5 &&
        sent('credit') === 4 &&
        sent('rollback') === 1 &&
        (await server.services.walletQueue.counts()).pending === 0,
    );

    const live = await server.admin('GET', '/api/admin/v1/live');
    expect(live.status).toBe(200);
    expect(live.body.rounds_per_second).toBeGreaterThan(0);
    expect(live.body.window_seconds).toBeGreaterThan(0);
    expect(Date.parse(live.body.at)).not.toBeNaN();
    const mine = live.body.by_operator.find((op: { operator_id: string }) => op.operator_id === operatorId);
    expect(mine).toBeDefined();
    expect(mine.wallet_calls).toBe(wallet.calls.length);
    expect(mine.wallet_calls).toBe(10); // 5 debits, 4 credits, a rollback
    expect(mine.wallet_failures).toBe(1);
    expect(mine.wallet_p50_ms).toBeGreaterThan(0);
    expect(mine.wallet_p99_ms).toBeGreaterThanOrEqual(mine.wallet_p50_ms);
  });

  it('reports the rounds per second from played rounds only', async () => {
    const before = await server.admin('GET', '/api/admin/v1/live');
    // A refused request on the spin route (no session) is not a round.
    await server.request('/api/runtime/v1/spin', {
      method: 'POST',
      json: { coin: '0.10', client_round_id: 'x1' },
    });
    const after = await server.admin('GET', '/api/admin/v1/live');
    const perWindow = (figures: { rounds_per_second: number; window_seconds: number }) =>
      Math.round(figures.rounds_per_second * figures.window_seconds);
    expect(perWindow(after.body)).toBeLessThanOrEqual(perWindow(before.body) + 1);
    expect(perWindow(before.body)).toBeGreaterThanOrEqual(4);
  });
});

describe('round search for the console', () => {
  it('finds one round by its id and by one of its transaction ids', async () => {
    const roundId = roundIds[0] as string;
    const byId = await server.admin('GET', `/api/admin/v1/rounds?round_id=${roundId}`);
    expect(byId.status).toBe(200);
    expect(byId.body.rounds.map((r: { id: string }) => r.id)).toEqual([roundId]);
    const txId = byId.body.rounds[0].transactions[0].id as string;
    const byTx = await server.admin('GET', `/api/admin/v1/rounds?transaction_id=${txId}`);
    expect(byTx.body.rounds.map((r: { id: string }) => r.id)).toEqual([roundId]);
    expect(byTx.body.rounds[0].round_details_url).toContain(`/round-details/${roundId}`);
  });

  it('finds nothing when the other filters do not match, or the ids are unknown', async () => {
    const roundId = roundIds[0] as string;
    for (const query of [
      `round_id=${roundId}&player_id=someone-else`,
      `round_id=${roundId}&operator_id=op_nope`,
      'round_id=rnd_unknown',
      'transaction_id=tx_unknown',
    ]) {
      const found = await server.admin('GET', `/api/admin/v1/rounds?${query}`);
      expect(found.status).toBe(200);
      expect(found.body.rounds).toEqual([]);
    }
    const tooLong = await server.admin('GET', `/api/admin/v1/rounds?round_id=${'x'.repeat(65)}`);
    expect(tooLong.status).toBe(400);
  });
});

describe('GET /api/admin/v1/games/{symbol}/generated-art', () => {
  it('answers the generated SVG for a game, 404 for an unknown one, 401 without the token', async () => {
    const art = await server.request('/api/admin/v1/games/rf_ember_crown/generated-art', {
      headers: { authorization: `Bearer ${server.adminToken}` },
    });
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toContain('image/svg+xml');
    expect(await art.text()).toMatch(/^<svg/);
    const unknown = await server.admin('GET', '/api/admin/v1/games/rf_nope/generated-art');
    expect(unknown.status).toBe(404);
    const anonymous = await server.request('/api/admin/v1/games/rf_ember_crown/generated-art');
    expect(anonymous.status).toBe(401);
  });
});
