// Migrations: several nodes starting at once apply each migration exactly once.
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/db.ts';
import { listMigrations, migrate } from '../../src/store/migrate.ts';
import { createTestDatabase } from '../helpers/db.ts';

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
});
