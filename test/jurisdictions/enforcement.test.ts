// Jurisdiction profiles on a real server and PostgreSQL: launch fields, the session's rules and
// state, and what the spin refuses under each profile. Time moves by a hand-driven clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILES, type Profile } from '../../src/jurisdictions/index.ts';
import { findSeed } from '../e2e/seeds.ts';
import { clickId } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { launch, launched, manualClock } from './helpers.ts';

const clock = manualClock();
let server: TestServer;
let apiKey: string;
let players = 0;
const player = () => `jp-${++players}`;

beforeAll(async () => {
  server = await startTestServer({ SESSION_TTL_SECONDS: String(7 * 86_400) }, { clock });
  apiKey = (await server.createOperator({ currency: 'GBP' })).apiKey;
});
afterAll(async () => {
  await server?.close();
});

describe('launch-url: the jurisdiction fields', () => {
  it.each([
    ['jurisdiction', { jurisdiction: 'atlantis' }],
    ['jurisdiction', { jurisdiction: 3 }],
    ['reality_check_interval', { reality_check_interval: 10 }],
    ['reality_check_interval', { reality_check_interval: 'often' }],
    ['player_age_band', { player_age_band: '12-17' }],
    ['session_time_limit', { session_time_limit: -1 }],
    ['session_time_limit', { session_time_limit: 100_000 }],
    ['session_loss_limit', { session_loss_limit: '0' }],
    ['session_loss_limit', { session_loss_limit: '1.234' }],
    ['session_loss_limit', { session_loss_limit: 'lots' }],
    ['history_url', { history_url: 'javascript:alert(1)' }],
    ['history_url', { history_url: 'http://casino.example/history' }],
    ['currency', { jurisdiction: 'uk', currency: 'USD' }],
    ['currency', { jurisdiction: 'de', currency: 'GBP' }],
    ['session_time_limit', { jurisdiction: 'es', currency: 'EUR' }],
    ['session_loss_limit', { jurisdiction: 'es', currency: 'EUR', session_time_limit: 600 }],
  ])('400 naming %s for %j', async (field, fields) => {
    const answer = await launch(server, apiKey, { external_player_id: player(), ...fields });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
    expect(answer.body.detail).toMatch(new RegExp(`^${field}\\b`));
  });

  it('stores the terms: the session shows them, and the launch answer names the market', async () => {
    const answer = await launch(server, apiKey, {
      external_player_id: player(),
      jurisdiction: 'uk',
      player_age_band: '25+',
      reality_check_interval: 900,
      session_time_limit: 3600,
      session_loss_limit: '50',
      history_url: 'https://casino.example/history',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.jurisdiction).toBe('uk');
    const session = (await answer.player?.get('session'))?.body;
    const j = session.jurisdiction;
    expect(j).toMatchObject({ code: 'uk', name: 'Great Britain', version: '2026-01-19' });
    expect(j.rules).toMatchObject({
      min_cycle_ms: 2500,
      autoplay: { allowed: false },
      turbo_allowed: false,
      quick_stop_allowed: false,
      max_stake: '5.00',
      show_net_position: true,
      show_session_time: true,
      celebrate_at_or_below_stake: false,
      one_game_at_a_time: true,
    });
    expect(j.reality_check).toMatchObject({ interval_seconds: 900, due: false });
    expect(j.limits).toEqual({ time_limit_seconds: 3600, loss_limit: '50.00' });
    expect(j.net_position).toBe('0.00');
    expect(j.elapsed_seconds).toBe(0);
    expect(j.history_url).toBe('https://casino.example/history');
    // The ladder leaves out what the cap does: no coin whose cheapest bet is above £5.
    for (const coin of session.bet.coin_values as string[]) expect(Number(coin) * 20).toBeLessThanOrEqual(5);
  });

  it("an operator's default jurisdiction applies when the launch names none", async () => {
    const bad = await server.admin('POST', '/api/admin/v1/operators', {
      name: 'X',
      wallet_mode: 'internal',
      default_jurisdiction: 'mars',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/default_jurisdiction/);
    const de = await server.createOperator({ currency: 'EUR', default_jurisdiction: 'de' });
    const view = await server.admin('GET', `/api/admin/v1/operators/${de.id}`);
    expect(view.body.operator.default_jurisdiction).toBe('de');
    const p = await launched(server, de.apiKey, { external_player_id: player(), currency: 'EUR' });
    expect((await p.get('session')).body.jurisdiction.code).toBe('de');
    const changed = await server.admin('PATCH', `/api/admin/v1/operators/${de.id}`, {
      default_jurisdiction: 'default',
    });
    expect(changed.body.operator.default_jurisdiction).toBe('default');
    const named = await launched(server, de.apiKey, {
      external_player_id: player(),
      currency: 'EUR',
      jurisdiction: 'nl',
    });
    expect((await named.get('session')).body.jurisdiction.code).toBe('nl');
  });
});

describe('uk: cycle time, stake caps by age band, rounds recording the profile', () => {
  it('refuses a round sooner than 2.5 s after the last with the wait; a repeated click gets its round', async () => {
    const p = await launched(server, apiKey, { external_player_id: player(), jurisdiction: 'uk' });
    const id = clickId();
    const first = await p.spin({ coin: '0.01', client_round_id: id });
    expect(first.status).toBe(200);
    expect(first.body.jurisdiction_state.next_round_at).toBe(
      new Date(clock.now().getTime() + 2500).toISOString(),
    );
    const again = await p.spin({ coin: '0.01', client_round_id: id });
    expect(again.status).toBe(200);
    expect(again.body.round.id).toBe(first.body.round.id);
    const soon = await p.spin({ coin: '0.01' });
    expect(soon.status).toBe(409);
    expect(soon.body).toMatchObject({ error: 'cycle_too_fast', retry_after_ms: 2500 });
    clock.advance(2499);
    const still = await p.spin({ coin: '0.01' });
    expect(still.body).toMatchObject({ error: 'cycle_too_fast', retry_after_ms: 1 });
    clock.advance(1);
    expect((await p.spin({ coin: '0.01' })).status).toBe(200);
  });

  it.each([
    ['25+', '5.00', { coin: '0.05', bet_level: 5 }, { coin: '0.05', bet_level: 6 }],
    ['18-24', '2.00', { coin: '0.10', bet_level: 1 }, { coin: '0.05', bet_level: 3 }],
    [undefined, '2.00', { coin: '0.05', bet_level: 2 }, { coin: '0.05', bet_level: 5 }],
  ])('age band %s: cap %s', async (band, cap, fits, above) => {
    const p = await launched(server, apiKey, {
      external_player_id: player(),
      jurisdiction: 'uk',
      ...(band ? { player_age_band: band } : {}),
    });
    expect((await p.get('session')).body.jurisdiction.rules.max_stake).toBe(cap);
    const refused = await p.spin(above);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'stake_above_limit', max_stake: cap });
    const played = await p.spin(fits);
    expect(played.status).toBe(200);
    expect(Number(played.body.round.stake)).toBeLessThanOrEqual(Number(cap));
  });

  it('every round records the profile code and version: history, round, admin view, the row', async () => {
    const p = await launched(server, apiKey, { external_player_id: player(), jurisdiction: 'uk' });
    clock.advance(3000);
    const spun = await p.spin({ coin: '0.01' });
    expect(spun.status).toBe(200);
    const uk = { code: 'uk', version: '2026-01-19' };
    expect(spun.body.round.jurisdiction).toEqual(uk);
    const history = await p.get('history?limit=5');
    expect(history.body.rounds[0].jurisdiction).toEqual(uk);
    expect((await p.get(`rounds/${spun.body.round.id}`)).body.round.jurisdiction).toEqual(uk);
    const { rows } = await server.store.pool.query(
      'select jurisdiction_code, jurisdiction_version from rounds where id = $1',
      [spun.body.round.id],
    );
    expect(rows[0]).toEqual({ jurisdiction_code: 'uk', jurisdiction_version: '2026-01-19' });
    // A session of the default profile records default.
    const d = await launched(server, apiKey, { external_player_id: player() });
    const plain = await d.spin({ coin: '0.01' });
    expect(plain.body.round.jurisdiction).toEqual({
      code: 'default',
      version: PROFILES.get('default')?.version,
    });
  });

  it('staff see the profile on the Admin API round views', async () => {
    const id = player();
    const p = await launched(server, apiKey, { external_player_id: id, jurisdiction: 'uk' });
    clock.advance(3000);
    expect((await p.spin({ coin: '0.01' })).status).toBe(200);
    const admin = await server.admin('GET', `/api/admin/v1/rounds?player_id=${id}`);
    expect(admin.body.rounds[0]).toMatchObject({
      jurisdiction_code: 'uk',
      jurisdiction_version: '2026-01-19',
      jurisdiction: { code: 'uk', version: '2026-01-19' },
    });
  });

  it('demo sessions follow the profile too (cycle time)', async () => {
    const p = await launched(server, apiKey, {
      external_player_id: player(),
      jurisdiction: 'uk',
      play_mode: 'demo',
    });
    expect((await p.spin({ coin: '0.01' })).status).toBe(200);
    expect((await p.spin({ coin: '0.01' })).body.error).toBe('cycle_too_fast');
  });
});

