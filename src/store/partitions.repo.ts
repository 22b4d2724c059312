// The monthly partitions of rounds, wallet_transactions and wallet_attempts (migration 029): which
// months are attached, a month made (rf_partition_month), and a month retired: judged, detached and
// moved to the archive schema in one transaction, or refused while any of its rounds is open or any
// of its transactions still waits for the wallet.
import type pg from 'pg';

export const ARCHIVE_SCHEMA = 'archive';

/** Months made ahead of the current one (UTC, by the database's clock) at every start (migrate). */
export const MONTHS_AHEAD = 3;

/** Table name suffix of a month: '2026-11' → '2026_11'. */
const suffix = (month: string) => month.replace('-', '_');

export interface AttachedMonth {
  month: string;
  /** PostgreSQL's estimates (pg_class.reltuples, -1 before the first analyse): no table is scanned. */
  rounds_estimate: number;
  transactions_estimate: number;
}

export interface MonthBacklog {
  /** Rounds not settled or cancelled. */
  open_rounds: number;
  /** Transactions the wallet has not finished: pending, or parked after their retries (failed). */
  unfinished_transactions: number;
}

export type RetireOutcome =
  | ({ result: 'retired'; month: string; archived: string[] } & MonthBacklog)
  | ({ result: 'refused'; month: string } & MonthBacklog)
  | { result: 'absent'; month: string };

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** Whether `table` is partitioned here: rounds since migration 029, the jackpot ledger since 031. */
export async function isPartitioned(db: Queryable, table: 'rounds' | 'jackpot_ledger'): Promise<boolean> {
  const { rows } = await db.query<{ kind: string | null }>(
    `select (select relkind::text from pg_class where oid = to_regclass($1)) as kind`,
    [table],
  );
  return rows[0]?.kind === 'p';
}

/** Makes each month that is missing; answers the months made now. */
export async function createMonths(db: Queryable, months: readonly string[]): Promise<string[]> {
  const made: string[] = [];
  for (const month of months) {
    const { rows } = await db.query<{ made: boolean }>('select rf_partition_month($1::date) as made', [
      `${month}-01`,
    ]);
    if (rows[0]?.made) made.push(month);
    // the ledger's month in a statement of its own (rf_partition_month says why)
    await db.query('select rf_jackpot_ledger_month($1::date)', [`${month}-01`]);
  }
  return made;
}

/**
 * The current month and the `ahead` after it, each made if missing, by the database's clock; answers
 * the months made now. An insert into a month that does not exist fails whole (nothing written).
 */
export async function createMonthsAhead(db: Queryable, ahead = MONTHS_AHEAD): Promise<string[]> {
  return (await forMonthsAhead(db, 'rf_partition_month', ahead))
    .filter((row) => row.made)
    .map((row) => row.month);
}

/**
 * The jackpot ledger's current month and the `ahead` after it (migration 031), each made if missing;
 * apart from the round tables' months, in a statement (and, under `migrate`, a transaction) of its own.
 */
export async function createLedgerMonthsAhead(db: Queryable, ahead = MONTHS_AHEAD): Promise<void> {
  await forMonthsAhead(db, 'rf_jackpot_ledger_month', ahead);
}

/** `maker` (a month-making function of the store) for the current month and the `ahead` after it, by the database's clock. */
async function forMonthsAhead(
  db: Queryable,
  maker: 'rf_partition_month' | 'rf_jackpot_ledger_month',
  ahead: number,
): Promise<Array<{ month: string; made: boolean }>> {
  const { rows } = await db.query<{ month: string; made: boolean }>(
    `select to_char(m, 'YYYY-MM') as month, ${maker}(m::date) as made
       from generate_series(0, $1::int) g,
            lateral (select date_trunc('month', now() at time zone 'UTC') + make_interval(months => g) as m) month`,
    [ahead],
  );
  return rows;
}

