-- One month of the round tables (issue 30): a partition of rounds (by the round's created_at), of
-- wallet_transactions and of wallet_attempts (each by its round's created_at, round_created_at), the
-- month in UTC, and the foreign keys between the three months. (The jackpot ledger's month is
-- rf_jackpot_ledger_month's, made in a transaction of its own: one transaction that locked the round
-- tables and the ledger could deadlock with a reader of both, such as a report.) The keys are the partitions' own,
-- not the parents': a row of a month references only rows of the same month, so a month's three
-- partitions are detached and archived together without PostgreSQL checking the rest of the
-- history. Idempotent, part by part: answers true when it made the month's rounds partition. With
-- p_keys false it makes only the tables (migration 029 loads them, then adds the keys).
create or replace function rf_partition_month(p_month date, p_keys boolean default true) returns boolean
language plpgsql as $$
declare
  v_from timestamptz := date_trunc('month', p_month::timestamp) at time zone 'UTC';
  v_to timestamptz := (date_trunc('month', p_month::timestamp) + interval '1 month') at time zone 'UTC';
  v_month text := to_char(p_month, 'YYYY_MM');
  v_rounds text := 'rounds_' || v_month;
  v_txs text := 'wallet_transactions_' || v_month;
  v_attempts text := 'wallet_attempts_' || v_month;
  v_made boolean := to_regclass(format('%I', v_rounds)) is null;
begin
  execute format('create table if not exists %I partition of rounds for values from (%L) to (%L)', v_rounds, v_from, v_to);
  execute format('create table if not exists %I partition of wallet_transactions for values from (%L) to (%L)', v_txs, v_from, v_to);
  execute format('create table if not exists %I partition of wallet_attempts for values from (%L) to (%L)', v_attempts, v_from, v_to);
  if p_keys and not exists (select 1 from pg_constraint where conname = v_txs || '_round_fkey') then
    execute format('alter table %I add constraint %I foreign key (round_id, round_created_at) references %I (id, created_at) on delete cascade',
      v_txs, v_txs || '_round_fkey', v_rounds);
    execute format('alter table %I add constraint %I foreign key (original_transaction_id, round_created_at) references %I (id, round_created_at)',
      v_txs, v_txs || '_original_fkey', v_txs);
    execute format('alter table %I add constraint %I foreign key (transaction_id, round_created_at) references %I (id, round_created_at) on delete cascade',
      v_attempts, v_attempts || '_transaction_fkey', v_txs);
  end if;
  return v_made;
end;
$$;
