-- Trigger (rounds_created_at_fixed; migration 029): a round's created_at is its month, the partition
-- key its transactions and attempts carry, each month with its own foreign keys. Moving it to another
-- month would delete the round from its month and so, by those keys, its transactions: refused.
create or replace function rf_round_created_at_fixed() returns trigger
language plpgsql as $$
begin
  raise exception 'the created_at of round % does not change', old.id;
end;
$$;
