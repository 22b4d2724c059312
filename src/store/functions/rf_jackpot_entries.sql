-- A fed round's public entries, [{ "pool_id", "entry": { "round_id", "operator_id", "currency", "stake",
-- "rate", "tiers": [{ "tier_id", "position", "meter", "reserve", "dust" }] } }], made from its
-- "jackpot" for a round of a statement without the node's pools and without its own "jackpot_entries"
-- (an older node's during a rolling upgrade), so that its share is never left out. Only
-- rf_jackpot_pools calls it, and only then: building JSON here is slow.
create or replace function rf_jackpot_entries(p_round jsonb) returns jsonb
language sql immutable as $$
  select jsonb_agg(jsonb_build_object('pool_id', p.value ->> 'pool_id', 'entry', jsonb_build_object(
      'round_id', p_round ->> 'id', 'operator_id', p_round ->> 'operator_id', 'currency', p_round ->> 'currency',
      'stake', p_round ->> 'stake', 'rate', jsonb_build_array(p.value ->> 'num', p.value ->> 'den'),
      'tiers', (select jsonb_agg(t.value - 'hit' - 'check' - 'next') from jsonb_array_elements(p.value -> 'tiers') t))))
    from jsonb_array_elements(p_round -> 'jackpot') p
$$;
