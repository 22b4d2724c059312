// Operators on several PostgreSQL clusters (issue 30, part 3), on one node over two real databases:
// a session token names its cluster and the runtime API plays there; an operator's key routes its
// provider requests by the control cluster's map; an operator on the control cluster is untouched;
// each cluster's retry worker settles its own rounds; a read-only operator takes no launch or round.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLACEMENT_CACHE_MS } from '../../src/services/placement.ts';
import { clustersRepo } from '../../src/store/clusters.repo.ts';
import type { Store } from '../../src/store/db.ts';
import { placeNewOperator } from '../../src/store/operator-move.repo.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { callbackOperator, cents, eventually, launchPlayer, playerFor } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedInStaff } from '../helpers/staff.ts';

let server: TestServer;
let east: TestDatabase;
let eastStore: Store;
let home: { id: string; apiKey: string };
let moved: { id: string; apiKey: string };

/** Places a fresh operator on `cluster` (again: makes it active there), then waits out every node's cached map. */
async function place(operatorId: string, cluster: string, target: Store) {
  await placeNewOperator(server.store.pool, target.pool, operatorId, cluster);
  await new Promise((resolve) => setTimeout(resolve, PLACEMENT_CACHE_MS + 50));
}

const count = async (store: Store, sql: string, params: unknown[]) =>
  Number((await store.pool.query(sql, params)).rows[0].n);

beforeAll(async () => {
  east = await createTestDatabase();
  server = await startTestServer({ DATABASE_CLUSTERS: `east=${east.url}` });
  eastStore = server.clusterStores?.get('east') as Store;
  home = await server.createOperator({ wallet_mode: 'internal' });
  moved = await server.createOperator({ wallet_mode: 'internal' });
  await place(moved.id, 'east', eastStore);
});
afterAll(async () => {
  await server?.close();
  await east?.drop();
});

