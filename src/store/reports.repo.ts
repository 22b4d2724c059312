// The reconciliation reports' reads: a day's wallet transactions in keyset pages (never the whole
// day in memory) and a range's totals by day, game and currency, summed by PostgreSQL. The rules
// are those of domain/reports.ts (txEffect), said once more here in SQL; test/reports checks that
// both agree on the same rows. A jackpot contribution is no transaction: the totals read it from the
// pools' ledger and the entries the sealer has not chained yet (domain/jackpot-report.ts values it);
// nor is a campaign prize: the totals read those from campaign_prizes.
import { type Kysely, type QueryResult, type RawBuilder, sql } from 'kysely';
import type { Database, WalletTxStatus, WalletTxType } from './schema.ts';

/** A wallet transaction with its round's stake, as the reports read it. */
export interface ReportTxRow {
  id: string;
  round_id: string;
  player_id: string;
  game_symbol: string;
  currency: string;
  wallet_mode: 'internal' | 'callback';
  type: WalletTxType;
  action_type: string;
  amount: bigint;
  status: WalletTxStatus;
  original_transaction_id: string | null;
  round_stake: bigint;
  created_at: Date;
  finished_at: Date | null;
}

/** An operator's totals of a day, game and currency, amounts in minor units. */
export interface TotalsRow {
  operator_id: string;
  date: string;
  game_symbol: string;
  currency: string;
  rounds: number;
  stakes: bigint;
  wins: bigint;
  free_round_wins: bigint;
  jackpot_wins: bigint;
  /** Millionths of a minor unit of `currency` (domain/jackpot-report.ts). */
  jackpot_contributions: bigint;
  /** Campaign prizes paid in cash (issue 29): not transactions of a round, apart from wins. */
  promo_wins: bigint;
  promo_win_count: number;
  rollbacks: number;
  open: number;
}

/** Rows a page of the transactions report reads at once. */
export const REPORT_PAGE_SIZE = 1000;

const FREE_ROUND_ACTIONS = sql`('free_round', 'free_round_feature')`;

