// `npm start & kill $!` as a person types it: the signal goes to npm, and must reach the server
// (and through it the embedded PostgreSQL), not leave them running without a parent. Same for
// the CLI through `npm run cli`. The real commands are spawned; every process they start is
// found in /proc and must be gone after the kill.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const started: number[] = [];
const folders: string[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Every live process whose chain of parents leads to `pid`, from /proc. */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we read
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie is dead: it only waits for its parent to read its status.
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

async function spawnUntil(args: string[], env: Record<string, string>, ready: string) {
  const child: ChildProcess = spawn('npm', args, {
    cwd: root,
    // npm_config_ignore_scripts skips only the prestart client build, which the signal path does not need.
    env: { ...process.env, npm_config_ignore_scripts: 'true', npm_config_update_notifier: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const ok = await until(() => output.includes(ready) || child.exitCode !== null, 90_000);
  if (!ok || child.exitCode !== null) throw new Error(`npm ${args.join(' ')} did not start: ${output}`);
  const tree = descendantsOf(child.pid as number);
  started.push(...tree);
  return { child, tree, output: () => output };
}

afterEach(async () => {
  // A failing run must not leave its processes behind: only the ones this file started.
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('signals reach the processes npm starts', () => {
  it('npm start & kill $!: the server and its embedded PostgreSQL stop', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-signals-'));
    folders.push(dataDir);
    const { child, tree, output } = await spawnUntil(
      ['start'],
      {
        DATABASE_URL: '',
        APP_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
      },
      'curl -s -X POST',
    );
    const postgres = tree.filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres'));
    expect(postgres.length).toBeGreaterThan(0);

    child.kill('SIGTERM');
    const gone = await until(() => tree.every((pid) => !alive(pid)), 30_000);
    expect(gone, `still running: ${tree.filter(alive).join(', ')}\n${output()}`).toBe(true);
  }, 150_000);

  it('npm run cli -- mock-wallet & kill $!: the wallet stops', async () => {
    const { child, tree } = await spawnUntil(
      ['run', 'cli', '--', 'mock-wallet', '--port', String(await freePort()), '--secret', 'signals-test'],
      {},
      'mock wallet listening',
    );
    expect(tree.length).toBeGreaterThan(0);
    child.kill('SIGTERM');
    const gone = await until(() => tree.every((pid) => !alive(pid)), 15_000);
    expect(gone, `still running: ${tree.filter(alive).join(', ')}`).toBe(true);
  }, 60_000);
});
