// The processes a rehearsal starts and the promise to stop every one of them: each start registers
// its own undo, and cleanup() runs them newest first, on success, on failure and on Ctrl-C.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { freePort, isRoot, pgBinDir, run, startPrimary, waitForPostgres } from '../pg/cluster.ts';

export { freePort, isRoot, ownPostgresProblem, run } from '../pg/cluster.ts';

const undo: Array<{ what: string; run: () => Promise<void> }> = [];

/** Registers how to take back something just made; returns a function that drops the entry. */
export function onCleanup(what: string, run: () => Promise<void>): () => void {
  const entry = { what, run };
  undo.push(entry);
  return () => {
    const at = undo.indexOf(entry);
    if (at >= 0) undo.splice(at, 1);
  };
}

let cleaning: Promise<void> | undefined;

/** Takes back everything, newest first; each step bounded, a failing step does not stop the rest. */
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    while (undo.length > 0) {
      const entry = undo.pop() as (typeof undo)[number];
      try {
        await withTimeout(entry.run(), 30_000, entry.what);
      } catch (error) {
        process.stderr.write(`rehearsal: cleanup of ${entry.what} failed: ${(error as Error).message}\n`);
      }
    }
  })();
  return cleaning;
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function which(command: string): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin'])) {
    const full = path.join(dir, command);
    if (dir && existsSync(full)) return full;
  }
  return undefined;
}

/** Kills one process we started and waits until it is gone (bounded). */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals, waitMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  try {
    await withTimeout(gone, waitMs, `pid ${child.pid}`);
  } catch {
    child.kill('SIGKILL');
    await withTimeout(gone, 5_000, `pid ${child.pid}`).catch(() => {});
  }
}

/** CPU time (user + system) of a process in seconds, from /proc/<pid>/stat; undefined once gone. */
export function cpuSeconds(pid: number): { seconds: number; start: string } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the command name: state is field 3, utime 14, stime 15, starttime 22 (1-based).
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { seconds: ticks / 100, start: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a server of our own for the run (default), or the local cluster at DATABASE_URL.

export interface Postgres {
  /** Where the nodes connect: a fresh database made for this run. */
  url: string;
  describe: string;
  restart(): Promise<void>;
  /** Pids whose CPU counts as the database's (the whole server when it is ours, else our backends). */
  pids(): Promise<number[]>;
  scope: string;
}

async function createDatabase(adminUrl: string): Promise<{ url: string; name: string }> {
  const name = `rehearse_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  onCleanup(`database ${name}`, async () => {
    await waitForPostgres(adminUrl, 30_000);
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

async function backendPids(adminUrl: string, database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query('select pid from pg_stat_activity where datname = $1', [database]);
    return rows.map((row) => Number(row.pid));
  } catch {
    return [];
  } finally {
    await client.end().catch(() => {});
  }
}

/** A PostgreSQL server of our own in `dir` (ops/pg/cluster.ts), fsync on, on a loopback port. */
export async function ownPostgres(dir: string): Promise<Postgres> {
  const server = await startPrimary(dir, 'pgdata', { fsync: true });
  onCleanup('PostgreSQL of the run', () => server.stop('immediate').catch(() => {}));
  const adminUrl = server.url();
  const { url } = await createDatabase(adminUrl);
  return {
    url,
    describe: `a PostgreSQL of the run (${await pgBinDir()}, 127.0.0.1:${server.port}, fsync on)`,
    scope: 'every process of that server (backends, WAL writer, checkpointer)',
    async restart() {
      // Immediate: what a crash looks like to the nodes (no goodbye to clients, WAL replay on start).
      await server.restart('immediate');
    },
    async pids() {
      const master = server.pid();
      if (!master) return [];
      const out = await run('ps', ['-o', 'pid=', '--ppid', String(master)]);
      return [master, ...out.stdout.split('\n').filter(Boolean).map(Number)];
    },
  };
}

/** The local cluster at DATABASE_URL: a fresh database on it, and pg_ctlcluster to restart it. */
export async function localPostgres(adminUrl: string): Promise<Postgres> {
  await waitForPostgres(adminUrl, 10_000);
  const { url, name } = await createDatabase(adminUrl);
  const port = new URL(adminUrl).port || '5432';
  const listed = await run('pg_lsclusters', ['--no-header']);
  const line = listed.stdout
    .split('\n')
    .map((row) => row.trim().split(/\s+/))
    .find((row) => row[2] === port);
  if (!line) throw new Error(`pg_lsclusters lists no cluster on port ${port}`);
  const [version, cluster] = line as [string, string];
  return {
    url,
    describe: `the local cluster ${version}/${cluster} on port ${port} (database ${name})`,
    scope: `the backends of database ${name} (the server is shared)`,
    async restart() {
      const result = await run('pg_ctlcluster', [version, cluster, 'restart'], { timeoutMs: 180_000 });
      if (result.code !== 0) throw new Error(`pg_ctlcluster restart failed: ${result.stderr}`);
      await waitForPostgres(adminUrl, 120_000);
    },
    pids: () => backendPids(adminUrl, name),
  };
}

// ---------------------------------------------------------------------------------------------
// nginx in front, loopback only, round robin, the upstream named on every answer.

export async function nginxProblem(): Promise<string | undefined> {
  if (await which('nginx')) return undefined;
  if (!isRoot() || !(await which('apt-get'))) return 'nginx is missing and apt-get cannot install it here';
  return undefined;
}

export async function ensureNginx(): Promise<string> {
  const found = await which('nginx');
  if (found) return found;
  process.stdout.write('rehearsal: installing nginx (apt-get install -y nginx)\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const result = await run('apt-get', ['install', '-y', 'nginx'], { env, timeoutMs: 300_000 });
  const installed = await which('nginx');
  if (result.code !== 0 || !installed) throw new Error(`apt-get install nginx failed: ${result.stderr}`);
  return installed;
}

export async function startNginx(
  dir: string,
  ports: number[],
): Promise<{ url: string; child: ChildProcess }> {
  const binary = await ensureNginx();
  const home = path.join(dir, 'nginx');
  await mkdir(path.join(home, 'temp'), { recursive: true });
  await chmod(path.join(home, 'temp'), 0o777);
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${home}/temp/${name};`;
  const conf = `
${isRoot() ? 'user nobody nogroup;' : ''}
daemon off;
worker_processes 1;
pid ${home}/nginx.pid;
error_log ${home}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  upstream reelforge {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://reelforge;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  await writeFile(path.join(home, 'nginx.conf'), conf);
  const child = spawn(binary, ['-p', home, '-e', path.join(home, 'error.log'), '-c', 'nginx.conf'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  onCleanup('nginx', () => stopChild(child, 'SIGQUIT', 10_000));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return { url, child };
    if (Date.now() > deadline) throw new Error(`nginx did not listen: ${stderr}`);
    await sleep(100);
  }
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
