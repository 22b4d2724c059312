// One game at a time (uk): a player's second game is refused while the first played within the
// last 30 s, in two tabs on one node and across two nodes on one database; play state is in
// PostgreSQL, so the nodes agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.ts';
import { launched, manualClock } from './helpers.ts';

const clock = manualClock();
let nodeA: TestServer;
let nodeB: RunningServer;
let apiKey: string;

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
});
afterAll(async () => {
  await nodeB?.stop();
  await nodeA?.close();
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
