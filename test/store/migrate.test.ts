// Migrations: several nodes starting at once apply each migration exactly once; a database migrated
// only part of the way (as bench/partitions.ts makes the code before 029) gets the months its
// schema has, and no other.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/db.ts';
import { listMigrations, migrate } from '../../src/store/migrate.ts';
import { createTestDatabase } from '../helpers/db.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/store/migrations');

describe('migrate', () => {
  it('applies every migration once when four nodes race on an empty database', async () => {
    const database = await createTestDatabase();
    const stores = Array.from({ length: 4 }, () => openStore(database.url, { max: 2 }));
    try {
      const results = await Promise.all(stores.map((store) => migrate(store.pool)));
      const all = await listMigrations();
      expect(results.flat().sort()).toEqual(all);
      const rows = await stores[0]?.pool.query('select name from schema_migrations order by name');
      expect(rows?.rows.map((row) => row.name)).toEqual(all);
      expect(await migrate((stores[1] as (typeof stores)[number]).pool)).toEqual([]);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await database.drop();
    }
  });

  it('makes no month of a table the schema has not partitioned yet (migrated to 028)', async () => {
    const database = await createTestDatabase();
    const store = openStore(database.url, { max: 2 });
    const at028 = await mkdtemp(path.join(os.tmpdir(), 'rf-migrations-'));
    const noFunctions = await mkdtemp(path.join(os.tmpdir(), 'rf-functions-'));
    try {
      const before029 = (await listMigrations()).filter((name) => name < '029');
      for (const name of before029) await copyFile(path.join(MIGRATIONS, name), path.join(at028, name));
      // with a functions folder, so that the months are asked for (the ledger's, 031, failed here)
      expect(await migrate(store.pool, { migrations: at028, functions: noFunctions })).toEqual(before029);
      const { rows } = await store.pool.query(
        `select relname from pg_class where relname ~ '^(rounds|jackpot_ledger)_[0-9]{4}_[0-9]{2}$'`,
      );
      expect(rows).toEqual([]);
    } finally {
      await store.close();
      await database.drop();
      await rm(at028, { recursive: true, force: true });
      await rm(noFunctions, { recursive: true, force: true });
    }
  });
});