describe('de: €1, 5 s, the buy feature priced out', () => {
  it('caps stakes at €1, leaves the buy out of the ladder and refuses it above the cap', async () => {
    const p = await launched(server, apiKey, {
      external_player_id: player(),
      jurisdiction: 'de',
      currency: 'EUR',
      symbol: 'rf_dune_lantern',
    });
    const session = (await p.get('session')).body;
    expect(session.jurisdiction.rules).toMatchObject({
      max_stake: '1.00',
      min_cycle_ms: 5000,
      show_rtp: true,
    });
    expect(session.bet.modes.buy).toBeNull();
    const buy = await p.spin({ coin: '0.01', buy_feature: true });
    expect(buy.body).toMatchObject({ error: 'stake_above_limit', max_stake: '1.00' });
    expect((await p.spin({ coin: '0.10', bet_level: 1 })).status).toBe(200);
    clock.advance(4999);
    expect((await p.spin({ coin: '0.10' })).body).toMatchObject({
      error: 'cycle_too_fast',
      retry_after_ms: 1,
    });
  });
});

describe('a profile that bans the buy and the ante', () => {
  it('refuses them with mode_not_allowed and leaves them out of the session', async () => {
    // A fixture profile, registered in this process only: of the seven sourced profiles only uk
    // bans the buy, and none the ante (see docs/jurisdictions.md).
    const fixture: Profile = {
      code: 'test-no-buy',
      name: 'Test market without feature buy or ante',
      version: '2026-01-01',
      rules: {
        feature_buy_allowed: { value: false, source: 'test fixture' },
        ante_allowed: { value: false, source: 'test fixture' },
      },
    };
    (PROFILES as Map<string, Profile>).set(fixture.code, fixture);
    try {
      const p = await launched(server, apiKey, {
        external_player_id: player(),
        jurisdiction: 'test-no-buy',
        symbol: 'rf_dune_lantern',
      });
      const session = (await p.get('session')).body;
      expect(session.bet.modes).toMatchObject({ buy: null, special: null });
      expect(session.jurisdiction.rules).toMatchObject({ feature_buy_allowed: false, ante_allowed: false });
      const buy = await p.spin({ coin: '0.01', buy_feature: true });
      expect(buy.status).toBe(400);
      expect(buy.body).toMatchObject({ error: 'mode_not_allowed', field: 'buy_feature' });
      expect(buy.body.detail).toMatch(/^buy_feature /);
      const ante = await p.spin({ coin: '0.01', special_bet: true });
      expect(ante.body).toMatchObject({ error: 'mode_not_allowed', field: 'special_bet' });
      expect((await p.spin({ coin: '0.01' })).status).toBe(200);
    } finally {
      (PROFILES as Map<string, Profile>).delete(fixture.code);
    }
  });
});

