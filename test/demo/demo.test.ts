// Demo play: launch-url play_mode "demo" plays on a fun balance of 1,000.00 that the game can reset,
// never calls the operator's wallet, keeps its rounds apart from money rounds, and an operator can
// turn it off (Admin API).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackOperator, cents, playerFor } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;

async function launch(apiKey: string, fields: Record<string, unknown>) {
  const response = await server.request('/api/provider/v1/launch-url', {
    method: 'POST',
    headers: { 'x-provider-api-key': apiKey },
    json: { symbol: 'rf_ember_crown', currency: 'EUR', ...fields },
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('demo play', () => {
  it('never calls the wallet: session, spins, history, reset, all on fun money in the requested currency', async () => {
    const cb = await callbackOperator(server, { 'demo-1': '5.00' });
    try {
      const launched = await launch(cb.apiKey, { external_player_id: 'demo-1', play_mode: 'demo' });
      expect(launched.status).toBe(200);
      expect(launched.body.play_mode).toBe('demo');
      const player = playerFor(server, launched.body.session_id);
      const session = (await player.get('session')).body;
      expect(session.session.play_mode).toBe('demo');
      expect(session.balance).toBe('1000.00');
      expect(session.free_rounds).toEqual([]);
      let balance = 100_000n;
      for (let i = 0; i < 5; i++) {
        const spun = await player.spin({ coin: '0.10' });
        expect(spun.status).toBe(200);
        balance = balance - cents(spun.body.round.stake) + cents(spun.body.round.win);
        expect(cents(spun.body.balance)).toBe(balance);
      }
      expect((await player.get('history')).body.rounds.length).toBeGreaterThanOrEqual(5);
      const reset = await player.post('demo/reset', {});
      expect(reset).toEqual({ status: 200, body: { balance: '1000.00' } });
      expect((await player.get('session')).body.balance).toBe('1000.00');

      expect(cb.wallet.calls).toEqual([]);
      // Demo rounds are apart from the money ledger: no round, no transaction.
      const money = await server.store.pool.query(
        `select (select count(*)::int from rounds where player_id = 'demo-1') as rounds,
                (select count(*)::int from wallet_transactions where player_id = 'demo-1') as txs,
                (select count(*)::int from demo_rounds where player_id = 'demo-1') as demo`,
      );
      expect(money.rows[0]).toMatchObject({ rounds: 0, txs: 0 });
      expect(money.rows[0].demo).toBeGreaterThanOrEqual(5);
      // Nor does staff's round ledger show them.
      const staff = await server.admin('GET', `/api/admin/v1/rounds?operator_id=${cb.id}&player_id=demo-1`);
      expect(staff.body.rounds).toEqual([]);
    } finally {
      await cb.wallet.close();
    }
  });

  it('keeps the demo and the real session of one player apart', async () => {
    const op = await server.createOperator({ currency: 'EUR' });
    const real = await launch(op.apiKey, { external_player_id: 'both' });
    const demo = await launch(op.apiKey, { external_player_id: 'both', play_mode: 'demo' });
    const realPlayer = playerFor(server, real.body.session_id);
    const demoPlayer = playerFor(server, demo.body.session_id);
    expect((await realPlayer.get('session')).status).toBe(200); // the demo launch did not revoke it
    const spun = await demoPlayer.spin({ coin: '0.10', bet_level: 10 });
    expect(spun.status).toBe(200);
    expect((await realPlayer.get('session')).body.balance).toBe('1000.00');
    expect((await realPlayer.get('history')).body.rounds).toEqual([]);
    // A reset is for demo sessions only.
    expect((await realPlayer.post('demo/reset', {})).status).toBe(403);
    // A demo round is not one of the real session's rounds, nor visible to the operator's lookup.
    expect((await realPlayer.get(`rounds/${spun.body.round.id}`)).status).toBe(404);
    const lookup = await server.request(`/api/provider/v1/rounds/${spun.body.round.id}`, {
      headers: { 'x-provider-api-key': op.apiKey },
    });
    expect(lookup.status).toBe(404);
  });

  it('runs out of fun money like real money (402) until reset', async () => {
    const op = await server.createOperator();
    const launched = await launch(op.apiKey, {
      external_player_id: 'broke',
      play_mode: 'demo',
      currency: 'USD',
    });
    const player = playerFor(server, launched.body.session_id);
    await server.store.pool.query(
      `insert into demo_balances (session_id, balance)
         select id, 5 from game_sessions where player_id = 'broke' and play_mode = 'demo'`,
    );
    const spun = await player.spin({ coin: '0.10' });
    expect(spun.status).toBe(402);
    expect((await player.post('demo/reset', {})).body.balance).toBe('1000.00');
    expect((await player.spin({ coin: '0.10' })).status).toBe(200);
  });

  it('is refused with 403 once the operator turns demo off, also for a session already open', async () => {
    const op = await server.createOperator();
    const launched = await launch(op.apiKey, { external_player_id: 'off', play_mode: 'demo' });
    const player = playerFor(server, launched.body.session_id);
    const patched = await server.admin('PATCH', `/api/admin/v1/operators/${op.id}`, { demo_enabled: false });
    expect(patched.status).toBe(200);
    expect(patched.body.operator.demo_enabled).toBe(false);
    const again = await launch(op.apiKey, { external_player_id: 'off', play_mode: 'demo' });
    expect(again.status).toBe(403);
    expect(again.body.detail).toContain('demo play is turned off');
    expect((await player.get('session')).status).toBe(403);
    // Real play is unaffected.
    expect((await launch(op.apiKey, { external_player_id: 'off' })).status).toBe(200);
    expect(
      (await server.admin('PATCH', `/api/admin/v1/operators/${op.id}`, { demo_enabled: 'no' })).status,
    ).toBe(400);
  });

  it('refuses an unknown play_mode naming the field', async () => {
    const op = await server.createOperator();
    const bad = await launch(op.apiKey, { external_player_id: 'x', play_mode: 'fun' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('play_mode');
  });
});
