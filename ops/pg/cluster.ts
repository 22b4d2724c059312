// Throw-away PostgreSQL servers of our own: a primary made with initdb in a folder we own, on a free
// loopback port, ready for streaming replication; a streaming replica of it made with
// `pg_basebackup -R`; promotion, a clean stop and a kill -9. The rehearsal's own PostgreSQL and the
// replica and failover tests start theirs here. Binaries: PG_BIN, else the version pg_lsclusters
// lists (/usr/lib/postgresql/<v>/bin), else pg_config --bindir. As root, every server binary runs as
// the `postgres` user (PostgreSQL refuses to run as root).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, chmod, chown, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { env: options.env ?? process.env, timeout: options.timeoutMs ?? 120_000, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

export const isRoot = () => process.getuid?.() === 0;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A TCP port nothing listens on right now (loopback). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The folder of the server binaries (pg_ctl, initdb, pg_basebackup), or undefined. */
export async function pgBinDir(): Promise<string | undefined> {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const listed = await run('pg_lsclusters', ['--no-header']).catch(() => undefined);
  const version = listed?.stdout.trim().split(/\s+/)[0];
  const candidates = [version ? `/usr/lib/postgresql/${version}/bin` : ''];
  const config = await run('pg_config', ['--bindir']).catch(() => undefined);
  if (config?.code === 0) candidates.push(config.stdout.trim());
  return candidates.find((dir) => dir && existsSync(path.join(dir, 'pg_ctl')));
}

/** Why servers of our own cannot be started here (with these binaries), or undefined when they can. */
export async function ownPostgresProblem(
  binaries: readonly string[] = ['initdb', 'pg_ctl'],
): Promise<string | undefined> {
  const bin = await pgBinDir();
  if (!bin) return `no PostgreSQL server binaries (${binaries.join(', ')}; set PG_BIN)`;
  const missing = binaries.filter((name) => !existsSync(path.join(bin, name)));
  if (missing.length > 0) return `${missing.join(', ')} missing in ${bin}`;
  if (isRoot() && (await run('id', ['-u', 'postgres'])).code !== 0)
    return 'running as root and there is no postgres user to run PostgreSQL as';
  return undefined;
}