describe('a node on two clusters', () => {
  it('migrates every cluster and runs a cell for each', async () => {
    expect(server.cells?.all.map((cell) => cell.id)).toEqual(['main', 'east']);
    const applied = await count(eastStore, 'select count(*) as n from schema_migrations', []);
    expect(applied).toBe(await count(server.store, 'select count(*) as n from schema_migrations', []));
  });

  it("plays an east operator's session on east: its token names the cluster, its rows are there only", async () => {
    const player = await launchPlayer(server, moved.apiKey, { player: 'east-1' });
    expect(player.token).toMatch(/^ses_east_[A-Za-z0-9]{16,64}$/);
    const before = cents((await player.get('session')).body.balance);
    const spin = await player.spin();
    expect(spin.status).toBe(200);
    const round = spin.body.round;
    expect(cents(spin.body.balance)).toBe(before - cents(round.stake) + cents(round.win));
    const where = 'select count(*) as n from rounds where operator_id = $1';
    expect(await count(eastStore, where, [moved.id])).toBe(1);
    expect(await count(server.store, where, [moved.id])).toBe(0);
    expect(
      await count(server.store, 'select count(*) as n from game_sessions where operator_id = $1', [moved.id]),
    ).toBe(0);
    // the history and the provider's round look-up read east too
    const history = await player.get('history');
    expect(history.status).toBe(200);
    expect(history.body.rounds.map((r: { id: string }) => r.id)).toEqual([round.id]);
    const looked = await server.request(`/api/provider/v1/rounds/${round.id}`, {
      headers: { 'x-provider-api-key': moved.apiKey },
    });
    expect(looked.status).toBe(200);
  });

  it('leaves an operator the map does not name on the control cluster, its token as before', async () => {
    const player = await launchPlayer(server, home.apiKey, { player: 'home-1' });
    expect(player.token).toMatch(/^ses_[A-Za-z0-9]{16,64}$/);
    expect((await player.spin()).status).toBe(200);
    const where = 'select count(*) as n from rounds where operator_id = $1';
    expect(await count(server.store, where, [home.id])).toBe(1);
    expect(await count(eastStore, where, [home.id])).toBe(0);
  });

  it("refuses a token of a cluster the node does not know, and another cluster's operator's round is not found", async () => {
    const stranger = playerFor(server, 'ses_west_0123456789abcdefABCDEFGH');
    expect((await stranger.get('session')).status).toBe(401);
    const eastPlayer = await launchPlayer(server, moved.apiKey, { player: 'east-2' });
    const spin = await eastPlayer.spin();
    const other = await server.request(`/api/provider/v1/rounds/${spin.body.round.id}`, {
      headers: { 'x-provider-api-key': home.apiKey },
    });
    expect(other.status).toBe(404);
  });

  it("settles a callback round on east by east's own retry worker after the wallet failed its credit", async () => {
    const callback = await callbackOperator(server, { 'cb-east': '50.00' });
    try {
      await place(callback.id, 'east', eastStore);
      const player = await launchPlayer(server, callback.apiKey, { player: 'cb-east' });
      let failed = 0;
      callback.wallet.setFault((type) =>
        type === 'credit' && failed++ < 2 ? { kind: 'status', status: 500 } : undefined,
      );
      const spin = await player.spin({ coin: '1.00' });
      expect(spin.status).toBe(200);
      const roundId = spin.body.round.id as string;
      const settled = await eventually(async () => {
        const { rows } = await eastStore.pool.query('select status from rounds where id = $1', [roundId]);
        return rows[0]?.status === 'settled' ? rows[0] : undefined;
      });
      expect(settled.status).toBe('settled');
      const credits = await count(
        eastStore,
        `select count(*) as n from wallet_transactions where round_id = $1 and type = 'credit'`,
        [roundId],
      );
      expect(credits).toBe(1);
      expect(await count(server.store, 'select count(*) as n from rounds where id = $1', [roundId])).toBe(0);
    } finally {
      callback.wallet.setFault(undefined);
      await callback.wallet.close();
    }
  });

  it('a read-only operator (being moved) takes no launch and no new round: 503, the balance untouched', async () => {
    const player = await launchPlayer(server, moved.apiKey, { player: 'east-3' });
    await clustersRepo(server.store.db).place(moved.id, { cluster: 'east', readOnly: true });
    try {
      // within the map's cache time, every node has seen the mark
      await new Promise((resolve) => setTimeout(resolve, PLACEMENT_CACHE_MS + 50));
      const balance = (await player.get('session')).body.balance;
      const refused = await player.spin();
      expect(refused.status).toBe(503);
      expect(refused.body.error).toBe('service_unavailable');
      const launch = await server.request('/api/provider/v1/launch-url', {
        method: 'POST',
        headers: { 'x-provider-api-key': moved.apiKey },
        json: { symbol: 'rf_ember_crown', external_player_id: 'east-4', currency: 'USD' },
      });
      expect(launch.status).toBe(503);
      expect((await launch.json()).error).toBe('service_unavailable');
      // what the player has played still reads
      expect((await player.get('history')).status).toBe(200);
      expect((await player.get('session')).body.balance).toBe(balance);
      // staff see the move under way
      const read = await server.admin('GET', `/api/admin/v1/operators/${moved.id}`);
      expect(read.body.operator.cluster).toEqual({ id: 'east', state: 'read_only' });
      const clusters = await server.admin('GET', '/api/admin/v1/clusters');
      const eastView = clusters.body.clusters.find((c: { id: string }) => c.id === 'east');
      expect(eastView.moving).toEqual([moved.id]);
    } finally {
      await place(moved.id, 'east', eastStore);
    }
  });
});

describe("staff's view of the clusters", () => {
  it('lists both clusters, reachable, each with the operators on it, and names each operator its cluster', async () => {
    const clusters = await server.admin('GET', '/api/admin/v1/clusters');
    expect(clusters.status).toBe(200);
    const operators = (await server.admin('GET', '/api/admin/v1/operators')).body.operators as Array<{
      id: string;
      cluster: { id: string; state: string };
    }>;
    const on = (id: string) => operators.filter((operator) => operator.cluster.id === id).length;
    expect(clusters.body.clusters).toEqual([
      { id: 'main', control: true, reachable: true, replica: null, operators: on('main'), moving: [] },
      { id: 'east', control: false, reachable: true, replica: null, operators: on('east'), moving: [] },
    ]);
    expect(operators.find((operator) => operator.id === moved.id)?.cluster).toEqual({
      id: 'east',
      state: 'active',
    });
    expect(operators.find((operator) => operator.id === home.id)?.cluster).toEqual({
      id: 'main',
      state: 'active',
    });
    expect(on('east')).toBeGreaterThanOrEqual(1);
  });
});

