-- One month of the jackpot ledger (migration 031: partitioned by recorded_at, the month in UTC;
-- never retired). Made with the round tables' months but in a statement of its own (see
-- rf_partition_month). Idempotent; answers true when it made the month, false when the month was
-- there or the ledger is not partitioned.
create or replace function rf_jackpot_ledger_month(p_month date) returns boolean
language plpgsql as $$
declare
  v_from timestamptz := date_trunc('month', p_month::timestamp) at time zone 'UTC';
  v_to timestamptz := (date_trunc('month', p_month::timestamp) + interval '1 month') at time zone 'UTC';
  v_name text := 'jackpot_ledger_' || to_char(p_month, 'YYYY_MM');
begin
  if to_regclass(format('%I', v_name)) is not null
    or (select relkind from pg_class where oid = to_regclass('jackpot_ledger')) is distinct from 'p' then
    return false;
  end if;
  execute format('create table if not exists %I partition of jackpot_ledger for values from (%L) to (%L)',
    v_name, v_from, v_to);
  return true;
end;
$$;
