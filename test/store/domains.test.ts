// The spin path's tables keep their single-column rules as domains (migration 034), not as table
// CHECK constraints: PostgreSQL reads a table's checks from their text form and plans them again at
// every INSERT or UPDATE of the table, all of them, which cost 13 % of a spin's database CPU. Any new
// single-column check on these tables brings that cost back, so it fails here; the rules themselves
// hold as before (23514 on a violation, whichever statement writes the value).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore } from '../helpers/db.ts';

/** The tables a spin writes (internal, callback, jackpot-fed). */
const SPIN_TABLES = ['rounds', 'wallet_transactions', 'wallet_balances', 'game_sessions', 'jackpot_pending'];
/** A check over two columns cannot be a domain: it stays a table check, and is the only one. */
const TABLE_CHECKS = ['rounds_check'];

let pool: pg.Pool;
let drop: () => Promise<void>;

beforeAll(async () => {
  const made = await createTestStore();
  pool = made.store.pool;
  drop = async () => {
    await made.store.close();
    await made.drop();
  };
});
afterAll(async () => drop?.());

/** The sqlstate a statement fails with, or 'ok'. */
async function outcome(sql: string, values: unknown[] = []): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`insert into operators (id, name, wallet_mode) values ('op', 'Op', 'internal')`);
    await client.query(sql, values);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe('the spin path has no per-statement checks', () => {
  it('keeps only the two-column check on the tables a spin writes, their partitions included', async () => {
    const { rows } = await pool.query<{ table: string; name: string }>(
      `select coalesce(i.inhparent, c.conrelid)::regclass::text as table, c.conname as name
         from pg_constraint c left join pg_inherits i on i.inhrelid = c.conrelid
        where c.contype = 'c' and coalesce(i.inhparent, c.conrelid)::regclass::text = any($1)`,
      [SPIN_TABLES],
    );
    expect(rows.length).toBeGreaterThan(0); // the parent's and each month's rounds_check
    expect([...new Set(rows.map((row) => row.name))]).toEqual(TABLE_CHECKS);
  });

  it('types the ruled columns with domains that carry the rules', async () => {
    const { rows } = await pool.query<{ column: string; domain: string; rule: string }>(
      `select c.table_name || '.' || c.column_name as column, c.domain_name as domain,
              pg_get_constraintdef(k.oid) as rule
         from information_schema.columns c
         join pg_type t on t.typname = c.domain_name and t.typnamespace = current_schema()::regnamespace
         join pg_constraint k on k.contypid = t.oid
        where c.table_schema = current_schema() and c.table_name = any($1)
        order by 1`,
      [SPIN_TABLES],
    );
    const rule = Object.fromEntries(rows.map((row) => [row.column, row.rule]));
    expect(rule['rounds.stake']).toBe('CHECK ((VALUE >= 0))');
    expect(rule['wallet_balances.balance']).toBe('CHECK ((VALUE >= 0))');
    expect(rule['wallet_transactions.status']).toMatch(/'pending'.*'acknowledged'.*'resolved'/);
    expect(rule['rounds.certificate_hash']).toContain('[0-9a-f]{64}');
    expect(rule['game_sessions.loss_limit']).toBe('CHECK ((VALUE > 0))');
    expect(rule['jackpot_pending.kind']).toMatch(/'contributions'/);
    expect(rows).toHaveLength(20); // 8 of rounds, 4, 1, 6 and 1
  });
});

describe('the rules hold as before', () => {
  it('refuses a negative balance, stake or amount, and a bad status, with check_violation', async () => {
    expect(
      await outcome(
        `insert into wallet_balances (operator_id, player_id, currency, balance) values ('op', 'p', 'EUR', -1)`,
      ),
    ).toBe('23514');
    expect(
      await outcome(
        `insert into wallet_balances (operator_id, player_id, currency, balance) values ('op', 'p', 'EUR', 0)`,
      ),
    ).toBe('ok');
    // An UPDATE that writes the column is checked.
    expect(
      await outcome(`insert into wallet_balances (operator_id, player_id, currency, balance) values ('op', 'q', 'EUR', 5);
        update wallet_balances set balance = balance - 6 where player_id = 'q'`),
    ).toBe('23514');
    expect(await outcome(`select 'nope'::rf_transaction_status`)).toBe('23514');
    expect(await outcome(`select 'resolved'::rf_transaction_status`)).toBe('ok');
    expect(await outcome(`select 'ABC'::rf_sha256_hex`)).toBe('23514');
    expect(await outcome(`select 0::rf_positive_integer`)).toBe('23514');
    expect(await outcome(`select null::rf_positive_bigint`)).toBe('ok'); // an unset limit
    expect(await outcome(`select 'cancelled'::rf_round_status`)).toBe('ok');
    expect(await outcome(`select 'void'::rf_round_status`)).toBe('23514');
  });
});
