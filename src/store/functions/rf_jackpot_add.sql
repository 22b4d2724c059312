-- The jackpot shares of a statement's rounds (issue 28, "no hot row"): one shard row update a pool
-- for all of them, and one 'contributions' entry a pool in its ledger listing each round's shares,
-- where each round used to write its own. Called at the end of rf_play_internal_rounds and of
-- rf_callback_steps ('open') for the rounds that went ahead; a round that may win has made its claims
-- before (rf_jackpot_feed), counting these shares.
--
-- p_shares: one a round, in order: the round's "jackpot_entries", [{ "pool_id", "entry": { "round_id",
-- "operator_id", "currency", "stake", "rate": [num, den], "tiers": [{ "tier_id", "position", "meter",
-- "reserve", "dust" }] } }], made by the node (store/ledger.repo.ts): the entries are collected, not
-- built here (building JSON here cost more than the rest of the work).
--
-- The shard row: the first of the pool's 16 (made with the pool) that no other transaction holds,
-- from the one this connection's process id picks; only when all are held does it wait for that one.
-- A shard row stays held until the commit, its disk flush included: two connections that picked the
-- same row by their process ids waited for each other's flush. Shard rows are a statement's last row
-- locks, taken in pool order (rf_jackpot_void takes them the same way, after its tier rows), and
-- waited for only when all 16 of a pool's rows are held.
create or replace function rf_jackpot_add(p_shares jsonb[]) returns void
language plpgsql
-- JIT off: see rf_play_internal_rounds.sql
set jit = off as $$
declare
  v_shard smallint := (pg_backend_pid() % 16)::smallint;
  v_pool record;
  v_m bigint[];
  v_r bigint[];
  v_row smallint;
begin
  for v_pool in
    select e.value ->> 'pool_id' as pool_id, array_agg(e.value -> 'entry' ->> 'round_id' order by u.n) as round_ids,
        array_agg(e.value -> 'entry' order by u.n) as rounds
      from unnest(p_shares) with ordinality u(share, n)
        cross join lateral jsonb_array_elements(u.share) e
      group by 1
      order by 1
  loop
    select array_agg(coalesce(s.m, 0) order by k.k), array_agg(coalesce(s.r, 0) order by k.k) into v_m, v_r
      from generate_series(1, 8) k(k)
      left join (
        select (t.value ->> 'position')::integer + 1 as pos, sum((t.value ->> 'meter')::bigint)::bigint as m,
            sum((t.value ->> 'reserve')::bigint)::bigint as r
          from unnest(v_pool.rounds) e(entry), jsonb_array_elements(e.entry -> 'tiers') t
          group by 1
      ) s on s.pos = k.k;
    select s.shard into v_row from jackpot_meter_shards s where s.pool_id = v_pool.pool_id
      order by (s.shard - v_shard + 16) % 16 limit 1 for update skip locked;
    v_row := coalesce(v_row, v_shard);
    update jackpot_meter_shards s set
        meter_fine = array[s.meter_fine[1] + v_m[1], s.meter_fine[2] + v_m[2], s.meter_fine[3] + v_m[3],
          s.meter_fine[4] + v_m[4], s.meter_fine[5] + v_m[5], s.meter_fine[6] + v_m[6],
          s.meter_fine[7] + v_m[7], s.meter_fine[8] + v_m[8]],
        reserve_fine = array[s.reserve_fine[1] + v_r[1], s.reserve_fine[2] + v_r[2], s.reserve_fine[3] + v_r[3],
          s.reserve_fine[4] + v_r[4], s.reserve_fine[5] + v_r[5], s.reserve_fine[6] + v_r[6],
          s.reserve_fine[7] + v_r[7], s.reserve_fine[8] + v_r[8]]
      where s.pool_id = v_pool.pool_id and s.shard = v_row;
    if not found then
      raise exception 'jackpot pool % has no shard row %', v_pool.pool_id, v_row;
    end if;
    insert into jackpot_pending (pool_id, kind, round_ids, body, created_at)
      values (v_pool.pool_id, 'contributions', v_pool.round_ids, jsonb_build_object('rounds', to_jsonb(v_pool.rounds)),
        now());
  end loop;
end;
$$;

