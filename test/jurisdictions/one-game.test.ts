// One game at a time (uk): a player's second game is refused while the first played within the
// last 30 s, in two tabs on one node and across two nodes on one database; play state is in
// PostgreSQL, so the nodes agree. And a session a node has cached for its spins, changed on the
// other node (its reality check answered, the player gone, its token replaced), in both wallet modes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createMockWallet, type MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { type Player, WALLET_SECRET } from '../helpers/runtime.ts';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.ts';
import { launched, manualClock } from './helpers.ts';

const clock = manualClock();
let nodeA: TestServer;
let nodeB: RunningServer;
let apiKey: string;
let callbackKey: string;
let wallet: MockWallet;

beforeAll(async () => {
  nodeA = await startTestServer({}, { clock });
  nodeB = await startServer(
    loadConfig({
      APP_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: nodeA.databaseUrl,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    }),
    { logLevel: 'silent', clock },
  );
  apiKey = (await nodeA.createOperator({ currency: 'GBP', default_jurisdiction: 'uk' })).apiKey;
  wallet = createMockWallet({
    secret: WALLET_SECRET,
    players: Object.fromEntries(
      ['cache-rc', 'cache-leave', 'cache-relaunch'].map((p) => [p, { balance: '100.00', currency: 'GBP' }]),
    ),
  });
  callbackKey = (
    await nodeA.createOperator({
      currency: 'GBP',
      default_jurisdiction: 'uk',
      wallet_mode: 'callback',
      wallet_base_url: await wallet.listen(),
      wallet_secret: WALLET_SECRET,
    })
  ).apiKey;
});
afterAll(async () => {
  await nodeB?.stop();
  await nodeA?.close();
  await wallet?.close();
});

