// A drop point is taken only by a round of a campaign still scheduled, and never for a prize worth
// nothing in the player's currency: the point then waits for the next qualifying round (issue 29).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignsRepo, type NewPrize } from '../../src/store/campaigns.repo.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let operatorId: string;
const offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  operatorId = (await server.createOperator({ wallet_mode: 'internal' })).id;
});
afterAll(async () => {
  await server?.close();
});

async function dropCampaign(): Promise<string> {
  const start = clock.now().getTime() + 60_000;
  const created = await server.services.campaigns.create(
    {
      kind: 'drop',
      name: 'Point keeper',
      scope: 'operator',
      operator_id: operatorId,
      currency: 'USD',
      games: ['rf_ember_crown'],
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + 120_000).toISOString(),
      drops: [{ count: 2, prize: { kind: 'cash', amount: '1.00' } }],
    },
    'staff:alice',
  );
  await server.services.campaigns.approve(created.campaign_id, 'staff:bob');
  return created.campaign_id;
}

const prizeFor = (campaignId: string, seq: number): NewPrize => ({
  id: `prz_drops${seq}${process.pid}${campaignId.slice(-4)}`,
  campaign_id: campaignId,
  source: 'drop',
  place: null,
  drop_seq: seq,
  operator_id: operatorId,
  player_id: 'p',
  currency: 'USD',
  kind: 'cash',
  amount: 100n,
  base_amount: 100n,
  free_rounds: null,
  game_symbol: 'rf_ember_crown',
  session_id: 'ses_x',
  round_id: `rnd_${seq}`,
  transaction_id: `tx_drops${seq}${process.pid}${campaignId.slice(-4)}`,
});

describe('taking a drop point', () => {
  it('leaves the point for the next round when the prize is worth nothing, and takes none once cancelled', async () => {
    const repo = campaignsRepo(server.store.db);
    const id = await dropCampaign();
    const late = new Date(clock.now().getTime() + 10 * 60_000);
    const round = (n: number) => ({
      id: `rnd_drops${n}${id.slice(-6)}`,
      operatorId,
      playerId: 'p',
      at: late,
    });
    // Worth nothing: nothing taken, the point still free.
    expect(await repo.takeDrop(id, round(1), () => null, clock.now())).toBeNull();
    expect((await repo.dropPoints(id)).filter((point) => point.round_id === null)).toHaveLength(2);
    // Worth something: the earliest point goes to this round, one point a round.
    const taken = await repo.takeDrop(id, round(2), (point) => prizeFor(id, point.seq), clock.now());
    expect(taken?.seq).toBe(1);
    expect(await repo.takeDrop(id, round(2), (point) => prizeFor(id, point.seq), clock.now())).toBeNull();
    // Cancelled: the last point stays where it is, whatever a node's older view says.
    await server.services.campaigns.cancel(id, 'staff:alice');
    expect(await repo.takeDrop(id, round(3), (point) => prizeFor(id, point.seq), clock.now())).toBeNull();
    expect((await repo.dropPoints(id)).map((point) => point.round_id !== null)).toEqual([true, false]);
  });
});

describe("the entries a drop's due rounds are checked against", () => {
  it('reads the named players of the campaign in one statement, and no one else', async () => {
    const campaignId = await dropCampaign();
    const other = await dropCampaign();
    const repo = campaignsRepo(server.store.db);
    const at = new Date('2026-11-28T10:00:00Z');
    for (const [campaign, player] of [
      [campaignId, 'ann'],
      [campaignId, 'bob'],
      [other, 'cy'],
    ] as const)
      await server.store.pool.query(
        'insert into campaign_entries (campaign_id, operator_id, player_id, opted_in_at) values ($1, $2, $3, $4)',
        [campaign, operatorId, player, at],
      );
    const read = await repo.entriesFor(campaignId, [
      { operatorId, playerId: 'ann' },
      { operatorId, playerId: 'cy' }, // opted in to the other campaign only
      { operatorId: 'op_elsewhere', playerId: 'bob' }, // another operator's player of that name
      { operatorId, playerId: 'ann' },
    ]);
    expect(read).toEqual([{ operator_id: operatorId, player_id: 'ann', opted_in_at: at }]);
    expect(await repo.entriesFor(campaignId, [])).toEqual([]);
  });
});
