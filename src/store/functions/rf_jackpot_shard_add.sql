-- Adds to a pool's meters (fine units, element = tier position + 1; negative to take off): on the
-- first of the pool's 16 shard rows (made with the pool) that no other transaction holds, from the
-- one this connection's process id picks, waiting for that one only when all are held. A shard row
-- stays held until the commit, its disk flush included, so callers take it as their last row lock
-- and in pool order: rf_jackpot_add at a statement's end, rf_jackpot_void after its tier rows. (Each
-- connection once took its process id's row: two that shared it waited for each other's flush.)
create or replace function rf_jackpot_shard_add(p_pool text, p_meter bigint[], p_reserve bigint[]) returns void
language plpgsql as $$
declare
  v_shard smallint := (pg_backend_pid() % 16)::smallint;
  v_row smallint;
begin
  select s.shard into v_row from jackpot_meter_shards s where s.pool_id = p_pool
    order by (s.shard - v_shard + 16) % 16 limit 1 for update skip locked;
  update jackpot_meter_shards s set
      meter_fine = array[s.meter_fine[1] + p_meter[1], s.meter_fine[2] + p_meter[2], s.meter_fine[3] + p_meter[3],
        s.meter_fine[4] + p_meter[4], s.meter_fine[5] + p_meter[5], s.meter_fine[6] + p_meter[6],
        s.meter_fine[7] + p_meter[7], s.meter_fine[8] + p_meter[8]],
      reserve_fine = array[s.reserve_fine[1] + p_reserve[1], s.reserve_fine[2] + p_reserve[2],
        s.reserve_fine[3] + p_reserve[3], s.reserve_fine[4] + p_reserve[4], s.reserve_fine[5] + p_reserve[5],
        s.reserve_fine[6] + p_reserve[6], s.reserve_fine[7] + p_reserve[7], s.reserve_fine[8] + p_reserve[8]]
    where s.pool_id = p_pool and s.shard = coalesce(v_row, v_shard);
  if not found then
    raise exception 'jackpot pool % has no shard row %', p_pool, coalesce(v_row, v_shard);
  end if;
end;
$$;