/** Waits until the server at `url` answers `select 1`. */
export async function waitForPostgres(url: string, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections: ${error}`);
      await sleep(250);
    }
  }
}

/** One server of ours: its data folder, port and the ways to stop it. */
export interface PgServer {
  readonly name: string;
  readonly data: string;
  readonly port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> (trust on loopback). */
  url(database?: string): string;
  /** The postmaster's pid while it runs (from postmaster.pid), else 0. */
  pid(): number;
  start(): Promise<void>;
  /** pg_ctl stop; `immediate` is a crash to the clients (WAL replayed on the next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** pg_ctl restart; `immediate` is a crash to the clients (WAL replayed on start). */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** SIGKILL to the postmaster: the server dies as a machine would; its backends follow it. */
  kill9(): Promise<void>;
  /** A standby leaves recovery and takes writes (pg_ctl promote waits until it does). */
  promote(): Promise<void>;
  /** A query on the server's `postgres` database. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<R[]>;
}

export interface PrimaryOptions {
  /** Extra postgresql.conf lines (e.g. synchronous_standby_names for a synchronous replica). */
  settings?: readonly string[];
  /** fsync on (default off: throw-away servers of tests need no durability against power loss). */
  fsync?: boolean;
}

async function chownToPostgres(target: string): Promise<void> {
  if (!isRoot()) return;
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  await chown(target, uid, gid);
}

async function binaries(): Promise<{ exec(command: string, args: string[]): Promise<void>; bin: string }> {
  const bin = await pgBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries (set PG_BIN)');
  return {
    bin,
    async exec(command, args) {
      const full = path.join(bin, command);
      const result = isRoot()
        ? await run('runuser', ['-u', 'postgres', '--', full, ...args], { timeoutMs: 180_000 })
        : await run(full, args, { timeoutMs: 180_000 });
      if (result.code !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
    },
  };
}

function serverAt(
  name: string,
  data: string,
  port: number,
  exec: (command: string, args: string[]) => Promise<void>,
): PgServer {
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const pgCtl = (action: string, extra: string[] = []) =>
    exec('pg_ctl', ['-D', data, '-l', path.join(data, 'server.log'), '-w', '-t', '120', ...extra, action]);
  const pid = () => {
    try {
      return Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || 0;
    } catch {
      return 0;
    }
  };
  const alive = (id: number) => {
    try {
      process.kill(id, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    name,
    data,
    port,
    url,
    pid,
    async start() {
      await pgCtl('start');
      await waitForPostgres(url(), 60_000);
    },
    async stop(mode = 'fast') {
      if (pid() === 0 || !alive(pid())) return;
      await pgCtl('stop', ['-m', mode]);
    },
    async restart(mode = 'fast') {
      await pgCtl('restart', ['-m', mode]);
      await waitForPostgres(url(), 120_000);
    },
    async kill9() {
      const master = pid();
      if (master === 0 || !alive(master)) return;
      process.kill(master, 'SIGKILL');
      // Its backends notice the postmaster's death and leave on their own.
      for (let i = 0; i < 200 && alive(master); i++) await sleep(25);
    },
    async promote() {
      await pgCtl('promote');
    },
    async query(sql, values) {
      const client = new pg.Client({ connectionString: url(), connectionTimeoutMillis: 5000 });
      client.on('error', () => {});
      await client.connect();
      try {
        return (await client.query(sql, values)).rows;
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}

/**
 * A fresh primary in `<dir>/<name>`, listening on 127.0.0.1 on a free port, trust auth on loopback
 * (replication included), WAL for streaming replicas (wal_level replica, 10 senders, hot standby).
 * `dir` must be readable by the postgres user when run as root.
 */
export async function startPrimary(
  dir: string,
  name = 'primary',
  options: PrimaryOptions = {},
): Promise<PgServer> {
  const { exec } = await binaries();
  const data = path.join(dir, name);
  await mkdir(data, { recursive: true });
  await chmod(data, 0o700);
  await chownToPostgres(data);
  await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  await appendFile(
    path.join(data, 'postgresql.conf'),
    [
      '',
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${data}'`,
      'max_connections = 200',
      `fsync = ${options.fsync ? 'on' : 'off'}`,
      'synchronous_commit = on',
      'shared_buffers = 128MB',
      'wal_level = replica',
      'max_wal_senders = 10',
      'wal_keep_size = 256MB',
      'hot_standby = on',
      'hot_standby_feedback = on',
      ...(options.settings ?? []),
      '',
    ].join('\n'),
  );
  await appendFile(path.join(data, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
  const server = serverAt(name, data, port, exec);
  await server.start();
  return server;
}

/**
 * A streaming replica of `primary` in `<dir>/<name>`: `pg_basebackup -R` (standby.signal and
 * primary_conninfo written for us), its own free port, started and streaming when this returns.
 */
export async function startReplica(primary: PgServer, dir: string, name = 'replica'): Promise<PgServer> {
  const { exec } = await binaries();
  const data = path.join(dir, name);
  await mkdir(data, { recursive: true });
  await chmod(data, 0o700);
  await chownToPostgres(data);
  await exec('pg_basebackup', [
    '-D',
    data,
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  const port = await freePort();
  // The primary's postgresql.conf came with the backup; later lines win. Once promoted, this server
  // has no standby of its own: it must not wait for one the primary named (every commit would hang).
  await appendFile(
    path.join(data, 'postgresql.conf'),
    ['', `port = ${port}`, `unix_socket_directories = '${data}'`, "synchronous_standby_names = ''", ''].join(
      '\n',
    ),
  );
  // primary_conninfo names the standby, so synchronous_standby_names can name it too.
  await appendFile(
    path.join(data, 'postgresql.auto.conf'),
    `\nprimary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres application_name=${name}'\n`,
  );
  const server = serverAt(name, data, port, exec);
  await server.start();
  await waitForStreaming(primary, name, 60_000);
  return server;
}

/** Waits until the primary lists the standby `name` as streaming. */
export async function waitForStreaming(primary: PgServer, name: string, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const rows = await primary
      .query<{ state: string }>('select state from pg_stat_replication where application_name = $1', [name])
      .catch(() => []);
    if (rows.some((row) => row.state === 'streaming')) return;
    if (Date.now() > deadline) throw new Error(`standby ${name} is not streaming from ${primary.name}`);
    await sleep(100);
  }
}

/** Creates a database on the server (a replica gets it by replication). */
export async function createDatabase(server: PgServer, name: string): Promise<string> {
  await server.query(`create database ${name}`);
  return server.url(name);
}

/** Stops each server (immediate) and removes the folder; never throws. */
export async function removeServers(dir: string, servers: readonly PgServer[]): Promise<void> {
  for (const server of servers) await server.stop('immediate').catch(() => server.kill9().catch(() => {}));
  await rm(dir, { recursive: true, force: true }).catch(() => {});
}
