// Databases of their own on an outside PostgreSQL server, for the benchmarks that compare two
// layouts or two node set-ups on one server (bench/clusters.ts, bench/partitions.ts), and the CPU
// of that whole server read from /proc.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { cpuSecondsOf, descendantsCpuSeconds } from './http.ts';

/** The server the benchmarks make their databases on (a maintenance database on it). */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Whether the server answers at all (a bench section says "not measured" when it does not). */
export async function serverAnswers(): Promise<boolean> {
  try {
    await onServer((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

export function urlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function databaseExists(name: string): Promise<boolean> {
  return onServer(
    async (client) =>
      (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );
}

/** A database by this name, made empty (one left by an interrupted run is dropped first). */
export async function createDatabase(name: string, options: { keep?: boolean } = {}): Promise<BenchDatabase> {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  if (!options.keep || !(await databaseExists(name))) {
    await onServer(async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
    });
  }
  return {
    name,
    url: urlOf(name),
    drop: () =>
      onServer((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/**
 * The server's postmaster, found as a backend's parent: its processes are readable in /proc only
 * when the server runs on this machine (undefined otherwise).
 */
export async function postmasterPid(): Promise<number | undefined> {
  // read while the backend lives: once its client has gone, so has it
  return onServer(async (client) => {
    const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    try {
      const fields = readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1];
      const parent = Number(fields?.split(' ')[1]);
      return Number.isInteger(parent) && parent > 1 ? parent : undefined;
    } catch {
      return undefined;
    }
  });
}

/**
 * CPU seconds of every process of the PostgreSQL server: the postmaster, its live processes, and
 * the backends that ended (in the postmaster's children's time: it waits for each).
 */
export function postgresCpuSeconds(postmaster: number): number {
  return cpuSecondsOf(postmaster, true) + descendantsCpuSeconds(postmaster);
}

/** CPU seconds so far of each backend connected to one of `databases`, by process id. */
export async function backendCpuSeconds(
  client: pg.Client,
  databases: string[],
): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = any($1::text[]) and pid <> pg_backend_pid()',
    [databases],
  );
  const seconds = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      seconds.set(pid, cpuSecondsOf(pid));
    } catch {
      // ended since
    }
  }
  return seconds;
}

/** The CPU the backends used between two readings; one that ended in between is left out. */
export function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  return seconds;
}