describe('uk: the feature buy is banned', () => {
  it('names the ban in the rules, leaves the buy out of the session and refuses it naming the field', async () => {
    const p = await launched(server, apiKey, {
      external_player_id: player(),
      jurisdiction: 'uk',
      player_age_band: '25+',
      symbol: 'rf_dune_lantern',
    });
    const session = (await p.get('session')).body;
    expect(session.jurisdiction.rules).toMatchObject({ feature_buy_allowed: false, ante_allowed: true });
    expect(session.bet.modes.buy).toBeNull();
    const buy = await p.spin({ coin: '0.01', buy_feature: true });
    expect(buy.status).toBe(400);
    expect(buy.body).toMatchObject({ error: 'mode_not_allowed', field: 'buy_feature' });
  });
});

describe('free rounds under a stake cap (uk: £5, £2 for 18-24)', () => {
  it('offers and plays a grant within the cap; refuses one above it naming free_round_grant_id', async () => {
    const { betLadder, getGame } = await import('../../src/games/index.ts');
    const game = getGame('rf_dune_lantern');
    if (!game) throw new Error('no rf_dune_lantern');
    const ladder = betLadder(game, 'GBP');
    // A bet above £2 and at most £5: legal for 25+, above the 18-24 cap.
    const pick = ladder.coinValues
      .flatMap((coin) => ladder.betLevels.map((level) => ({ coin, level })))
      .find(({ coin, level }) => {
        const bet = coin * BigInt(level) * BigInt(ladder.lineCost);
        return bet > 200n && bet <= 500n;
      });
    if (!pick) throw new Error('no bet between £2 and £5');
    const young = player();
    const older = player();
    const campaign = await server.request('/api/provider/v1/free-rounds/campaigns', {
      method: 'POST',
      headers: { 'x-provider-api-key': apiKey },
      json: {
        campaign_id: `cap-${young}`,
        games: ['rf_dune_lantern'],
        currency: 'GBP',
        rounds: 2,
        coin: `${pick.coin / 100n}.${String(pick.coin % 100n).padStart(2, '0')}`,
        bet_level: pick.level,
        expires_at: new Date(clock.now().getTime() + 7 * 86_400_000).toISOString(),
        players: [young, older],
      },
    });
    expect(campaign.status).toBe(201);
    const grants = await server.store.pool.query(
      `select g.id, g.player_id from free_round_grants g join free_round_campaigns c on c.id = g.campaign_id
        where c.campaign_id = $1`,
      [`cap-${young}`],
    );
    const grantOf = (id: string) => grants.rows.find((r) => r.player_id === id)?.id as string;

    const p18 = await launched(server, apiKey, {
      external_player_id: young,
      jurisdiction: 'uk',
      player_age_band: '18-24',
      symbol: 'rf_dune_lantern',
    });
    expect((await p18.get('session')).body.free_rounds).toEqual([]);
    const refused = await p18.spin({ coin: '0.01', free_round_grant_id: grantOf(young) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'stake_above_limit',
      max_stake: '2.00',
      field: 'free_round_grant_id',
    });
    const untouched = await server.store.pool.query(
      'select rounds_played from free_round_grants where id = $1',
      [grantOf(young)],
    );
    expect(untouched.rows[0].rounds_played).toBe(0);

    const p25 = await launched(server, apiKey, {
      external_player_id: older,
      jurisdiction: 'uk',
      player_age_band: '25+',
      symbol: 'rf_dune_lantern',
    });
    const offers = (await p25.get('session')).body.free_rounds;
    expect(offers.map((o: { grant_id: string }) => o.grant_id)).toEqual([grantOf(older)]);
    const played = await p25.spin({ coin: '0.01', free_round_grant_id: grantOf(older) });
    expect(played.status).toBe(200);
    expect(played.body.round.stake).toBe('0.00');
  });
});

