// Numbered, forward-only SQL migrations. Each runs in its own transaction, under an advisory
// lock, with its row written first, so two nodes starting at once cannot both apply it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

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
    await client.query('rollback');
    throw error;
  }
}

/** Applies every migration not yet applied; returns the names applied now. */
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = await pool.connect();
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
    return applied;
  } finally {
    client.release();
  }
}
