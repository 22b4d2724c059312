// A node on two clusters when one that is not the control cluster goes away: /health says which,
// stays 200 (a load balancer keeps the node), and the control cluster's operators play on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { launchPlayer } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let east: TestDatabase;

beforeAll(async () => {
  east = await createTestDatabase();
  server = await startTestServer({ DATABASE_CLUSTERS: `east=${east.url}` });
});
afterAll(async () => {
  await server?.close();
  await east?.drop();
});

describe('/health on two clusters', () => {
  it("names each cluster's state, and one lost beside the control cluster leaves the node serving", async () => {
    const up = await server.request('/health');
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: 'ok', db: 'ok', clusters: { main: 'ok', east: 'ok' } });

    await east.drop(); // every connection to east is cut, and it stays gone
    const down = await server.request('/health');
    expect(down.status).toBe(200);
    expect(await down.json()).toMatchObject({
      status: 'degraded',
      db: 'ok',
      clusters: { main: 'ok', east: 'down' },
    });

    const operator = await server.createOperator({ wallet_mode: 'internal' });
    const player = await launchPlayer(server, operator.apiKey, { player: 'still-playing' });
    expect((await player.spin()).status).toBe(200);
  });
});
