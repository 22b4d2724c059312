// The operator kit's wallet-check as an operator's team runs it: one file, built from our source,
// copied out of the repository and run with an older Node.js (the system's when it is older than
// 24, as on CI) and no packages, against a wallet; it refuses to run without a named test player.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOperatorKit } from '../../scripts/build-operator-kit.ts';
import { OPERATOR_KIT_PATH, registerOperatorKit } from '../../src/http/operator-kit.ts';
import { createMockWallet, type MockWallet } from '../../src/operator-kit/mock-wallet.ts';

let dir: string;
let kit: string;
let wallet: MockWallet;
let url: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-kit-'));
  kit = path.join(dir, 'wallet-check.mjs');
  await buildOperatorKit(kit);
  wallet = createMockWallet({
    secret: 'kit-secret',
    players: { 'test-1': { balance: '5.00', currency: 'EUR' } },
  });
  url = await wallet.listen();
}, 120_000);
afterAll(async () => {
  await wallet?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The kit run from its own folder (outside the repository) with `node` from PATH minus Node 24's cache. */
function runKit(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'node',
      [kit, ...args],
      { cwd: dir, env: { PATH: runPath() }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

describe('operator kit: wallet-check.mjs', { timeout: 90_000 }, () => {
  it('is one file that imports only Node built-ins', async () => {
    const text = await readFile(kit, 'utf8');
    const imports = [...text.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const name of imports) expect(name).toMatch(/^node:/);
    expect(text).not.toMatch(/\bimport\(/);
  });

  it('runs with the system Node.js outside the repository and passes a conforming wallet', async () => {
    const result = await runKit([
      '--url',
      url,
      '--secret',
      'kit-secret',
      '--test-player',
      'test-1',
      '--currency',
      'EUR',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      passed: true,
      balance: { start: '5.00', end: '5.00' },
    });
    const version = await new Promise<string>((resolve) =>
      execFile('node', ['--version'], { env: { PATH: runPath() } }, (_e, out) => resolve(out.trim())),
    );
    expect(Number(version.slice(1).split('.')[0])).toBeGreaterThanOrEqual(18);
  });

  it('is served by the server as a download, byte for byte', async () => {
    const app = Fastify();
    registerOperatorKit(app, pathToFileURL(kit));
    const response = await app.inject({ method: 'GET', url: OPERATOR_KIT_PATH });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.body).toBe(await readFile(kit, 'utf8'));
  });

  it('refuses to run without --test-player, and says why', async () => {
    const missing = await runKit(['--url', url, '--secret', 'kit-secret', '--currency', 'EUR']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing --test-player .*name a test player, never a real one/);
    const old = await runKit([
      '--url',
      url,
      '--secret',
      'kit-secret',
      '--player',
      'p-1',
      '--currency',
      'EUR',
    ]);
    expect(old.code).toBe(2);
    expect(old.stderr).toMatch(/--player is now --test-player/);
  });
});

function runPath(): string {
  return (process.env.PATH ?? '')
    .split(':')
    .filter((part) => !part.includes('reelforge/node-v'))
    .join(':');
}
