-- A pool's part of a statement's shares, summed per tier (fine units, element = tier position + 1):
-- p_shares holds one element a round, its "jackpot" ([{ "pool_id", "tiers": [{ "position", "meter",
-- "reserve", … }] }]), the shares of the statement's rounds that a claim (rf_jackpot_feed) counts on
-- top of the shard rows. PL/pgSQL, so its plan is kept between calls (an SQL function's is made again
-- each call).
create or replace function rf_jackpot_shares_sum(p_shares jsonb[], p_pool text, out meter bigint[],
  out reserve bigint[])
language plpgsql immutable as $$
begin
  select array_agg(coalesce(s.m, 0) order by k.k), array_agg(coalesce(s.r, 0) order by k.k) into meter, reserve
    from generate_series(1, 8) k(k)
    left join (
      select (x.value ->> 'position')::integer + 1 as pos, sum((x.value ->> 'meter')::bigint)::bigint as m,
          sum((x.value ->> 'reserve')::bigint)::bigint as r
        from unnest(p_shares) u(share), jsonb_array_elements(u.share) p, jsonb_array_elements(p.value -> 'tiers') x
        where p.value ->> 'pool_id' = p_pool
        group by 1
    ) s on s.pos = k.k;
end;
$$;
