// Jackpots on the internal wallet, against a real server and PostgreSQL (issue 28): every paid spin
// feeds the pool's tiers to the fine unit, a trigger wins the whole meter once per cycle even when
// many spins trigger at once, the win is paid in the round's own statement, and the pool's ledger
// adds up to its meters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryHash, FINE_PER_MINOR, rootFromPath, type TierParams } from '../../src/domain/jackpots.ts';
import { cents, eventually, launchPlayer, playerFor } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { verifyPool } from './verify.ts';

let server: TestServer;
let apiKey: string;
let operatorId: string;
const GAME = 'rf_ember_crown';

const tier = (over: Partial<TierParams> & Pick<TierParams, 'name' | 'kind'>): TierParams => ({
  seed: 1_000n,
  contributionPpm: 10_000n,
  reservePpm: 2_000n,
  ceiling: null,
  oddsStake: null,
  deadlineMinute: null,
  ...over,
});

async function createPool(tiers: TierParams[], name = 'Test pool', game = GAME): Promise<string> {
  return server.services.jackpots.create(
    {
      name,
      scope: 'operator',
      currency: 'USD',
      ownerOperatorId: operatorId,
      members: [{ operatorId, gameSymbol: game }],
      rates: [],
      tiers,
    },
    'test',
  );
}

async function meters(poolId: string) {
  const audit = await server.services.jackpots.audit(poolId);
  if (!audit) throw new Error('no pool');
  return new Map(audit.meters.map((tierMeters) => [tierMeters.name, tierMeters]));
}

beforeAll(async () => {
  server = await startTestServer();
  const operator = await server.createOperator({ wallet_mode: 'internal' });
  apiKey = operator.apiKey;
  operatorId = operator.id;
});
afterAll(async () => {
  await server?.close();
});

