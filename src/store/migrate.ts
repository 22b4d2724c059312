// Numbered, forward-only SQL migrations. Each runs in its own transaction, under an advisory
// lock, with its row written first, so two nodes starting at once cannot both apply it. Then the
// database functions (functions/*.sql, their current bodies) are applied, under the same lock, on
// every start: a function changes by editing its file, not by a migration. Last, the monthly
// partitions of the round tables are made ahead (partitions.repo.ts).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { FUNCTIONS_DIR, listFunctions, readFunction } from './functions.ts';
import { createLedgerMonthsAhead, createMonthsAhead, isPartitioned } from './partitions.repo.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 7_260_417_311; // any constant: serialises migrators across nodes

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name));
  return names.sort();
}

async function inLockedTransaction<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    await client.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    // A connection that died mid-transaction cannot roll back: its own error is the one to tell.
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

export interface MigrateOptions {
  /** The numbered migrations (default: migrations/). */
  migrations?: string;
  /** The function files applied after them (default: functions/); null applies none. */
  functions?: string | null;
}

/**
 * Every function file in one transaction, in name order; `create or replace` makes it idempotent.
 * A plpgsql function resolves what it calls when it runs, so order only matters between `language
 * sql` functions, whose bodies are checked when created.
 */
async function applyFunctions(client: pg.PoolClient, dir: string): Promise<void> {
  await inLockedTransaction(client, async () => {
    for (const name of await listFunctions(dir)) {
      const { sql } = await readFunction(name, dir);
      try {
        await client.query(sql);
      } catch (error) {
        throw new Error(`function ${name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  });
}

/** Connection failures: the server is down, restarting, or being failed over (not a fault of the SQL). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, or in recovery)
  '08000',
  '08001',
  '08003',
  '08006',
]);

export function isUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)/.test(
      message,
    )
  );
}

/**
 * `migrate`, waiting up to `waitMs` for a server that refuses connections: a node that starts while a
 * cluster fails over (or its PostgreSQL restarts) waits for it, instead of exiting and leaving the
 * load balancer one node short. SQL errors and anything else fail at once.
 */
export async function migrateWhenReachable(
  pool: pg.Pool,
  options: MigrateOptions & { waitMs: number; onWait?: (error: unknown) => void },
): Promise<string[]> {
  const deadline = Date.now() + options.waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await migrate(pool, options);
    } catch (error) {
      if (!isUnreachable(error) || Date.now() >= deadline) throw error;
      options.onWait?.(error);
      const pause = Math.min(2_000, 100 * 2 ** attempt, Math.max(0, deadline - Date.now()));
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * Applies every migration not yet applied, then every function file; returns the migrations
 * applied now.
 */
export async function migrate(pool: pg.Pool, options: MigrateOptions = {}): Promise<string[]> {
  const dir = options.migrations ?? MIGRATIONS_DIR;
  const functionsDir = options.functions === undefined ? FUNCTIONS_DIR : options.functions;
  const client = await pool.connect();
  let failed = false;
  try {
    await inLockedTransaction(client, () =>
      client.query(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      ),
    );
    const applied: string[] = [];
    for (const name of await listMigrations(dir)) {
      const sql = await readFile(path.join(dir, name), 'utf8');
      await inLockedTransaction(client, async () => {
        const row = await client.query(
          'insert into schema_migrations (name) values ($1) on conflict (name) do nothing',
          [name],
        );
        if (row.rowCount !== 1) return;
        try {
          await client.query(sql);
        } catch (error) {
          throw new Error(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(name);
      });
    }
    if (functionsDir !== null) {
      await applyFunctions(client, functionsDir);
      await monthsAheadOn(client);
    }
    return applied;
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A client that failed may be a dead connection: destroyed, not given back to the pool.
    client.release(failed);
  }
}

/** The round tables' next months (migration 029 partitions them), under the migrations' lock. */
async function monthsAheadOn(client: pg.PoolClient, ahead?: number): Promise<string[]> {
  const made = await inLockedTransaction(client, async () =>
    (await isPartitioned(client, 'rounds')) ? createMonthsAhead(client, ahead) : [],
  );
  // The jackpot ledger's months in a transaction of their own (rf_partition_month.sql says why), on a
  // schema that has them (a database migrated only so far, as bench/partitions.ts makes one, has not).
  await inLockedTransaction(client, async () => {
    if (await isPartitioned(client, 'jackpot_ledger')) await createLedgerMonthsAhead(client, ahead);
  });
  return made;
}

/**
 * Makes the round tables' current month and the next ones where missing, as every start does; a
 * node calls it daily too, so that one running for months never reaches a month not made.
 */
export async function createPartitionsAhead(pool: pg.Pool, ahead?: number): Promise<string[]> {
  const client = await pool.connect();
  try {
    return await monthsAheadOn(client, ahead);
  } finally {
    client.release();
  }
}
