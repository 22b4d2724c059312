// Migration 029 and the retention job on a real PostgreSQL: a database at migration 028 with rounds,
// transactions and attempts over four months is upgraded to monthly partitions; no row is lost, the
// keys are the new ones, a repeated click is still one round (across months too), and a month is
// archived only when none of its rounds is open. 10,000 rounds by default; RF_PARTITIONS_ROUNDS
// sets another count (the upgrade of a million rounds: RF_PARTITIONS_ROUNDS=1000000, about 30 s of
// migration and 90 s in all on PostgreSQL 15; raise --testTimeout for it).
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.ts';
import {
  type BlockRow,
  jackpotsRepo,
  type LedgerEntry,
  type PendingEntry,
} from '../../src/store/jackpots.repo.ts';
import { listMigrations, migrate } from '../../src/store/migrate.ts';
import { attachedMonths, retireMonth } from '../../src/store/partitions.repo.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/store/migrations');
const ROUNDS = Number(process.env.RF_PARTITIONS_ROUNDS ?? 10_000);
const SESSIONS = 100;
const OPEN = 5; // the last rounds (October) are open, their credits pending
const TOKEN = (session: number) => `\\x${session.toString(16).padStart(8, '0')}`;

let database: TestDatabase;
let store: Store;
let before: {
  rounds: number;
  transactions: number;
  entries: number;
  attempts: number;
  stakes: string;
  seq: string;
};
const q = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  store.pool.query<R>(text, values).then((result) => result.rows);
const one = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  (await q<R>(text, values))[0] as R;

/** Rounds spread over July to October 2026, a debit and a credit each, an attempt every 100th. */
async function seed(): Promise<void> {
  await q(`insert into operators (id, name, wallet_mode) values ('op_part', 'Partition Casino', 'callback')`);
  await q(
    `insert into game_sessions (id, operator_id, player_id, game_symbol, currency, token_hash, device, expires_at,
        refreshed_at)
       select 'ses_' || s, 'op_part', 'p_' || s, 'rf_copper_sevens', 'USD',
         decode(lpad(to_hex(s), 8, '0'), 'hex'), 'desktop', now() + interval '1 day',
         -- launched before its rounds: the token of that launch made them all
         timestamptz '2026-06-30 00:00:00+00'
       from generate_series(0, $1 - 1) s`,
    [SESSIONS],
  );
  await q(
    `insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
        client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after,
        outcome, created_at, finished_at, jurisdiction_code)
      select 'rnd_' || g, 'ses_' || (g % $2), 'op_part', 'p_' || (g % $2), 'rf_copper_sevens', 'USD', 'default',
        'callback', 'click_' || g, case when open then 'open' else 'settled' end,
        case when open then 'credit' else 'done' end, 'base', 'base', 1, 1, 10, g % 7, '{}', '{}', '{}', at,
        case when open then null else at end, 'default'
      from generate_series(1, $1) g,
        lateral (select timestamptz '2026-07-01 00:00:00+00' + (g::float8 / ($1 + 1)) * interval '122 days' as at,
          g > $1 - $3 as open) x`,
    [ROUNDS, SESSIONS, OPEN],
  );
  await q(
    `insert into wallet_transactions (id, round_id, operator_id, player_id, game_symbol, currency, wallet_mode,
        type, action_type, amount, status, created_at)
      select r.id || '_' || t.type, r.id, r.operator_id, r.player_id, r.game_symbol, r.currency, 'callback',
        t.type, 'spin', case t.type when 'debit' then r.stake else r.win end,
        case when t.type = 'credit' and r.status = 'open' then 'pending' else 'acknowledged' end, r.created_at
      from rounds r, (values ('debit'), ('credit')) t (type)`,
  );
  // A pool's ledger over the same months: an entry for every tenth round, sealed as one block.
  await q(`insert into jackpot_pools (id, name, scope, currency, created_by)
           values ('jp_part', 'Partition Pot', 'network', 'USD', 'token')`);
  await q(
    `insert into jackpot_ledger (pool_id, seq, block, kind, round_id, body, prev_hash, hash, recorded_at)
      select 'jp_part', row_number() over (order by created_at, id), 1, 'contribution', id, '{}', 'h', 'h', created_at
        from rounds where id ~ '0$'`,
  );
  await q(
    `insert into jackpot_blocks (pool_id, block, first_seq, last_seq, merkle_root, last_hash)
      select 'jp_part', 1, 1, count(*), 'm', 'h' from jackpot_ledger`,
  );
  await q(
    `insert into wallet_attempts (transaction_id, request_id, started_at, latency_ms, http_status, result)
      select t.id, 'req_' || t.id, t.created_at, 30, 500, 'failed'
        from wallet_transactions t where t.type = 'credit' and t.round_id ~ '00$'`,
  );
}

