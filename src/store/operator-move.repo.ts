// An operator's play rows on one cluster (issue 30, part 3: `reelforge operator move`): counted and
// summed (a census), copied from one cluster's store into another's in one snapshot of the source,
// and deleted from the source once the control map points elsewhere. Every table an operator's
// play writes is in MOVED_TABLES, in foreign-key order; the procedure is src/services/operator-move.ts.
import type pg from 'pg';
import { attachedMonths, createMonths } from './partitions.repo.ts';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * One table's share of an operator, as a filter on its rows (`$1` is the operator's id). `renumbered`
 * names a column a sequence fills that nothing references: the target gives the copies new values
 * (in the source's order), so they cannot collide with the target's own rows; every other id (text:
 * round, transaction, session, grant, prize ids) is kept, since operators and other rows name them.
 */
export interface MovedTable {
  name: string;
  rows: string;
  renumbered?: string;
  /** The copy's order: a row after those it references in its own table. */
  order: string;
}

/**
 * An operator-scoped campaign belongs to its operator alone and moves whole with it (it is finished:
 * the move refuses a live one). A network campaign and every jackpot pool stay on the cluster that
 * homes them, with the operator's member rows, prizes and wins of them: they are that campaign's or
 * pool's record (a pool's ledger is append-only and hash-chained), and the move refuses while any is
 * still running.
 */
const OWN_CAMPAIGNS = `select id from campaigns where scope = 'operator' and owner_operator_id = $1`;

export const MOVED_TABLES: readonly MovedTable[] = [
  { name: 'free_round_campaigns', rows: 'operator_id = $1', order: 'created_at, id' },
  { name: 'free_round_grants', rows: 'operator_id = $1', order: 'created_at, id' },
  { name: 'game_sessions', rows: 'operator_id = $1', order: 'created_at, id' },
  {
    name: 'demo_balances',
    rows: 'session_id in (select id from game_sessions where operator_id = $1)',
    order: 'session_id',
  },
  { name: 'demo_rounds', rows: 'operator_id = $1', renumbered: 'seq', order: 'seq' },
  { name: 'player_activity', rows: 'operator_id = $1', order: 'player_id' },
  { name: 'rounds', rows: 'operator_id = $1', renumbered: 'seq', order: 'seq' },
  { name: 'wallet_transactions', rows: 'operator_id = $1', order: 'created_at, id' },
  {
    name: 'wallet_attempts',
    rows: '(transaction_id, round_created_at) in (select id, round_created_at from wallet_transactions where operator_id = $1)',
    renumbered: 'id',
    order: 'id',
  },
  { name: 'wallet_balances', rows: 'operator_id = $1', order: 'player_id, currency' },
  { name: 'campaigns', rows: `id in (${OWN_CAMPAIGNS})`, order: 'id' },
  { name: 'campaign_members', rows: `campaign_id in (${OWN_CAMPAIGNS})`, order: 'campaign_id, operator_id' },
  { name: 'campaign_rates', rows: `campaign_id in (${OWN_CAMPAIGNS})`, order: 'campaign_id, currency' },
  {
    name: 'campaign_entries',
    rows: `campaign_id in (${OWN_CAMPAIGNS})`,
    order: 'campaign_id, operator_id, player_id',
  },
  { name: 'campaign_drop_points', rows: `campaign_id in (${OWN_CAMPAIGNS})`, order: 'campaign_id, seq' },
  { name: 'campaign_standings', rows: `campaign_id in (${OWN_CAMPAIGNS})`, order: 'campaign_id, place' },
  { name: 'campaign_prizes', rows: `campaign_id in (${OWN_CAMPAIGNS})`, order: 'id' },
  {
    name: 'campaign_prize_attempts',
    rows: `prize_id in (select id from campaign_prizes where campaign_id in (${OWN_CAMPAIGNS}))`,
    renumbered: 'id',
    order: 'id',
  },
  {
    name: 'campaign_flags',
    rows: `campaign_id in (${OWN_CAMPAIGNS})`,
    order: 'campaign_id, operator_id, player_id, reason',
  },
];

/** Money of one kind in one currency, in minor units (rounds: stake and win; the others: amount). */
export interface MoneySum {
  what: string;
  currency: string;
  amount: bigint;
}

/** What a cluster holds of an operator: rows and a digest of their content per table, money per currency. */
export interface Census {
  tables: Array<{ table: string; rows: number; digest: string }>;
  money: MoneySum[];
}

/**
 * The operator's rows on this store. A table's digest is the sum of the first 64 bits of each row's
 * md5 (of its JSON, renumbered columns left out): equal on two clusters only when the same rows are
 * there, in constant memory whatever the table's size and whatever order the rows come in.
 */
export async function census(db: Queryable, operatorId: string): Promise<Census> {
  const tables: Census['tables'] = [];
  for (const table of MOVED_TABLES) {
    const content = table.renumbered ? `to_jsonb(t) - '${table.renumbered}'` : 'to_jsonb(t)';
    const { rows } = await db.query<{ rows: number; digest: string | null }>(
      `select count(*)::int as rows,
              coalesce(sum(('x' || left(md5(c::text), 16))::bit(64)::bigint::numeric), 0)::text as digest
         from (select ${content} as c from ${table.name} t where ${table.rows}) x`,
      [operatorId],
    );
    tables.push({ table: table.name, rows: rows[0]?.rows ?? 0, digest: rows[0]?.digest ?? '' });
  }
  const { rows } = await db.query<{ what: string; currency: string; amount: string }>(
    `select what, currency, amount::text from (
        select 'round stakes' as what, currency, sum(stake) as amount from rounds where operator_id = $1 group by currency
        union all
        select 'round wins', currency, sum(win) from rounds where operator_id = $1 group by currency
        union all
        select 'transactions ' || type || ' ' || status, currency, sum(amount)
          from wallet_transactions where operator_id = $1 group by type, status, currency
        union all
        select 'balances', currency, sum(balance) from wallet_balances where operator_id = $1 group by currency
        union all
        select 'campaign prizes ' || status, currency, sum(amount)
          from campaign_prizes where campaign_id in (${OWN_CAMPAIGNS}) group by status, currency
      ) m order by what, currency`,
    [operatorId],
  );
  return {
    tables,
    money: rows.map((row) => ({ what: row.what, currency: row.currency, amount: BigInt(row.amount) })),
  };
}

/** Whether this store holds any row of the operator's play (a leftover of an earlier move, say). */
export async function holdsPlay(db: Queryable, operatorId: string): Promise<boolean> {
  const checks = MOVED_TABLES.map((table) => `exists (select 1 from ${table.name} where ${table.rows})`);
  const { rows } = await db.query<{ holds: boolean }>(`select (${checks.join(' or ')}) as holds`, [
    operatorId,
  ]);
  return rows[0]?.holds ?? false;
}

/** What still waits on the operator's play here: a move copies only once all of it is zero. */
export interface Backlog {
  open_rounds: number;
  /** Wallet transactions pending, parked (failed) or unknown: the retry worker or staff still owe them. */
  unfinished_transactions: number;
  /** Campaign prizes not yet paid or parked. */
  unpaid_prizes: number;
  /** Sessions not ended and not expired. */
  live_sessions: number;
}

export async function backlog(db: Queryable, operatorId: string): Promise<Backlog> {
  const { rows } = await db.query<Backlog>(
    `select (select count(*)::int from rounds where operator_id = $1 and status = 'open') as open_rounds,
            (select count(*)::int from wallet_transactions
              where operator_id = $1 and status in ('pending', 'failed', 'unknown')) as unfinished_transactions,
            (select count(*)::int from campaign_prizes
              where operator_id = $1 and status in ('pending', 'failed')) as unpaid_prizes,
            (select count(*)::int from game_sessions
              where operator_id = $1 and ended_at is null and expires_at > now()) as live_sessions`,
    [operatorId],
  );
  return rows[0] as Backlog;
}

/** Ends the operator's live sessions (as a player's leaving does): they play no more rounds. */
export async function endLiveSessions(db: Queryable, operatorId: string): Promise<number> {
  const { rowCount } = await db.query(
    `update game_sessions set ended_at = now(), state_version = state_version + 1
      where operator_id = $1 and ended_at is null and expires_at > now()`,
    [operatorId],
  );
  return rowCount ?? 0;
}

/** Jackpot pools and campaigns the operator belongs to or owns here that still run. */
export async function runningShared(
  db: Queryable,
  operatorId: string,
): Promise<{ pools: string[]; campaigns: string[] }> {
  const { rows } = await db.query<{ pools: string[]; campaigns: string[] }>(
    `select array(select p.id from jackpot_pools p
                   where p.status <> 'closed'
                     and (p.owner_operator_id = $1
                          or exists (select 1 from jackpot_pool_members m where m.pool_id = p.id and m.operator_id = $1))
                   order by p.id) as pools,
            array(select c.id from campaigns c
                   where c.status not in ('frozen', 'cancelled')
                     and (c.owner_operator_id = $1
                          or exists (select 1 from campaign_members m where m.campaign_id = c.id and m.operator_id = $1))
                   order by c.id) as campaigns`,
    [operatorId],
  );
  return rows[0] ?? { pools: [], campaigns: [] };
}

/**
 * Places an operator that has not played yet on `cluster` (what `reelforge operator move` would leave,
 * without its drain and census, which have nothing to do): its `operators` row copied to the
 * cluster's database, the target of its play rows' keys, then the control cluster's map set. Again
 * is a no-op. Nodes launch it there once their cached map runs out (PLACEMENT_CACHE_MS).
 */
export async function placeNewOperator(
  control: Queryable,
  target: Queryable,
  operatorId: string,
  cluster: string,
): Promise<void> {
  const row = await operatorRow(control, operatorId);
  if (row === null) throw new Error(`no operator ${operatorId} on the control cluster`);
  const { rows } = await control.query<{ played: boolean }>(
    'select exists (select 1 from game_sessions where operator_id = $1) as played',
    [operatorId],
  );
  if (rows[0]?.played)
    throw new Error(
      `operator ${operatorId} has played on the control cluster: move it with reelforge operator move`,
    );
  await target.query(
    `insert into operators select * from jsonb_populate_record(null::operators, $1::jsonb)
     on conflict (id) do nothing`,
    [row],
  );
  await control.query(
    `insert into operator_clusters (operator_id, cluster_id) values ($1, $2)
     on conflict (operator_id) do update set cluster_id = excluded.cluster_id, state = 'active', changed_at = now()`,
    [operatorId, cluster],
  );
}

/** The operator's row as the control cluster holds it (the placement copy's source), as JSON text, or null. */
export async function operatorRow(db: Queryable, operatorId: string): Promise<string | null> {
  const { rows } = await db.query<{ row: string }>(
    'select to_jsonb(o)::text as row from operators o where id = $1',
    [operatorId],
  );
  return rows[0]?.row ?? null;
}

export interface CopyReport {
  /** Rows copied per table, in copy order. */
  copied: Array<{ table: string; rows: number }>;
  /** The target's rows of the operator deleted first (left by an earlier, interrupted run). */
  replaced: number;
  /** The months of rounds the target did not have, made for the copy. */
  months: string[];
}

const PAGE = 1000;

/**
 * Holds the operator's row on `source` FOR UPDATE, on a connection of its own, until released: no
 * session or round of the operator can be inserted meanwhile (their foreign keys need a KEY SHARE
 * lock on that row), and any such insert under way has committed when this answers. A copy's
 * snapshot is opened only after this: one taken before the lock's wait would miss that insert's rows.
 */
export async function holdOperator(
  source: pg.Pool,
  operatorId: string,
): Promise<{ release(): Promise<void> }> {
  const lock = await source.connect();
  try {
    await lock.query('begin');
    await lock.query('select id from operators where id = $1 for update', [operatorId]);
  } catch (error) {
    await lock.query('rollback').catch(() => {});
    lock.release();
    throw error;
  }
  return {
    async release() {
      try {
        await lock.query('rollback');
      } finally {
        lock.release();
      }
    },
  };
}

/**
 * Copies the operator's play from `source` to `target`, the operator held on the source
 * (holdOperator), in one REPEATABLE READ snapshot of the source. First the months its rounds need
 * are made on the target; then, in one transaction: the placement copy of the operator's row
 * (`operator`, the control cluster's; null when the target is the control cluster, whose row is the
 * original), the operator's rows already there deleted (the source is authoritative until the flip:
 * no row is ever doubled), then every table in order.
 */
export async function copyOperator(
  source: pg.Pool,
  target: pg.Pool,
  operatorId: string,
  operator: string | null,
): Promise<CopyReport> {
  const from = await source.connect();
  const to = await target.connect();
  try {
    await from.query('begin isolation level repeatable read');
    const { rows: monthRows } = await from.query<{ month: string }>(
      `select distinct to_char(created_at at time zone 'UTC', 'YYYY-MM') as month
         from rounds where operator_id = $1 order by 1`,
      [operatorId],
    );
    const months = monthRows.map((row) => row.month);
    // Each missing month made in its own short transaction, before the copy's: making a partition
    // locks its parent table, which must not wait on the copy while the target plays.
    const attached = new Set((await attachedMonths(to)).map((m) => m.month));
    const made = await createMonths(
      to,
      months.filter((month) => !attached.has(month)),
    );
    await to.query('begin');
    try {
      if (operator) {
        const set = (await columnsOf(to, 'operators'))
          .filter((name) => name !== '"id"')
          .map((name) => `${name} = excluded.${name}`);
        await to.query(
          `insert into operators select * from jsonb_populate_record(null::operators, $1::jsonb)
             on conflict (id) do update set ${set.join(', ')}`,
          [operator],
        );
      }
      const replaced = await deleteOperator(to, operatorId);
      const copied: CopyReport['copied'] = [];
      for (const table of MOVED_TABLES)
        copied.push({ table: table.name, rows: await copyTable(from, to, table, operatorId) });
      // The round inserts' trigger moved the sessions' net position and last round once more: the
      // source's values are the true ones.
      const { rows: sessions } = await from.query<{ sessions: string }>(
        `select coalesce(jsonb_agg(jsonb_build_object('id', id, 'net_position', net_position,
            'last_round_at', last_round_at)), '[]')::text as sessions
           from game_sessions where operator_id = $1`,
        [operatorId],
      );
      await to.query(
        `update game_sessions s set net_position = x.net_position, last_round_at = x.last_round_at
           from jsonb_to_recordset($1::jsonb) x (id text, net_position bigint, last_round_at timestamptz)
          where s.id = x.id`,
        [sessions[0]?.sessions ?? '[]'],
      );
      await to.query('commit');
      return { copied, replaced, months: made };
    } catch (error) {
      await to.query('rollback').catch(() => {});
      throw error;
    }
  } finally {
    await from.query('rollback').catch(() => {});
    to.release();
    from.release();
  }
}

/** A table's stored columns, quoted (generated ones left out: the target computes them). */
async function columnsOf(db: Queryable, table: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [table],
  );
  return rows.map((row) => `"${row.name.replaceAll('"', '""')}"`);
}

