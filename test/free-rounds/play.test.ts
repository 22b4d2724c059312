// Playing a granted offer: nothing debited, the win credited as one credit per round with action_type
// free_round and the campaign and grant ids, features played out, the grant ending when used or
// expired, a cancelled campaign refused, and one grant never played twice under concurrent clicks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findQuietSeed, findSeed } from '../e2e/seeds.ts';
import {
  callbackOperator,
  cents,
  eventually,
  launchPlayer,
  ledgerOf,
  type Player,
  roundRow,
} from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let op: { id: string; apiKey: string };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function grant(apiKey: string, player: string, fields: Record<string, unknown> = {}) {
  const campaignId = `play-${Math.random().toString(36).slice(2, 10)}`;
  const response = await server.request('/api/provider/v1/free-rounds/campaigns', {
    method: 'POST',
    headers: { 'x-provider-api-key': apiKey },
    json: {
      campaign_id: campaignId,
      games: ['rf_ember_crown', 'rf_jade_paths'],
      currency: 'USD',
      rounds: 3,
      coin: '0.10',
      bet_level: 1,
      expires_at: inDays(7),
      players: [player],
      ...fields,
    },
  });
  expect(response.status).toBe(201);
  const { rows } = await server.store.pool.query(
    `select g.id from free_round_grants g join free_round_campaigns c on c.id = g.campaign_id
      where c.campaign_id = $1 and g.player_id = $2`,
    [campaignId, player],
  );
  return { campaignId, grantId: rows[0].id as string };
}

/** Plays every free round of the grant and any feature they start; answers the spins' bodies. */
async function playOut(player: Player, grantId: string) {
  const answers = [];
  for (let i = 0; i < 200; i++) {
    const session = (await player.get('session')).body;
    const inFeature = session.state.free_spins_left > 0 && session.free_round !== null;
    const offer = session.free_rounds.find((o: { grant_id: string }) => o.grant_id === grantId);
    if (!inFeature && !offer) break;
    const spun = await player.spin(inFeature ? {} : { free_round_grant_id: grantId });
    expect(spun.status).toBe(200);
    answers.push(spun.body);
  }
  return answers;
}

beforeAll(async () => {
  server = await startTestServer();
  op = await server.createOperator();
});
afterAll(async () => server?.close());

