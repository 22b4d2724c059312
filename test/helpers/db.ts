// A fresh, migrated database per test file on the run's PostgreSQL.
import pg from 'pg';
import { inject } from 'vitest';
import { randomBase62 } from '../../src/domain/ids.ts';
import { openStore, type Store } from '../../src/store/db.ts';
import { migrate } from '../../src/store/migrate.ts';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `rf_test_${randomBase62(8).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A migrated store on a fresh database, for repository and domain tests. */
export async function createTestStore(): Promise<{ store: Store; drop(): Promise<void> }> {
  const database = await createTestDatabase();
  const store = openStore(database.url, { max: 5 });
  await migrate(store.pool);
  return {
    store,
    async drop() {
      await store.close();
      await database.drop();
    },
  };
}