/** The months of rounds attached now, oldest first. */
export async function attachedMonths(db: Queryable): Promise<AttachedMonth[]> {
  const { rows } = await db.query<{ name: string; rounds: number; transactions: number | null }>(
    `select c.relname as name, c.reltuples::float8 as rounds,
            (select t.reltuples::float8 from pg_class t
              where t.oid = to_regclass(format('%I', 'wallet_transactions_' || substr(c.relname, 8)))) as transactions
       from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'rounds'::regclass
      order by c.relname`,
  );
  return rows
    .filter((row) => /^rounds_\d{4}_\d{2}$/.test(row.name))
    .map((row) => ({
      month: row.name.slice(7).replace('_', '-'),
      rounds_estimate: row.rounds,
      transactions_estimate: row.transactions ?? 0,
    }));
}

/** What keeps a month from being retired, read through the partial indexes of open and unfinished rows. */
export async function monthBacklog(db: Queryable, month: string): Promise<MonthBacklog> {
  const { rows } = await db.query<{ open_rounds: number; unfinished_transactions: number }>(
    `select (select count(*)::int from ${ident(`rounds_${suffix(month)}`)} where status = 'open') as open_rounds,
            (select count(*)::int from ${ident(`wallet_transactions_${suffix(month)}`)}
              where status in ('pending', 'failed')) as unfinished_transactions`,
  );
  const row = rows[0];
  return { open_rounds: row?.open_rounds ?? 0, unfinished_transactions: row?.unfinished_transactions ?? 0 };
}

/**
 * Archives one month: under an exclusive lock on the three parents (spins wait for it, a few
 * milliseconds: the judgement reads partial indexes only), refuses it when it holds an open round
 * or an unfinished transaction; otherwise detaches its three partitions, moves them to the archive
 * schema, and drops their foreign keys to live tables (an archive is not touched by later deletes).
 * Nothing changes when it refuses. `lockTimeoutMs` bounds the wait for the lock.
 */
export async function retireMonth(
  pool: pg.Pool,
  month: string,
  lockTimeoutMs = 5000,
): Promise<RetireOutcome> {
  const names = ['rounds', 'wallet_transactions', 'wallet_attempts'].map(
    (table) => `${table}_${suffix(month)}`,
  );
  const client = await pool.connect();
  try {
    await client.query('begin');
    try {
      await client.query(`select set_config('lock_timeout', $1, true)`, [`${lockTimeoutMs}ms`]);
      await client.query(
        'lock table only rounds, only wallet_transactions, only wallet_attempts in access exclusive mode',
      );
      const attached = (await attachedMonths(client)).some((m) => m.month === month);
      if (!attached) {
        await client.query('rollback');
        return { result: 'absent', month };
      }
      const backlog = await monthBacklog(client, month);
      if (backlog.open_rounds > 0 || backlog.unfinished_transactions > 0) {
        await client.query('rollback');
        return { result: 'refused', month, ...backlog };
      }
      await client.query(`create schema if not exists ${ident(ARCHIVE_SCHEMA)}`);
      const [rounds, transactions, attempts] = names as [string, string, string];
      await client.query(`alter table wallet_attempts detach partition ${ident(attempts)}`);
      await client.query(`alter table wallet_transactions detach partition ${ident(transactions)}`);
      await client.query(`alter table rounds detach partition ${ident(rounds)}`);
      for (const name of names)
        await client.query(`alter table ${ident(name)} set schema ${ident(ARCHIVE_SCHEMA)}`);
      const archived = names.map((name) => `${ARCHIVE_SCHEMA}.${name}`);
      const { rows } = await client.query<{ owner: string; name: string }>(
        `select c.conrelid::regclass::text as owner, c.conname as name
           from pg_constraint c
          where c.contype = 'f' and c.conrelid = any($1::regclass[]) and not (c.confrelid = any($1::regclass[]))`,
        [archived],
      );
      for (const row of rows)
        await client.query(`alter table ${row.owner} drop constraint ${ident(row.name)}`);
      await client.query('commit');
      return { result: 'retired', month, archived, ...backlog };
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  } finally {
    client.release();
  }
}

/** A quoted identifier (names here are made from a checked month, quoted all the same). */
function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