/** A partitioned table's rows per month of `column`, and per the month partition that holds them. */
async function byMonth(table: 'rounds' | 'jackpot_ledger', column: string) {
  const perMonth = await q<{ month: string; n: number }>(
    `select to_char(${column} at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n
       from ${table} group by 1 order by 1`,
  );
  const inPartitions = await q<{ month: string; n: number }>(
    `select replace(substr(tableoid::regclass::text, ${table.length + 2}), '_', '-') as month, count(*)::int as n
       from ${table} group by 1 order by 1`,
  );
  return { perMonth, inPartitions };
}

async function counts() {
  return one<typeof before>(
    `select (select count(*)::int from rounds) as rounds, (select count(*)::int from wallet_transactions) as transactions,
        (select count(*)::int from jackpot_ledger) as entries,
        (select count(*)::int from wallet_attempts) as attempts,
        (select sum(amount)::text from wallet_transactions) as stakes, (select max(seq)::text from rounds) as seq`,
  );
}

/** rf_play_internal_round for a click of session `session`, as the spin path sends it. */
async function play(
  db: Pick<pg.Pool | pg.PoolClient, 'query'>,
  click: string,
  id: string,
  createdAt: string,
  session = 1,
): Promise<{ result: string; round_id: string | null }> {
  const { state_version } = await one<{ state_version: string }>(
    `select state_version::text from game_sessions where id = $1`,
    [`ses_${session}`],
  );
  const round = {
    id,
    session_id: `ses_${session}`,
    operator_id: 'op_part',
    player_id: `p_${session}`,
    game_symbol: 'rf_copper_sevens',
    currency: 'USD',
    variant: 'default',
    client_round_id: click,
    kind: 'base',
    mode: 'base',
    coin: '1',
    bet_level: 1,
    stake: '10',
    win: '0',
    state_before: {},
    state_after: {},
    outcome: {},
    created_at: createdAt,
  };
  const { rows } = await db.query<{ result: string; round_id: string | null }>(
    `select result, round_id from rf_play_internal_round($1::jsonb, $2::bytea, now(), $3, now() + interval '1 hour',
        $4, $5, 'spin', 1000)`,
    [JSON.stringify(round), TOKEN(session), state_version, `${id}_d`, `${id}_c`],
  );
  return rows[0] as { result: string; round_id: string | null };
}

