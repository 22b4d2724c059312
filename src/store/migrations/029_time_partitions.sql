-- Issue 30, step 2 of docs/operations.md: rounds, wallet_transactions and wallet_attempts become
-- tables partitioned by month (PostgreSQL's declarative range partitioning), so vacuum and index
-- sizes follow the hot months and old months are archived whole (reelforge partitions retire).
--
-- The partition key is the round's created_at: a round's transactions and their attempts carry it
-- as round_created_at, so a round, its transactions and its attempts are in the same month, and
-- every foreign key between them stays inside one month (rf_partition_month). Not the session's
-- start: a game_sessions row is one per player, game, currency and mode, launched again and again
-- for as long as the player plays, so it would hold a player's rounds in the month of their first
-- launch forever.
--
-- Keys. A unique key of a partitioned table must hold the partition key, so the primary keys become
-- (id, created_at) and (id, round_created_at). Ids are 96 random bits, or derived from such an id
-- within one round (and so one month). The click key (session_id, client_round_id) cannot stay a
-- unique index across months; it stays exact because every round is inserted under its session's
-- row lock (rf_open_callback_round takes it before it looks for the click; rf_play_internal_round's
-- compare-and-set on state_version makes a second insert of the same click fail), and the look-up
-- reads every attached month (rounds_click_idx).
--
-- PostgreSQL 15 has no identity columns on partitioned tables: seq and wallet_attempts.id take
-- their next value from a sequence by default, continuing the old ones.
drop view wallet_attempt_log;

alter table rounds rename to rounds_unpartitioned;
alter table wallet_transactions rename to wallet_transactions_unpartitioned;
alter table wallet_attempts rename to wallet_attempts_unpartitioned;
alter index rounds_pkey rename to rounds_unpartitioned_pkey;
alter index wallet_transactions_pkey rename to wallet_transactions_unpartitioned_pkey;
alter index wallet_attempts_pkey rename to wallet_attempts_unpartitioned_pkey;

create sequence rounds_seq_next;
select setval('rounds_seq_next', coalesce((select max(seq) from rounds_unpartitioned), 0) + 1, false);
create sequence wallet_attempts_id_next;
select setval('wallet_attempts_id_next', coalesce((select max(id) from wallet_attempts_unpartitioned), 0) + 1, false);

create table rounds (like rounds_unpartitioned including defaults including constraints)
  partition by range (created_at);
alter table rounds alter column seq set default nextval('rounds_seq_next');

create table wallet_transactions (like wallet_transactions_unpartitioned including defaults including constraints,
  round_created_at timestamptz not null)
  partition by range (round_created_at);

create table wallet_attempts (like wallet_attempts_unpartitioned including defaults including constraints,
  round_created_at timestamptz not null)
  partition by range (round_created_at);
alter table wallet_attempts alter column id set default nextval('wallet_attempts_id_next');

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

-- Every month that holds a round, and this month and the next three: their tables first, loaded
-- before any index or key (a key checked row by row took most of the time), the keys after.
create temporary table upgrade_months on commit drop as
  select month::date as month from generate_series(
    date_trunc('month', least(coalesce((select min(created_at) from rounds_unpartitioned), now()), now()) at time zone 'UTC'),
    date_trunc('month', now() at time zone 'UTC') + interval '3 months',
    interval '1 month') month;
select rf_partition_month(month, false) from upgrade_months;

insert into rounds select * from rounds_unpartitioned;
insert into wallet_transactions
  select t.*, r.created_at from wallet_transactions_unpartitioned t join rounds_unpartitioned r on r.id = t.round_id;
insert into wallet_attempts
  select a.*, t.round_created_at from wallet_attempts_unpartitioned a join wallet_transactions t on t.id = a.transaction_id;

-- Not a row lost: the old foreign keys (every transaction has its round, every attempt its
-- transaction) make the joins above keep every row; this says so before the old tables go.
do $$
begin
  if (select count(*) from rounds) <> (select count(*) from rounds_unpartitioned)
    or (select count(*) from wallet_transactions) <> (select count(*) from wallet_transactions_unpartitioned)
    or (select count(*) from wallet_attempts) <> (select count(*) from wallet_attempts_unpartitioned) then
    raise exception 'partitioned copies do not hold every row';
  end if;
end;
$$;

drop table wallet_attempts_unpartitioned, wallet_transactions_unpartitioned, rounds_unpartitioned;
alter table rounds add constraint rounds_pkey primary key (id, created_at);
alter table wallet_transactions add constraint wallet_transactions_pkey primary key (id, round_created_at);
alter table wallet_attempts add constraint wallet_attempts_pkey primary key (id, round_created_at);
-- Each month's keys, checked over its rows: a rollback whose debit were of another round would stop
-- the upgrade here.
select rf_partition_month(month) from upgrade_months;
alter sequence rounds_seq_next rename to rounds_seq_seq;
alter sequence rounds_seq_seq owned by rounds.seq;
alter sequence wallet_attempts_id_next rename to wallet_attempts_id_seq;
alter sequence wallet_attempts_id_seq owned by wallet_attempts.id;

alter table rounds add constraint rounds_session_id_fkey foreign key (session_id) references game_sessions (id) on delete cascade;
alter table rounds add constraint rounds_operator_id_fkey foreign key (operator_id) references operators (id) on delete cascade;
alter table rounds add constraint rounds_free_round_grant_id_fkey foreign key (free_round_grant_id) references free_round_grants (id);

-- The click's look-up (not unique: see above), and the indexes the tables had.
create index rounds_click_idx on rounds (session_id, client_round_id);
create index rounds_grant_idx on rounds (free_round_grant_id) where free_round_grant_id is not null;
create index rounds_open_idx on rounds (session_id) where status = 'open';
create index rounds_player_idx on rounds (operator_id, player_id, seq desc);
create index rounds_player_time_idx on rounds (operator_id, player_id, created_at desc, id desc);
create index rounds_session_idx on rounds (session_id, seq desc);
create index wallet_transactions_due_idx on wallet_transactions (next_attempt_at) where status = 'pending';
create index wallet_transactions_parked_idx on wallet_transactions (operator_id, player_id, game_symbol) where status = 'failed';
create index wallet_transactions_report_idx on wallet_transactions (operator_id, created_at, id);
create index wallet_transactions_round_idx on wallet_transactions (round_id);
create index wallet_attempts_tx_idx on wallet_attempts (transaction_id, id);

create or replace function rf_round_created_at_fixed() returns trigger
language plpgsql as $$
begin
  raise exception 'the created_at of round % does not change', old.id;
end;
$$;
create trigger rounds_created_at_fixed before update of created_at on rounds
  for each row when (new.created_at is distinct from old.created_at)
  execute function rf_round_created_at_fixed();
create trigger rounds_cancelled_net after update of status on rounds
  for each row when (new.status = 'cancelled' and old.status is distinct from 'cancelled')
  execute function rf_round_cancelled_net();
create trigger rounds_jurisdiction before insert on rounds
  for each row when (new.jurisdiction_code is null)
  execute function rf_round_jurisdiction();
create trigger wallet_transactions_scrub_token before update of status on wallet_transactions
  for each row when (old.status in ('pending', 'failed') and new.status not in ('pending', 'failed') and new.body is not null)
  execute function rf_scrub_decided_token();

create view wallet_attempt_log as
  select a.transaction_id, a.request_id, a.started_at, a.latency_ms, a.http_status, a.result, a.error,
      a.response_body
    from wallet_attempts a
  union all
  select t.id, a.request_id, a.started_at, a.latency_ms, a.http_status, a.result, a.error, a.response_body
    from wallet_transactions t,
      jsonb_populate_record(null::wallet_attempts, t.acknowledged_attempt) a
    where t.acknowledged_attempt is not null;