/** One table's rows, paged through a cursor of the snapshot; renumbered columns take the target's sequence. */
async function copyTable(
  from: pg.PoolClient,
  to: pg.PoolClient,
  table: MovedTable,
  operatorId: string,
): Promise<number> {
  const columns = (await columnsOf(to, table.name)).filter((name) => name !== `"${table.renumbered}"`);
  const list = columns.join(', ');
  const cursor = `move_${table.name}`;
  await from.query(
    `declare ${cursor} no scroll cursor for
       select to_jsonb(t)::text as row from ${table.name} t where ${table.rows} order by ${table.order}`,
    [operatorId],
  );
  let total = 0;
  try {
    for (;;) {
      // The rows stay JSON text end to end: a bigint never passes through a JavaScript number.
      const { rows } = await from.query<{ row: string }>(`fetch ${PAGE} from ${cursor}`);
      if (rows.length === 0) break;
      // with ordinality keeps the source's order, so a renumbered column keeps it too.
      await to.query(
        `insert into ${table.name} (${list})
           select ${list} from jsonb_populate_recordset(null::${table.name}, $1::jsonb) with ordinality
            order by ordinality`,
        [`[${rows.map((row) => row.row).join(',')}]`],
      );
      total += rows.length;
    }
  } finally {
    await from.query(`close ${cursor}`);
  }
  return total;
}

