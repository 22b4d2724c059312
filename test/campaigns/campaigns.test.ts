// Tournaments and prize drops against a real server and PostgreSQL (issue 29): a campaign waits for
// a second admin, scores only the rounds that qualify, shows the same standings live as the ones
// recomputed from the rounds table and frozen at its end, lands each drop point once on a round at
// or after it, and commits its schedule before it starts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleCommit } from '../../src/domain/campaigns.ts';
import type { RuntimeSession } from '../../src/services/sessions.ts';
import { callbackOperator, eventually, launchPlayer, type Player } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let apiKey: string;
let operatorId: string;
let otherOperator: { id: string; apiKey: string };
/** The node's clock runs `offset` ms ahead of real time: a campaign starts and ends when a test says. */
let offset = 0;
/** While set, the node's clock stands still there (a test whose rounds must fall in a window). */
let frozenAt: number | null = null;
const clock = { now: () => new Date(frozenAt ?? Date.now() + offset) };
const GAME = 'rf_ember_crown';

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  const operator = await server.createOperator({ wallet_mode: 'internal' });
  apiKey = operator.apiKey;
  operatorId = operator.id;
  otherOperator = await server.createOperator({ wallet_mode: 'internal' });
});
afterAll(async () => {
  await server?.close();
});

async function sessionOf(player: Player): Promise<RuntimeSession> {
  const resolved = await server.services.sessions.resolve(player.token);
  if (!resolved.ok) throw new Error('no session');
  return resolved.session;
}

/** A campaign starting a minute from the node's now, approved by a second admin. */
async function scheduled(body: Record<string, unknown>, minutes = 30) {
  const start = clock.now().getTime() + 60_000;
  const created = await server.services.campaigns.create(
    {
      name: 'Test campaign',
      currency: 'USD',
      games: [GAME],
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + minutes * 60_000).toISOString(),
      ...body,
    },
    'staff:alice',
  );
  expect(created.status).toBe('pending');
  await server.services.campaigns.approve(created.campaign_id, 'staff:bob');
  return { id: created.campaign_id, start, end: start + minutes * 60_000 };
}

async function spins(player: Player, count: number, coin = '0.10') {
  for (let i = 0; i < count; i++) {
    const spun = await player.spin({ coin, bet_level: 1 });
    expect(spun.status).toBe(200);
  }
}

