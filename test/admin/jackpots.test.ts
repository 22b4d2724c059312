// Staff's jackpot pools behind the two-person rule (issue 28, NJ 13:69E-1.39A/C), on a real server
// and PostgreSQL: the token applies at once, a staff session asks and a second admin approves, every
// bad field is a 400 naming it, a tier's new parameters wait for its next cycle, and every change is
// in the audit trail and, as a 'parameters' entry, in the pool's public ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINE_PER_MINOR } from '../../src/domain/jackpots.ts';
import { cents, launchPlayer } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type StaffClient, signedInStaff } from '../helpers/staff.ts';
import { verifyPool } from '../jackpots/verify.ts';

let server: TestServer;
let operatorId: string;
let apiKey: string;
let alice: StaffClient;
let bob: StaffClient;

const poolBody = (over: Record<string, unknown> = {}) => ({
  name: 'Ember Crown Treasure',
  scope: 'operator',
  currency: 'USD',
  owner_operator_id: operatorId,
  members: [{ operator_id: operatorId, game_symbol: 'rf_ember_crown' }],
  tiers: [
    { name: 'mini', kind: 'progressive', seed: '10.00', contribution_rate: '0.5', odds_stake: '5000.00' },
    { name: 'major', kind: 'must_drop_value', seed: '100.00', contribution_rate: '1', ceiling: '500.00' },
  ],
  ...over,
});

/** The pool's sealed 'parameters' entries (drop-point commitments left out), from its public record. */
async function publicChanges(poolId: string): Promise<Array<Record<string, unknown>>> {
  // A seal this call asks for may find the node's own sealer mid-pass (it holds the pool's lock):
  // the entries are public once that pass ends, so read until nothing is pending.
  for (let tries = 0; ; tries++) {
    await server.services.jackpots.sealOnce();
    const record = await (await server.request(`/api/public/v1/jackpots/${poolId}`)).json();
    if (record.pending > 0 && tries < 100) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    return record.ledger
      .filter((entry: { kind: string }) => entry.kind === 'parameters')
      .map((entry: { body: string }) => JSON.parse(entry.body))
      .filter((body: Record<string, unknown>) => !body.commitment);
  }
}

async function trailOf(entityId: string) {
  const trail = await server.admin('GET', `/api/admin/v1/audit?limit=200`);
  return trail.body.entries
    .reverse()
    .filter((entry: { entity_id: string; after?: { approval_id?: string } }) => entry.entity_id === entityId)
    .map((entry: { action: string; actor: string }) => [entry.action, entry.actor]);
}