describe("reads that span the clusters' operators", () => {
  it('staff round search merges every cluster newest first, pages across them, and names one operator on its own cluster', async () => {
    const eastPlayer = await launchPlayer(server, moved.apiKey, { player: 'east-fan' });
    const homePlayer = await launchPlayer(server, home.apiKey, { player: 'home-fan' });
    const played: string[] = [];
    for (const player of [eastPlayer, homePlayer, eastPlayer, homePlayer]) {
      const spin = await player.spin();
      expect(spin.status).toBe(200);
      played.unshift(spin.body.round.id);
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct start times, in play order
    }
    const first = await server.admin('GET', '/api/admin/v1/rounds?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.rounds.map((r: { id: string }) => r.id)).toEqual(played.slice(0, 2));
    const next = await server.admin('GET', `/api/admin/v1/rounds?limit=2&before=${played[1]}`);
    expect(next.body.rounds.map((r: { id: string }) => r.id)).toEqual(played.slice(2, 4));
    const one = await server.admin('GET', `/api/admin/v1/rounds?operator_id=${moved.id}&limit=50`);
    const ids = one.body.rounds.map((r: { id: string; operator_id: string }) => r.operator_id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids)).toEqual(new Set([moved.id]));
    const byId = await server.admin('GET', `/api/admin/v1/rounds?round_id=${played[0]}`);
    expect(byId.body.rounds.map((r: { id: string }) => r.id)).toEqual([played[0]]);
  });

  it("staff's report summary counts every cluster's rounds once, and one operator's from its cluster", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const all = await server.admin('GET', `/api/admin/v1/reports/summary?from=${day}&to=${day}`);
    expect(all.status).toBe(200);
    const rows = all.body.days;
    const roundsOf = (id: string) =>
      (rows as Array<{ operator_id: string; rounds: number }>)
        .filter((row) => row.operator_id === id)
        .reduce((sum, row) => sum + Number(row.rounds), 0);
    const stored = async (store: Store, id: string) =>
      count(store, `select count(*) as n from rounds where operator_id = $1 and status = 'settled'`, [id]);
    expect(roundsOf(moved.id)).toBe(await stored(eastStore, moved.id));
    expect(roundsOf(home.id)).toBe(await stored(server.store, home.id));
    expect(roundsOf(moved.id)).toBeGreaterThan(0);
    const mine = await server.admin(
      'GET',
      `/api/admin/v1/reports/summary?from=${day}&to=${day}&operator_id=${moved.id}`,
    );
    const mineRows = mine.body.days;
    expect(mineRows.length).toBeGreaterThan(0);
    expect(new Set(mineRows.map((row: { operator_id: string }) => row.operator_id))).toEqual(
      new Set([moved.id]),
    );
  });

  it("opens an east round's signed details page, which names no cluster", async () => {
    const player = await launchPlayer(server, moved.apiKey, { player: 'east-page' });
    const spin = await player.spin();
    const found = await server.request(`/api/provider/v1/rounds/${spin.body.round.id}`, {
      headers: { 'x-provider-api-key': moved.apiKey },
    });
    const url = new URL((await found.json()).data.round_details_url);
    // the page is the built client's template (503 without one); its data is the same on either
    const page = await fetch(`${server.url}${url.pathname}${url.search}`);
    expect([200, 503]).toContain(page.status);
    const data = await server.services.roundDetails.page(
      spin.body.round.id,
      url.searchParams.get('expires'),
      url.searchParams.get('signature'),
    );
    expect(data.round.round_id).toBe(spin.body.round.id);
    expect(data.replay_verified).toBe(true);
    const forged = await fetch(
      `${server.url}${url.pathname}${url.search.replace(/signature=[^&]+/, 'signature=AAAA')}`,
    );
    expect(forged.status).toBe(404);
  });
});