describe('free rounds on the internal wallet', () => {
  it('offers the grant in an eligible game, debits nothing, credits each win, ends when used', async () => {
    const { campaignId, grantId } = await grant(op.apiKey, 'fr-1');
    const player = await launchPlayer(server, op.apiKey, { player: 'fr-1' });
    const session = (await player.get('session')).body;
    expect(session.free_rounds).toEqual([
      expect.objectContaining({
        grant_id: grantId,
        campaign_id: campaignId,
        rounds_left: 3,
        coin: '0.10',
        bet: '2.00',
      }),
    ]);
    const start = cents(session.balance);
    const answers = await playOut(player, grantId);
    const rounds = answers.map((a) => a.round);
    expect(rounds.filter((r) => r.kind !== 'free_spin')).toHaveLength(3);
    let win = 0n;
    for (const round of rounds) {
      expect(round.stake).toBe('0.00');
      expect(round.free_round_grant_id).toBe(grantId);
      win += cents(round.win);
      const ledger = await ledgerOf(server, round.id);
      // One credit per round, no debit, its action naming a free round.
      expect(ledger.map((tx) => tx.type)).toEqual(['credit']);
      expect(ledger[0]?.action_type).toBe(round.kind === 'free_spin' ? 'free_round_feature' : 'free_round');
      expect(BigInt(ledger[0]?.amount ?? -1)).toBe(cents(round.win));
    }
    const after = (await player.get('session')).body;
    expect(cents(after.balance)).toBe(start + win);
    expect(after.free_rounds).toEqual([]);
    const last = answers.at(-1);
    expect(last.free_round).toMatchObject({ grant_id: grantId, rounds_left: 0, status: 'completed' });
    expect(last.free_round.win).toBe(`${win / 100n}.${String(win % 100n).padStart(2, '0')}`);
    // The grant is used: a further free round is refused and nothing moves.
    const more = await player.spin({ free_round_grant_id: grantId });
    expect(more.status).toBe(409);
    expect(more.body.error).toBe('free_round_unavailable');
    expect(cents((await player.get('session')).body.balance)).toBe(start + win);
    // The history and replay show the free rounds; staff see them with stake 0.
    const history = (await player.get('history?limit=100')).body.rounds;
    expect(
      history.filter((r: { free_round_grant_id: string | null }) => r.free_round_grant_id === grantId),
    ).toHaveLength(rounds.length);
    const replay = (await player.get(`rounds/${rounds[0].id}`)).body.round;
    expect(replay.replay.variant).toBeTruthy();
    const staff = await server.admin(
      'GET',
      `/api/admin/v1/rounds?operator_id=${op.id}&player_id=fr-1&limit=200`,
    );
    expect(
      staff.body.rounds.every(
        (r: { stake: string; free_round_grant_id: string }) =>
          r.stake === '0.00' && r.free_round_grant_id === grantId,
      ),
    ).toBe(true);
  });

  it('plays out a feature a free round starts, counted on the grant', async () => {
    const { grantId } = await grant(op.apiKey, 'fr-feature', { rounds: 1 });
    const player = await launchPlayer(server, op.apiKey, { player: 'fr-feature' });
    // Seed 4242 is the engine stream the runtime tests use; find one that triggers free spins.
    let triggered = false;
    for (let seed = 1; seed < 400 && !triggered; seed++) {
      const { getGame, modelOf } = await import('../../src/games/index.ts');
      const { spin, createSeededRng, initialState } = await import('../../src/engine/index.ts');
      const model = modelOf(getGame('rf_ember_crown') as never);
      const { nextState } = spin(
        model,
        initialState(model),
        { coin: 10n, betLevel: 1, mode: 'base' },
        createSeededRng(seed, 0),
      );
      if (nextState.freeSpinsLeft > 0) {
        expect((await player.post('test/rng', { seed })).status).toBe(204);
        triggered = true;
      }
    }
    expect(triggered).toBe(true);
    const answers = await playOut(player, grantId);
    expect(answers[0].round.kind).toBe('base');
    expect(answers[0].state.free_spins_left).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(1);
    expect(
      answers.slice(1).every((a) => a.round.kind === 'free_spin' && a.round.free_round_grant_id === grantId),
    ).toBe(true);
    const total = answers.reduce((sum, a) => sum + cents(a.round.win), 0n);
    const { rows } = await server.store.pool.query(
      'select win, rounds_played, status from free_round_grants where id = $1',
      [grantId],
    );
    expect(BigInt(rows[0].win)).toBe(total);
    expect(rows[0]).toMatchObject({ rounds_played: 1, status: 'completed' });
    expect((await player.get('session')).body.state.free_spins_left).toBe(0);
  });

  it('caps the total a grant can win, and a grant that reaches its cap ends at once', async () => {
    const { campaignId, grantId } = await grant(op.apiKey, 'fr-cap', { rounds: 30, max_win: '0.01' });
    const player = await launchPlayer(server, op.apiKey, { player: 'fr-cap' });
    // The first free round wins more than the cap: seeded, so the cap is reached by round one.
    const seed = findSeed('rf_ember_crown', 'base', (o) => o.totalWin > 0n);
    expect((await player.post('test/rng', { seed })).status).toBe(204);
    const first = await player.spin({ free_round_grant_id: grantId });
    expect(first.status).toBe(200);
    expect(BigInt(first.body.round.outcome.totalWin)).toBeGreaterThan(1n);
    expect(first.body.round.win).toBe('0.01');
    // Paid is what the ledger credited; the grant is over with its reason, nothing more offered.
    expect((await ledgerOf(server, first.body.round.id)).map((tx) => BigInt(tx.amount))).toEqual([1n]);
    expect(first.body.free_round).toMatchObject({
      grant_id: grantId,
      status: 'completed',
      end_reason: 'max_win_reached',
      rounds_left: 0,
      win: '0.01',
    });
    expect(first.body.state.free_spins_left).toBe(0);
    const session = (await player.get('session')).body;
    expect(session.free_rounds).toEqual([]);
    expect(session.state.free_spins_left).toBe(0);
    const again = await player.spin({ free_round_grant_id: grantId });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('free_round_unavailable');
    expect(again.body.detail).toContain('maximum win');
    const { rows } = await server.store.pool.query(
      'select win, rounds_played, status, end_reason from free_round_grants where id = $1',
      [grantId],
    );
    expect(BigInt(rows[0].win)).toBe(1n);
    expect(rows[0]).toMatchObject({ rounds_played: 1, status: 'completed', end_reason: 'max_win_reached' });
    // The operator reads why: additive fields only.
    const grants = await server.request('/api/provider/v1/free-rounds/grants?player_id=fr-cap', {
      headers: { 'x-provider-api-key': op.apiKey },
    });
    expect(grants.status).toBe(200);
    expect((await grants.json()).data.grants).toEqual([
      expect.objectContaining({
        grant_id: grantId,
        campaign_id: campaignId,
        status: 'completed',
        end_reason: 'max_win_reached',
        rounds_total: 30,
        rounds_played: 1,
        rounds_left: 0,
        win: '0.01',
        max_win: '0.01',
      }),
    ]);
    // History and replay agree with what was paid.
    const history = (await player.get('history?limit=10')).body.rounds;
    expect(history.map((r: { win: string }) => r.win)).toEqual(['0.01']);
    expect((await player.get(`rounds/${first.body.round.id}`)).body.round.win).toBe('0.01');
  });

  it('ends a feature its free round started once the cap is paid', async () => {
    const { grantId } = await grant(op.apiKey, 'fr-cap-feature', { rounds: 5, max_win: '0.01' });
    const player = await launchPlayer(server, op.apiKey, { player: 'fr-cap-feature' });
    const seed = findSeed(
      'rf_ember_crown',
      'base',
      (o) => o.features.some((f) => f.type === 'free_spins') && o.totalWin > 0n,
    );
    expect((await player.post('test/rng', { seed })).status).toBe(204);
    const first = await player.spin({ free_round_grant_id: grantId });
    expect(first.status).toBe(200);
    expect(first.body.round.win).toBe('0.01');
    // The game awarded free spins, but every one of them would pay nothing: none is played.
    expect(first.body.state.free_spins_left).toBe(0);
    expect(first.body.free_round).toMatchObject({ status: 'completed', end_reason: 'max_win_reached' });
    expect((await player.get('session')).body.state.free_spins_left).toBe(0);
  });

  it('refuses an expired grant and a cancelled campaign; a feature under way still finishes', async () => {
    const expired = await grant(op.apiKey, 'fr-exp');
    await server.store.pool.query(
      `update free_round_campaigns set valid_from = now() - interval '2 days', expires_at = now() - interval '1 second'
        where campaign_id = $1`,
      [expired.campaignId],
    );
    const player = await launchPlayer(server, op.apiKey, { player: 'fr-exp' });
    expect((await player.get('session')).body.free_rounds).toEqual([]);
    const refused = await player.spin({ free_round_grant_id: expired.grantId });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('expired');

    const cancelled = await grant(op.apiKey, 'fr-cancel');
    const other = await launchPlayer(server, op.apiKey, { player: 'fr-cancel' });
    // A first free round that starts no feature: a feature under way would (rightly) play on.
    expect((await other.post('test/rng', { seed: findQuietSeed('rf_ember_crown', 1) })).status).toBe(204);
    expect((await other.spin({ free_round_grant_id: cancelled.grantId })).status).toBe(200);
    const cancel = await server.request(
      `/api/provider/v1/free-rounds/campaigns/${cancelled.campaignId}/cancel`,
      {
        method: 'POST',
        headers: { 'x-provider-api-key': op.apiKey },
      },
    );
    expect(cancel.status).toBe(200);
    const after = await other.spin({ free_round_grant_id: cancelled.grantId });
    expect(after.status).toBe(409);
    expect(after.body.detail).toContain('cancelled');
    const { rows } = await server.store.pool.query(
      'select rounds_played, status from free_round_grants where id = $1',
      [cancelled.grantId],
    );
    expect(rows[0]).toMatchObject({ rounds_played: 1, status: 'cancelled' });
  });

  it("answers another player's grant, or a grant for another game, with 404 and plays nothing", async () => {
    const mine = await grant(op.apiKey, 'fr-owner', { games: ['rf_jade_paths'] });
    const thief = await launchPlayer(server, op.apiKey, { player: 'fr-thief' });
    const stolen = await thief.spin({ free_round_grant_id: mine.grantId });
    expect(stolen.status).toBe(404);
    const owner = await launchPlayer(server, op.apiKey, { player: 'fr-owner', symbol: 'rf_ember_crown' });
    expect((await owner.spin({ free_round_grant_id: mine.grantId })).status).toBe(404);
    expect((await owner.spin({ free_round_grant_id: 'nonsense' })).status).toBe(400);
    const { rows } = await server.store.pool.query(
      'select rounds_played from free_round_grants where id = $1',
      [mine.grantId],
    );
    expect(rows[0].rounds_played).toBe(0);
  });

  it('never plays a grant twice: concurrent clicks from two tabs of two games take exactly its rounds', async () => {
    const { grantId } = await grant(op.apiKey, 'fr-race', { rounds: 3 });
    const tabA = await launchPlayer(server, op.apiKey, { player: 'fr-race', symbol: 'rf_ember_crown' });
    const tabB = await launchPlayer(server, op.apiKey, { player: 'fr-race', symbol: 'rf_jade_paths' });
    const clicks = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? tabA : tabB).spin({ free_round_grant_id: grantId })),
    );
    const played = clicks.filter((c) => c.status === 200 && c.body.round.kind !== 'free_spin');
    const refused = clicks.filter((c) => c.status === 409);
    // A click that lands during a feature its tab's free round started plays that feature instead.
    expect(
      played.length +
        clicks.filter((c) => c.status === 200 && c.body.round.kind === 'free_spin').length +
        refused.length,
    ).toBe(12);
    const { rows } = await server.store.pool.query(
      `select count(*)::int as n from rounds where free_round_grant_id = $1 and kind <> 'free_spin'`,
      [grantId],
    );
    expect(rows[0].n).toBe(3);
    expect(played).toHaveLength(3);
    const state = await server.store.pool.query('select rounds_played from free_round_grants where id = $1', [
      grantId,
    ]);
    expect(state.rows[0].rounds_played).toBe(3);
  });
});

