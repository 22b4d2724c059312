// The database functions as code: src/store/functions/<name>.sql holds each rf_ function's current
// body, one `create or replace function` a file. migrate.ts applies them after the numbered
// migrations on every start; functionDrift tells whether the live database holds exactly them.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const FUNCTIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');

/** The function files, in the order they are applied (by name). */
export async function listFunctions(dir = FUNCTIONS_DIR): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => /^rf_[a-z0-9_]+\.sql$/.test(name));
  return names.sort();
}

/** A function file's statement, checked to create the function its name says. */
export async function readFunction(name: string, dir = FUNCTIONS_DIR): Promise<{ sql: string }> {
  const sql = await readFile(path.join(dir, name), 'utf8');
  const proname = name.replace(/\.sql$/, '');
  if (!new RegExp(`^create or replace function ${proname}\\(`, 'm').test(sql)) {
    throw new Error(`${name} must hold one "create or replace function ${proname}(…)"`);
  }
  return { sql };
}

export interface FunctionDrift {
  /** A file whose function the database does not have. */
  missing: string[];
  /** An rf_ function in the database with no file, or every one of a name that has several. */
  extra: string[];
  /** A function whose live definition (signature, result, language, body) is not what its file makes. */
  changed: string[];
}

type Definitions = Map<string, Array<{ signature: string; def: string }>>;

/** The schema's rf_ functions as PostgreSQL prints them back, by name. */
async function definitions(client: pg.PoolClient, proname?: string): Promise<Definitions> {
  const { rows } = await client.query<{ proname: string; signature: string; def: string }>(
    `select p.proname, p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as def
       from pg_proc p
      where p.pronamespace = current_schema()::regnamespace and p.proname like 'rf\\_%'
        and ($1::text is null or p.proname = $1)
      order by p.proname, signature`,
    [proname ?? null],
  );
  const byName: Definitions = new Map();
  for (const { proname: name, signature, def } of rows) {
    byName.set(name, [...(byName.get(name) ?? []), { signature, def }]);
  }
  return byName;
}

/**
 * How the live database's rf_ functions differ from the files; all three empty when it holds
 * exactly them. Each file is applied inside a transaction that is rolled back, and what it makes
 * is compared with what is live, so a changed signature or result counts as well as a body.
 */
export async function functionDrift(pool: pg.Pool, dir = FUNCTIONS_DIR): Promise<FunctionDrift> {
  const client = await pool.connect();
  try {
    const live = await definitions(client);
    const drift: FunctionDrift = { missing: [], extra: [], changed: [] };
    const names = new Set<string>();
    await client.query('begin');
    try {
      for (const file of await listFunctions(dir)) {
        const name = file.replace(/\.sql$/, '');
        names.add(name);
        const now = live.get(name);
        if (!now) {
          drift.missing.push(name);
          continue;
        }
        if (now.length > 1) continue;
        await client.query('savepoint drift');
        const made = await client
          .query((await readFunction(file, dir)).sql)
          .then(async () => (await definitions(client, name)).get(name))
          .catch(() => undefined);
        await client.query('rollback to savepoint drift');
        if (JSON.stringify(made) !== JSON.stringify(now)) drift.changed.push(name);
      }
    } finally {
      await client.query('rollback');
    }
    for (const [name, versions] of live) {
      // A name with two signatures is ambiguous to every caller: all of them are out of place.
      if (!names.has(name) || versions.length > 1) drift.extra.push(...versions.map((v) => v.signature));
    }
    return drift;
  } finally {
    client.release();
  }
}
