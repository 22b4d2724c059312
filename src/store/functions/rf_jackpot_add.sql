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
-- The shares go on a shard row no other transaction holds (rf_jackpot_shard_add), the statement's last
-- row locks, taken in pool order.
create or replace function rf_jackpot_add(p_shares jsonb[]) returns void
language plpgsql as $$
declare
  v_pool record;
  v_m bigint[];
  v_r bigint[];
begin
  for v_pool in
    select e.value ->> 'pool_id' as pool_id, array_agg(e.value -> 'entry' ->> 'round_id' order by u.n) as round_ids,
        array_agg(e.value -> 'entry' order by u.n) as rounds
      from unnest(p_shares) with ordinality u(share, n)
        cross join lateral jsonb_array_elements(u.share) e
      group by 1
      order by 1
  loop
    select s.meter, s.reserve into v_m, v_r from rf_jackpot_shares_sum(p_shares, v_pool.pool_id) s;
    perform rf_jackpot_shard_add(v_pool.pool_id, v_m, v_r);
    insert into jackpot_pending (pool_id, kind, round_ids, body, created_at)
      values (v_pool.pool_id, 'contributions', v_pool.round_ids, jsonb_build_object('rounds', to_jsonb(v_pool.rounds)),
        now());
  end loop;
end;
$$;