describe('jackpot contributions and wins, internal wallet', () => {
  it('a paid spin adds its exact share to every tier, and a game outside the pool adds nothing', async () => {
    const poolId = await createPool(
      [
        tier({ name: 'mini', kind: 'progressive', oddsStake: 10n ** 15n }),
        tier({ name: 'major', kind: 'must_drop_value', seed: 10_000n, ceiling: 10_000_000n }),
      ],
      'Feeds',
      'rf_copper_sevens',
    );
    server.services.jackpots.refresh();
    const player = await launchPlayer(server, apiKey, { player: 'jp-feed', symbol: 'rf_copper_sevens' });
    const before = await meters(poolId);
    const spun = await player.spin({ coin: '0.10', bet_level: 1 });
    expect(spun.status).toBe(200);
    const stake = cents(spun.body.round.stake);
    const after = await meters(poolId);
    for (const name of ['mini', 'major']) {
      // 1 % of the stake to the meter, 0.2 % to the reserve, in millionths of a cent
      expect((after.get(name)?.meter ?? 0n) - (before.get(name)?.meter ?? 0n)).toBe(stake * 10_000n);
      expect((after.get(name)?.reserve ?? 0n) - (before.get(name)?.reserve ?? 0n)).toBe(stake * 2_000n);
    }
    // Ember Crown is not in this pool
    const other = await launchPlayer(server, apiKey, { player: 'jp-feed', symbol: GAME });
    await other.spin({ coin: '0.10', bet_level: 1 });
    expect((await meters(poolId)).get('mini')?.meter).toBe(after.get('mini')?.meter);
  });

  it('a certain trigger wins the meter, paid in the same statement as its own credit, and the cycle starts again at the seed', async () => {
    const poolId = await createPool(
      [tier({ name: 'grand', kind: 'progressive', oddsStake: 1n, seed: 5_000n })],
      'Certain',
    );
    // (each test feeds its own game: a certain trigger here must not reach the others' spins)
    server.services.jackpots.refresh();
    const player = await launchPlayer(server, apiKey, { player: 'jp-winner' });
    const session = await player.get('session');
    const start = cents(session.body.balance);
    const spun = await player.spin({ coin: '0.10', bet_level: 1 });
    expect(spun.status).toBe(200);
    const stake = cents(spun.body.round.stake);
    const win = spun.body.jackpot_wins?.[0];
    expect(win).toMatchObject({ pool_id: poolId, tier: 'grand' });
    // seed $50.00 + 1 % of the stake, in whole cents (the fraction stays in the pool)
    const meterFine = 5_000n * FINE_PER_MINOR + stake * 10_000n;
    expect(cents(win.amount)).toBe(meterFine / FINE_PER_MINOR);
    expect(cents(spun.body.balance)).toBe(start - stake + cents(spun.body.round.win) + cents(win.amount));
    const { rows } = await server.store.pool.query(
      `select type, action_type, amount::text, status from wallet_transactions where round_id = $1 order by action_type`,
      [spun.body.round.id],
    );
    expect(rows).toContainEqual({
      type: 'credit',
      action_type: 'jackpot_win',
      amount: String(cents(win.amount)),
      status: 'acknowledged',
    });
    const now = await meters(poolId);
    expect(now.get('grand')?.cycle).toBe(2n);
    expect(now.get('grand')?.meter).toBe(5_000n * FINE_PER_MINOR + (meterFine % FINE_PER_MINOR));
  });

  it('spins that trigger at once: each cycle has exactly one winner and the pool adds up to the fine unit', async () => {
    const poolId = await createPool(
      [
        tier({ name: 'hot', kind: 'progressive', oddsStake: 1n, seed: 100n }),
        tier({ name: 'cold', kind: 'progressive', oddsStake: 10n ** 15n }),
      ],
      'Contended',
      'rf_harbor_haul',
    );
    server.services.jackpots.refresh();
    const players = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        launchPlayer(server, apiKey, { player: `jp-race-${i}`, symbol: 'rf_harbor_haul' }),
      ),
    );
    const answers = await Promise.all(
      players.flatMap((player) => [0, 1, 2].map(() => player.spin({ coin: '0.10', bet_level: 1 }))),
    );
    const played = answers.filter((answer) => answer.status === 200);
    expect(played.length).toBeGreaterThan(0);
    const { rows } = await server.store.pool.query(
      `select w.cycle::text, w.round_id from jackpot_wins w join jackpot_tiers t on t.id = w.tier_id
        where t.pool_id = $1 and t.name = 'hot' order by w.cycle`,
      [poolId],
    );
    const cycles = rows.map((row) => row.cycle);
    expect(new Set(cycles).size).toBe(cycles.length);
    // cycles are won in order, none skipped
    expect(cycles).toEqual(cycles.map((_, i) => String(i + 1)));
    const wonInAnswers = played.filter((answer) => answer.body.jackpot_wins?.length).length;
    expect(wonInAnswers).toBe(rows.length);
    await server.services.jackpots.sealOnce();
    const report = await verifyPool(server, poolId);
    expect(report.problems).toEqual([]);
  });

  it('a must-drop tier falls at its committed point, and the point and salt are revealed with the win', async () => {
    // seed 100, ceiling 101: the drawn point can only be $1.00, which the meter already holds
    const poolId = await createPool(
      [tier({ name: 'drop', kind: 'must_drop_value', seed: 100n, ceiling: 101n })],
      'Drops',
      'rf_dune_lantern',
    );
    server.services.jackpots.refresh();
    const player = await launchPlayer(server, apiKey, { player: 'jp-drop', symbol: 'rf_dune_lantern' });
    const spun = await player.spin({ coin: '0.10', bet_level: 1 });
    expect(spun.body.jackpot_wins?.[0]).toMatchObject({ tier: 'drop' });
    await server.services.jackpots.sealOnce();
    const report = await verifyPool(server, poolId);
    expect(report.problems).toEqual([]);
    expect(report.dropsChecked).toBe(1);
  });

  it('a must-drop-by-time tier falls at the first paid spin after its committed moment', async () => {
    const poolId = await createPool(
      [tier({ name: 'daily', kind: 'must_drop_time', seed: 500n, deadlineMinute: 22 * 60 })],
      'Daily',
      'rf_ember_crown',
    );
    // A cycle that started three days ago: its moment, drawn again now, is already past.
    await server.store.pool.query(
      `update jackpot_tiers set cycle_started_at = now() - interval '3 days', drop_at = null, drop_salt = null,
          drop_commit = null where pool_id = $1`,
      [poolId],
    );
    await server.services.jackpots.drawDropPoints();
    server.services.jackpots.refresh();
    const player = await launchPlayer(server, apiKey, { player: 'jp-daily' });
    const spun = await player.spin({ coin: '0.10', bet_level: 1 });
    expect(spun.body.jackpot_wins).toContainEqual(
      expect.objectContaining({ pool_id: poolId, tier: 'daily' }),
    );
    const report = await verifyPool(server, poolId);
    expect(report.problems).toEqual([]);
    expect(report.dropsChecked).toBe(1);
    // The next cycle's moment came with the winning spin (no point is drawn ahead for a tier by
    // time): it is committed in the public record, never shown there before it falls.
    const { rows } = await server.store.pool.query(
      'select cycle::text, drop_at::text as at, drop_salt as salt, drop_commit from jackpot_tiers where pool_id = $1',
      [poolId],
    );
    expect(rows[0]).toMatchObject({ cycle: '2', salt: expect.any(String), drop_commit: expect.any(String) });
    const record = await (await server.request(`/api/public/v1/jackpots/${poolId}`)).json();
    const bodies = record.ledger.map((entry: { body: string }) => entry.body).join('\n');
    expect(bodies).toContain(rows[0].drop_commit);
    expect(bodies).not.toContain(rows[0].salt);
    expect(bodies).not.toContain('"next"');
  });

  it('a market without jackpots and a demo session feed nothing, and are told they cannot win', async () => {
    const poolId = await server.services.jackpots.create(
      {
        name: 'Eligibility',
        scope: 'operator',
        currency: 'EUR',
        ownerOperatorId: operatorId,
        members: [{ operatorId, gameSymbol: 'rf_jade_paths' }],
        rates: [],
        tiers: [tier({ name: 'only', kind: 'progressive', oddsStake: 10n ** 15n })],
      },
      'test',
    );
    server.services.jackpots.refresh();
    const launch = async (fields: Record<string, unknown>) => {
      const launched = await server.request('/api/provider/v1/launch-url', {
        method: 'POST',
        headers: { 'x-provider-api-key': apiKey },
        json: { symbol: 'rf_jade_paths', currency: 'EUR', ...fields },
      });
      expect(launched.status).toBe(200);
      return playerFor(server, ((await launched.json()) as { session_id: string }).session_id);
    };
    const german = await launch({ external_player_id: 'jp-de', jurisdiction: 'de' });
    const demo = await launch({ external_player_id: 'jp-demo', play_mode: 'demo' });
    const plain = await launch({ external_player_id: 'jp-plain' });
    for (const player of [german, demo]) {
      const spun = await player.spin({ coin: '0.01', bet_level: 1 });
      expect(spun.status).toBe(200);
      const meters = await player.get('jackpots');
      expect(meters.body).toEqual({ eligible: false, jackpots: [] });
    }
    expect((await meters(poolId)).get('only')?.contributed).toBe(0n);
    // the same game under the default market feeds it and shows it
    const spun = await plain.spin({ coin: '0.01', bet_level: 1 });
    expect(spun.status).toBe(200);
    expect((await meters(poolId)).get('only')?.contributed).toBe(cents(spun.body.round.stake) * 10_000n);
    const shown = await plain.get('jackpots');
    expect(shown.body.eligible).toBe(true);
    expect(shown.body.jackpots[0]).toMatchObject({
      pool_id: poolId,
      currency: 'EUR',
      tiers: [{ name: 'only', value: '10.00' }],
    });
  });

  it("proves a round's contribution is in the ledger: its entry hashes to its body and folds up to its block's root", async () => {
    const poolId = await createPool(
      [tier({ name: 'proof', kind: 'progressive', oddsStake: 10n ** 15n })],
      'Proofs',
      'rf_orbit_orchard',
    );
    server.services.jackpots.refresh();
    const player = await launchPlayer(server, apiKey, { player: 'jp-proof', symbol: 'rf_orbit_orchard' });
    const rounds: string[] = [];
    for (let i = 0; i < 3; i++)
      rounds.push((await player.spin({ coin: '0.10', bet_level: 1 })).body.round.id);
    const unknown = await server.request(`/api/public/v1/jackpots/${poolId}/rounds/rnd_unknown`);
    expect(unknown.status).toBe(404);
    // (the node's own sealer may be sealing at the same moment: wait for the seal, not for a pass)
    for (const roundId of rounds) {
      const response = await eventually(async () => {
        await server.services.jackpots.sealOnce();
        const answer = await server.request(`/api/public/v1/jackpots/${poolId}/rounds/${roundId}`);
        return answer.status === 200 ? answer : undefined;
      });
      const proof = (await response.json()) as { entries: Array<Record<string, any>> };
      const [entry] = proof.entries;
      // a round that cannot win is listed in its statement's entry, beside the other rounds of it
      expect(entry?.kind).toBe('contributions');
      const listed = JSON.parse(entry?.body).rounds as Array<Record<string, any>>;
      const mine = listed.filter((round) => round.round_id === roundId);
      expect(mine).toHaveLength(1);
      expect(BigInt(mine[0]?.stake)).toBeGreaterThan(0n);
      // the shares only: whether a hidden point was near (a tier's "check") never reaches the public
      for (const round of listed)
        for (const share of round.tiers)
          expect(Object.keys(share).sort()).toEqual(['dust', 'meter', 'position', 'reserve', 'tier_id']);
      expect(entryHash(entry?.prev_hash, `${poolId}|${entry?.seq}|${entry?.body}`)).toBe(entry?.hash);
      expect(rootFromPath(entry?.hash, entry?.path)).toBe(entry?.merkle_root);
    }
    const page = await server.request(`/jackpots/${poolId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('The ledger checks out');
    expect(html).toContain('Proofs');
    expect((await server.request('/jackpots/jp_nothing')).status).toBe(404);
  });

  it('a network pool takes two operators in two currencies at its rate, exactly, and shows each its value', async () => {
    const other = await server.createOperator({ wallet_mode: 'internal', currency: 'EUR' });
    const poolId = await server.services.jackpots.create(
      {
        name: 'Network',
        scope: 'network',
        currency: 'USD',
        ownerOperatorId: null,
        members: [
          { operatorId, gameSymbol: 'rf_orbit_orchard' },
          { operatorId: other.id, gameSymbol: 'rf_orbit_orchard' },
        ],
        rates: [{ currency: 'EUR', rate: '1.08' }],
        tiers: [tier({ name: 'net', kind: 'progressive', oddsStake: 10n ** 15n, contributionPpm: 3_333n })],
      },
      'test',
    );
    server.services.jackpots.refresh();
    const dollars = await launchPlayer(server, apiKey, { player: 'jp-net-usd', symbol: 'rf_orbit_orchard' });
    const euros = await launchPlayer(server, other.apiKey, {
      player: 'jp-net-eur',
      symbol: 'rf_orbit_orchard',
      currency: 'EUR',
    });
    const before = (await meters(poolId)).get('net')?.contributed ?? 0n;
    const a = await dollars.spin({ coin: '0.10', bet_level: 1 });
    const b = await euros.spin({ coin: '0.10', bet_level: 1 });
    const usd = cents(a.body.round.stake) * 3_333n;
    // €x · 1.08 $/€ · 0.3333 %: 108/100 of the cents, in fine units, the fraction kept as dust
    const eurExact = cents(b.body.round.stake) * 108n * 3_333n;
    const after = (await meters(poolId)).get('net')?.contributed ?? 0n;
    expect(after - before).toBe(usd + eurExact / 100n);
    await server.services.jackpots.sealOnce();
    const report = await verifyPool(server, poolId);
    expect(report.problems).toEqual([]);
    const { rows } = await server.store.pool.query(
      `select body from jackpot_ledger where pool_id = $1 and round_ids @> array[$2]`,
      [poolId, b.body.round.id],
    );
    const share = JSON.parse(rows[0].body).rounds.find((round: any) => round.round_id === b.body.round.id);
    expect(share.tiers[0].dust).toBe((eurExact % 100n).toString());
    const lobby = await server.request('/api/provider/v1/jackpots?currency=EUR', {
      headers: { 'x-provider-api-key': other.apiKey },
    });
    expect(lobby.status).toBe(200);
    const listed = ((await lobby.json()) as any).data.jackpots.find((pool: any) => pool.pool_id === poolId);
    expect(listed).toMatchObject({ scope: 'network', currency: 'USD', games: ['rf_orbit_orchard'] });
    expect(listed.tiers[0].value_in_currency.currency).toBe('EUR');
  });
});

describe('staff pools through the admin API', () => {
  it('refuses without the admin token or a staff session, and creates a pool with it', async () => {
    const body = {
      name: 'Via admin',
      scope: 'operator',
      currency: 'USD',
      owner_operator_id: operatorId,
      members: [{ operator_id: operatorId, game_symbol: 'rf_orbit_orchard' }],
      tiers: [
        { name: 'mini', kind: 'must_drop_value', seed: '10.00', ceiling: '20.00', contribution_rate: '0.5' },
      ],
    };
    for (const method of ['GET', 'POST']) {
      const refused = await server.request('/api/admin/v1/jackpots', {
        method,
        ...(method === 'POST' ? { json: body } : {}),
      });
      expect(refused.status).toBe(401);
    }
    const created = await server.admin('POST', '/api/admin/v1/jackpots', body);
    expect(created.status).toBe(201);
    expect(created.body.pool).toMatchObject({
      name: 'Via admin',
      tiers: [{ name: 'mini', kind: 'must_drop_value', meters: { display: '10.00' } }],
    });
    // the must-drop point is committed at once
    expect(created.body.pool.tiers[0].drop_commit).toMatch(/^[0-9a-f]{64}$/);
    const bad = await server.admin('POST', '/api/admin/v1/jackpots', {
      ...body,
      tiers: [{ ...body.tiers[0], contribution_rate: 'lots' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/tiers\[0\]\.contribution_rate/);
  });
});
