// The README's start path as a person runs it: a fresh DATA_DIR, the demo operator printed,
// a second start reusing it, a killed process's PostgreSQL cleared, SIGTERM shutting down cleanly.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  port: number;
}

async function start(env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const child = spawn('sh', ['scripts/node24.sh', 'node', 'src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      APP_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (!output.includes('curl -s -X POST')) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output, port };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });
}

const keyOf = (output: string) => /demo API key\s+: (rf_live_\w+)/.exec(output)?.[1];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-first-run-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start on a fresh machine', () => {
  it('creates the store and a demo operator, reuses them, survives a SIGKILL and stops on SIGTERM', async () => {
    const first = await start();
    const key = keyOf(first.output());
    expect(key).toBeDefined();
    expect(first.output()).toContain('(created now)');
    expect(first.output()).toMatch(/admin token\s+: rf_admin_/);
    const catalog = await fetch(`http://127.0.0.1:${first.port}/api/provider/v1/games`, {
      headers: { 'x-provider-api-key': key as string },
    });
    expect(catalog.status).toBe(200);
    expect((await catalog.json()).data.total).toBe(6);

    // A second node on the same folder while the first runs: refused, the first keeps its database.
    const clash = spawn('sh', ['scripts/node24.sh', 'node', 'src/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let clashOutput = '';
    clash.stderr?.on('data', (chunk) => (clashOutput += chunk));
    expect(await exited(clash)).toBe(1);
    expect(clashOutput).toMatch(/in use by another Reelforge process/);
    expect((await fetch(`http://127.0.0.1:${first.port}/health`)).status).toBe(200);

    // Killed without a chance to stop its PostgreSQL: the next start clears the orphan.
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);

    const second = await start();
    expect(keyOf(second.output())).toBe(key);
    expect(second.output()).not.toContain('(created now)');
    const health = await fetch(`http://127.0.0.1:${second.port}/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', db: 'ok' });

    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('exits 1 listing every bad variable', async () => {
    const child = spawn('sh', ['scripts/node24.sh', 'node', 'src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty', APP_ENV: 'prod', SESSION_TTL_SECONDS: '-5' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr?.on('data', (chunk) => (output += chunk));
    expect(await exited(child)).toBe(1);
    expect(output).toMatch(/PORT/);
    expect(output).toMatch(/APP_ENV/);
    expect(output).toMatch(/SESSION_TTL_SECONDS/);
  });
});