beforeAll(async () => {
  database = await createTestDatabase();
  store = openStore(database.url, { max: 4 });
  const at028 = await mkdtemp(path.join(os.tmpdir(), 'rf-migrations-'));
  try {
    for (const name of (await listMigrations()).filter((name) => name < '029')) {
      await copyFile(path.join(MIGRATIONS, name), path.join(at028, name));
    }
    await migrate(store.pool, { migrations: at028, functions: null });
  } finally {
    await rm(at028, { recursive: true, force: true });
  }
  await seed();
  before = await counts();
  const started = performance.now();
  // 029 first, then whatever came after it (030 on, none of which touches the round tables' data)
  const applied = await migrate(store.pool);
  expect(applied[0]).toBe('029_time_partitions.sql');
  expect(applied.every((name) => name >= '029_')).toBe(true);
  // A figure for the report, not an assertion: the upgrade's time depends on the machine.
  console.log(`migration 029 over ${ROUNDS} rounds: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}, 1_200_000);

afterAll(async () => {
  await store?.close();
  await database?.drop();
});

describe('the upgrade to monthly partitions (migration 029)', () => {
  it('keeps every round, transaction and attempt, each transaction and attempt in its round month', async () => {
    expect(await counts()).toEqual(before);
    expect(before.rounds).toBe(ROUNDS);
    const misplaced = await one<{ n: number }>(
      `select (select count(*)::int from wallet_transactions t join rounds r on r.id = t.round_id
                where t.round_created_at <> r.created_at)
            + (select count(*)::int from wallet_attempts a join wallet_transactions t on t.id = a.transaction_id
                where a.round_created_at <> t.round_created_at) as n`,
    );
    expect(misplaced.n).toBe(0);
    const months = (await attachedMonths(store.pool)).map((m) => m.month);
    expect(months.slice(0, 4)).toEqual(['2026-07', '2026-08', '2026-09', '2026-10']);
    const { perMonth, inPartitions } = await byMonth('rounds', 'created_at');
    expect(inPartitions).toEqual(perMonth);
  });

  it('has the partitioned keys and continues the round sequence', async () => {
    const kinds = await q<{ name: string; kind: string }>(
      `select relname as name, relkind::text as kind from pg_class
        where relname in ('rounds', 'wallet_transactions', 'wallet_attempts') order by relname`,
    );
    expect(kinds.map((row) => row.kind)).toEqual(['p', 'p', 'p']);
    const keys = await q<{ name: string; def: string }>(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid in ('rounds'::regclass, 'wallet_transactions'::regclass, 'wallet_attempts'::regclass)
          and contype = 'p' order by conname`,
    );
    expect(keys).toEqual([
      { name: 'rounds_pkey', def: 'PRIMARY KEY (id, created_at)' },
      { name: 'wallet_attempts_pkey', def: 'PRIMARY KEY (id, round_created_at)' },
      { name: 'wallet_transactions_pkey', def: 'PRIMARY KEY (id, round_created_at)' },
    ]);
    // A transaction whose round is not in its month is refused by the month's own foreign key.
    await expect(
      q(
        `insert into wallet_transactions (id, round_id, round_created_at, operator_id, player_id, game_symbol,
            currency, wallet_mode, type, action_type, amount, status)
          values ('tx_stray', 'rnd_1', '2026-08-15', 'op_part', 'p_1', 'rf_copper_sevens', 'USD', 'callback',
            'credit', 'spin', 0, 'pending')`,
      ),
    ).rejects.toThrow(/foreign key/);
    // Nor does a round change month: that would take it from under its transactions.
    await expect(q(`update rounds set created_at = '2026-09-01' where id = 'rnd_1'`)).rejects.toThrow(
      /the created_at of round rnd_1 does not change/,
    );
    const next = await one<{ seq: string }>(`select nextval('rounds_seq_seq')::text as seq`);
    expect(BigInt(next.seq)).toBeGreaterThan(BigInt(before.seq));
  });

  it('answers a repeated click of a migrated round with that round', async () => {
    const { session_id, client_round_id, id } = await one<{
      session_id: string;
      client_round_id: string;
      id: string;
    }>(`select session_id, client_round_id, id from rounds where session_id = 'ses_1' order by seq limit 1`);
    expect(session_id).toBe('ses_1');
    const answer = await play(store.pool, client_round_id, 'rnd_again', new Date().toISOString());
    expect(answer).toEqual({ result: 'duplicate', round_id: id });
  });

  it('reads a click again only among the rounds since the launch that issued the token', async () => {
    // A click is sent again only under its own token; a new launch issues a new one, and its clicks
    // are new ones: the look-up reads the months since that launch, not the whole history.
    const { client_round_id } = await one<{ client_round_id: string }>(
      `select client_round_id from rounds where session_id = 'ses_3' order by seq limit 1`,
    );
    await q(
      `update game_sessions set refreshed_at = timestamptz '2026-11-15 00:00:00+00' where id = 'ses_3'`,
    );
    try {
      const answer = await play(
        store.pool,
        client_round_id,
        'rnd_after_launch',
        '2026-11-20T00:00:00.000Z',
        3,
      );
      expect(answer).toEqual({ result: 'played', round_id: 'rnd_after_launch' });
      // and within the launch, that click is one round
      expect(await play(store.pool, client_round_id, 'rnd_after_2', '2026-11-20T00:00:01.000Z', 3)).toEqual({
        result: 'duplicate',
        round_id: 'rnd_after_launch',
      });
    } finally {
      await q(
        `update game_sessions set refreshed_at = timestamptz '2026-06-30 00:00:00+00' where id = 'ses_3'`,
      );
    }
  });

  it('makes one round of a click sent twice at once, when the two would land in different months', async () => {
    const first = await store.pool.connect();
    const second = await store.pool.connect();
    try {
      await first.query('begin');
      expect(await play(first, 'click_twice', 'rnd_twice_a', '2026-10-31T23:59:59.999Z')).toEqual({
        result: 'played',
        round_id: 'rnd_twice_a',
      });
      // The second, in November, read the same session version: it waits for the first's row lock.
      const secondPid = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
      const racing = play(second, 'click_twice', 'rnd_twice_b', '2026-11-01T00:00:00.001Z');
      for (let waiting = false; !waiting; ) {
        const row = await one<{ waiting: boolean }>(
          `select coalesce((select wait_event_type = 'Lock' from pg_stat_activity where pid = $1), false) as waiting`,
          [secondPid],
        );
        waiting = row.waiting;
      }
      await first.query('commit');
      expect(await racing).toEqual({ result: 'stale', round_id: null });
      // Asked again (as the spin path does after a stale answer), it finds the first.
      expect(await play(second, 'click_twice', 'rnd_twice_c', '2026-11-01T00:00:00.002Z')).toEqual({
        result: 'duplicate',
        round_id: 'rnd_twice_a',
      });
      const rounds = await q(
        `select id from rounds where session_id = 'ses_1' and client_round_id = 'click_twice'`,
      );
      expect(rounds).toEqual([{ id: 'rnd_twice_a' }]);
    } finally {
      first.release();
      second.release();
    }
  });

  it('refuses, whole, a round whose month does not exist', async () => {
    const version = await one(`select state_version from game_sessions where id = 'ses_2'`);
    await expect(play(store.pool, 'click_2020', 'rnd_year_2020', '2020-01-15T00:00:00Z', 2)).rejects.toThrow(
      /no partition of relation "rounds"/,
    );
    expect(await q(`select id from rounds where id = 'rnd_year_2020'`)).toEqual([]);
    expect(await q(`select id from wallet_transactions where round_id = 'rnd_year_2020'`)).toEqual([]);
    expect(await one(`select state_version from game_sessions where id = 'ses_2'`)).toEqual(version);
  });
});