describe("staff's look-ups of an east operator", () => {
  it("replays an east round and lists an east operator's free-round campaigns, made through its key", async () => {
    const player = await launchPlayer(server, moved.apiKey, { player: 'east-staff' });
    const spin = await player.spin();
    const replay = await server.admin('POST', `/api/admin/v1/rounds/${spin.body.round.id}/replay`);
    expect(replay.status).toBe(200);
    expect((await server.admin('POST', '/api/admin/v1/rounds/rnd_nowhere/replay')).status).toBe(404);
    const made = await server.request('/api/provider/v1/free-rounds/campaigns', {
      method: 'POST',
      headers: { 'x-provider-api-key': moved.apiKey },
      json: {
        campaign_id: 'east-welcome',
        games: ['rf_ember_crown'],
        currency: 'USD',
        rounds: 3,
        coin: '0.10',
        bet_level: 1,
        expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        players: ['east-staff'],
      },
    });
    expect(made.status).toBe(201);
    expect(
      await count(eastStore, 'select count(*) as n from free_round_campaigns where operator_id = $1', [
        moved.id,
      ]),
    ).toBe(1);
    const listed = await server.admin('GET', `/api/admin/v1/operators/${moved.id}/free-round-campaigns`);
    expect(listed.status).toBe(200);
    expect(listed.body.campaigns.map((c: { campaign_id: string }) => c.campaign_id)).toEqual([
      'east-welcome',
    ]);
  });
});

describe("staff's wallet queue on two clusters", () => {
  it("lists a credit parked on east beside the control cluster's, and resolving it ends the round on east", async () => {
    const callback = await callbackOperator(server, { 'cb-park': '50.00' });
    const eastWallets = server.cells?.cell('east')?.services.wallets;
    const giveUp = eastWallets?.policy.giveUpAfterMs as number;
    try {
      await place(callback.id, 'east', eastStore);
      Object.assign(eastWallets?.policy ?? {}, { giveUpAfterMs: 300 });
      callback.wallet.setFault((type) => (type === 'credit' ? { kind: 'status', status: 500 } : undefined));
      const player = await launchPlayer(server, callback.apiKey, { player: 'cb-park' });
      const spin = await player.spin({ coin: '1.00' });
      expect(spin.status).toBe(200);
      const roundId = spin.body.round.id as string;
      const parked = await eventually(async () => {
        const listed = await server.admin('GET', '/api/admin/v1/wallet/transactions?status=failed');
        return listed.body.transactions.find((tx: { round_id: string }) => tx.round_id === roundId);
      });
      expect(parked.type).toBe('credit');
      const resolved = await server.admin('POST', `/api/admin/v1/wallet/transactions/${parked.id}/resolve`, {
        note: 'paid by the operator by hand',
      });
      expect(resolved.status).toBe(200);
      const { rows } = await eastStore.pool.query('select status from rounds where id = $1', [roundId]);
      expect(rows[0].status).toBe('settled');
      const audit = await server.store.pool.query(
        `select count(*) as n from audit_log where action like '%resolve%'`,
      );
      expect(Number(audit.rows[0].n)).toBeGreaterThan(0);
      expect(
        (await server.admin('POST', '/api/admin/v1/wallet/transactions/tx_nowhere/resolve', { note: 'x' }))
          .status,
      ).toBe(404);
    } finally {
      Object.assign(eastWallets?.policy ?? {}, { giveUpAfterMs: giveUp });
      callback.wallet.setFault(undefined);
      await callback.wallet.close();
    }
  });
});

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
/** A network pool of one tier, fed by rf_ember_crown of `operators`. */
const poolOf = (name: string, operators: readonly string[]) => ({
  name,
  scope: 'network',
  currency: 'USD',
  members: operators.map((operator_id) => ({ operator_id, game_symbol: 'rf_ember_crown' })),
  tiers: [
    { name: 'mini', kind: 'progressive', seed: '10.00', contribution_rate: '0.5', odds_stake: '5000.00' },
  ],
});
/** A max-multiplier tournament in an hour's window starting in ten minutes; `scope` and its operators in `over`. */
const raceOf = (name: string, over: Record<string, unknown>) => ({
  kind: 'tournament',
  name,
  currency: 'USD',
  games: ['rf_ember_crown'],
  starts_at: at(10),
  ends_at: at(60),
  min_bet: '0.10',
  scoring: 'max_multiplier',
  opt_in_required: false,
  places: [{ from: 1, to: 1, prize: { kind: 'cash', amount: '100.00' } }],
  ...over,
});

