// Campaign prizes paid after the round (issue 29), on a real server with a callback wallet and an
// internal one: a promo_win credit of its own, not tied to a live session, retried with backoff
// until acknowledged and applied once, parked for staff after the give-up time, claimed by one node
// at a time; the internal wallet credited once; a free-rounds prize made into one grant; receipts
// the operator verifies with its wallet secret, and nobody else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyReceipt } from '../../src/domain/campaign-receipts.ts';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { type CampaignPrizeService, createCampaignPrizeService } from '../../src/services/campaign-prizes.ts';
import { campaignPrizesRepo } from '../../src/store/campaign-prizes.repo.ts';
import { type RetryPolicy, TEST_RETRY } from '../../src/wallet/retry-policy.ts';
import { callbackOperator, cents, eventually, WALLET_SECRET } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { attemptCount, insertCampaign, insertPrize, prizeRow } from './prize-rows.ts';

let server: TestServer;
let wallet: MockWallet;
let callbackOp: { id: string; apiKey: string };
let internalOp: { id: string; apiKey: string };
let otherOp: { id: string; apiKey: string };
const workers: CampaignPrizeService[] = [];

/** A delivery worker of its own, as another node runs it (same store, its own policy and timeout). */
function worker(overrides: Partial<RetryPolicy> = {}, timeoutMs = 2000): CampaignPrizeService {
  const created = createCampaignPrizeService({
    repo: campaignPrizesRepo(server.store.db),
    operatorAccess: server.services.access.operatorAccess,
    freeRounds: server.services.freeRounds,
    audit: server.services.audit,
    policy: { ...TEST_RETRY, ...overrides },
    timeoutMs,
    now: () => new Date(),
  });
  workers.push(created);
  return created;
}

/** Runs `by` until the prize reaches `status`. */
async function runUntil(by: CampaignPrizeService, prizeId: string, status: string, timeoutMs = 10_000) {
  return eventually(async () => {
    await by.runOnce();
    const row = await prizeRow(server, prizeId);
    return row.status === status ? row : undefined;
  }, timeoutMs);
}

const callsFor = (prizeId: string) =>
  wallet.calls.filter((call) => call.type === 'credit' && call.body.prize_id === prizeId);

function provider(apiKey: string, path: string) {
  return server.request(path, { headers: { 'x-provider-api-key': apiKey } });
}

beforeAll(async () => {
  server = await startTestServer({ WALLET_TIMEOUT_MS: '1000' });
  // The node's own worker is stopped: each test drives the workers it names (one test starts it).
  await server.services.campaignPrizes.stop();
  const operator = await callbackOperator(server, {
    'pz-retry': '10.00',
    'pz-park': '10.00',
    'pz-race': '10.00',
    'pz-lease': '10.00',
    'pz-receipt': '10.00',
    'pz-node': '10.00',
    'pz-place': '10.00',
  });
  wallet = operator.wallet;
  callbackOp = operator;
  internalOp = await server.createOperator({ wallet_mode: 'internal' });
  otherOp = await server.createOperator({
    wallet_mode: 'callback',
    wallet_base_url: 'https://wallet.other.example',
    wallet_secret: 'other-operator-secret-0123456789',
  });
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await server?.close();
  await wallet?.close();
});