describe('campaigns', () => {
  it('waits for a second admin, and checks every field of its terms', async () => {
    const start = clock.now().getTime() + 60_000;
    const terms = {
      kind: 'tournament',
      name: 'Needs two',
      scope: 'operator',
      operator_id: operatorId,
      currency: 'USD',
      games: [GAME],
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + 3_600_000).toISOString(),
      scoring: 'max_multiplier',
      places: [{ from: 1, to: 3, prize: { kind: 'cash', amount: '25.00' } }],
    };
    const created = await server.services.campaigns.create(terms, 'staff:alice');
    expect(created).toMatchObject({ status: 'pending', budget: '75.00', approved_by: null });
    await expect(server.services.campaigns.approve(created.campaign_id, 'staff:alice')).rejects.toMatchObject(
      {
        code: 'conflict',
      },
    );
    const approved = await server.services.campaigns.approve(created.campaign_id, 'staff:bob');
    expect(approved).toMatchObject({ status: 'scheduled', approved_by: 'staff:bob' });
    for (const [field, value, named] of [
      ['scoring', 'loudest', 'scoring'],
      ['places', [{ from: 2, to: 3, prize: { kind: 'cash', amount: '1' } }], 'places[0].from'],
      ['games', ['rf_nope'], 'games[0]'],
      ['min_bet', '0.001', 'min_bet'],
      ['ends_at', terms.starts_at, 'ends_at'],
      ['operator_id', 'op_missing', 'operator_id'],
    ] as const) {
      await expect(
        server.services.campaigns.create({ ...terms, [field]: value }, 'staff:alice'),
      ).rejects.toMatchObject({
        code: 'invalid_request',
        detail: expect.stringContaining(named),
      });
    }
  });

  it('scores only opted-in players at or above the minimum bet, the same live as recomputed and frozen', async () => {
    const campaign = await scheduled(
      {
        kind: 'tournament',
        scope: 'operator',
        operator_id: operatorId,
        scoring: 'total_bet',
        min_bet: '2.00',
        places: [
          { from: 1, to: 1, prize: { kind: 'cash', amount: '10.00' } },
          { from: 2, to: 2, prize: { kind: 'pool_share', share_percent: '50' } },
        ],
        pool_amount: '3.00',
      },
      5,
    );
    offset += 61_000;
    const [alice, bob, carol] = await Promise.all(
      ['cmp-alice', 'cmp-bob', 'cmp-carol'].map((player) => launchPlayer(server, apiKey, { player })),
    );
    // Not opted in yet: nothing to show but the campaign, and the player may enter.
    const before = await server.services.campaigns.forSession(await sessionOf(alice as Player));
    expect(before.map((view) => [view.campaign.campaign_id, view.entered, view.can_enter])).toContainEqual([
      campaign.id,
      false,
      true,
    ]);
    for (const player of [alice, carol] as Player[])
      await server.services.campaigns.enter(await sessionOf(player), campaign.id);
    // Ember Crown's base bet at a 0.10 coin is 2.00 (20 lines), the minimum; at 0.01 it is 0.20, below.
    await spins(alice as Player, 3, '0.10');
    await spins(bob as Player, 2, '0.10'); // not opted in
    await spins(carol as Player, 1, '0.01');
    await spins(carol as Player, 1, '0.10');
    await server.services.campaigns.settle();
    const live = await eventually(async () => {
      const standings = await server.services.campaigns.standings(campaign.id, { operatorId: null });
      return standings.players === 2 ? standings : undefined;
    });
    expect(live.top.map((standing) => standing.player_id)).toEqual(['cmp-alice', 'cmp-carol']);
    expect(live.top.map((standing) => standing.rounds)).toEqual([3, 1]);
    // The same numbers from the player's side.
    const seen = (await server.services.campaigns.forSession(await sessionOf(alice as Player))).find(
      (view) => view.campaign.campaign_id === campaign.id,
    );
    expect(seen?.me).toMatchObject({ place: 1, player_id: 'cmp-alice', score: live.top[0]?.score });
    expect(seen?.standings?.top.map((standing) => [standing.place, standing.score])).toEqual(
      live.top.map((standing) => [standing.place, standing.score]),
    );
    // A player reads their own row named and everyone else masked, even their own operator's players.
    expect(seen?.standings?.top.map((standing) => [standing.player, standing.player_id])).toEqual([
      ['cmp-alice', 'cmp-alice'],
      ['cm***ol', undefined],
    ]);
    // And nothing of who runs the campaign: no operators, no staff.
    expect(seen?.campaign).not.toHaveProperty('operators');
    expect(seen?.campaign).not.toHaveProperty('created_by');
    expect(seen?.campaign).not.toHaveProperty('approved_by');
    // Another operator reads nothing of it: it is not invited.
    await expect(
      server.services.campaigns.standings(campaign.id, { operatorId: otherOperator.id }),
    ).rejects.toMatchObject({ code: 'not_found' });
    // The end: frozen from the rounds table, then the prizes.
    offset = campaign.end - Date.now() + 120_000;
    await server.services.campaigns.settle();
    const frozen = await server.services.campaigns.standings(campaign.id, { operatorId: null });
    expect(frozen.final).toBe(true);
    expect(frozen.top.map((standing) => [standing.player_id, standing.score, standing.rounds])).toEqual(
      live.top.map((standing) => [standing.player_id, standing.score, standing.rounds]),
    );
    const prizes = await server.services.campaigns.prizes(operatorId, { campaignId: campaign.id });
    expect(prizes.map((prize) => [prize.place, prize.player_id, prize.amount]).sort()).toEqual([
      [1, 'cmp-alice', '10.00'],
      [2, 'cmp-carol', '1.50'],
    ]);
    // The game goes on showing the final standings and the player's prize for a day.
    const after = (await server.services.campaigns.forSession(await sessionOf(alice as Player))).find(
      (view) => view.campaign.campaign_id === campaign.id,
    );
    expect(after).toMatchObject({
      campaign: { status: 'frozen' },
      standings: { final: true },
      me: { place: 1 },
    });
    expect(after?.prizes.map((prize) => [prize.place, prize.amount])).toEqual([[1, '10.00']]);
    offset = 0;
  });

  it('lands each drop point once, on a qualifying round at or after it, from a schedule committed before the start', async () => {
    const campaign = await scheduled(
      {
        kind: 'drop',
        scope: 'operator',
        operator_id: operatorId,
        opt_in_required: false,
        drops: [
          { count: 2, prize: { kind: 'cash', amount: '5.00' } },
          { count: 1, prize: { kind: 'bet_multiple', multiplier: 10, bet_cap: '1.00' } },
        ],
      },
      2,
    );
    const view = await server.services.campaigns.get(campaign.id);
    expect(view.drop_commit).toMatch(/^[0-9a-f]{64}$/);
    expect(view.drop_salt).toBeNull();
    expect(view.budget).toBe('20.00');
    // Just after the last point (read where the node keeps the schedule), inside the campaign's two
    // minutes: every point is due. The clock stands still there while dana plays. It used to run on
    // from 119 s, leaving the campaign a second later (a slow machine's launch and spins took longer:
    // a drop never landed), and a point drawn in that last second would have had no round after it.
    const { rows: last } = await server.store.pool.query<{ at: Date }>(
      'select max(at) as at from campaign_drop_points where campaign_id = $1',
      [campaign.id],
    );
    frozenAt = Math.min((last[0] as { at: Date }).at.getTime() + 1, campaign.end - 1);
    const dana = await launchPlayer(server, apiKey, { player: 'cmp-dana' });
    await spins(dana, 4);
    await server.services.campaigns.settle();
    const prizes = await eventually(async () => {
      const found = await server.services.campaigns.prizes(operatorId, { campaignId: campaign.id });
      return found.length === 3 ? found : undefined;
    });
    frozenAt = null;
    offset = campaign.start - Date.now() + 119_000;
    expect(new Set(prizes.map((prize) => prize.player_id))).toEqual(new Set(['cmp-dana']));
    // Two of 5.00, and 10 × the 2.00 bet counted up to its 1.00 cap.
    expect(prizes.map((prize) => prize.amount).sort()).toEqual(['10.00', '5.00', '5.00']);
    await spins(dana, 2);
    await server.services.campaigns.settle();
    expect(await server.services.campaigns.prizes(operatorId, { campaignId: campaign.id })).toHaveLength(3);
    // Ended and frozen: the salt is revealed and the committed schedule hashes to the commitment.
    offset = campaign.end - Date.now() + 120_000;
    await server.services.campaigns.settle();
    const ended = await server.services.campaigns.get(campaign.id);
    expect(ended.status).toBe('frozen');
    // The schedule is published with its salt once ended: anyone hashes it again to the commitment.
    const published = (ended.drop_points ?? []).map((point) => ({ ...point, at: new Date(point.at) }));
    expect(published).toHaveLength(3);
    expect(scheduleCommit(campaign.id, published as never, ended.drop_salt as string)).toBe(
      ended.drop_commit,
    );
    // Before the end nothing of it was: only the commitment.
    expect(view.drop_points).toBeNull();
    // Each point went to a round played at or after it, and no round took two.
    const rounds = await server.store.pool.query(
      'select p.at as point_at, r.created_at from campaign_drop_points p join rounds r on r.id = p.round_id where p.campaign_id = $1',
      [campaign.id],
    );
    expect(rounds.rows).toHaveLength(3);
    for (const row of rounds.rows)
      expect(row.created_at.getTime()).toBeGreaterThanOrEqual(row.point_at.getTime());
    offset = 0;
  });

  it("scores a callback wallet's round once its debit is taken, and never one the wallet refused", async () => {
    const wallet = await callbackOperator(server, { 'cb-rich': '100.00', 'cb-poor': '2.00' });
    try {
      const campaign = await scheduled(
        {
          kind: 'tournament',
          scope: 'operator',
          operator_id: wallet.id,
          scoring: 'total_bet',
          opt_in_required: false,
          places: [{ from: 1, to: 1, prize: { kind: 'cash', amount: '1.00' } }],
        },
        5,
      );
      offset = campaign.start - Date.now() + 1_000;
      const rich = await launchPlayer(server, wallet.apiKey, { player: 'cb-rich' });
      const poor = await launchPlayer(server, wallet.apiKey, { player: 'cb-poor' });
      await spins(rich, 2);
      await spins(poor, 1); // 2.00 of 2.00: taken
      const refused = await poor.spin({ coin: '0.10', bet_level: 1 }); // nothing left unless it won
      await server.services.campaigns.settle();
      const standings = await eventually(async () => {
        const found = await server.services.campaigns.standings(campaign.id, { operatorId: wallet.id });
        return found.players === 2 ? found : undefined;
      });
      const rounds = Object.fromEntries(standings.top.map((entry) => [entry.player_id, entry.rounds]));
      expect(rounds['cb-rich']).toBe(2);
      expect(rounds['cb-poor']).toBe(refused.status === 200 ? 2 : 1);
      expect(
        (await server.services.campaigns.recomputed(campaign.id)).top.map((entry) => [
          entry.player_id,
          entry.score,
        ]),
      ).toEqual(standings.top.map((entry) => [entry.player_id, entry.score]));
    } finally {
      offset = 0;
      await wallet.wallet.close();
    }
  });

  it('shows no campaign to a demo session, and a demo session cannot enter', async () => {
    // An operator of its own: the earlier tests' rounds (played on a clock moved ahead) are not in it.
    const own = await server.createOperator({ wallet_mode: 'internal' });
    const campaign = await scheduled({
      kind: 'tournament',
      scope: 'operator',
      operator_id: own.id,
      scoring: 'qualifying_rounds',
      opt_in_required: false,
      places: [{ from: 1, to: 1, prize: { kind: 'cash', amount: '1.00' } }],
    });
    offset = campaign.start - Date.now() + 1_000;
    const response = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      headers: { 'x-provider-api-key': own.apiKey },
      json: { symbol: GAME, external_player_id: 'cmp-demo', currency: 'USD', play_mode: 'demo' },
    });
    const launched = (await response.json()) as { session_id: string };
    const demo = await sessionOf({ token: launched.session_id } as Player);
    expect(demo.row.play_mode).toBe('demo');
    expect(await server.services.campaigns.forSession(demo)).toEqual([]);
    await expect(server.services.campaigns.enter(demo, campaign.id)).rejects.toMatchObject({
      code: 'forbidden',
    });
    // A real session of the same player sees it, and its rounds count without an opt-in.
    const real = await launchPlayer(server, own.apiKey, { player: 'cmp-demo' });
    await spins(real, 2);
    await server.services.campaigns.settle();
    const standings = await eventually(async () => {
      const found = await server.services.campaigns.standings(campaign.id, { operatorId: own.id });
      return found.players === 1 ? found : undefined;
    });
    expect(standings.top[0]).toMatchObject({ player_id: 'cmp-demo', score: 2 });
    offset = 0;
  });
});