/** The same runtime API on node B (same token, other process state). */
async function onNodeB(token: string, path: string, json: unknown) {
  const response = await fetch(`${nodeB.url}/api/runtime/v1/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  return { status: response.status, body: await response.json() };
}

let clicks = 0;
const click = () => `one-game-${++clicks}`;

describe('one game at a time', () => {
  it('two games of one player in two tabs: the second waits until the first has been idle 30 s', async () => {
    const a = await launched(nodeA, apiKey, { external_player_id: 'og-tabs', symbol: 'rf_ember_crown' });
    const b = await launched(nodeA, apiKey, { external_player_id: 'og-tabs', symbol: 'rf_jade_paths' });
    expect((await a.spin({ coin: '0.01' })).status).toBe(200);
    const refused = await b.spin({ coin: '0.01' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('game_in_progress_elsewhere');
    clock.advance(29_999);
    expect((await b.spin({ coin: '0.01' })).body.error).toBe('game_in_progress_elsewhere');
    clock.advance(1);
    expect((await b.spin({ coin: '0.01' })).status).toBe(200);
    clock.advance(3000);
    // Now the first tab is the one elsewhere.
    expect((await a.spin({ coin: '0.01' })).body.error).toBe('game_in_progress_elsewhere');
    // The same game keeps playing: its own hold is renewed by each round.
    expect((await b.spin({ coin: '0.01' })).status).toBe(200);
  });

  it('another player is not held, nor is a market without the rule', async () => {
    const a = await launched(nodeA, apiKey, { external_player_id: 'og-p1' });
    const other = await launched(nodeA, apiKey, { external_player_id: 'og-p2', symbol: 'rf_jade_paths' });
    expect((await a.spin({ coin: '0.01' })).status).toBe(200);
    expect((await other.spin({ coin: '0.01' })).status).toBe(200);
    const free = await launched(nodeA, apiKey, {
      external_player_id: 'og-p1',
      symbol: 'rf_jade_paths',
      jurisdiction: 'default',
    });
    expect((await free.spin({ coin: '0.01' })).status).toBe(200);
  });

  it('across two nodes on one database, and when both games start at the same moment only one plays', async () => {
    const a = await launched(nodeA, apiKey, { external_player_id: 'og-nodes', symbol: 'rf_ember_crown' });
    const b = await launched(nodeA, apiKey, { external_player_id: 'og-nodes', symbol: 'rf_jade_paths' });
    expect((await a.spin({ coin: '0.01' })).status).toBe(200);
    const onB = await onNodeB(b.token, 'spin', { coin: '0.01', client_round_id: click() });
    expect(onB.status).toBe(409);
    expect(onB.body.error).toBe('game_in_progress_elsewhere');

    // Both idle past the hold; then both start together, one on each node.
    clock.advance(31_000);
    const [fromA, fromB] = await Promise.all([
      a.spin({ coin: '0.01' }),
      onNodeB(b.token, 'spin', { coin: '0.01', client_round_id: click() }),
    ]);
    const statuses = [fromA.status, fromB.status].sort();
    expect(statuses).toEqual([200, 409]);
    expect([fromA.body.error, fromB.body.error]).toContain('game_in_progress_elsewhere');
  });

  it('node B enforces the cycle time of a session node A played (state in PostgreSQL)', async () => {
    clock.advance(31_000);
    const a = await launched(nodeA, apiKey, { external_player_id: 'og-cycle' });
    expect((await a.spin({ coin: '0.01' })).status).toBe(200);
    const onB = await onNodeB(a.token, 'spin', { coin: '0.01', client_round_id: click() });
    expect(onB.status).toBe(409);
    expect(onB.body).toMatchObject({ error: 'cycle_too_fast', retry_after_ms: 2500 });
  });
});

describe('a session node A plays from its cache, changed on node B', () => {
  // A game without features: no spin here starts free spins, which would change what comes next.
  const SYMBOL = 'rf_copper_sevens';
  const spinOnA = (p: Player) => {
    clock.advance(3000); // past the market's minimum cycle
    return p.spin({ coin: '0.01' });
  };

  for (const mode of ['internal', 'callback'] as const) {
    const key = () => (mode === 'internal' ? apiKey : callbackKey);

    it(`${mode}: a reality check answered on B lets A play on`, async () => {
      const p = await launched(nodeA, key(), {
        external_player_id: 'cache-rc',
        symbol: SYMBOL,
        reality_check_interval: 600,
      });
      expect((await spinOnA(p)).status).toBe(200);
      clock.advance(600_000);
      expect((await spinOnA(p)).body.error).toBe('reality_check_due');
      expect((await onNodeB(p.token, 'reality-check', { action: 'continue' })).status).toBe(200);
      const resumed = await spinOnA(p);
      expect(resumed.status).toBe(200);
      expect(resumed.body.jurisdiction_state.reality_check_due).toBe(false);
    });

    it(`${mode}: a player who left on B plays no more on A`, async () => {
      const p = await launched(nodeA, key(), {
        external_player_id: 'cache-leave',
        symbol: SYMBOL,
        reality_check_interval: 600,
      });
      expect((await spinOnA(p)).status).toBe(200);
      expect((await onNodeB(p.token, 'reality-check', { action: 'leave' })).status).toBe(200);
      const after = await spinOnA(p);
      expect(after.status).toBe(409);
      expect(after.body.error).toBe('session_ended');
    });

    it(`${mode}: a relaunch on B replaces the token A cached`, async () => {
      const p = await launched(nodeA, key(), { external_player_id: 'cache-relaunch', symbol: SYMBOL });
      expect((await spinOnA(p)).status).toBe(200);
      const response = await fetch(`${nodeB.url}/api/provider/v1/launch-url`, {
        method: 'POST',
        headers: { 'x-provider-api-key': key(), 'content-type': 'application/json' },
        body: JSON.stringify({
          symbol: SYMBOL,
          currency: 'GBP',
          external_player_id: 'cache-relaunch',
        }),
      });
      expect(response.status).toBe(200);
      const old = await spinOnA(p);
      expect(old.status).toBe(401);
      expect(old.body.error).toBe('session_invalid');
      // The one round before the relaunch, and none from the refused spin.
      const rounds = await nodeA.store.pool.query(
        "select count(*)::int as n from rounds where player_id = 'cache-relaunch' and wallet_mode = $1",
        [mode],
      );
      expect(rounds.rows[0].n).toBe(1);
    });
  }

  it('callback: a round the wallet refused still counts for the minimum cycle on the node that cached the session', async () => {
    wallet.setPlayer('cache-poor', '100.00', 'GBP');
    const p = await launched(nodeA, callbackKey, { external_player_id: 'cache-poor', symbol: SYMBOL });
    expect((await spinOnA(p)).status).toBe(200);
    wallet.setPlayer('cache-poor', '0.00', 'GBP');
    clock.advance(3000);
    const refused = await p.spin({ coin: '0.01' });
    expect(refused.body.error).toBe('insufficient_funds');
    wallet.setPlayer('cache-poor', '100.00', 'GBP');
    const soon = await p.spin({ coin: '0.01' });
    expect(soon.status).toBe(409);
    expect(soon.body.error).toBe('cycle_too_fast');
  });
});
