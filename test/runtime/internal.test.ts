// The runtime API on the internal wallet, against a real server and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, launchPlayer, playerFor } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let apiKey: string;
let operatorId: string;
beforeAll(async () => {
  server = await startTestServer();
  const operator = await server.createOperator({ wallet_mode: 'internal' });
  apiKey = operator.apiKey;
  operatorId = operator.id;
});
afterAll(async () => {
  await server?.close();
});

describe('internal wallet rounds', () => {
  it('shows the session, plays a round and moves the balance by exactly stake and win', async () => {
    const player = await launchPlayer(server, apiKey, { player: 'p-normal' });
    const session = await player.get('session');
    expect(session.status).toBe(200);
    expect(session.body.balance).toBe('1000.00');
    expect(session.body.bet.coin_values).toContain('0.10');
    expect(session.body.bet.modes.base.cost_multiplier).toBe('1');
    expect(session.body.state).toEqual({ free_spins_left: 0, feature: null });

    const spun = await player.spin({ coin: '0.10', bet_level: 1 });
    expect(spun.status).toBe(200);
    const { round } = spun.body;
    expect(round).toMatchObject({
      status: 'settled',
      kind: 'base',
      mode: 'base',
      coin: '0.10',
      stake: '2.00',
    });
    expect(cents(spun.body.balance)).toBe(100000n - 200n + cents(round.win));

    const again = await player.get(`rounds/${round.id}`);
    expect(again.status).toBe(200);
    expect(again.body.round.outcome.draws.length).toBeGreaterThan(0);
    expect(again.body.round.replay.variant).toBeTypeOf('string');
    const history = await player.get('history?limit=5');
    expect(history.body.rounds[0].id).toBe(round.id);
    expect(history.body.rounds[0].outcome.screens).toBeUndefined();
  });

  it('answers a repeated click with the same round, also when both arrive at once', async () => {
    const player = await launchPlayer(server, apiKey, { player: 'p-dup' });
    const body = { coin: '0.10', client_round_id: 'same-click-1' };
    const first = await player.post('spin', body);
    const second = await player.post('spin', body);
    expect(second.status).toBe(200);
    expect(second.body.round.id).toBe(first.body.round.id);

    const together = await Promise.all(
      Array.from({ length: 6 }, () => player.post('spin', { coin: '0.20', client_round_id: 'same-click-2' })),
    );
    expect(together.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(together.map((a) => a.body.round.id)).size).toBe(1);
    const { rows } = await server.store.pool.query(
      `select count(*)::int as n from rounds r join game_sessions s on s.id = r.session_id
        where s.player_id = 'p-dup'`,
    );
    expect(rows[0].n).toBe(2);
  });

  it('refuses a stake the balance does not cover with 402 and plays nothing', async () => {
    const player = await launchPlayer(server, apiKey, { player: 'p-poor' });
    await server.store.pool.query(
      `insert into wallet_balances (operator_id, player_id, currency, balance) values ($1, 'p-poor', 'USD', 150)`,
      [operatorId],
    );
    const refused = await player.spin({ coin: '0.10' });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('insufficient_funds');
    const session = await player.get('session');
    expect(session.body.balance).toBe('1.50');
  });

  it('answers 401 for unknown, replaced and expired tokens, 400 for bad bets', async () => {
    const unknown = await playerFor(server, 'ses_000000000000000000000000000000').get('session');
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('session_invalid');
    const missing = await server.request('/api/runtime/v1/session');
    expect(missing.status).toBe(401);

    const old = await launchPlayer(server, apiKey, { player: 'p-relaunch' });
    expect((await old.spin()).status).toBe(200); // the spin path now holds this session in its cache
    const fresh = await launchPlayer(server, apiKey, { player: 'p-relaunch' });
    expect((await old.get('session')).body.error).toBe('session_invalid');
    const replaced = await old.spin();
    expect(replaced.status).toBe(401);
    expect(replaced.body.error).toBe('session_invalid');
    expect((await fresh.get('session')).status).toBe(200);
    expect((await fresh.spin()).status).toBe(200);

    await server.store.pool.query(
      `update game_sessions set expires_at = now() - interval '1 second' where player_id = 'p-relaunch'`,
    );
    const expired = await fresh.spin();
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('session_expired');

    const player = await launchPlayer(server, apiKey, { player: 'p-bad' });
    const badCoin = await player.spin({ coin: '0.13' });
    expect(badCoin.status).toBe(400);
    expect(badCoin.body.detail).toMatch(/coin/);
    const badLevel = await player.spin({ bet_level: 99 });
    expect(badLevel.status).toBe(400);
    const noClick = await player.post('spin', { coin: '0.10' });
    expect(noClick.status).toBe(400);
    expect(noClick.body.detail).toMatch(/client_round_id/);
  });

  it('refuses play once the operator is inactive or the game left its allowlist (403)', async () => {
    const other = await server.createOperator({ wallet_mode: 'internal' });
    const player = await launchPlayer(server, other.apiKey, { player: 'p-403' });
    expect((await player.spin()).status).toBe(200);
    await server.admin('PUT', `/api/admin/v1/operators/${other.id}/catalog`, {
      symbols: ['rf_copper_sevens'],
    });
    const outside = await player.spin();
    expect(outside.status).toBe(403);
    expect(outside.body.error).toBe('forbidden');
    await server.admin('PUT', `/api/admin/v1/operators/${other.id}/catalog`, { symbols: ['rf_ember_crown'] });
    await server.admin('PATCH', `/api/admin/v1/operators/${other.id}`, { status: 'inactive' });
    expect((await player.spin()).status).toBe(403);
  });

  it('replays the same outcomes from the same test seed, and the stored draws replay the round', async () => {
    const outcomes: unknown[] = [];
    for (const name of ['p-seed-1', 'p-seed-2']) {
      const player = await launchPlayer(server, apiKey, { player: name });
      expect((await player.post('test/rng', { seed: 4242 })).status).toBe(204);
      const spun = await player.spin({ coin: '0.10' });
      outcomes.push(spun.body.round.outcome);
      const { body } = await player.get(`rounds/${spun.body.round.id}`);
      const { replay } = await import('../../src/engine/index.ts');
      const { getGame, modelOf } = await import('../../src/games/index.ts');
      const game = getGame('rf_ember_crown');
      if (!game) throw new Error('no game');
      const replayed = replay(
        modelOf(game, body.round.replay.variant),
        body.round.replay.state_before,
        { coin: 10n, betLevel: 1, mode: 'base' },
        body.round.outcome.draws,
      );
      expect(replayed.ok && replayed.outcome.totalWin).toBe(cents(body.round.win));
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
  });

  it('slides the session expiry with play', async () => {
    const player = await launchPlayer(server, apiKey, { player: 'p-slide' });
    await server.store.pool.query(
      `update game_sessions set expires_at = now() + interval '5 seconds' where player_id = 'p-slide'`,
    );
    await player.spin();
    const { rows } = await server.store.pool.query(
      `select expires_at from game_sessions where player_id = 'p-slide'`,
    );
    expect(rows[0].expires_at.getTime()).toBeGreaterThan(Date.now() + 1000 * 1000);
  });
});
