// A node that starts while a cluster fails over or restarts (the rehearsal restarts a node inside
// east's failover): `migrateWhenReachable` waits for a server that refuses connections, then
// migrates; it gives up after its wait, and fails at once on anything that is not a connection's.
import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../ops/pg/cluster.ts';
import { isUnreachable, migrateWhenReachable } from '../../src/store/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/**
 * A TCP forwarder to the test's PostgreSQL on `port`, as HAProxy sends connections to a promoted
 * replica; `cut` connections are cut after that many bytes from the client (a server killed mid-way).
 */
function forwarder(
  port: number,
  target: URL,
  cut: { connections: number; afterBytes: number } = { connections: 0, afterBytes: 0 },
): Promise<Server> {
  const sockets = new Set<Socket>();
  let cuts = cut.connections;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    if (cuts-- > 0) {
      let seen = 0;
      client.on('data', (chunk) => {
        seen += chunk.length;
        if (seen > cut.afterBytes) {
          client.destroy();
          upstream.destroy();
        }
      });
    }
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  server.on('close', () => {
    for (const socket of sockets) socket.destroy();
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe('migrating a cluster that is not reachable yet', () => {
  it('waits for a server that refuses connections, then migrates, saying each time it waits', async () => {
    const port = await freePort();
    const url = new URL(database.url);
    const pool = new pg.Pool({
      connectionString: `postgres://${url.username}:${url.password}@127.0.0.1:${port}${url.pathname}`,
    });
    pool.on('error', () => {});
    const waits: string[] = [];
    let proxy: Server | undefined;
    // nothing listens for 600 ms: the failover's gap
    const opening = new Promise<void>((resolve) =>
      setTimeout(async () => {
        proxy = await forwarder(port, url);
        resolve();
      }, 600),
    );
    try {
      const applied = await migrateWhenReachable(pool, {
        waitMs: 30_000,
        onWait: (error) => waits.push((error as { code?: string }).code ?? String(error)),
      });
      await opening;
      expect(applied.length).toBeGreaterThan(20);
      expect(waits.length).toBeGreaterThan(0);
      expect(new Set(waits)).toEqual(new Set(['ECONNREFUSED']));
      const { rows } = await pool.query('select count(*)::int as n from schema_migrations');
      expect(rows[0].n).toBe(applied.length);
    } finally {
      await pool.end();
      await opening;
      await new Promise((resolve) => proxy?.close(resolve));
    }
  });

  it('waits again when the connection dies in the middle of a migration, telling that error', async () => {
    const port = await freePort();
    const url = new URL(database.url);
    // the first connection is cut once its statements begin: the server died mid-migration
    const proxy = await forwarder(port, url, { connections: 1, afterBytes: 200 });
    const pool = new pg.Pool({
      connectionString: `postgres://${url.username}:${url.password}@127.0.0.1:${port}${url.pathname}`,
    });
    pool.on('error', () => {});
    const waits: string[] = [];
    try {
      const applied = await migrateWhenReachable(pool, {
        waitMs: 30_000,
        onWait: (error) => waits.push((error as Error).message),
      });
      expect(waits.length).toBeGreaterThan(0);
      expect(waits[0]).toMatch(/Connection terminated/);
      const { rows } = await pool.query('select count(*)::int as n from schema_migrations');
      expect(rows[0].n).toBeGreaterThanOrEqual(applied.length);
    } finally {
      await pool.end();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('gives up after its wait with the connection error', async () => {
    const port = await freePort();
    const pool = new pg.Pool({ connectionString: `postgres://x:y@127.0.0.1:${port}/none` });
    pool.on('error', () => {});
    const started = Date.now();
    await expect(migrateWhenReachable(pool, { waitMs: 400 })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    await pool.end();
  });

  it('fails at once on an error that is not a connection error', async () => {
    const pool = new pg.Pool({ connectionString: database.url });
    const waits: unknown[] = [];
    await expect(
      migrateWhenReachable(pool, {
        waitMs: 30_000,
        migrations: '/nonexistent-folder',
        onWait: (e) => waits.push(e),
      }),
    ).rejects.toThrow();
    expect(waits).toEqual([]);
    await pool.end();
  });

  it('tells a connection failure from any other error', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P03', '57P01', '08006'])
      expect(isUnreachable(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(isUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    for (const code of ['42P01', '23505', '40001', undefined])
      expect(isUnreachable(Object.assign(new Error('relation does not exist'), { code }))).toBe(false);
    expect(isUnreachable(undefined)).toBe(false);
  });
});