describe('the jackpot ledger by month (migration 031)', () => {
  it('keeps every entry, each in the month it was recorded, with months made ahead', async () => {
    expect(before.entries).toBe(Math.floor(ROUNDS / 10));
    const { perMonth, inPartitions } = await byMonth('jackpot_ledger', 'recorded_at');
    expect(inPartitions).toEqual(perMonth);
    expect(perMonth.map((m) => m.month)).toEqual(['2026-07', '2026-08', '2026-09', '2026-10']);
    const ahead = await one<{ name: string | null }>(
      `select to_regclass('jackpot_ledger_' || to_char(now() + interval '3 months', 'YYYY_MM'))::text as name`,
    );
    expect(ahead.name).not.toBeNull();
    const kind = await one<{ kind: string }>(
      `select relkind::text as kind from pg_class where relname = 'jackpot_ledger'`,
    );
    expect(kind.kind).toBe('p');
  });

  it('stays append-only in every month', async () => {
    await expect(q(`update jackpot_ledger set body = 'forged' where seq = 1`)).rejects.toThrow();
    await expect(q(`delete from jackpot_ledger where seq = 2`)).rejects.toThrow();
    expect((await counts()).entries).toBe(before.entries);
  });

  /** A seal's chain as the sealer makes it, without the hashing: every hash a placeholder. */
  const chain = (
    last: { seq: bigint; hash: string; block: bigint } | null,
    entries: PendingEntry[],
  ): { ledger: LedgerEntry[]; block: BlockRow } => {
    const from = (last?.seq ?? 0n) + 1n;
    const block = (last?.block ?? 0n) + 1n;
    const ledger = entries.map((entry, i) => ({
      pool_id: 'jp_part',
      seq: from + BigInt(i),
      block,
      kind: entry.kind,
      round_id: entry.round_id,
      round_ids: entry.round_ids,
      body: entry.body,
      prev_hash: 'h',
      hash: 'h',
      recorded_at: entry.created_at,
    }));
    return {
      ledger,
      block: {
        pool_id: 'jp_part',
        block,
        first_seq: from,
        last_seq: from + BigInt(entries.length - 1),
        merkle_root: 'm',
        last_hash: 'h',
        sealed_at: new Date(),
      },
    };
  };

  it('seals on from the last block: the next seq once, and a second seal from the same place fails whole', async () => {
    const repo = jackpotsRepo(store.db);
    await q(
      `insert into jackpot_pending (pool_id, kind, round_id, body_text) values ('jp_part', 'contribution', 'rnd_new', '{}')`,
    );
    expect(await repo.seal('jp_part', 10, chain)).toBe(1);
    expect(await repo.ledgerLength('jp_part')).toBe(BigInt(before.entries + 1));
    const [entry] = await q<{ seq: string; month: string }>(
      `select seq::text, tableoid::regclass::text as month from jackpot_ledger where round_id = 'rnd_new'`,
    );
    expect(entry?.seq).toBe(String(before.entries + 1));
    // a seal that read the chain where the last one did (two nodes at once): its block is taken
    await q(
      `insert into jackpot_pending (pool_id, kind, round_id, body_text) values ('jp_part', 'contribution', 'rnd_twice', '{}')`,
    );
    const stale = { seq: BigInt(before.entries), hash: 'h', block: 1n };
    await expect(repo.seal('jp_part', 10, (_last, entries) => chain(stale, entries))).rejects.toThrow(
      /jackpot_blocks_pkey/,
    );
    expect(await q(`select 1 from jackpot_ledger where round_id = 'rnd_twice'`)).toEqual([]);
    expect(await repo.seal('jp_part', 10, chain)).toBe(1);
    expect(await repo.ledgerLength('jp_part')).toBe(BigInt(before.entries + 2));
  });

  it("keeps a sealed entry's text, round ids and time exactly as the seal made them (they are hashed)", async () => {
    const repo = jackpotsRepo(store.db);
    const body = JSON.stringify({ rounds: [{ round_id: 'rnd_"q"', note: 'a\\b, {c} ü €', stake: '5' }] });
    const ids = ['rnd_"q"', 'rnd_b\\s', 'rnd,c'];
    await q(
      `insert into jackpot_pending (pool_id, kind, round_ids, body_text, created_at)
         values ('jp_part', 'contributions', $1, $2, '2026-11-28T08:00:00.123Z')`,
      [ids, body],
    );
    const at = new Date('2026-11-28T08:00:00.123Z');
    expect(await repo.seal('jp_part', 10, chain)).toBe(1);
    const [row] = await q<{ body: string; round_ids: string[]; round_id: string | null; recorded_at: Date }>(
      `select body, round_ids, round_id, recorded_at from jackpot_ledger where kind = 'contributions' and pool_id = 'jp_part'`,
    );
    expect(row).toEqual({ body, round_ids: ids, round_id: null, recorded_at: at });
  });
});

