// The Kysely handle over a pg pool. bigint columns are parsed to bigint: money never passes through a float.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

const INT8_OID = 20;
pg.types.setTypeParser(INT8_OID, (text: string) => BigInt(text));

export interface Store {
  db: Kysely<Database>;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** `statementTimeoutMs`: PostgreSQL's statement_timeout on every connection (a replica's reads set one). */
export function openStore(
  connectionString: string,
  options: { max?: number; statementTimeoutMs?: number } = {},
): Store {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    ...(options.statementTimeoutMs === undefined ? {} : { statement_timeout: options.statementTimeoutMs }),
  });
  // An idle client's error (the server went away) must not crash the process; queries report it.
  pool.on('error', () => {});
  // Likewise a checked-out client between two queries when PostgreSQL restarts (ops/rehearse.sh
  // killed every node this way): the next query on it fails, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    pool,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** True when the store answers a trivial query. */
export async function pingStore(store: Store): Promise<boolean> {
  try {
    await store.pool.query('select 1');
    return true;
  } catch {
    return false;
  }
}
