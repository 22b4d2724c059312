-- The shard rows a batch of rounds will add to, locked first and in tier order, so that two batches
-- whose connections share a shard number never wait for each other in opposite orders.
create or replace function rf_jackpot_lock_shards(p_rounds jsonb) returns void
language plpgsql as $$
declare
  v_shard smallint := (pg_backend_pid() % 16)::smallint;
begin
  perform 1 from jackpot_meter_shards m
    where m.shard = v_shard and m.tier_id in (
      select t.value ->> 'tier_id'
        from jsonb_array_elements(p_rounds) r,
          jsonb_array_elements(coalesce(r.value -> 'jackpot', '[]'::jsonb)) p,
          jsonb_array_elements(p.value -> 'tiers') t)
    order by m.tier_id
    for update;
end;
$$;