export function reportsRepo(db: Kysely<Database>) {
  return {
    /**
     * The operator's transactions created in [start, end), in (created_at, id) order, read a page
     * at a time: each page starts after the last row of the one before (keyset, exact to the
     * microsecond: the cursor is the database's own text of the timestamp).
     */
    async *transactions(
      operatorId: string,
      start: Date,
      end: Date,
      pageSize = REPORT_PAGE_SIZE,
    ): AsyncGenerator<ReportTxRow> {
      let cursor: { at: string; id: string } | null = null;
      for (;;) {
        const after: RawBuilder<unknown> = cursor
          ? sql`and (t.created_at, t.id) > (${cursor.at}::timestamptz, ${cursor.id})`
          : sql``;
        const page: QueryResult<ReportTxRow & { cursor_at: string }> = await sql<
          ReportTxRow & { cursor_at: string }
        >`
          select t.id, t.round_id, t.player_id, t.game_symbol, t.currency, t.wallet_mode, t.type,
                 t.action_type, t.amount, t.status, t.original_transaction_id, r.stake as round_stake,
                 t.created_at, t.finished_at, t.created_at::text as cursor_at
            from wallet_transactions t
            join rounds r on r.id = t.round_id and r.created_at = t.round_created_at
           where t.operator_id = ${operatorId} and t.created_at >= ${start} and t.created_at < ${end}
             ${after}
           order by t.created_at, t.id
           limit ${pageSize}`.execute(db);
        const rows = page.rows;
        for (const { cursor_at: _cursor, ...row } of rows) yield row;
        const last = rows.at(-1);
        if (!last || rows.length < pageSize) return;
        cursor = { at: last.cursor_at, id: last.id };
      }
    },

    /**
     * Totals of [start, end) by operator, UTC day, game and currency (domain/reports.ts rules): of
     * one operator, or of every operator (null) in the same one statement, each operator's range
     * still read through the report index.
     */
    async totals(operatorId: string | null, start: Date, end: Date): Promise<TotalsRow[]> {
      type Amounts =
        | 'stakes'
        | 'wins'
        | 'free_round_wins'
        | 'jackpot_wins'
        | 'jackpot_contributions'
        | 'promo_wins';
      type Raw = Omit<TotalsRow, Amounts> & Record<Amounts, string>;
      const operators = (column: RawBuilder<unknown>) =>
        operatorId === null
          ? sql`${column} = any(array(select id from operators))`
          : sql`${column} = ${operatorId}`;
      const scope = sql`${operators(sql.ref('t.operator_id'))} and t.created_at >= ${start} and t.created_at < ${end}`;
      // One statement, one snapshot: a round's debit and its contribution (written by the same
      // statement) are both counted or neither; an entry is in the ledger or still pending, never both.
      const { rows } = await sql<Raw>`
        with staked as materialized (
          select t.round_id from wallet_transactions t
           where ${scope} and t.type = 'debit' and t.status = 'acknowledged'
             -- (checked once: a house without pools reads no ledger at all)
             and exists (select 1 from jackpot_pools)
        ), contributions as (
          select e.round_id, sum(v.fine) as fine
            from (select l.round_id, l.body::jsonb as body from jackpot_ledger l
                   where l.kind = 'contribution' and l.round_id in (select round_id from staked)
                  union all
                  select p.round_id, p.body_text::jsonb from jackpot_pending p
                   where p.kind = 'contribution' and p.round_id in (select round_id from staked)
                  -- a round's part of its statement's 'contributions' entry (rf_jackpot_add): the entry
                  -- found by the round (the ledger's round_ids index, one lookup a round, as above), the
                  -- round's element taken from its body
                  union all
                  select s.round_id, x.value from staked s
                   cross join lateral (select l.body from jackpot_ledger l
                                        where l.kind = 'contributions' and l.round_ids @> array[s.round_id]) l
                   cross join lateral jsonb_array_elements(l.body::jsonb -> 'rounds') x
                   where x.value ->> 'round_id' = s.round_id
                  union all
                  select x.value ->> 'round_id', x.value from jackpot_pending p
                   cross join lateral jsonb_array_elements(p.body_text::jsonb -> 'rounds') x
                   where p.kind = 'contributions' and x.value ->> 'round_id' in (select round_id from staked)) e
            cross join lateral (
              -- (Σ (meter + reserve)·den + Σ dust) / num: the stake's share in its own fine units
              select div(sum(((x ->> 'meter')::numeric + (x ->> 'reserve')::numeric) * (e.body -> 'rate' ->> 1)::numeric
                       + (x ->> 'dust')::numeric), (e.body -> 'rate' ->> 0)::numeric) as fine
                from jsonb_array_elements(e.body -> 'tiers') x) v
           group by e.round_id
        ), by_transactions as (
          select t.operator_id, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as date, t.game_symbol,
                 t.currency,
                 count(*) filter (where (t.type = 'debit' and t.status = 'acknowledged')
                    or (t.type = 'credit' and r.stake = 0 and t.status in ('acknowledged', 'resolved'))) as rounds,
                 coalesce(sum(t.amount) filter (where t.type = 'debit' and t.status = 'acknowledged'), 0) as stakes,
                 coalesce(sum(t.amount) filter (where t.type = 'credit' and t.status in ('acknowledged', 'resolved')
                    and t.action_type not in ${FREE_ROUND_ACTIONS}), 0) as wins,
                 coalesce(sum(t.amount) filter (where t.type = 'credit' and t.status in ('acknowledged', 'resolved')
                    and t.action_type in ${FREE_ROUND_ACTIONS}), 0) as free_round_wins,
                 coalesce(sum(t.amount) filter (where t.type = 'credit' and t.status in ('acknowledged', 'resolved')
                    and t.action_type = 'jackpot_win'), 0) as jackpot_wins,
                 coalesce(sum(c.fine) filter (where t.type = 'debit' and t.status = 'acknowledged'), 0)
                   as jackpot_contributions,
                 0::numeric as promo_wins, 0::bigint as promo_win_count,
                 count(*) filter (where t.type = 'rollback') as rollbacks,
                 count(*) filter (where t.status in ('pending', 'failed')) as open
            from wallet_transactions t
            join rounds r on r.id = t.round_id and r.created_at = t.round_created_at
            left join contributions c on c.round_id = t.round_id
           where ${scope}
           group by 1, 2, 3, 4
        ), by_prizes as (
          -- campaign prizes (domain/reports.ts): by the day each was won, under the game it is reported with
          select p.operator_id, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD') as date, p.game_symbol,
                 p.currency, 0::bigint as rounds, 0::numeric as stakes, 0::numeric as wins,
                 0::numeric as free_round_wins, 0::numeric as jackpot_wins, 0::numeric as jackpot_contributions,
                 coalesce(sum(p.amount) filter (where p.kind = 'cash' and p.status in ('acknowledged', 'resolved')), 0)
                   as promo_wins,
                 count(*) filter (where p.kind = 'cash' and p.status in ('acknowledged', 'resolved')) as promo_win_count,
                 0::bigint as rollbacks,
                 count(*) filter (where p.status in ('pending', 'failed')) as open
            from campaign_prizes p
           where ${operators(sql.ref('p.operator_id'))} and p.created_at >= ${start} and p.created_at < ${end}
           group by 1, 2, 3, 4
        )
        select operator_id, date, game_symbol, currency, sum(rounds)::int as rounds, sum(stakes)::text as stakes,
               sum(wins)::text as wins, sum(free_round_wins)::text as free_round_wins,
               sum(jackpot_wins)::text as jackpot_wins, sum(jackpot_contributions)::text as jackpot_contributions,
               sum(promo_wins)::text as promo_wins, sum(promo_win_count)::int as promo_win_count,
               sum(rollbacks)::int as rollbacks, sum(open)::int as open
          from (select * from by_transactions union all select * from by_prizes) totals
         group by 1, 2, 3, 4`.execute(db);
      return rows.map((row) => ({
        ...row,
        stakes: BigInt(row.stakes),
        wins: BigInt(row.wins),
        free_round_wins: BigInt(row.free_round_wins),
        jackpot_wins: BigInt(row.jackpot_wins),
        jackpot_contributions: BigInt(row.jackpot_contributions),
        promo_wins: BigInt(row.promo_wins),
      }));
    },

    /** Whether an operator with this id exists. */
    async operatorExists(id: string): Promise<boolean> {
      return (
        (await db.selectFrom('operators').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
      );
    },
  };
}

export type ReportsRepo = ReturnType<typeof reportsRepo>;
