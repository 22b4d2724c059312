-- The shard rows a batch of rounds will add to, locked first and in pool order, so that two batches
-- whose connections share a shard number never wait for each other in opposite orders.
create or replace function rf_jackpot_lock_shards(p_rounds jsonb) returns void
language plpgsql as $$
declare
  v_shard smallint := (pg_backend_pid() % 16)::smallint;
begin
  perform 1 from jackpot_meter_shards m
    where m.shard = v_shard and m.pool_id in (
      select p.value ->> 'pool_id'
        from jsonb_array_elements(p_rounds) r,
          jsonb_array_elements(coalesce(r.value -> 'jackpot', '[]'::jsonb)) p)
    order by m.pool_id
    for update;
end;
$$;