describe("the ledger's months apart from the rounds'", () => {
  it("makes a month of rounds while a report holds the ledger, and the ledger's month in its own statement", async () => {
    // A report reads the ledger, then the rounds, in one transaction. Making a month of rounds must
    // not wait for it: one statement that also made the ledger's month held the rounds' lock while it
    // waited for the ledger's, and the report's read of the rounds closed the circle (a deadlock).
    const report = await store.pool.connect();
    const maker = await store.pool.connect();
    try {
      await report.query('begin');
      await report.query('select count(*) from jackpot_ledger');
      await maker.query(`set lock_timeout = '5s'`);
      expect((await maker.query(`select rf_partition_month('2031-01-01') as made`)).rows[0].made).toBe(true);
      await report.query('select count(*) from rounds');
      await report.query('commit');
      expect(await one(`select to_regclass('jackpot_ledger_2031_01')::text as name`)).toEqual({ name: null });
      const made = await maker.query(`select rf_jackpot_ledger_month('2031-01-01') as made`);
      expect(made.rows[0].made).toBe(true);
      const again = await maker.query(`select rf_jackpot_ledger_month('2031-01-01') as made`);
      expect(again.rows[0].made).toBe(false);
    } finally {
      await report.query('rollback').catch(() => {});
      report.release();
      maker.release();
    }
  });
});

