-- The jackpot shares of a statement's rounds (issue 28, "no hot row"): one shard row update a pool
-- for all of them, and one 'contributions' entry a pool in its ledger listing each round's shares,
-- where each round used to write its own. Called at the end of rf_play_internal_rounds and of
-- rf_callback_steps ('open') when a round went ahead; a round that may win has made its claims before
-- (rf_jackpot_feed), counting these shares.
--
-- p_pools: [{ "pool_id", "meter": "{m1,…,m8}", "reserve": "{r1,…,r8}", "round_ids": "{id,…}",
-- "body": text }], as the node sends them (store/ledger.repo.ts#jackpotPools) or rf_jackpot_pools
-- makes them: the sums of the rounds' shares per tier (fine units, element = position + 1) and the
-- entry's text, {"rounds": [{ "round_id", "operator_id", "currency", "stake", "rate": [num, den],
-- "tiers": [{ "tier_id", "position", "meter", "reserve", "dust" }] }, …]}. Nothing here is grouped,
-- summed or built: that cost more than the rest of a fed round's work in the statement.
--
-- The shares go on a shard row no other transaction holds (rf_jackpot_shard_add), the statement's last
-- row locks, taken in pool order.
create or replace function rf_jackpot_add(p_pools jsonb) returns void
language plpgsql as $$
declare
  v_pool jsonb;
  v_meter bigint[];
  v_reserve bigint[];
begin
  for v_pool in select p.value from jsonb_array_elements(p_pools) p order by p.value ->> 'pool_id' loop
    v_meter := (v_pool ->> 'meter')::bigint[];
    v_reserve := (v_pool ->> 'reserve')::bigint[];
    if cardinality(v_meter) is distinct from 8 or cardinality(v_reserve) is distinct from 8
      or array_position(v_meter, null) is not null or array_position(v_reserve, null) is not null
      or v_pool ->> 'round_ids' is null or v_pool ->> 'body' is null then
      raise exception 'jackpot pool %: a statement''s pool needs its round_ids, body and sums of 8 tiers (meter %, reserve %)',
        v_pool ->> 'pool_id', v_pool ->> 'meter', v_pool ->> 'reserve';
    end if;
    perform rf_jackpot_shard_add(v_pool ->> 'pool_id', v_meter, v_reserve);
    insert into jackpot_pending (pool_id, kind, round_ids, body_text, created_at)
      values (v_pool ->> 'pool_id', 'contributions', (v_pool ->> 'round_ids')::text[], v_pool ->> 'body', now());
  end loop;
end;
$$;
