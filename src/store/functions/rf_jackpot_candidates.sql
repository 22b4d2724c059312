-- The rounds of a statement that may win a jackpot tier (issue 28, "no hot row"), read once for the
-- statement instead of once a round: a round whose progressive draw hit, whose must-drop-by-time tier
-- the node found due (its "check"), or whose must-drop-by-value tier the node found within reach and
-- whose contribution, with those of the statement's rounds before it, takes the meter as read now to
-- or past the tier's point. Only these rounds claim (rf_jackpot_feed, which decides exactly on the
-- tier row it locks); a bench pool whose small tier was always within reach by the node's read made
-- every round claim, a tier read and a sum of its shard rows each.
--
-- A round the statement refuses still counts towards the rounds after it here: that can only make a
-- round a candidate early, never miss one. The meter is read once, at the statement's start: rounds
-- of other statements that commit while this one runs count towards choosing a candidate from the
-- next statement on (a claim reads them), so a tier such a commit takes past its point falls on the
-- next candidate after it, at a meter past the point.
-- p_batch: the statement's items, each with its round under "round" (rf_jackpot_feed's "jackpot").
-- Answers the items' places in p_batch (from 0). PL/pgSQL, not SQL: its plan is kept between calls
-- (an SQL function's is made again each call, 0.3 to 0.7 ms here).
create or replace function rf_jackpot_candidates(p_batch jsonb) returns integer[]
language plpgsql stable as $$
declare
  v_items integer[];
begin
  with feeds as (
    select (i.n - 1)::integer as item, p.value ->> 'pool_id' as pool_id, (t.value ->> 'position')::integer as pos,
        (t.value ->> 'meter')::numeric as meter, coalesce((t.value ->> 'hit')::boolean, false) as hit,
        coalesce((t.value ->> 'check')::boolean, false) as checked
      from jsonb_array_elements(p_batch) with ordinality i(value, n)
        cross join lateral jsonb_array_elements(i.value -> 'round' -> 'jackpot') p
        cross join lateral jsonb_array_elements(p.value -> 'tiers') t
  ), running as (
    select f.*, sum(f.meter) over (partition by f.pool_id, f.pos order by f.item) as added from feeds f
  ), totals as (
    -- each pool's meters in its shard rows, per tier (array element = position + 1)
    select m.pool_id, array[sum(m.meter_fine[1]), sum(m.meter_fine[2]), sum(m.meter_fine[3]), sum(m.meter_fine[4]),
        sum(m.meter_fine[5]), sum(m.meter_fine[6]), sum(m.meter_fine[7]), sum(m.meter_fine[8])] as total
      from jackpot_meter_shards m
      where m.pool_id in (select f.pool_id from feeds f where f.checked)
      group by m.pool_id
  )
  select coalesce(array_agg(distinct r.item), '{}') into v_items
    from running r
    left join jackpot_tiers tr on r.checked and tr.pool_id = r.pool_id and tr.position = r.pos
    left join totals s on r.checked and s.pool_id = r.pool_id
    where r.hit
      or (r.checked and tr.kind = 'must_drop_time')
      or (r.checked and tr.kind = 'must_drop_value' and tr.drop_at is not null
        and tr.seeded_fine - tr.won_fine + coalesce(s.total[r.pos + 1], 0) + r.added >= tr.drop_at);
  return v_items;
end;
$$;
