-- Trigger (jackpot_tiers_next_cycle; migration 026): when a tier's cycle moves on (a win, in
-- rf_jackpot_feed's statement), the change staged for it (jackpot_tier_changes) takes effect for the
-- cycle that starts now, so a cycle runs from start to end under one set of parameters.
--
-- The win has already seeded the new cycle at the old seed; a different seed is settled here as a
-- further 'seed' entry for the difference (from the reserve as far as it goes, or handed back to
-- it), so the ledger still adds up to the meter. A must-drop-by-value tier whose seed or ceiling
-- changes loses the drop point drawn for the old range: it is revealed in the 'parameters' entry and
-- the sealer draws a new one (until then the tier cannot drop). Rates reach the spin path's cached
-- view of the pools within POOL_CACHE_MS (src/services/jackpots.ts).
create or replace function rf_jackpot_apply_tier_change() returns trigger language plpgsql as $$
declare
  c jackpot_tier_changes%rowtype;
  v_delta numeric;
  v_available numeric;
  v_from_reserve numeric := 0;
  v_withdrawn jsonb := null;
begin
  select * into c from jackpot_tier_changes
    where tier_id = new.id and status = 'staged' and from_cycle <= new.cycle
    for update;
  if not found then
    return new;
  end if;
  v_delta := (c.seed - old.seed)::numeric * 1000000;
  if v_delta > 0 then
    select coalesce(sum(m.reserve_fine[new.position + 1]), 0) into v_available
      from jackpot_meter_shards m where m.pool_id = new.pool_id;
    v_from_reserve := least(greatest(v_available - new.reserve_used_fine, 0), v_delta);
  elsif v_delta < 0 then
    -- hand back to the reserve what the win took from it for the part of the seed that falls away
    v_from_reserve := -least(new.reserve_used_fine - old.reserve_used_fine, -v_delta);
  end if;
  new.seeded_fine := new.seeded_fine + v_delta;
  new.reserve_used_fine := new.reserve_used_fine + v_from_reserve;
  if new.kind = 'must_drop_value' and new.drop_commit is not null
      and (c.seed <> old.seed or c.ceiling is distinct from old.ceiling) then
    v_withdrawn := jsonb_build_object('cycle', new.cycle, 'commit', new.drop_commit,
      'drop_at', new.drop_at::text, 'drop_salt', new.drop_salt);
    new.drop_at := null;
    new.drop_salt := null;
    new.drop_commit := null;
  end if;
  new.seed := c.seed;
  new.contribution_ppm := c.contribution_ppm;
  new.reserve_ppm := c.reserve_ppm;
  new.ceiling := c.ceiling;
  new.odds_stake := c.odds_stake;
  new.deadline_minute := c.deadline_minute;
  update jackpot_tier_changes set status = 'applied', applied_cycle = new.cycle, applied_at = new.cycle_started_at
    where id = c.id;
  insert into jackpot_pending (pool_id, kind, body_text, created_at) values (new.pool_id, 'parameters',
    jsonb_build_object('change', 'tier_parameters_applied', 'change_id', c.id, 'tier_id', new.id,
      'tier', new.name, 'cycle', new.cycle, 'seed', c.seed::text,
      'contribution_ppm', c.contribution_ppm::text, 'reserve_ppm', c.reserve_ppm::text,
      'ceiling', c.ceiling::text, 'odds_stake', c.odds_stake::text, 'deadline_minute', c.deadline_minute,
      'withdrawn_drop', v_withdrawn),
    new.cycle_started_at);
  if v_delta <> 0 then
    insert into jackpot_pending (pool_id, kind, body_text, created_at) values (new.pool_id, 'seed',
      jsonb_build_object('tier_id', new.id, 'tier', new.name, 'cycle', new.cycle,
        'seed', v_delta::text, 'from_reserve', v_from_reserve::text,
        'from_house', (v_delta - v_from_reserve)::text, 'adjustment', 'seed changed', 'change_id', c.id),
      new.cycle_started_at);
  end if;
  return new;
end;
$$;
