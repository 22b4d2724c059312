-- A statement's pools as the node sends them (store/ledger.repo.ts#jackpotPools), made here for the
-- rounds of p_played only: when some of the statement's fed rounds were not played (their shares
-- taken out of the node's p_pools), or for a statement from a node of the version before (p_pools
-- absent: from the rounds' "jackpot_entries" in p_batch, or from their "jackpot" where even those are
-- absent, rf_jackpot_entries). Slower than the node's: it parses, groups, sums and builds JSON.
-- rf_jackpot_add writes either.
--
-- Answers [{ "pool_id", "meter": "{m1,…,m8}", "reserve": "{r1,…,r8}", "round_ids": "{id,…}",
--   "body": "{\"rounds\": [entry, …]}" }] in pool order: meter and reserve are the sums of the entries'
--   shares per tier (element = position + 1), in fine units; body is the text of the pool's
--   'contributions' entry, its rounds' entries { "round_id", "operator_id", "currency", "stake", "rate",
--   "tiers": [{ "tier_id", "position", "meter", "reserve", "dust" }] } in the statement's order.
create or replace function rf_jackpot_pools(p_batch jsonb, p_pools jsonb, p_played text[]) returns jsonb
language plpgsql immutable as $$
declare
  v_entries jsonb;
  v_pools jsonb;
begin
  -- the played rounds' entries, [{ "pool_id", "entry" }], in the statement's order
  select coalesce(jsonb_agg(x.share order by x.n1, x.n2), '[]') into v_entries
    from (
      select e.value as share, i.n as n1, e.n as n2
        from jsonb_array_elements(p_batch) with ordinality i(value, n),
          jsonb_array_elements(coalesce(i.value -> 'round' -> 'jackpot_entries', rf_jackpot_entries(i.value -> 'round')))
            with ordinality e(value, n)
        where p_pools is null and i.value -> 'round' ->> 'id' = any(p_played)
      union all
      select jsonb_build_object('pool_id', p.value ->> 'pool_id', 'entry', e.value), p.n, e.n
        from jsonb_array_elements(p_pools) with ordinality p(value, n),
          jsonb_array_elements((p.value ->> 'body')::jsonb -> 'rounds') with ordinality e(value, n)
        where e.value ->> 'round_id' = any(p_played)
    ) x;
  select coalesce(jsonb_agg(jsonb_build_object('pool_id', g.pool_id, 'meter', s.meter::text,
      'reserve', s.reserve::text, 'round_ids', g.round_ids::text,
      'body', jsonb_build_object('rounds', g.rounds)::text) order by g.pool_id), '[]')
    into v_pools
    from (
      select e.value ->> 'pool_id' as pool_id, array_agg(e.value -> 'entry' ->> 'round_id' order by e.n) as round_ids,
          jsonb_agg(e.value -> 'entry' order by e.n) as rounds
        from jsonb_array_elements(v_entries) with ordinality e(value, n)
        group by 1
    ) g
    cross join lateral (
      select array_agg(coalesce(x.m, 0) order by k.k) as meter, array_agg(coalesce(x.r, 0) order by k.k) as reserve
        from generate_series(1, 8) k(k)
        left join (
          select (t.value ->> 'position')::integer + 1 as pos, sum((t.value ->> 'meter')::bigint)::bigint as m,
              sum((t.value ->> 'reserve')::bigint)::bigint as r
            from jsonb_array_elements(g.rounds) r, jsonb_array_elements(r.value -> 'tiers') t
            group by 1
        ) x on x.pos = k.k
    ) s;
  return v_pools;
end;
$$;
