// Operations: health when the store goes away, metrics, and no secret in any log line.

import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

describe('health', () => {
  it('answers 503 with db down when the store stops answering', async () => {
    const server = await startTestServer();
    servers.push(server);
    const up = await server.request('/health');
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: 'ok', db: 'ok', version: expect.any(String) });
    const url = new URL(server.databaseUrl);
    const database = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`drop database ${database} with (force)`);
    await admin.end();
    const down = await server.request('/health');
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'degraded', db: 'down' });
  });
});

describe('metrics', () => {
  it('counts requests by route and status and reports pool usage', async () => {
    const server = await startTestServer();
    servers.push(server);
    await server.request('/api/provider/v1/games');
    await server.request('/health');
    const text = await (await server.request('/metrics')).text();
    expect(text).toMatch(
      /reelforge_http_requests_total\{method="GET",route="\/api\/provider\/v1\/games",status="401"\} 1/,
    );
    expect(text).toMatch(
      /reelforge_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/health",status="200"\}/,
    );
    expect(text).toMatch(/reelforge_db_pool_connections\{state="total"\} \d+/);
  });
});

describe('logging', () => {
  it('never writes an API key, a session token or a wallet secret to a log line', async () => {
    const lines: string[] = [];
    const server = await startTestServer(
      {},
      { logLevel: 'debug', logStream: { write: (line) => lines.push(line) } },
    );
    servers.push(server);
    const operator = await server.createOperator({
      name: 'Logged',
      wallet_mode: 'callback',
      wallet_base_url: 'http://127.0.0.1:9/wallet',
    });
    await server.request('/api/provider/v1/games', { headers: { 'x-provider-api-key': operator.apiKey } });
    await server.request('/api/provider/v1/games', {
      headers: { authorization: `Bearer ${operator.apiKey}` },
    });
    await server.request('/api/provider/v1/games', { headers: { 'x-api-key': operator.apiKey } });
    const launch = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      headers: { 'x-provider-api-key': operator.apiKey },
      json: { symbol: 'rf_ember_crown', external_player_id: 'p' },
    });
    const { session_id: token, launch_url: launchUrl } = await launch.json();
    await fetch(launchUrl);
    // Any URL that carries a token is logged with it masked (the play route does not log at info at all).
    await fetch(`${server.url}/not-a-route?token=${token}&device=desktop`);
    await fetch(`${server.url}/api/runtime/v1/session`, { headers: { authorization: `Bearer ${token}` } });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(6);
    expect(log).toContain('/not-a-route?token=[REDACTED]&device=desktop');
    expect(log).not.toContain(operator.apiKey);
    expect(log).not.toContain(token);
    expect(log).not.toContain(server.adminToken);
  });
});
