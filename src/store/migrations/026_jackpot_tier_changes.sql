-- Issue 28 (NJ 13:69E-1.39A): a tier's parameter change is staged here once approved and applies
-- from the tier's next cycle: when the current cycle is won, in the same statement that starts the
-- next one (the trigger below, body in functions/rf_jackpot_apply_tier_change.sql). A second change
-- staged before the cycle ends replaces the first (status 'superseded'); at most one is staged.
create table jackpot_tier_changes (
  id text primary key,
  pool_id text not null references jackpot_pools (id),
  tier_id text not null references jackpot_tiers (id),
  -- The first cycle it applies to: the cycle running when it was staged, plus one.
  from_cycle bigint not null,
  seed bigint not null check (seed >= 0),
  contribution_ppm bigint not null check (contribution_ppm >= 0),
  reserve_ppm bigint not null check (reserve_ppm >= 0),
  ceiling bigint,
  odds_stake bigint,
  deadline_minute integer,
  set_by text not null,
  set_at timestamptz not null,
  status text not null default 'staged' check (status in ('staged', 'applied', 'superseded')),
  applied_cycle bigint,
  applied_at timestamptz
);
create unique index jackpot_tier_changes_staged_idx on jackpot_tier_changes (tier_id) where status = 'staged';
create index jackpot_tier_changes_pool_idx on jackpot_tier_changes (pool_id, set_at desc);

-- The body is applied from functions/ after the migrations; this placeholder lets the trigger exist.
create function rf_jackpot_apply_tier_change() returns trigger language plpgsql as $$
begin
  return new;
end
$$;

create trigger jackpot_tiers_next_cycle before update of cycle on jackpot_tiers
  for each row when (new.cycle is distinct from old.cycle)
  execute function rf_jackpot_apply_tier_change();
