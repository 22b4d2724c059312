// The database functions as code (issue 27): after migrate the live database holds exactly the
// bodies of src/store/functions/, no more and no other; migrating again changes nothing; and a
// database migrated before the folder existed ends as a fresh one does.
import { copyFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.ts';
import { FUNCTIONS_DIR, functionDrift, listFunctions } from '../../src/store/functions.ts';
import { listMigrations, migrate } from '../../src/store/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/store/migrations');
const NO_DRIFT = { missing: [], extra: [], changed: [] };

/** What a schema's functions and triggers are, as PostgreSQL prints them back. */
async function definitions(pool: pg.Pool): Promise<string[]> {
  const functions = await pool.query<{ def: string }>(
    `select pg_get_functiondef(p.oid) as def from pg_proc p
      where p.pronamespace = current_schema()::regnamespace and p.prokind = 'f'
      order by p.oid::regprocedure::text`,
  );
  const triggers = await pool.query<{ def: string }>(
    `select pg_get_triggerdef(t.oid) as def from pg_trigger t where not t.tgisinternal order by t.tgname`,
  );
  return [...functions.rows, ...triggers.rows].map((row) => row.def);
}

async function openDatabase(): Promise<{ database: TestDatabase; store: Store; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const store = openStore(database.url, { max: 2 });
  return {
    database,
    store,
    async close() {
      await store.close();
      await database.drop();
    },
  };
}

describe('database functions as code', () => {
  let fresh: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    fresh = await openDatabase();
    await migrate(fresh.store.pool);
  });
  afterAll(async () => {
    await fresh.close();
  });

  it('holds exactly the bodies of the folder after migrate, one function a file', async () => {
    expect(await functionDrift(fresh.store.pool)).toEqual(NO_DRIFT);
    const files = (await listFunctions()).map((name) => name.replace(/\.sql$/, ''));
    const { rows } = await fresh.store.pool.query<{ proname: string }>(
      `select proname from pg_proc where pronamespace = current_schema()::regnamespace and proname like 'rf\\_%'
        order by proname`,
    );
    expect(rows.map((row) => row.proname)).toEqual(files);
    // The wrappers and copies are gone.
    for (const gone of [
      'rf_open_callback_round_unguarded',
      'rf_play_internal_free_round',
      'rf_record_deliveries',
    ])
      expect(files).not.toContain(gone);
  });

  // PostgreSQL before 18 keeps no plan for a function written in SQL and plans it again at every
  // call, and a write's plan is the costly kind (a record from JSON, a partitioned table):
  // rf_insert_wallet_transaction, twice a callback round, cost 0.57 ms a call on the machines'
  // PostgreSQL 15, 0.13 ms as PL/pgSQL, whose plans a connection keeps. So no SQL function writes.
  it('writes only from PL/pgSQL functions, whose plans a connection keeps', async () => {
    const { rows } = await fresh.store.pool.query<{ proname: string }>(
      `select p.proname from pg_proc p join pg_language l on l.oid = p.prolang
        where p.pronamespace = current_schema()::regnamespace and l.lanname = 'sql'
          and p.prosrc ~* '\\m(insert|update|delete|merge)\\M'
        order by p.proname`,
    );
    expect(rows.map((row) => row.proname)).toEqual([]);
  });

  it('fails for a function added outside the folder and for a file edited without re-applying', async () => {
    const pool = fresh.store.pool;
    await pool.query(`create function rf_stray() returns int language sql as $$ select 1 $$`);
    try {
      expect(await functionDrift(pool)).toEqual({ ...NO_DRIFT, extra: ['rf_stray()'] });
    } finally {
      await pool.query('drop function rf_stray()');
    }
    // A second function of a file's name (another signature) makes the name ambiguous.
    await pool.query(`create function rf_record_debit(p text) returns text language sql as $$ select p $$`);
    try {
      expect((await functionDrift(pool)).extra.sort()).toEqual([
        'rf_record_debit(text)',
        'rf_record_debit(text,jsonb,text,bigint,text,jsonb,double precision)',
      ]);
    } finally {
      await pool.query('drop function rf_record_debit(text)');
    }

    const edited = await mkdtemp(path.join(os.tmpdir(), 'rf-functions-'));
    try {
      await cp(FUNCTIONS_DIR, edited, { recursive: true });
      const file = path.join(edited, 'rf_claim_free_round.sql');
      const text = await readFile(file, 'utf8');
      await writeFile(file, text.replace("return 'not_found'", "return 'no_grant'"));
      expect(await functionDrift(pool, edited)).toEqual({ ...NO_DRIFT, changed: ['rf_claim_free_round'] });
      // A changed signature counts, as a changed body does; the file's comments are not the function.
      await writeFile(file, text.replace('p_win bigint', 'p_win numeric'));
      expect(await functionDrift(pool, edited)).toEqual({ ...NO_DRIFT, changed: ['rf_claim_free_round'] });
      await writeFile(file, text.replace(/^-- /m, '-- Reworded: '));
      expect(await functionDrift(pool, edited)).toEqual(NO_DRIFT);
      // A file for a function the database does not have.
      await writeFile(
        path.join(edited, 'rf_record_debit_twice.sql'),
        (await readFile(path.join(edited, 'rf_record_debit.sql'), 'utf8')).replace(
          'function rf_record_debit(',
          'function rf_record_debit_twice(',
        ),
      );
      expect(await functionDrift(pool, edited)).toEqual({ ...NO_DRIFT, missing: ['rf_record_debit_twice'] });
    } finally {
      await rm(edited, { recursive: true, force: true });
    }
  });

  it('is idempotent: migrating again applies no migration and changes no definition', async () => {
    const before = await definitions(fresh.store.pool);
    expect(await migrate(fresh.store.pool)).toEqual([]);
    expect(await definitions(fresh.store.pool)).toEqual(before);
    expect(await functionDrift(fresh.store.pool)).toEqual(NO_DRIFT);
  });

  it('brings a database migrated up to 022 with the old bodies to what a fresh one is', async () => {
    const old = await openDatabase();
    const upTo022 = await mkdtemp(path.join(os.tmpdir(), 'rf-migrations-'));
    try {
      const all = await listMigrations();
      for (const name of all.filter((name) => name < '023')) {
        await copyFile(path.join(MIGRATIONS, name), path.join(upTo022, name));
      }
      await migrate(old.store.pool, { migrations: upTo022, functions: null });
      const drift = await functionDrift(old.store.pool);
      expect(drift.extra).toContain(
        'rf_open_callback_round_unguarded(jsonb,bigint,timestamp with time zone,jsonb,double precision)',
      );
      expect(drift.changed).toContain('rf_open_callback_round');

      expect(await migrate(old.store.pool)).toEqual(all.filter((name) => name >= '023'));
      expect(await functionDrift(old.store.pool)).toEqual(NO_DRIFT);
      expect(await definitions(old.store.pool)).toEqual(await definitions(fresh.store.pool));
    } finally {
      await rm(upTo022, { recursive: true, force: true });
      await old.close();
    }
  });
});