/** Deletes the operator's play rows here, last table first; answers how many rows went. */
export async function deleteOperator(db: Queryable, operatorId: string): Promise<number> {
  let deleted = 0;
  for (const table of [...MOVED_TABLES].reverse()) {
    const { rowCount } = await db.query(`delete from ${table.name} where ${table.rows}`, [operatorId]);
    deleted += rowCount ?? 0;
  }
  return deleted;
}

/**
 * After the flip: the operator's play rows deleted from the old cluster, in one transaction; its
 * row there too when `dropOperator` (not the control cluster) and nothing there still names it (a
 * finished network campaign's or a closed pool's member rows keep it). Answers what went and whether
 * the row stayed.
 */
export async function removeOperator(
  pool: pg.Pool,
  operatorId: string,
  dropOperator: boolean,
): Promise<{ deleted: number; operatorKept: boolean }> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    try {
      const deleted = await deleteOperator(client, operatorId);
      let operatorKept = true;
      if (dropOperator) {
        const referrers = await referencesTo(client, operatorId);
        if (referrers.length === 0) {
          await client.query('delete from operators where id = $1', [operatorId]);
          operatorKept = false;
        }
      }
      await client.query('commit');
      return { deleted, operatorKept };
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  } finally {
    client.release();
  }
}

/** The tables (other than the operator's play, already gone) whose rows name the operator. */
async function referencesTo(db: Queryable, operatorId: string): Promise<string[]> {
  const { rows: keys } = await db.query<{ table: string; column: string }>(
    `select c.conrelid::regclass::text as table, a.attname as column
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'operators'::regclass and c.conparentid = 0
      order by 1`,
  );
  const named: string[] = [];
  for (const key of keys) {
    const { rows } = await db.query<{ found: boolean }>(
      `select exists (select 1 from ${key.table} where "${key.column}" = $1) as found`,
      [operatorId],
    );
    if (rows[0]?.found) named.push(key.table);
  }
  return named;
}

/**
 * One move of an operator at a time: a session advisory lock on the control cluster, held by one
 * connection for the move's length (a crashed run's connection ends, and its lock with it). Answers
 * the release, or null while another run holds it.
 */
export async function claimMove(control: pg.Pool, operatorId: string): Promise<(() => Promise<void>) | null> {
  const client = await control.connect();
  const key = `reelforge operator move ${operatorId}`;
  try {
    const { rows } = await client.query<{ claimed: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as claimed',
      [key],
    );
    if (!rows[0]?.claimed) {
      client.release();
      return null;
    }
  } catch (error) {
    client.release();
    throw error;
  }
  return async () => {
    try {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    } finally {
      client.release();
    }
  };
}