describe('a cash prize on the callback wallet', () => {
  it('the node pays it by itself: a signed promo_win credit naming the campaign and prize, for an ended session', async () => {
    const campaignId = await insertCampaign(server, { operatorId: callbackOp.id });
    const prize = await insertPrize(server, {
      campaignId,
      operatorId: callbackOp.id,
      playerId: 'pz-node',
      amount: 1_250n,
    });
    server.services.campaignPrizes.start();
    try {
      const row = await eventually(async () => {
        const found = await prizeRow(server, prize.id);
        return found.status === 'acknowledged' ? found : undefined;
      });
      expect(row.balance_after).toBe(2_250n);
    } finally {
      await server.services.campaignPrizes.stop();
    }
    expect(wallet.balanceOf('pz-node')).toBe('22.50');
    const [call, ...more] = callsFor(prize.id);
    expect(more).toEqual([]);
    expect(call?.body).toMatchObject({
      operator_id: callbackOp.id,
      player_id: 'pz-node',
      session_id: prize.sessionId,
      game_symbol: 'rf_ember_crown',
      currency: 'USD',
      transaction_id: prize.transactionId,
      transaction_type: 'credit',
      action_type: 'promo_win',
      amount: '12.50',
      campaign_id: campaignId,
      campaign_type: 'tournament',
      prize_id: prize.id,
    });
    // no round: a prize opens and closes none
    expect(call?.body).not.toHaveProperty('round_id');
    expect(call?.body).not.toHaveProperty('round_finished');
  });

  it('is paid once though the wallet refuses it with a 400 and then fails with 503s', async () => {
    const campaignId = await insertCampaign(server, {
      operatorId: callbackOp.id,
      kind: 'drop',
      status: 'scheduled',
    });
    const prize = await insertPrize(server, {
      campaignId,
      operatorId: callbackOp.id,
      playerId: 'pz-retry',
      amount: 300n,
      source: 'drop',
    });
    let calls = 0;
    wallet.setFault((_type, body) => {
      if (body.prize_id !== prize.id) return undefined;
      calls += 1;
      if (calls === 1)
        return { kind: 'status', status: 400, body: '{"success":false,"error":"session_expired"}' };
      // the third is applied by the wallet but its answer is lost: the retry must not apply it again
      if (calls <= 3) return { kind: 'status', status: 503, apply: calls === 3 };
      return undefined;
    });
    const row = await runUntil(worker(), prize.id, 'acknowledged');
    wallet.setFault(undefined);
    expect(calls).toBe(4);
    expect(callsFor(prize.id).map((call) => call.body.transaction_id)).toEqual(
      Array(4).fill(prize.transactionId),
    );
    expect(wallet.applications.get(prize.transactionId)).toBe(1);
    expect(wallet.balanceOf('pz-retry')).toBe('13.00');
    expect(row.balance_after).toBe(1_300n);
    expect(row.attempts).toBe(4);
    expect(await attemptCount(server, prize.id)).toBe(4);
    const staff = await server.admin('GET', `/api/admin/v1/campaigns/prizes/${prize.id}`);
    expect(staff.status).toBe(200);
    expect(staff.body.prize.attempt_log.map((a: { result: string }) => a.result)).toEqual([
      'rejected',
      'failed',
      'failed',
      'acknowledged',
    ]);
    expect(staff.body.prize.attempt_log[0].error).toBe('session_expired');
  });

  it('a place prize waits until its tournament is frozen', async () => {
    const campaignId = await insertCampaign(server, { operatorId: callbackOp.id, status: 'scheduled' });
    const prize = await insertPrize(server, {
      campaignId,
      operatorId: callbackOp.id,
      playerId: 'pz-place',
      amount: 100n,
    });
    const byOne = worker();
    await byOne.runOnce();
    await byOne.runOnce();
    expect((await prizeRow(server, prize.id)).status).toBe('pending');
    expect(callsFor(prize.id)).toEqual([]);
    await server.store.pool.query(`update campaigns set status = 'frozen', frozen_at = now() where id = $1`, [
      campaignId,
    ]);
    await runUntil(byOne, prize.id, 'acknowledged');
    expect(wallet.applications.get(prize.transactionId)).toBe(1);
  });

  it('a wallet that answers 500 forever: parked after the give-up time; staff send it again, then settle another by hand', async () => {
    const campaignId = await insertCampaign(server, { operatorId: callbackOp.id });
    const parked = await insertPrize(server, {
      campaignId,
      operatorId: callbackOp.id,
      playerId: 'pz-park',
      amount: 500n,
    });
    const other = await insertPrize(server, {
      campaignId,
      operatorId: callbackOp.id,
      playerId: 'pz-park',
      amount: 700n,
    });
    const failing = new Set([parked.id, other.id]);
    wallet.setFault((_type, body) =>
      failing.has(body.prize_id as string) ? { kind: 'status', status: 500 } : undefined,
    );
    const shortLived = worker({ giveUpAfterMs: 400, baseDelayMs: 20, maxDelayMs: 60 });
    const row = await runUntil(shortLived, parked.id, 'failed');
    await runUntil(shortLived, other.id, 'failed');
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(row.last_error).toBe('HTTP 500');
    expect(row.paid_at).toBeNull();
    expect(await attemptCount(server, parked.id)).toBe(row.attempts);
    // retried for the whole give-up time: parked by an attempt that ended at or after give_up_at
    // (its start may be earlier: an attempt that begins at 386 ms and fails at 401 ms parks it, so
    // the starts alone spanned less than 400 ms one run in many)
    const { rows: span } = await server.store.pool.query(
      `select max(a.started_at + make_interval(secs => (a.latency_ms + 1) / 1000.0)) >= p.give_up_at as waited,
              p.give_up_at > min(a.started_at) as window
         from campaign_prize_attempts a join campaign_prizes p on p.id = a.prize_id
        where a.prize_id = $1 group by p.give_up_at`,
      [parked.id],
    );
    expect(span[0]).toEqual({ waited: true, window: true });
    // parked: no worker takes it any more
    const before = callsFor(parked.id).length;
    await shortLived.runOnce();
    expect(callsFor(parked.id).length).toBe(before);
    expect(wallet.balanceOf('pz-park')).toBe('10.00');

    // staff find it among the parked ones
    const parkedList = await server.admin('GET', '/api/admin/v1/campaigns/prizes?status=failed');
    expect(parkedList.status).toBe(200);
    expect(parkedList.body.prizes.map((p: { prize_id: string }) => p.prize_id)).toEqual(
      expect.arrayContaining([parked.id, other.id]),
    );
    expect((await server.admin('GET', '/api/admin/v1/campaigns/prizes?status=paid')).status).toBe(400);
    expect((await server.admin('GET', '/api/admin/v1/campaigns/prizes?limit=0')).status).toBe(400);

    // staff send it again once the wallet is fixed: the same transaction, paid once
    failing.delete(parked.id);
    const retried = await server.admin('POST', `/api/admin/v1/campaigns/prizes/${parked.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.prize.status).toBe('pending');
    await runUntil(shortLived, parked.id, 'acknowledged');
    expect(wallet.applications.get(parked.transactionId)).toBe(1);
    expect(wallet.balanceOf('pz-park')).toBe('15.00');

    // the other is settled with the operator by hand: closed, audited, never sent again
    const noNote = await server.admin('POST', `/api/admin/v1/campaigns/prizes/${other.id}/resolve`, {
      note: ' ',
    });
    expect(noNote.status).toBe(400);
    const resolved = await server.admin('POST', `/api/admin/v1/campaigns/prizes/${other.id}/resolve`, {
      note: 'paid by the operator by hand, ticket 4711',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.prize).toMatchObject({
      status: 'resolved',
      resolution: 'paid by the operator by hand, ticket 4711',
    });
    const { rows: audit } = await server.store.pool.query(
      `select action, before->>'status' as before, after->>'status' as after from audit_log
        where entity = 'campaign_prize' and entity_id = any($1) order by seq`,
      [[parked.id, other.id]],
    );
    expect(audit).toEqual([
      { action: 'campaign_prize.retry', before: 'failed', after: 'pending' },
      { action: 'campaign_prize.resolve', before: 'failed', after: 'resolved' },
    ]);
    // a paid or resolved prize is neither sent again nor resolved again
    expect((await server.admin('POST', `/api/admin/v1/campaigns/prizes/${other.id}/retry`)).status).toBe(409);
    expect(
      (await server.admin('POST', `/api/admin/v1/campaigns/prizes/${parked.id}/resolve`, { note: 'x' }))
        .status,
    ).toBe(409);
    expect((await server.admin('POST', `/api/admin/v1/campaigns/prizes/prz_nobody/retry`)).status).toBe(404);
    wallet.setFault(undefined);
  });

  it('staff cannot resolve or resend a prize while an attempt is sending it (the wallet may be paying it)', async () => {
    const campaignId = await insertCampaign(server, { operatorId: callbackOp.id, status: 'frozen' });
    // A lease, as claimDue leaves a prize it is sending.
    const sending = await insertPrize(server, {
      campaignId,
      operatorId: callbackOp.id,
      playerId: 'pz-lease',
      dueInSeconds: 60,
    });
    await server.store.pool.query(
      `update campaign_prizes set leased_until = now() + interval '1 minute' where id = $1`,
      [sending.id],
    );
    const resolve = await server.admin('POST', `/api/admin/v1/campaigns/prizes/${sending.id}/resolve`, {
      note: 'paid by hand',
    });
    expect(resolve.status).toBe(409);
    expect(resolve.body.detail).toContain('being sent to the wallet now');
    expect((await server.admin('POST', `/api/admin/v1/campaigns/prizes/${sending.id}/retry`)).status).toBe(
      409,
    );
    expect((await prizeRow(server, sending.id)).status).toBe('pending');
    // Once the lease is over (the attempt died with its node), staff may act.
    await server.store.pool.query(
      `update campaign_prizes set leased_until = now() - interval '1 second' where id = $1`,
      [sending.id],
    );
    expect(
      (
        await server.admin('POST', `/api/admin/v1/campaigns/prizes/${sending.id}/resolve`, {
          note: 'paid by hand',
        })
      ).status,
    ).toBe(200);
  });

  it('the same prize claimed by two workers at once is sent by one of them', async () => {
    const campaignId = await insertCampaign(server, { operatorId: callbackOp.id });
    const prize = await insertPrize(server, {
      campaignId,
      operatorId: callbackOp.id,
      playerId: 'pz-race',
      amount: 200n,
    });
    wallet.setFault((_type, body) => (body.prize_id === prize.id ? { kind: 'delay', ms: 150 } : undefined));
    const [one, two] = [worker(), worker()];
    await Promise.all([one.runOnce(), two.runOnce()]);
    wallet.setFault(undefined);
    expect(callsFor(prize.id)).toHaveLength(1);
    expect(wallet.applications.get(prize.transactionId)).toBe(1);
    expect((await prizeRow(server, prize.id)).status).toBe('acknowledged');
    expect(await attemptCount(server, prize.id)).toBe(1);
  });

  it('a node whose call the wallet paid but never answered: another sends the same transaction, the wallet pays it once', async () => {
    const campaignId = await insertCampaign(server, { operatorId: callbackOp.id });
    const prize = await insertPrize(server, {
      campaignId,
      operatorId: callbackOp.id,
      playerId: 'pz-lease',
      amount: 400n,
    });
    let first = true;
    wallet.setFault((_type, body) => {
      if (body.prize_id !== prize.id || !first) return undefined;
      first = false;
      return { kind: 'hang', apply: true }; // the wallet pays, and its answer never comes
    });
    // the slow node: a 100 ms call and no grace, so its lease is gone as soon as its call gives up
    const slow = worker({ leaseGraceMs: 0, baseDelayMs: 10, maxDelayMs: 10 }, 100);
    await slow.runOnce();
    const unanswered = await prizeRow(server, prize.id);
    expect(unanswered.status).toBe('pending');
    expect(unanswered.last_error).toBe('timeout');
    const row = await runUntil(worker(), prize.id, 'acknowledged');
    wallet.setFault(undefined);
    expect(new Set(callsFor(prize.id).map((call) => call.body.transaction_id))).toEqual(
      new Set([prize.transactionId]),
    );
    expect(wallet.applications.get(prize.transactionId)).toBe(1);
    expect(wallet.balanceOf('pz-lease')).toBe('14.00');
    expect(row.balance_after).toBe(1_400n);
  });
});

describe('a cash prize on the internal wallet', () => {
  it('is credited exactly once, though two workers and a repeated credit race for it', async () => {
    const campaignId = await insertCampaign(server, { operatorId: internalOp.id, currency: 'EUR' });
    const prize = await insertPrize(server, {
      campaignId,
      operatorId: internalOp.id,
      playerId: 'pz-internal',
      amount: 2_500n,
      currency: 'EUR',
    });
    await server.store.pool.query(
      `insert into wallet_balances (operator_id, player_id, currency, balance) values ($1, 'pz-internal', 'EUR', 1000)`,
      [internalOp.id],
    );
    const repo = campaignPrizesRepo(server.store.db);
    const [one, two] = [worker(), worker()];
    await Promise.all([one.runOnce(), two.runOnce(), repo.creditInternal(prize.id, new Date())]);
    expect(await repo.creditInternal(prize.id, new Date())).toBeUndefined();
    const row = await prizeRow(server, prize.id);
    expect(row.status).toBe('acknowledged');
    expect(row.balance_after).toBe(3_500n);
    const { rows } = await server.store.pool.query(
      `select balance from wallet_balances where operator_id = $1 and player_id = 'pz-internal'`,
      [internalOp.id],
    );
    expect(rows).toEqual([{ balance: 3_500n }]);
    // an operator without a wallet_secret gets the receipt unsigned
    const receipt = await provider(
      internalOp.apiKey,
      `/api/provider/v1/campaigns/prizes/${prize.id}/receipt`,
    );
    expect(receipt.status).toBe(200);
    const { data } = await receipt.json();
    expect(data).toMatchObject({ status: 'acknowledged', balance_after: '35.00', signature: null });
    expect(data.canonical).toContain('\namount=25.00\ncurrency=EUR\n');
  });

  it('a player with no balance yet gets one holding the prize', async () => {
    const campaignId = await insertCampaign(server, { operatorId: internalOp.id });
    const prize = await insertPrize(server, {
      campaignId,
      operatorId: internalOp.id,
      playerId: 'pz-internal-new',
      amount: 75n,
    });
    const row = await runUntil(worker(), prize.id, 'acknowledged');
    expect(row.balance_after).toBe(75n);
    expect(await attemptCount(server, prize.id)).toBe(1);
  });
});

describe('a free-rounds prize', () => {
  it('makes one grant for the player, and an attempt after a lost acknowledgement finds the same grant', async () => {
    const campaignId = await insertCampaign(server, { operatorId: internalOp.id });
    const prize = await insertPrize(server, {
      campaignId,
      operatorId: internalOp.id,
      playerId: 'pz-free',
      freeRounds: { game: 'rf_ember_crown', rounds: 7, coin: '0.10', bet_level: 1 },
    });
    const byOne = worker();
    const row = await runUntil(byOne, prize.id, 'acknowledged');
    expect(row.free_round_grant_id).toMatch(/^frg_/);
    // as if the node died after the grant was made and before the prize was marked
    await server.store.pool.query(
      `update campaign_prizes set status = 'pending', free_round_grant_id = null, next_attempt_at = date_trunc('milliseconds', now()) where id = $1`,
      [prize.id],
    );
    const again = await runUntil(byOne, prize.id, 'acknowledged');
    expect(again.free_round_grant_id).toBe(row.free_round_grant_id);
    const grants = await server.services.freeRounds.grantsOf(internalOp.id, 'pz-free');
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({
      grant_id: row.free_round_grant_id,
      campaign_id: `promo-${prize.id}`,
      rounds_total: 7,
      coin: '0.10',
      games: ['rf_ember_crown'],
    });
  });

  it('terms the game cannot play are retried and parked, never granted', async () => {
    const campaignId = await insertCampaign(server, { operatorId: internalOp.id });
    const prize = await insertPrize(server, {
      campaignId,
      operatorId: internalOp.id,
      playerId: 'pz-free-bad',
      freeRounds: { game: 'rf_ember_crown', rounds: 3, coin: '0.07', bet_level: 1 },
    });
    const row = await runUntil(
      worker({ giveUpAfterMs: 200, baseDelayMs: 10, maxDelayMs: 30 }),
      prize.id,
      'failed',
    );
    expect(row.last_error).toContain('coin 0.07');
    expect(await server.services.freeRounds.grantsOf(internalOp.id, 'pz-free-bad')).toEqual([]);
  });
});

describe('receipts and the prize list', () => {
  let paid: { id: string; transactionId: string };
  let pending: { id: string };
  let campaignId: string;

  beforeAll(async () => {
    campaignId = await insertCampaign(server, { operatorId: callbackOp.id });
    paid = await insertPrize(server, {
      campaignId,
      operatorId: callbackOp.id,
      playerId: 'pz-receipt',
      amount: 999n,
    });
    pending = await insertPrize(server, {
      campaignId,
      operatorId: callbackOp.id,
      playerId: 'pz-receipt',
      amount: 1n,
      dueInSeconds: 3600,
    });
    await runUntil(worker(), paid.id, 'acknowledged');
  });

  it("a paid prize's receipt verifies with the operator's wallet secret and fails with another", async () => {
    const response = await provider(
      callbackOp.apiKey,
      `/api/provider/v1/campaigns/prizes/${paid.id}/receipt`,
    );
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data).toMatchObject({
      version: 'reelforge-prize-receipt/v1',
      transaction_id: paid.transactionId,
      status: 'acknowledged',
      balance_after: '19.99',
      free_round_grant_id: null,
      prize: { prize_id: paid.id, amount: '9.99', currency: 'USD', status: 'acknowledged' },
    });
    expect(verifyReceipt(WALLET_SECRET, data.canonical, data.signature)).toBe(true);
    expect(verifyReceipt('another-secret-0123456789abcdef', data.canonical, data.signature)).toBe(false);
    // the text states what was paid: a tampered amount no longer verifies
    expect(
      verifyReceipt(WALLET_SECRET, data.canonical.replace('amount=9.99', 'amount=99.99'), data.signature),
    ).toBe(false);
    expect(data.canonical.split('\n')).toEqual([
      'reelforge-prize-receipt/v1',
      `prize_id=${paid.id}`,
      `campaign_id=${campaignId}`,
      'campaign_type=tournament',
      `operator_id=${callbackOp.id}`,
      'player_id=pz-receipt',
      'kind=cash',
      'amount=9.99',
      'currency=USD',
      `transaction_id=${paid.transactionId}`,
      'status=acknowledged',
      'balance_after=19.99',
      'free_round_grant_id=',
      `paid_at=${data.paid_at}`,
    ]);
  });

  it("another operator's prize is 404, receipt and list alike; an unknown one too", async () => {
    const foreign = await provider(otherOp.apiKey, `/api/provider/v1/campaigns/prizes/${paid.id}/receipt`);
    expect(foreign.status).toBe(404);
    const unknown = await provider(callbackOp.apiKey, '/api/provider/v1/campaigns/prizes/prz_nobody/receipt');
    expect(unknown.status).toBe(404);
    const list = await provider(
      otherOp.apiKey,
      `/api/provider/v1/campaigns/prizes?campaign_id=${campaignId}`,
    );
    expect(list.status).toBe(200);
    expect((await list.json()).data.prizes).toEqual([]);
    // an operator key cannot read another operator by naming it
    const named = await provider(
      callbackOp.apiKey,
      `/api/provider/v1/campaigns/prizes/${paid.id}/receipt?operator_id=${otherOp.id}`,
    );
    expect(named.status).toBe(403);
    const noKey = await server.request(`/api/provider/v1/campaigns/prizes/${paid.id}/receipt`);
    expect(noKey.status).toBe(401);
  });

  it('a master key reads the receipt of the operator it names, and must name one', async () => {
    const master = (await server.admin('POST', '/api/admin/v1/master-keys')).body.api_key as string;
    const path = `/api/provider/v1/campaigns/prizes/${paid.id}/receipt`;
    const named = await server.request(path, {
      headers: { 'x-provider-api-key': master, 'x-operator-id': callbackOp.id },
    });
    expect(named.status).toBe(200);
    const { data } = await named.json();
    expect(verifyReceipt(WALLET_SECRET, data.canonical, data.signature)).toBe(true);
    expect((await provider(master, path)).status).toBe(400);
    const wrong = await server.request(path, {
      headers: { 'x-provider-api-key': master, 'x-operator-id': otherOp.id },
    });
    expect(wrong.status).toBe(404);
  });

  it('a prize not paid yet has no receipt: 409 naming its status', async () => {
    const response = await provider(
      callbackOp.apiKey,
      `/api/provider/v1/campaigns/prizes/${pending.id}/receipt`,
    );
    expect(response.status).toBe(409);
    expect((await response.json()).detail).toContain('pending');
  });

  it('lists the prizes newest first, filtered and a page at a time', async () => {
    const path = `/api/provider/v1/campaigns/prizes?campaign_id=${campaignId}`;
    const all = (await (await provider(callbackOp.apiKey, path)).json()).data;
    expect(all.prizes.map((p: { prize_id: string }) => p.prize_id)).toEqual([pending.id, paid.id]);
    expect(all.next_cursor).toBeNull();
    const first = (await (await provider(callbackOp.apiKey, `${path}&limit=1`)).json()).data;
    expect(first.prizes.map((p: { prize_id: string }) => p.prize_id)).toEqual([pending.id]);
    const second = (
      await (await provider(callbackOp.apiKey, `${path}&limit=1&cursor=${first.next_cursor}`)).json()
    ).data;
    expect(second.prizes.map((p: { prize_id: string }) => p.prize_id)).toEqual([paid.id]);
    expect(second.next_cursor).toBeNull();
    const acknowledged = (await (await provider(callbackOp.apiKey, `${path}&status=acknowledged`)).json())
      .data;
    expect(acknowledged.prizes).toHaveLength(1);
    expect(acknowledged.prizes[0]).toMatchObject({
      prize_id: paid.id,
      amount: '9.99',
      campaign_type: 'tournament',
    });
    const byPlayer = (
      await (
        await provider(callbackOp.apiKey, '/api/provider/v1/campaigns/prizes?player_id=pz-receipt')
      ).json()
    ).data;
    expect(byPlayer.prizes.map((p: { prize_id: string }) => p.prize_id)).toEqual([pending.id, paid.id]);
  });

  it('bad filters are a 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=paid', 'status'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      // The shape of a cursor around a moment that does not exist: a 400, not the store's 500.
      [`cursor=${Buffer.from('2026-13-45 25:61:00|prz_x').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from('2026-02-31 10:00:00+00|prz_x').toString('base64url')}`, 'cursor'],
      ['player_id=', 'player_id'],
    ] as const) {
      const response = await provider(callbackOp.apiKey, `/api/provider/v1/campaigns/prizes?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).detail, query).toContain(field);
    }
  });

  it('a prize paid by hand has a receipt saying so', async () => {
    const byHand = await insertPrize(server, {
      campaignId,
      operatorId: callbackOp.id,
      playerId: 'pz-receipt',
      amount: 50n,
      dueInSeconds: 3600,
    });
    expect(
      (await server.admin('POST', `/api/admin/v1/campaigns/prizes/${byHand.id}/resolve`, { note: 'wired' }))
        .status,
    ).toBe(200);
    const { data } = await (
      await provider(callbackOp.apiKey, `/api/provider/v1/campaigns/prizes/${byHand.id}/receipt`)
    ).json();
    expect(data).toMatchObject({ status: 'resolved', balance_after: null });
    expect(verifyReceipt(WALLET_SECRET, data.canonical, data.signature)).toBe(true);
    expect(cents(data.prize.amount)).toBe(50n);
  });
});
