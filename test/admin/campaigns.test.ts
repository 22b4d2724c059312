// Staff's tournaments and prize drops (issue 29) on a real server and PostgreSQL: a staff session's
// campaign waits for a second admin (the creator cannot approve it, nor can an admin the creator
// appointed or the ADMIN_TOKEN), the token's is approved at once, every bad field is a 400 naming
// it, roles below admin only read, every change is in the audit trail, and staff read standings
// with every player's id, flags and prizes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPlayer } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type StaffClient, signedInStaff, signIn, staffClient } from '../helpers/staff.ts';

let server: TestServer;
let alphaId: string;
let alphaKey: string;
let betaId: string;
let betaKey: string;
let alice: StaffClient;
let bob: StaffClient;
/** The server's clock runs this far ahead of the real one: tests move it past a campaign's start. */
let aheadMs = 0;
/** When set, the server's clock stands still there (a bot's exact rhythm, whatever this machine's load). */
let heldAt: number | null = null;
const clock = { now: () => new Date(heldAt ?? Date.now() + aheadMs) };

const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();

const tournament = (over: Record<string, unknown> = {}) => ({
  kind: 'tournament',
  name: 'Friday Multiplier Race',
  scope: 'network',
  operators: [alphaId, betaId],
  currency: 'USD',
  rates: { EUR: '1.08' },
  games: ['rf_ember_crown'],
  starts_at: at(10),
  ends_at: at(24 * 60),
  min_bet: '0.10',
  scoring: 'max_multiplier',
  opt_in_required: false,
  places: [
    { from: 1, to: 1, prize: { kind: 'cash', amount: '100.00' } },
    { from: 2, to: 3, prize: { kind: 'pool_share', share_percent: '10' } },
    {
      from: 4,
      to: 10,
      // Cash: a free-rounds prize is for a campaign of one currency, and this one has a EUR rate.
      prize: { kind: 'cash', amount: '10.00' },
    },
  ],
  pool_amount: '500.00',
  ...over,
});

const drop = (over: Record<string, unknown> = {}) => ({
  kind: 'drop',
  name: 'Hourly drops',
  scope: 'operator',
  operator_id: alphaId,
  currency: 'USD',
  games: ['rf_ember_crown'],
  starts_at: at(10),
  ends_at: at(120),
  drops: [
    { count: 5, prize: { kind: 'bet_multiple', multiplier: 10, bet_cap: '1.00' } },
    { count: 2, prize: { kind: 'cash', amount: '5.00' } },
  ],
  ...over,
});

async function trailOf(entityId: string): Promise<string[][]> {
  const trail = await server.admin(
    'GET',
    `/api/admin/v1/audit?entity=campaign&entity_id=${entityId}&limit=100`,
  );
  expect(trail.status).toBe(200);
  return trail.body.entries
    .reverse()
    .map((entry: { action: string; actor: string }) => [entry.action, entry.actor]);
}

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  ({ id: alphaId, apiKey: alphaKey } = await server.createOperator({
    name: 'Alpha',
    wallet_mode: 'internal',
  }));
  ({ id: betaId, apiKey: betaKey } = await server.createOperator({ name: 'Beta', wallet_mode: 'internal' }));
  alice = await signedInStaff(server, 'admin');
  bob = await signedInStaff(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});