beforeAll(async () => {
  server = await startTestServer();
  ({ id: operatorId, apiKey } = await server.createOperator({ wallet_mode: 'internal' }));
  bob = await signedInStaff(server, 'admin');
  alice = await signedInStaff(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});

describe('creating a pool', () => {
  it('the token creates it at once: NJ meters, audit entry and a public parameters entry', async () => {
    const created = await server.admin('POST', '/api/admin/v1/jackpots', poolBody());
    expect(created.status).toBe(201);
    const pool = created.body.pool;
    expect(pool).toMatchObject({ name: 'Ember Crown Treasure', status: 'active', created_by: 'token' });
    expect(pool.public_url).toBe(`/jackpots/${pool.pool_id}`);
    expect(pool.tiers[0]).toMatchObject({
      name: 'mini',
      cycle: '1',
      parameters: { seed: '10.00', contribution_rate: '0.5', reserve_rate: '0', odds_stake: '5000.00' },
      pending_parameters: null,
      meters: { display: '10.00', coin_in_share: '0.00', hits: '0', wins_paid: '0.00', overflow: '0.00' },
    });
    const listed = await server.admin('GET', '/api/admin/v1/jackpots');
    expect(listed.body.jackpots.map((p: { pool_id: string }) => p.pool_id)).toContain(pool.pool_id);
    expect(await trailOf(pool.pool_id)).toEqual([['jackpot.create', 'token']]);
    expect(await publicChanges(pool.pool_id)).toContainEqual(
      expect.objectContaining({ by: 'token', name: 'Ember Crown Treasure' }),
    );
  });

  it('a staff session asks; the requester cannot approve, a second admin can, and it is applied', async () => {
    const requested = await alice.call('POST', '/api/admin/v1/jackpots', poolBody({ name: 'Four eyes' }));
    expect(requested.status).toBe(202);
    expect(requested.body.approval).toMatchObject({ action: 'jackpot.create', status: 'pending' });
    const approvalId = requested.body.approval.id;
    const waiting = await alice.call('GET', '/api/admin/v1/jackpots');
    expect(waiting.body.jackpots.map((p: { name: string }) => p.name)).not.toContain('Four eyes');
    expect(waiting.body.approvals.map((a: { id: string }) => a.id)).toContain(approvalId);

    const own = await alice.call('POST', `/api/admin/v1/approvals/${approvalId}/approve`);
    expect(own.status).toBe(403);
    const approved = await bob.call('POST', `/api/admin/v1/approvals/${approvalId}/approve`);
    expect(approved.status).toBe(200);
    const poolId = approved.body.result.pool.pool_id;
    expect(approved.body.result.pool).toMatchObject({ name: 'Four eyes', created_by: `staff:${bob.email}` });
    expect(await trailOf(poolId)).toEqual([['jackpot.create', `staff:${bob.email}`]]);
    expect(await trailOf(approvalId)).toEqual([
      ['approval.request', `staff:${alice.email}`],
      ['approval.approve', `staff:${bob.email}`],
    ]);
  });

  it.each([
    [{ members: [{ operator_id: 'op_nobody', game_symbol: 'rf_ember_crown' }] }, 'members[0].operator_id'],
    [{ members: [{ operator_id: 'OP', game_symbol: 'rf_no_such_game' }] }, 'members[0].game_symbol'],
    [{ currency: 'XYZ' }, 'currency'],
    [{ scope: 'planet' }, 'scope'],
    [{ name: '' }, 'name'],
    [{ tiers: [] }, 'tiers'],
    [{ tiers: [{ name: 'mini', kind: 'sometimes', seed: '1.00', contribution_rate: '1' }] }, 'tiers[0].kind'],
    [
      { tiers: [{ name: 'mini', kind: 'progressive', seed: '1.001', contribution_rate: '1' }] },
      'tiers[0].seed',
    ],
    [{ tiers: [{ name: 'mini', kind: 'progressive', seed: '1.00' }] }, 'tiers[0].contribution_rate'],
    [
      { tiers: [{ name: 'mini', kind: 'progressive', seed: '1.00', contribution_rate: '1' }] },
      'tiers[0].odds_stake',
    ],
    [
      {
        tiers: [
          { name: 'big', kind: 'must_drop_value', seed: '9.00', contribution_rate: '1', ceiling: '5.00' },
        ],
      },
      'tiers[0].ceiling',
    ],
    [
      {
        tiers: [
          {
            name: 'mini',
            kind: 'progressive',
            seed: '1.00',
            contribution_rate: '1',
            odds_stake: '9.00',
            ceiling: '5.00',
          },
        ],
      },
      'tiers[0].ceiling',
    ],
    [{ rates: [{ currency: 'EUR', rate: 'lots' }] }, 'rates[0].rate'],
    [{ colour: 'gold' }, 'colour'],
  ])('%j is a 400 naming %s, from the token and from a staff session alike', async (over, field) => {
    const body = JSON.parse(JSON.stringify(poolBody(over)).replaceAll('"OP"', JSON.stringify(operatorId)));
    for (const answer of [
      await server.admin('POST', '/api/admin/v1/jackpots', body),
      await alice.call('POST', '/api/admin/v1/jackpots', body),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body.detail.startsWith(`${field}:`)).toBe(true);
    }
  });
});

describe('changing a pool', () => {
  it("a tier's new parameters wait for its next cycle, then apply, and the ledger still adds up", async () => {
    const created = await server.admin(
      'POST',
      '/api/admin/v1/jackpots',
      poolBody({
        name: 'Certain',
        members: [{ operator_id: operatorId, game_symbol: 'rf_copper_sevens' }],
        tiers: [
          {
            name: 'grand',
            kind: 'progressive',
            seed: '50.00',
            contribution_rate: '1',
            reserve_rate: '0.5',
            odds_stake: '0.01',
          },
        ],
      }),
    );
    const pool = created.body.pool;
    const tierId = pool.tiers[0].tier_id;
    const requested = await alice.call('PATCH', `/api/admin/v1/jackpots/${pool.pool_id}/tiers/${tierId}`, {
      seed: '20.00',
      contribution_rate: '2',
    });
    expect(requested.status).toBe(202);
    const approved = await bob.call('POST', `/api/admin/v1/approvals/${requested.body.approval.id}/approve`);
    expect(approved.status).toBe(200);
    const staged = (await server.admin('GET', `/api/admin/v1/jackpots/${pool.pool_id}`)).body.pool.tiers[0];
    expect(staged.parameters).toMatchObject({ seed: '50.00', contribution_rate: '1' });
    expect(staged.pending_parameters).toMatchObject({
      seed: '20.00',
      contribution_rate: '2',
      from_cycle: '2',
    });

    // The cycle running now ends under the rules it started with: 1 % of the stake, seed 50.00.
    server.services.jackpots.refresh();
    const player = await launchPlayer(server, apiKey, { player: 'jp-admin', symbol: 'rf_copper_sevens' });
    const spun = await player.spin({ coin: '0.10', bet_level: 1 });
    expect(spun.status).toBe(200);
    const stake = cents(spun.body.round.stake);
    const meterFine = 5_000n * FINE_PER_MINOR + stake * 10_000n;
    expect(cents(spun.body.jackpot_wins?.[0]?.amount)).toBe(meterFine / FINE_PER_MINOR);

    const after = (await server.admin('GET', `/api/admin/v1/jackpots/${pool.pool_id}`)).body.pool;
    expect(after.tiers[0]).toMatchObject({
      cycle: '2',
      parameters: { seed: '20.00', contribution_rate: '2' },
      pending_parameters: null,
      meters: {
        display: '20.00',
        hits: '1',
        wins_paid: (Number(meterFine / FINE_PER_MINOR) / 100).toFixed(2),
      },
    });
    expect(after.history.wins).toHaveLength(1);
    expect(after.history.changes.map((c: { entry: { change?: string } }) => c.entry.change)).toEqual(
      expect.arrayContaining(['tier_parameters_staged', 'tier_parameters_applied']),
    );
    const changes = await publicChanges(pool.pool_id);
    expect(changes).toContainEqual(
      expect.objectContaining({ change: 'tier_parameters_applied', cycle: 2, seed: '2000' }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({
        change: 'tier_parameters_staged',
        from_cycle: '2',
        by: `staff:${bob.email}`,
      }),
    );
    const check = await verifyPool(server, pool.pool_id);
    expect(check.problems).toEqual([]);
    expect(await trailOf(pool.pool_id)).toEqual([
      ['jackpot.create', 'token'],
      ['jackpot.tier_change', `staff:${bob.email}`],
    ]);
  });

  it('a must-drop tier whose range changes: the drop point drawn for the old range is revealed and drawn again, and the higher seed is settled', async () => {
    const pool = (
      await server.admin(
        'POST',
        '/api/admin/v1/jackpots',
        poolBody({
          name: 'Drops',
          members: [{ operator_id: operatorId, game_symbol: 'rf_harbor_haul' }],
          tiers: [
            {
              name: 'drop',
              kind: 'must_drop_value',
              seed: '1.00',
              contribution_rate: '10',
              reserve_rate: '5',
              ceiling: '3.00',
            },
          ],
        }),
      )
    ).body.pool;
    const tierId = pool.tiers[0].tier_id;
    await server.services.jackpots.sealOnce(); // draws this cycle's drop point and the next one's
    const tierRow = async () =>
      (
        await server.store.pool.query(
          'select drop_at::text, drop_commit, next_drop_commit from jackpot_tiers where id = $1',
          [tierId],
        )
      ).rows[0];
    const drawn = await tierRow();
    expect(drawn.next_drop_commit).toMatch(/^[0-9a-f]{64}$/);
    const changed = await server.admin('PATCH', `/api/admin/v1/jackpots/${pool.pool_id}/tiers/${tierId}`, {
      seed: '1.50',
      ceiling: '5.00',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.from_cycle).toBe('2');

    server.services.jackpots.refresh();
    const player = await launchPlayer(server, apiKey, { player: 'jp-drop', symbol: 'rf_harbor_haul' });
    let won = false;
    for (let spins = 0; spins < 100 && !won; spins++) {
      const spun = await player.spin({ coin: '0.10', bet_level: 1 });
      expect(spun.status).toBe(200);
      won = (spun.body.jackpot_wins ?? []).length > 0;
    }
    expect(won).toBe(true);
    const tier = (await server.admin('GET', `/api/admin/v1/jackpots/${pool.pool_id}`)).body.pool.tiers[0];
    expect(tier).toMatchObject({
      cycle: '2',
      parameters: { seed: '1.50', ceiling: '5.00' },
      pending_parameters: null,
      meters: { display: '1.50' },
    });
    await server.services.jackpots.sealOnce(); // draws the new cycle's point, in the new range
    const redrawn = await tierRow();
    expect(redrawn.drop_commit).toMatch(/^[0-9a-f]{64}$/);
    expect(redrawn.drop_commit).not.toBe(drawn.next_drop_commit);
    expect(BigInt(redrawn.drop_at)).toBeGreaterThanOrEqual(150n * FINE_PER_MINOR);
    expect(BigInt(redrawn.drop_at)).toBeLessThan(500n * FINE_PER_MINOR);
    const applied = (await publicChanges(pool.pool_id)).find(
      (entry) => entry.change === 'tier_parameters_applied',
    );
    expect(applied?.withdrawn_drop).toMatchObject({ cycle: 2, commit: drawn.next_drop_commit });
    expect((await verifyPool(server, pool.pool_id)).problems).toEqual([]);
  });

  it('a bad tier change is a 400 naming the field, before any approval', async () => {
    const pool = (await server.admin('POST', '/api/admin/v1/jackpots', poolBody({ name: 'Bad changes' })))
      .body.pool;
    const path = `/api/admin/v1/jackpots/${pool.pool_id}/tiers/${pool.tiers[1].tier_id}`;
    for (const [body, field] of [
      [{ ceiling: '50.00' }, 'ceiling'],
      [{ contribution_rate: '0.12345' }, 'contribution_rate'],
      [{ deadline: '25:00' }, 'deadline'],
      [{ colour: 'gold' }, 'colour'],
      [{}, 'body'],
    ] as const) {
      const answer = await alice.call('PATCH', path, body);
      expect(answer.status).toBe(400);
      expect(answer.body.detail.startsWith(`${field}:`)).toBe(true);
    }
    expect(
      (await alice.call('PATCH', `/api/admin/v1/jackpots/${pool.pool_id}/tiers/jpt_none`, { seed: '1.00' }))
        .status,
    ).toBe(404);
  });

  it("a network pool's rate, its members and closing it: gated for staff, at once for the token, all in the ledger", async () => {
    const other = await server.createOperator({ wallet_mode: 'internal', currency: 'EUR' });
    const pool = (
      await server.admin(
        'POST',
        '/api/admin/v1/jackpots',
        poolBody({
          name: 'Network',
          scope: 'network',
          owner_operator_id: null,
          rates: [{ currency: 'EUR', rate: '1.08' }],
        }),
      )
    ).body.pool;
    const id = pool.pool_id;
    const rate = await alice.call('PUT', `/api/admin/v1/jackpots/${id}/rates/EUR`, { rate: '1.10' });
    expect(rate.status).toBe(202);
    expect((await bob.call('POST', `/api/admin/v1/approvals/${rate.body.approval.id}/approve`)).status).toBe(
      200,
    );
    const member = { operator_id: other.id, game_symbol: 'rf_ember_crown' };
    const bad = await server.admin('POST', `/api/admin/v1/jackpots/${id}/members`, {
      ...member,
      operator_id: 'op_x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^operator_id:/);
    expect((await server.admin('POST', `/api/admin/v1/jackpots/${id}/members`, member)).status).toBe(200);
    expect((await server.admin('POST', `/api/admin/v1/jackpots/${id}/members`, member)).status).toBe(409);
    const removed = await server.admin(
      'DELETE',
      `/api/admin/v1/jackpots/${id}/members/${operatorId}/rf_ember_crown`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.pool.members).toEqual([member]);
    const last = await server.admin(
      'DELETE',
      `/api/admin/v1/jackpots/${id}/members/${other.id}/rf_ember_crown`,
    );
    expect(last.status).toBe(409);
    expect(removed.body.pool.rates).toMatchObject([{ currency: 'EUR', rate: '1.10' }]);
    const close = await alice.call('POST', `/api/admin/v1/jackpots/${id}/close`);
    expect(close.status).toBe(202);
    expect(
      (await bob.call('POST', `/api/admin/v1/approvals/${close.body.approval.id}/approve`)).body.result.pool
        .status,
    ).toBe('closed');
    expect(
      (await server.admin('PUT', `/api/admin/v1/jackpots/${id}/rates/EUR`, { rate: '1.2' })).status,
    ).toBe(409);
    expect((await publicChanges(id)).map((entry) => entry.change)).toEqual([
      undefined, // the creation
      'rate',
      'member_added',
      'member_removed',
      'closed',
    ]);
    expect((await trailOf(id)).map(([action]: [string]) => action)).toEqual([
      'jackpot.create',
      'jackpot.rate',
      'jackpot.member_add',
      'jackpot.member_remove',
      'jackpot.close',
    ]);
  });
});

describe('roles', () => {
  it('every role reads the pools; only an admin changes them', async () => {
    const pool = (await server.admin('POST', '/api/admin/v1/jackpots', poolBody({ name: 'Roles' }))).body
      .pool;
    for (const role of ['support', 'finance', 'viewer'] as const) {
      const staff = await signedInStaff(server, role);
      expect((await staff.call('GET', '/api/admin/v1/jackpots')).status).toBe(200);
      expect((await staff.call('GET', `/api/admin/v1/jackpots/${pool.pool_id}`)).status).toBe(200);
      expect((await staff.call('POST', '/api/admin/v1/jackpots', poolBody())).status).toBe(403);
      const change = await staff.call(
        'PATCH',
        `/api/admin/v1/jackpots/${pool.pool_id}/tiers/${pool.tiers[0].tier_id}`,
        {
          seed: '11.00',
        },
      );
      expect(change.status).toBe(403);
      expect((await staff.call('POST', `/api/admin/v1/jackpots/${pool.pool_id}/close`)).status).toBe(403);
    }
  });
});