describe('what keeps to one cluster: jackpot pools and campaigns', () => {
  it('refuses a pool or a campaign of the control cluster that names an operator playing on east, naming the field', async () => {
    const pool = await server.admin(
      'POST',
      '/api/admin/v1/jackpots',
      poolOf('Shared Treasure', [home.id, moved.id]),
    );
    expect(pool.status).toBe(400);
    expect(pool.body.detail).toContain('members[1].operator_id');
    expect(pool.body.detail).toContain('plays on cluster east');
    const campaign = await server.admin(
      'POST',
      '/api/admin/v1/campaigns',
      raceOf('Cross-cluster race', { scope: 'network', operators: [home.id, moved.id] }),
    );
    expect(campaign.status).toBe(400);
    expect(campaign.body.detail).toContain('operators[1]');
    expect(campaign.body.detail).toContain('plays on cluster east');
    // the same pool of the control cluster's operators alone is made
    const alone = await server.admin('POST', '/api/admin/v1/jackpots', poolOf('Home Treasure', [home.id]));
    expect(alone.status).toBe(201);
  });
});

describe("jackpot pools and campaigns of east's operators, managed from any node's back office", () => {
  const poolBody = (name: string) => poolOf(name, [moved.id]);
  const held = (store: Store, table: string, id: string) =>
    count(store, `select count(*) as n from ${table} where id = $1`, [id]);

  it("homes a pool on its operators' cluster, lists it beside the control cluster's, and east's spins feed it", async () => {
    const created = await server.admin('POST', '/api/admin/v1/jackpots', poolBody('East Treasure'));
    expect(created.status).toBe(201);
    const poolId = created.body.pool.pool_id as string;
    expect(await held(eastStore, 'jackpot_pools', poolId)).toBe(1);
    expect(await held(server.store, 'jackpot_pools', poolId)).toBe(0);
    const homePot = await server.admin('POST', '/api/admin/v1/jackpots', poolOf('Home Pot', [home.id]));
    expect(homePot.status).toBe(201);
    expect(await held(server.store, 'jackpot_pools', homePot.body.pool.pool_id)).toBe(1);
    const listed = await server.admin('GET', '/api/admin/v1/jackpots');
    const names = listed.body.jackpots.map((pool: { name: string }) => pool.name);
    expect(names).toEqual(expect.arrayContaining(['East Treasure', 'Home Pot']));
    expect(new Set(names).size).toBe(names.length); // each once

    const player = await launchPlayer(server, moved.apiKey, { player: 'east-pot' });
    expect((await player.spin({ coin: '1.00' })).status).toBe(200);
    const read = await server.admin('GET', `/api/admin/v1/jackpots/${poolId}`);
    expect(read.status).toBe(200);
    expect(cents(read.body.pool.tiers[0].meters.coin_in_share)).toBeGreaterThan(0);
    // the public page and its figures are east's, reached with the pool's id alone
    await server.cells?.cell('east')?.services.jackpots.sealOnce();
    const page = await server.request(`/api/public/v1/jackpots/${poolId}`);
    expect(page.status).toBe(200);
    const figures = await server.admin('GET', `/api/admin/v1/jackpots/${poolId}/figures`);
    expect(figures.status).toBe(200);
    expect((await server.admin('GET', '/api/admin/v1/jackpots/jp_nowhere')).status).toBe(404);
  });

  it("applies a second admin's approval of an east pool's change on east", async () => {
    const alice = await signedInStaff(server, 'admin');
    const bob = await signedInStaff(server, 'admin');
    const requested = await alice.call('POST', '/api/admin/v1/jackpots', poolBody('East Four Eyes'));
    expect(requested.status).toBe(202);
    const approved = await bob.call('POST', `/api/admin/v1/approvals/${requested.body.approval.id}/approve`);
    expect(approved.status).toBe(200);
    const poolId = approved.body.result.pool.pool_id as string;
    expect(await held(eastStore, 'jackpot_pools', poolId)).toBe(1);
    const close = await alice.call('POST', `/api/admin/v1/jackpots/${poolId}/close`);
    expect(close.status).toBe(202);
    const closed = await bob.call('POST', `/api/admin/v1/approvals/${close.body.approval.id}/approve`);
    expect(closed.status).toBe(200);
    const { rows } = await eastStore.pool.query('select status from jackpot_pools where id = $1', [poolId]);
    expect(rows[0].status).toBe('closed');
  });

  it("homes a campaign on its operator's cluster: listed, read, approved and cancelled from the control cluster's back office", async () => {
    const alice = await signedInStaff(server, 'admin');
    const bob = await signedInStaff(server, 'admin');
    const requested = await alice.call(
      'POST',
      '/api/admin/v1/campaigns',
      raceOf('East Multiplier Race', { scope: 'operator', operator_id: moved.id }),
    );
    expect(requested.status).toBe(201);
    expect(requested.body.campaign.status).toBe('pending');
    const campaignId = requested.body.campaign.campaign_id as string;
    expect(await held(eastStore, 'campaigns', campaignId)).toBe(1);
    expect(await held(server.store, 'campaigns', campaignId)).toBe(0);
    const listed = await server.admin('GET', '/api/admin/v1/campaigns?status=pending');
    expect(listed.body.campaigns.map((c: { campaign_id: string }) => c.campaign_id)).toContain(campaignId);
    const approved = await bob.call('POST', `/api/admin/v1/campaigns/${campaignId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.campaign.status).toBe('scheduled');
    const read = await server.admin('GET', `/api/admin/v1/campaigns/${campaignId}`);
    expect(read.body.campaign.approved_by).toBe(`staff:${bob.email}`);
    const standings = await server.admin('GET', `/api/admin/v1/campaigns/${campaignId}/standings`);
    expect(standings.status).toBe(200);
    // the operator sees it through its own key, routed to east by the map
    const mine = await server.request('/api/provider/v1/campaigns', {
      headers: { 'x-provider-api-key': moved.apiKey },
    });
    const theirs = (await mine.json()).data.campaigns as Array<{ campaign_id: string }>;
    expect(theirs.map((c) => c.campaign_id)).toContain(campaignId);
    const cancelled = await server.admin('POST', `/api/admin/v1/campaigns/${campaignId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.campaign.status).toBe('cancelled');
    expect((await server.admin('GET', '/api/admin/v1/campaigns/prizes?status=failed')).status).toBe(200);
    expect((await server.admin('GET', '/api/admin/v1/campaigns/cmp_nowhere')).status).toBe(404);
  });
});

describe('the public pool pages past the address limit', () => {
  it('answer 429 before any cluster is asked which holds the pool', async () => {
    const cells = server.cells?.all ?? [];
    expect(cells.length).toBe(2);
    const asked = cells.map((cell) => vi.spyOn(cell, 'holds'));
    const askedTimes = () => asked.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    // Within the limit, a page of a pool no cluster holds asks them all.
    expect((await server.request('/api/public/v1/jackpots/jp_nowhere')).status).toBe(404);
    expect(askedTimes()).toBe(cells.length);
    // Spend this address's minute (this file's last test: nothing after it is counted out). The
    // count is per wall-clock minute: near its end, wait for the next, or the pages would land in it.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const limiter = server.services.publicRateLimiter;
    if (!limiter) throw new Error('the test server has a public limit');
    while ((await limiter.hit('127.0.0.1')).allowed);
    for (const path of [
      '/api/public/v1/jackpots/jp_nowhere',
      '/api/public/v1/jackpots/jp_nowhere/rounds/rnd_nowhere',
      '/jackpots/jp_nowhere',
    ]) {
      const answer = await server.request(path);
      expect(answer.status).toBe(429);
      expect((await answer.json()).error).toBe('rate_limited');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(askedTimes()).toBe(cells.length);
    for (const spy of asked) spy.mockRestore();
  });
});
