// What the operator's on-call reads: a port already taken is one line naming the port and PORT;
// ordinary refusals (a client's 4xx, a wallet that refuses or cannot be reached) are not logged
// as errors with stack traces. Only bugs are.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackOperator, launchPlayer } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('a port already in use', () => {
  let blocker: net.Server;
  let port: number;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-port-'));
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => blocker.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints one line naming the port and PORT, no stack trace, exits 1, stops its PostgreSQL', async () => {
    const child = spawn('sh', ['scripts/node24.sh', 'node', 'src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        APP_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe(
      `reelforge: port ${port} on 127.0.0.1 is already in use: stop what listens there, or set PORT to a free port\n`,
    );
    const { existsSync } = await import('node:fs');
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 90_000);
});

describe('refusals are not logged as errors', () => {
  let server: TestServer;
  const lines: Array<Record<string, any>> = [];
  beforeAll(async () => {
    server = await startTestServer(
      {},
      { logLevel: 'info', logStream: { write: (line) => lines.push(JSON.parse(line)) } },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('4xx answers and a wallet that refuses or is unreachable: no error line, no stack', async () => {
    const { apiKey, wallet } = await callbackOperator(server, { poor: '0.05', gone: '10.00' });
    const poor = await launchPlayer(server, apiKey, { player: 'poor' });
    const gone = await launchPlayer(server, apiKey, { player: 'gone' });
    const from = lines.length;

    expect((await server.request('/api/provider/v1/games')).status).toBe(401);
    expect(
      (await server.request('/api/provider/v1/games/x', { headers: { 'x-api-key': apiKey } })).status,
    ).toBe(404);
    const refused = await poor.spin({ coin: '1.00' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await wallet.close(); // the wallet is now unreachable
    const unreachable = await gone.spin();
    expect(unreachable.status).toBeGreaterThanOrEqual(500);

    const logged = lines.slice(from);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(JSON.stringify(logged)).not.toMatch(/"stack"/);
  });

  it('a bug still is: logged at error with its stack', async () => {
    const from = lines.length;
    const original = server.services.access.principalFor;
    server.services.access.principalFor = async () => {
      throw new TypeError('a bug in the key look-up');
    };
    try {
      const response = await server.request('/api/provider/v1/games', {
        headers: { 'x-api-key': 'rf_live_x' },
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ success: false, error: 'internal', detail: 'internal error' });
    } finally {
      server.services.access.principalFor = original;
    }
    const errorsLogged = lines.slice(from).filter((line) => line.level >= 50);
    expect(errorsLogged).toHaveLength(1);
    expect(errorsLogged[0]?.err?.stack).toMatch(/a bug in the key look-up/);
  });
});
