// A tournament's prizes from the end of the campaign to the operator's wallet (issue 29), through the
// campaign service and the prize worker together, on the callback wallet: the standings are frozen
// before any prize is paid, each cash prize is one promo_win credit applied once, a free-rounds
// prize is one grant, and each receipt verifies with the operator's wallet secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyReceipt } from '../../src/domain/campaign-receipts.ts';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import type { RuntimeSession } from '../../src/services/sessions.ts';
import {
  callbackOperator,
  cents,
  eventually,
  launchPlayer,
  type Player,
  WALLET_SECRET,
} from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let wallet: MockWallet;
let operator: { id: string; apiKey: string };
/** The node's clock runs `offset` ms ahead of real time: the campaign starts and ends when the test says. */
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
const GAME = 'rf_ember_crown';

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  const created = await callbackOperator(server, { 'flow-ann': '100.00', 'flow-ben': '100.00' });
  wallet = created.wallet;
  operator = created;
});
afterAll(async () => {
  await server?.close();
  await wallet?.close();
});

async function sessionOf(player: Player): Promise<RuntimeSession> {
  const resolved = await server.services.sessions.resolve(player.token);
  if (!resolved.ok) throw new Error('no session');
  return resolved.session;
}

describe('a tournament paid after it ends, on the callback wallet', () => {
  it('pays each place once after the freeze: a promo_win credit for an ended session, a free-rounds grant, receipts that verify', async () => {
    const start = clock.now().getTime() + 60_000;
    const end = start + 30 * 60_000;
    const created = await server.services.campaigns.create(
      {
        kind: 'tournament',
        name: 'Flow',
        scope: 'operator',
        operator_id: operator.id,
        currency: 'USD',
        games: [GAME],
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(end).toISOString(),
        scoring: 'total_bet',
        places: [
          { from: 1, to: 1, prize: { kind: 'cash', amount: '10.00' } },
          {
            from: 2,
            to: 2,
            prize: {
              kind: 'free_rounds',
              free_rounds: { game: GAME, rounds: 5, coin: '0.10', bet_level: 1 },
            },
          },
        ],
      },
      'staff:alice',
    );
    await server.services.campaigns.approve(created.campaign_id, 'staff:bob');
    offset += 61_000;
    const ann = await launchPlayer(server, operator.apiKey, { player: 'flow-ann' });
    const ben = await launchPlayer(server, operator.apiKey, { player: 'flow-ben' });
    for (const player of [ann, ben])
      await server.services.campaigns.enter(await sessionOf(player), created.campaign_id);
    for (let i = 0; i < 3; i++) expect((await ann.spin({ coin: '0.10', bet_level: 1 })).status).toBe(200);
    expect((await ben.spin({ coin: '0.10', bet_level: 1 })).status).toBe(200);
    await server.services.campaigns.settle();
    // nothing is paid while the campaign runs
    const annBefore = wallet.balanceOf('flow-ann');
    expect(wallet.calls.filter((call) => call.body.action_type === 'promo_win')).toEqual([]);

    offset = end - Date.now() + 120_000;
    await server.services.campaigns.settle();
    const prizes = await eventually(async () => {
      const page = await server.services.campaignPrizes.list(operator.id, {
        campaign_id: created.campaign_id,
      });
      return page.prizes.length === 2 && page.prizes.every((prize) => prize.status === 'acknowledged')
        ? page.prizes
        : undefined;
    });
    const standings = await server.services.campaigns.standings(created.campaign_id, { operatorId: null });
    expect(standings.final).toBe(true);
    // frozen before paid: the freeze's time is before every prize's payment
    const { rows } = await server.store.pool.query(`select frozen_at from campaigns where id = $1`, [
      created.campaign_id,
    ]);
    for (const prize of prizes)
      expect(new Date(prize.paid_at as string).getTime()).toBeGreaterThanOrEqual(rows[0].frozen_at.getTime());

    const cash = prizes.find((prize) => prize.kind === 'cash');
    const free = prizes.find((prize) => prize.kind === 'free_rounds');
    expect(cash).toMatchObject({ place: 1, player_id: 'flow-ann', amount: '10.00' });
    const credits = wallet.calls.filter((call) => call.body.action_type === 'promo_win');
    expect(credits).toHaveLength(1);
    expect(credits[0]?.body).toMatchObject({
      player_id: 'flow-ann',
      transaction_id: cash?.transaction_id,
      campaign_id: created.campaign_id,
      campaign_type: 'tournament',
      prize_id: cash?.prize_id,
      amount: '10.00',
    });
    expect(wallet.applications.get(cash?.transaction_id as string)).toBe(1);
    expect(cents(wallet.balanceOf('flow-ann'))).toBe(cents(annBefore) + 1_000n);

    expect(free).toMatchObject({
      place: 2,
      player_id: 'flow-ben',
      free_round_grant_id: expect.stringMatching(/^frg_/),
    });
    const grants = await server.services.freeRounds.grantsOf(operator.id, 'flow-ben');
    expect(grants.map((grant) => [grant.grant_id, grant.rounds_total])).toEqual([
      [free?.free_round_grant_id, 5],
    ]);

    for (const prize of [cash, free]) {
      const response = await server.request(`/api/provider/v1/campaigns/prizes/${prize?.prize_id}/receipt`, {
        headers: { 'x-provider-api-key': operator.apiKey },
      });
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(verifyReceipt(WALLET_SECRET, data.canonical, data.signature)).toBe(true);
    }
    offset = 0;
  });
});