describe('reality check, time and loss limits', () => {
  it('a due reality check blocks the next round until answered; leave ends the session', async () => {
    const p = await launched(server, apiKey, {
      external_player_id: player(),
      jurisdiction: 'uk',
      reality_check_interval: 600,
      return_url: 'https://casino.example/lobby',
    });
    expect((await p.spin({ coin: '0.01' })).status).toBe(200);
    clock.advance(600_000);
    const blocked = await p.spin({ coin: '0.01' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toBe('reality_check_due');
    const session = (await p.get('session')).body.jurisdiction;
    expect(session.reality_check.due).toBe(true);
    expect(session.elapsed_seconds).toBe(600);
    expect((await p.post('reality-check', { action: 'stay' })).status).toBe(400);
    const answered = await p.post('reality-check', { action: 'continue' });
    expect(answered.status).toBe(200);
    expect(answered.body.reality_check).toEqual({
      interval_seconds: 600,
      due: false,
      next_due_at: new Date(clock.now().getTime() + 600_000).toISOString(),
    });
    expect(answered.body.return_url).toBe('https://casino.example/lobby');
    const resumed = await p.spin({ coin: '0.01' });
    expect(resumed.status).toBe(200);
    expect(resumed.body.jurisdiction_state.reality_check_due).toBe(false);
    const left = await p.post('reality-check', { action: 'leave' });
    expect(left.status).toBe(200);
    clock.advance(3000);
    expect((await p.spin({ coin: '0.01' })).body.error).toBe('session_ended');
  });

  it('the time limit ends play', async () => {
    const p = await launched(server, apiKey, { external_player_id: player(), session_time_limit: 120 });
    expect((await p.spin({ coin: '0.01' })).status).toBe(200);
    clock.advance(119_000);
    expect((await p.spin({ coin: '0.01' })).status).toBe(200);
    clock.advance(1000);
    const over = await p.spin({ coin: '0.01' });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ error: 'session_limit_reached', limit: 'time' });
  });

  it('a feature started before the time limit plays out, then the limit ends play', async () => {
    const p = await launched(server, apiKey, { external_player_id: player(), session_time_limit: 120 });
    const seed = findSeed('rf_ember_crown', 'base', (outcome) => outcome.features.length > 0);
    expect((await p.post('test/rng', { seed })).status).toBe(204);
    const started = await p.spin({ coin: '0.01' });
    expect(started.status).toBe(200);
    let left = started.body.state.free_spins_left as number;
    expect(left).toBeGreaterThan(0);
    clock.advance(120_000);
    let played = 0;
    while (left > 0 && played < 100) {
      const free = await p.spin({ coin: '0.01' });
      expect(free.status).toBe(200);
      left = free.body.state.free_spins_left;
      played += 1;
    }
    expect(left).toBe(0);
    const over = await p.spin({ coin: '0.01' });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ error: 'session_limit_reached', limit: 'time' });
  });

  it('the loss limit ends play; the net position matches the ledger', async () => {
    const p = await launched(server, apiKey, { external_player_id: player(), session_loss_limit: '1.00' });
    let last: { status: number; body: any } | undefined;
    let played = 0;
    for (let i = 0; i < 400; i++) {
      last = await p.spin({ coin: '0.05', bet_level: 1 });
      if (last.status !== 200) break;
      played += 1;
      expect(Number(last.body.jurisdiction_state.net_position)).toBeGreaterThan(-1.0 - 1.0);
    }
    expect(last?.status).toBe(409);
    expect(last?.body).toMatchObject({ error: 'session_limit_reached', limit: 'loss' });
    expect(played).toBeGreaterThan(0);
    const j = (await p.get('session')).body.jurisdiction;
    expect(Number(j.net_position)).toBeLessThanOrEqual(-1);
    const { rows } = await server.store.pool.query(
      `select coalesce(sum(r.win - r.stake), 0)::bigint as net from rounds r
         join game_sessions s on s.id = r.session_id
        where s.player_id = $1 and r.status <> 'cancelled'`,
      [(await p.get('session')).body.session.player_id],
    );
    expect(BigInt(rows[0].net)).toBe(BigInt(Math.round(Number(j.net_position) * 100)));
  });
});

describe('net position in callback mode', () => {
  it('a round whose stake the wallet refused leaves the net position as it was', async () => {
    const { callbackOperator } = await import('../helpers/runtime.ts');
    const operator = await callbackOperator(server, { 'jp-poor': '1.50', 'jp-rich': '100.00' });
    try {
      const poor = await launched(server, operator.apiKey, {
        external_player_id: 'jp-poor',
        currency: 'USD',
        session_loss_limit: '5.00',
      });
      const refused = await poor.spin({ coin: '0.10' });
      expect(refused.status).toBe(402);
      expect((await poor.get('session')).body.jurisdiction.net_position).toBe('0.00');
      const rich = await launched(server, operator.apiKey, {
        external_player_id: 'jp-rich',
        currency: 'USD',
      });
      const played = await rich.spin({ coin: '0.01' });
      expect(played.status).toBe(200);
      const expected = (Number(played.body.round.win) - Number(played.body.round.stake)).toFixed(2);
      expect(played.body.jurisdiction_state.net_position).toBe(expected === '-0.00' ? '0.00' : expected);
      expect((await rich.get('session')).body.jurisdiction.net_position).toBe(
        played.body.jurisdiction_state.net_position,
      );
    } finally {
      await operator.wallet.close();
    }
  });
});