describe('creating and approving', () => {
  it('a staff session creates a pending campaign; the creator cannot approve it, a second admin can', async () => {
    const created = await alice.call('POST', '/api/admin/v1/campaigns', tournament());
    expect(created.status).toBe(201);
    const campaign = created.body.campaign;
    expect(campaign).toMatchObject({
      kind: 'tournament',
      scope: 'network',
      status: 'pending',
      currency: 'USD',
      min_bet: '0.10',
      scoring: 'max_multiplier',
      pool_amount: '500.00',
      // 100.00 for the first place, the pool shared by places 2 and 3, 10.00 each for places 4 to 10.
      budget: '670.00',
      created_by: `staff:${alice.email}`,
      approved_by: null,
    });
    expect(campaign.operators.map((op: { operator_id: string }) => op.operator_id).sort()).toEqual(
      [alphaId, betaId].sort(),
    );
    const pending = await bob.call('GET', '/api/admin/v1/campaigns?status=pending');
    expect(pending.body.campaigns.map((c: { campaign_id: string }) => c.campaign_id)).toContain(
      campaign.campaign_id,
    );

    const own = await alice.call('POST', `/api/admin/v1/campaigns/${campaign.campaign_id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.detail).toMatch(/different admin/);
    const token = await server.admin('POST', `/api/admin/v1/campaigns/${campaign.campaign_id}/approve`);
    expect(token.status).toBe(403);
    expect(
      (await server.admin('GET', `/api/admin/v1/campaigns/${campaign.campaign_id}`)).body.campaign.status,
    ).toBe('pending');

    const approved = await bob.call('POST', `/api/admin/v1/campaigns/${campaign.campaign_id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.campaign).toMatchObject({ status: 'scheduled', approved_by: `staff:${bob.email}` });
    const again = await bob.call('POST', `/api/admin/v1/campaigns/${campaign.campaign_id}/approve`);
    expect(again.status).toBe(409);

    expect(await trailOf(campaign.campaign_id)).toEqual([
      ['campaign.create', `staff:${alice.email}`],
      ['campaign.approve', `staff:${bob.email}`],
    ]);
  });

  it('a drop is approved with its schedule committed; the token creates one approved at once', async () => {
    const created = await server.admin('POST', '/api/admin/v1/campaigns', drop());
    expect(created.status).toBe(201);
    expect(created.body.campaign).toMatchObject({
      kind: 'drop',
      scope: 'operator',
      owner_operator_id: alphaId,
      status: 'scheduled',
      created_by: 'token',
      // 5 × 10 × 1.00 and 2 × 5.00.
      budget: '60.00',
      drop_salt: null,
    });
    expect(created.body.campaign.drop_commit).toMatch(/^[0-9a-f]{64}$/);
    expect(await trailOf(created.body.campaign.campaign_id)).toEqual([
      ['campaign.create', 'token'],
      ['campaign.approve', 'token'],
    ]);
  });

  it('an admin the creator appointed cannot approve the creator’s campaign', async () => {
    // Alice proposes a new admin; Bob approves the promotion: the new admin owes Alice their role.
    const created = await alice.call('POST', '/api/admin/v1/staff', {
      email: `helper-${Date.now()}@reelforge.test`,
      role: 'admin',
      password: 'correct horse battery staple',
    });
    expect(created.status).toBe(202);
    const promoted = await bob.call('POST', `/api/admin/v1/approvals/${created.body.approval.id}/approve`);
    expect(promoted.status).toBe(200);
    const signed = await signIn(server, promoted.body.result.email);
    const helper = staffClient(
      server,
      promoted.body.result.id,
      promoted.body.result.email,
      signed.setCookie as string,
      signed.body.csrf_token,
    );
    const campaign = (await alice.call('POST', '/api/admin/v1/campaigns', drop({ name: 'Helper test' }))).body
      .campaign;
    const refused = await helper.call('POST', `/api/admin/v1/campaigns/${campaign.campaign_id}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/proposed you as an admin/);
  });

  it.each([
    [{ name: 'x' }, 'name'],
    [{ kind: 'raffle' }, 'kind'],
    [{ scoring: 'luck' }, 'scoring'],
    [{ games: ['rf_no_such_game'] }, 'games[0]'],
    [{ currency: 'XYZ' }, 'currency'],
    [{ starts_at: '2020-01-01T00:00:00Z' }, 'starts_at'],
    [{ ends_at: 'tomorrow' }, 'ends_at'],
    [{ min_bet: '0.001' }, 'min_bet'],
    [{ rates: { EUR: 'lots' } }, 'rates.EUR'],
    [{ operator_id: 'op_x' }, 'operator_id'],
    [{ operators: ['op_nobody'] }, 'operators[0]'],
    [{ scoring: 'best_n_ratio' }, 'best_n'],
    [{ places: [{ from: 2, to: 2, prize: { kind: 'cash', amount: '1.00' } }] }, 'places[0].from'],
    [{ places: [{ from: 1, to: 1, prize: { kind: 'cash', amount: '1.001' } }] }, 'places[0].prize.amount'],
    [
      { places: [{ from: 1, to: 1, prize: { kind: 'pool_share', share_percent: '150' } }] },
      'places[0].prize.share_percent',
    ],
    [{ drops: [] }, 'drops'],
    [{ colour: 'gold' }, 'colour'],
  ])('%j is a 400 naming %s', async (over, field) => {
    const answer = await alice.call('POST', '/api/admin/v1/campaigns', tournament(over));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
    expect(answer.body.detail.startsWith(`${field}:`)).toBe(true);
  });

  it('a drop prize with a bad cap, and a body that is no object, are 400s too', async () => {
    const capped = await alice.call(
      'POST',
      '/api/admin/v1/campaigns',
      drop({ drops: [{ count: 1, prize: { kind: 'bet_multiple', multiplier: 10, bet_cap: '0' } }] }),
    );
    expect(capped.status).toBe(400);
    expect(capped.body.detail.startsWith('drops[0].prize.bet_cap:')).toBe(true);
    const list = await alice.call('POST', '/api/admin/v1/campaigns', [tournament()]);
    expect(list.status).toBe(400);
  });

  it('an unknown campaign is a 404 on every route', async () => {
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/approve'],
      ['POST', '/cancel'],
      ['GET', '/standings'],
      ['GET', '/flags'],
      ['GET', '/prizes'],
    ] as const) {
      const answer = await bob.call(method, `/api/admin/v1/campaigns/cmp_nothing_here${path}`);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe('roles', () => {
  it('support, finance and viewer read campaigns but create, approve and cancel nothing', async () => {
    const campaign = (await alice.call('POST', '/api/admin/v1/campaigns', drop({ name: 'Roles' }))).body
      .campaign;
    for (const role of ['support', 'finance', 'viewer'] as const) {
      const member = await signedInStaff(server, role);
      expect((await member.call('GET', '/api/admin/v1/campaigns')).status).toBe(200);
      expect(
        (await member.call('GET', `/api/admin/v1/campaigns/${campaign.campaign_id}/standings`)).status,
      ).toBe(200);
      for (const path of ['', `/${campaign.campaign_id}/approve`, `/${campaign.campaign_id}/cancel`]) {
        const refused = await member.call(
          'POST',
          `/api/admin/v1/campaigns${path}`,
          path ? undefined : drop(),
        );
        expect(refused.status, `${role} POST ${path}`).toBe(403);
      }
    }
    expect(
      (await server.admin('GET', `/api/admin/v1/campaigns/${campaign.campaign_id}`)).body.campaign.status,
    ).toBe('pending');
    expect(await trailOf(campaign.campaign_id)).toEqual([['campaign.create', `staff:${alice.email}`]]);
  });

  it('without a session or the token nothing is read', async () => {
    const answer = await server.request('/api/admin/v1/campaigns');
    expect(answer.status).toBe(401);
  });
});

describe('cancelling', () => {
  it('a pending or scheduled campaign is cancelled, audited, and cannot be approved after', async () => {
    const pending = (await alice.call('POST', '/api/admin/v1/campaigns', drop({ name: 'Never runs' }))).body
      .campaign;
    const cancelled = await alice.call('POST', `/api/admin/v1/campaigns/${pending.campaign_id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.campaign.status).toBe('cancelled');
    expect((await bob.call('POST', `/api/admin/v1/campaigns/${pending.campaign_id}/approve`)).status).toBe(
      409,
    );
    expect(await trailOf(pending.campaign_id)).toEqual([
      ['campaign.create', `staff:${alice.email}`],
      ['campaign.cancel', `staff:${alice.email}`],
    ]);
  });
});

describe('standings, flags and prizes', () => {
  it("staff see every operator's player ids; flags and prizes read", async () => {
    const campaign = (
      await server.admin('POST', '/api/admin/v1/campaigns', tournament({ name: 'Staff view' }))
    ).body.campaign;
    for (const key of [alphaKey, betaKey]) {
      const joined = await server.request(`/api/provider/v1/campaigns/${campaign.campaign_id}/opt-in`, {
        method: 'POST',
        headers: { 'x-provider-api-key': key },
      });
      expect(joined.status).toBe(200);
    }
    aheadMs += 15 * 60_000;
    const players = [
      [alphaKey, 'staff-view-alpha'],
      [betaKey, 'staff-view-beta'],
    ] as const;
    for (const [key, name] of players) {
      const player = await launchPlayer(server, key, { player: name });
      for (let i = 0; i < 3; i++) expect((await player.spin({ coin: '0.10' })).status).toBe(200);
    }
    await server.services.campaigns.settle();

    const standings = await bob.call('GET', `/api/admin/v1/campaigns/${campaign.campaign_id}/standings`);
    expect(standings.status).toBe(200);
    expect(standings.body.standings).toMatchObject({
      campaign_id: campaign.campaign_id,
      final: false,
      players: 2,
    });
    const seen = standings.body.standings.top.map(
      (row: { operator_id: string; player_id: string; rounds: number }) => [
        row.operator_id,
        row.player_id,
        row.rounds,
      ],
    );
    expect(seen).toEqual(
      expect.arrayContaining([
        [alphaId, 'staff-view-alpha', 3],
        [betaId, 'staff-view-beta', 3],
      ]),
    );
    // The same numbers as the operators read (with the other operator masked).
    const alphaView = await server.request(`/api/provider/v1/campaigns/${campaign.campaign_id}/standings`, {
      headers: { 'x-provider-api-key': alphaKey },
    });
    const alphaTop = (await alphaView.json()).data.top;
    expect(alphaTop.map((row: { score: number; place: number }) => [row.place, row.score])).toEqual(
      standings.body.standings.top
        .slice(0, 10)
        .map((row: { score: number; place: number }) => [row.place, row.score]),
    );

    const flags = await bob.call('GET', `/api/admin/v1/campaigns/${campaign.campaign_id}/flags`);
    expect(flags.status).toBe(200);
    expect(flags.body.flags).toEqual([]);
    const prizes = await bob.call('GET', `/api/admin/v1/campaigns/${campaign.campaign_id}/prizes`);
    expect(prizes.status).toBe(200);
    expect(prizes.body.prizes).toEqual([]);

    // Once it ended and froze: final standings, and a prize per place with its delivery status (read
    // with the token: a day later the staff sessions have expired).
    aheadMs += 25 * 3600_000;
    // The node's own freeze pass may be under way: settle until it has frozen.
    const standingsNow = async () => {
      await server.services.campaigns.settle();
      return (await server.admin('GET', `/api/admin/v1/campaigns/${campaign.campaign_id}/standings`)).body
        .standings;
    };
    await expect.poll(standingsNow, { timeout: 10_000 }).toMatchObject({ final: true, status: 'frozen' });
    const final = { body: { standings: await standingsNow() } };
    expect(final.body.standings.players).toBe(2);
    const won = await server.admin('GET', `/api/admin/v1/campaigns/${campaign.campaign_id}/prizes`);
    expect(won.status).toBe(200);
    expect(
      won.body.prizes
        .map((prize: { place: number; player_id: string; kind: string }) => [
          prize.place,
          prize.player_id,
          prize.kind,
        ])
        .sort(),
    ).toEqual(
      [
        [1, final.body.standings.top[0].player_id, 'cash'],
        [2, final.body.standings.top[1].player_id, 'cash'],
      ].sort(),
    );
    for (const prize of won.body.prizes)
      expect(['pending', 'acknowledged', 'failed', 'resolved']).toContain(prize.status);
    const one = await server.admin(
      'GET',
      `/api/admin/v1/campaigns/${campaign.campaign_id}/prizes?player_id=${final.body.standings.top[0].player_id}`,
    );
    expect(one.body.prizes).toHaveLength(1);
    expect(
      (await server.admin('GET', `/api/admin/v1/campaigns/${campaign.campaign_id}/standings?limit=0`)).status,
    ).toBe(400);
  });
  it('a player with one stake at one cadence for 200 rounds is flagged for staff', async () => {
    const created = await server.admin(
      'POST',
      '/api/admin/v1/campaigns',
      tournament({
        name: 'Cadence',
        scope: 'operator',
        operator_id: alphaId,
        operators: undefined,
        rates: undefined,
      }),
    );
    const id = created.body.campaign.campaign_id;
    aheadMs += 11 * 60_000;
    const bot = await launchPlayer(server, alphaKey, { player: 'metronome' });
    const person = await launchPlayer(server, alphaKey, { player: 'person' });
    const t0 = clock.now().getTime();
    for (let i = 0; i < 201; i++) {
      // Every 2.000 s on the server's clock, the same bet: a script's rhythm.
      heldAt = t0 + i * 2_000;
      let spun = await bot.spin({ coin: '0.10' });
      // Free spins a paid spin started stake nothing and never count: played between the beats.
      for (let free = 1; spun.status === 200 && spun.body.state.free_spins_left > 0; free++) {
        heldAt = t0 + i * 2_000 + free * 10;
        spun = await bot.spin({ coin: '0.10' });
      }
      expect(spun.status).toBe(200);
      // A person plays now and then, never on a beat.
      if (i % 20 === 0) {
        heldAt = t0 + i * 2_000 + 300 + i * 7;
        expect((await person.spin({ coin: '0.10' })).status).toBe(200);
      }
    }
    // The clock runs again from where it stood.
    aheadMs = (heldAt ?? 0) + 1_000 - Date.now();
    heldAt = null;
    await server.services.campaigns.settle();
    const flags = await server.admin('GET', `/api/admin/v1/campaigns/${id}/flags`);
    expect(flags.status).toBe(200);
    expect(flags.body.flags).toHaveLength(1);
    expect(flags.body.flags[0]).toMatchObject({
      operator_id: alphaId,
      player_id: 'metronome',
      reason: 'fixed_cadence',
      detail: { currency: 'USD' },
    });
    expect(flags.body.flags[0].detail.rounds).toBeGreaterThanOrEqual(200);
  });
});