describe('free rounds on the callback wallet', () => {
  it('sends one signed credit per round with action_type free_round, the campaign and grant ids and the details URL; no debit', async () => {
    const cb = await callbackOperator(server, { 'fr-cb': '100.00' });
    try {
      const { campaignId, grantId } = await grant(cb.apiKey, 'fr-cb', {
        rounds: 2,
        games: ['rf_jade_paths'],
      });
      const player = await launchPlayer(server, cb.apiKey, { player: 'fr-cb', symbol: 'rf_jade_paths' });
      const answers = await playOut(player, grantId);
      expect(answers.filter((a) => a.round.kind !== 'free_spin')).toHaveLength(2);
      for (const answer of answers) {
        await eventually(async () => (await roundRow(server, answer.round.id)).status === 'settled');
      }
      const credits = cb.wallet.calls.filter((c) => c.type === 'credit');
      expect(cb.wallet.calls.filter((c) => c.type === 'debit')).toHaveLength(0);
      expect(credits).toHaveLength(answers.length);
      for (const credit of credits) {
        expect(credit.body).toMatchObject({
          action_type: expect.stringMatching(/^free_round/),
          free_round_campaign_id: campaignId,
          free_round_grant_id: grantId,
          round_finished: true,
        });
        expect(String(credit.body.round_details_url)).toMatch(
          /\/round-details\/rnd_\w+\?expires=\d+&signature=[0-9a-f]{64}$/,
        );
        expect(String(credit.body.round_details_url)).not.toContain('ses_');
      }
      const won = answers.reduce((sum, a) => sum + cents(a.round.win), 0n);
      expect(cb.wallet.freeRounds.get(grantId)).toMatchObject({
        campaignId,
        credits: answers.length,
        total: won,
      });
      expect(cents(cb.wallet.balanceOf('fr-cb'))).toBe(10_000n + won);
    } finally {
      await cb.wallet.close();
    }
  });
});
