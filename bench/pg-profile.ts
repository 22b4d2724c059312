// PostgreSQL's side of a load, from its own statistics: the time spent inside each of Reelforge's
// SQL functions (track_functions = all) and the rows and WAL each round writes. Only on the
// benchmark's embedded PostgreSQL, which the benchmark owns and may reconfigure; an outside
// PostgreSQL (BENCH_DATABASE_URL) is left as it is.
import { setTimeout as pause } from 'node:timers/promises';
import pg from 'pg';

export interface PgProfile {
  /** Turns function timing on and zeroes the counters: call right before the load. */
  start(): Promise<void>;
  /** The counters since start, per round, as Markdown, and the rows written per round. */
  report(rounds: number): Promise<{ markdown: string; rowWrites: number }>;
  close(): Promise<void>;
}

/**
 * A busy backend flushes its counters to the shared statistics about once a second, an idle one
 * within ten seconds: the load before must have flushed its counts before they are zeroed (or they
 * land in this one), and this load its last second's before they are read.
 */
const IDLE_FLUSH_MS = 10_500;

export async function openPgProfile(databaseUrl: string): Promise<PgProfile> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    async start() {
      await client.query("alter system set track_functions = 'all'");
      await client.query('select pg_reload_conf()');
      await pause(IDLE_FLUSH_MS);
      await client.query('select pg_stat_reset()');
      await client.query("select pg_stat_reset_shared('wal')");
    },
    async report(rounds) {
      await pause(IDLE_FLUSH_MS);
      const per = (value: unknown, digits = 2) => (Number(value ?? 0) / Math.max(1, rounds)).toFixed(digits);
      const functions = await client.query(
        `select funcname, calls, total_time, self_time from pg_stat_user_functions
          where calls > 0 order by self_time desc`,
      );
      const tables = await client.query(
        `select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, seq_tup_read from pg_stat_user_tables
          where n_tup_ins + n_tup_upd > 0 order by relname`,
      );
      const wal = await client.query('select wal_records, wal_bytes, wal_fpi from pg_stat_wal');
      const rowWrites =
        tables.rows.reduce((sum, row) => sum + Number(row.n_tup_ins) + Number(row.n_tup_upd), 0) /
        Math.max(1, rounds);
      const markdown = [
        '| function | calls per round | µs per round inside it | of which in itself |',
        '|---|---:|---:|---:|',
        ...functions.rows.map(
          (row) =>
            `| ${row.funcname} | ${per(row.calls)} | ${per(Number(row.total_time) * 1000, 0)} | ${per(Number(row.self_time) * 1000, 0)} |`,
        ),
        '',
        '| table | rows inserted per round | rows updated | of which HOT | rows read by sequential scans |',
        '|---|---:|---:|---:|---:|',
        ...tables.rows.map(
          (row) =>
            `| ${row.relname} | ${per(row.n_tup_ins)} | ${per(row.n_tup_upd)} | ${per(row.n_tup_hot_upd)} | ${per(row.seq_tup_read, 1)} |`,
        ),
        '',
        `Rows written per round (inserted and updated, every table): ${rowWrites.toFixed(2)}.`,
        `WAL per round: ${per(wal.rows[0]?.wal_records, 1)} records, ${per(wal.rows[0]?.wal_bytes, 0)} bytes, ${per(wal.rows[0]?.wal_fpi, 2)} full-page images (a page's first change after a checkpoint).`,
      ].join('\n');
      return { markdown, rowWrites };
    },
    async close() {
      await client.end();
    },
  };
}