describe('retiring a month', () => {
  it('refuses a month that holds an open round, and changes nothing', async () => {
    const outcome = await retireMonth(store.pool, '2026-10');
    expect(outcome).toEqual({
      result: 'refused',
      month: '2026-10',
      open_rounds: OPEN,
      unfinished_transactions: OPEN,
    });
    expect((await attachedMonths(store.pool)).map((m) => m.month)).toContain('2026-10');
    expect(await q(`select 1 from pg_namespace where nspname = 'archive'`)).toEqual([]);
  });

  it('archives a settled month: detached, in the archive schema, apart from the live tables', async () => {
    const july = await one<{ rounds: number; transactions: number; attempts: number }>(
      `select (select count(*)::int from rounds_2026_07) as rounds,
              (select count(*)::int from wallet_transactions_2026_07) as transactions,
              (select count(*)::int from wallet_attempts_2026_07) as attempts`,
    );
    const total = await counts();
    const julyEntries = await one<{ n: number }>('select count(*)::int as n from jackpot_ledger_2026_07');
    expect(julyEntries.n).toBeGreaterThan(0);
    const outcome = await retireMonth(store.pool, '2026-07');
    expect(outcome).toEqual({
      result: 'retired',
      month: '2026-07',
      archived: [
        'archive.rounds_2026_07',
        'archive.wallet_transactions_2026_07',
        'archive.wallet_attempts_2026_07',
      ],
      open_rounds: 0,
      unfinished_transactions: 0,
    });
    expect((await attachedMonths(store.pool)).map((m) => m.month)).not.toContain('2026-07');
    expect(
      await one(
        `select (select count(*)::int from archive.rounds_2026_07) as rounds,
                (select count(*)::int from archive.wallet_transactions_2026_07) as transactions,
                (select count(*)::int from archive.wallet_attempts_2026_07) as attempts`,
      ),
    ).toEqual(july);
    const after = await counts();
    expect(after.rounds).toBe(total.rounds - july.rounds);
    // the jackpot ledger's month stays: it is the pools' public proof from their seeds
    expect(after.entries).toBe(total.entries);
    expect(await one('select count(*)::int as n from jackpot_ledger_2026_07')).toEqual(julyEntries);
    expect(after.transactions).toBe(total.transactions - july.transactions);
    // The archive keeps its own month's keys and none to live tables: deleting a session leaves it.
    const keys = await q<{ target: string }>(
      `select confrelid::regclass::text as target from pg_constraint
        where contype = 'f' and conrelid::regclass::text like 'archive.%' order by 1`,
    );
    expect(keys.map((k) => k.target)).toEqual([
      'archive.rounds_2026_07',
      'archive.wallet_transactions_2026_07',
      'archive.wallet_transactions_2026_07',
    ]);
    expect(await retireMonth(store.pool, '2026-07')).toEqual({ result: 'absent', month: '2026-07' });
  });
});
