-- Issue 30, step 1, for the jackpot ledger (issue 28): a pool's ledger has an entry for every round
-- that feeds it, so it grows with the rounds; it becomes a table partitioned by month of recorded_at
-- (the time its round wrote the entry), made ahead with the rounds' months by rf_partition_month.
--
-- Keys. A unique key of a partitioned table must hold the partition key, so the primary key becomes
-- (pool_id, seq, recorded_at). One entry a seq stays exact: every entry is written by a seal, which
-- takes the pool's advisory lock, continues from the pool's last block and writes its own block in
-- the same transaction, and jackpot_blocks (not partitioned) keeps (pool_id, block) unique, so a
-- second seal from the same place fails whole. The sealer reads where the chain stands from
-- jackpot_blocks, not from the ledger's months.
--
-- Unlike a month of rounds, a month of the ledger is not retired: the ledger is each pool's public
-- proof from its seed (its page recomputes the chain from the first entry), so its months stay
-- attached; partitioning keeps each month's vacuum and indexes its own, and a month nobody writes
-- any more can move to cheaper storage whole (ALTER TABLE … SET TABLESPACE).
alter table jackpot_ledger rename to jackpot_ledger_unpartitioned;
alter index jackpot_ledger_pkey rename to jackpot_ledger_unpartitioned_pkey;
alter index jackpot_ledger_round_idx rename to jackpot_ledger_unpartitioned_round_idx;
alter table jackpot_ledger_unpartitioned rename constraint jackpot_ledger_pool_id_fkey
  to jackpot_ledger_unpartitioned_pool_id_fkey;

create table jackpot_ledger (like jackpot_ledger_unpartitioned including defaults including constraints)
  partition by range (recorded_at);

-- Every month that holds an entry, and this month and the next three (as rf_partition_month makes
-- them from now on), loaded before the keys and indexes.
do $$
declare
  v_month date;
begin
  for v_month in
    select m::date from generate_series(
      date_trunc('month', least(coalesce((select min(recorded_at) from jackpot_ledger_unpartitioned), now()), now())
        at time zone 'UTC'),
      date_trunc('month', now() at time zone 'UTC') + interval '3 months',
      interval '1 month') m
  loop
    execute format('create table %I partition of jackpot_ledger for values from (%L) to (%L)',
      'jackpot_ledger_' || to_char(v_month, 'YYYY_MM'),
      v_month::timestamp at time zone 'UTC',
      (v_month + interval '1 month')::timestamp at time zone 'UTC');
  end loop;
end;
$$;

insert into jackpot_ledger select * from jackpot_ledger_unpartitioned;
do $$
begin
  if (select count(*) from jackpot_ledger) <> (select count(*) from jackpot_ledger_unpartitioned) then
    raise exception 'the partitioned ledger does not hold every entry';
  end if;
end;
$$;
drop table jackpot_ledger_unpartitioned;

alter table jackpot_ledger add constraint jackpot_ledger_pkey primary key (pool_id, seq, recorded_at);
alter table jackpot_ledger add constraint jackpot_ledger_pool_id_fkey
  foreign key (pool_id) references jackpot_pools (id);
create index jackpot_ledger_round_idx on jackpot_ledger (round_id) where round_id is not null;
create trigger jackpot_ledger_append_only before update or delete on jackpot_ledger
  for each row execute function rf_audit_append_only();
