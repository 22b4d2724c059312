-- Issue 28: jackpot pools. A pool has tiers; a tier's meter is kept in fine units (millionths of a
-- minor unit of the pool's currency, src/domain/jackpots.ts) and is never one hot row: every spin
-- adds to one of the pool's 16 shard rows (the one its connection's process id picks), and a tier's
-- meter is its seeds, plus its element of the shards, less its wins. Only a win locks the tier row,
-- and only with SKIP LOCKED, so no spin waits for another's win.
create table jackpot_pools (
  id text primary key,
  name text not null,
  scope text not null check (scope in ('game', 'operator', 'network')),
  currency text not null,
  -- The operator whose pool it is (game and operator scope); a network pool has members instead.
  owner_operator_id text references operators (id),
  status text not null default 'active' check (status in ('active', 'closed')),
  created_by text not null,
  created_at timestamptz not null default now()
);

-- Which operators' games feed a pool, and at what rate their currency converts into the pool's.
create table jackpot_pool_members (
  pool_id text not null references jackpot_pools (id),
  operator_id text not null references operators (id),
  game_symbol text not null,
  primary key (pool_id, operator_id, game_symbol)
);
create index jackpot_pool_members_game_idx on jackpot_pool_members (operator_id, game_symbol);

-- Staff-set rates: 1 unit of `currency` = `rate` units of the pool's currency (audited changes).
create table jackpot_rates (
  pool_id text not null references jackpot_pools (id),
  currency text not null,
  rate text not null,
  set_by text not null,
  set_at timestamptz not null default now(),
  primary key (pool_id, currency)
);

create table jackpot_tiers (
  id text primary key,
  pool_id text not null references jackpot_pools (id),
  name text not null,
  position smallint not null,
  kind text not null check (kind in ('progressive', 'must_drop_value', 'must_drop_time')),
  seed bigint not null check (seed >= 0),
  contribution_ppm bigint not null check (contribution_ppm >= 0),
  reserve_ppm bigint not null check (reserve_ppm >= 0),
  ceiling bigint,
  odds_stake bigint,
  deadline_minute integer,
  -- The meter: seeded_fine + Σ shards.meter_fine[position + 1] − won_fine; the reserve likewise.
  cycle bigint not null default 1,
  cycle_started_at timestamptz not null default now(),
  seeded_fine numeric(38) not null,
  won_fine numeric(38) not null default 0,
  reserve_used_fine numeric(38) not null default 0,
  hits bigint not null default 0,
  -- The current cycle's hidden drop point (fine units, or epoch ms) and the next cycle's, each
  -- committed by its hash when drawn; revealed in the win that ends its cycle.
  drop_at numeric(38),
  drop_salt text,
  drop_commit text,
  next_drop_at numeric(38),
  next_drop_salt text,
  next_drop_commit text,
  unique (pool_id, name)
);

-- The contributions, spread over 16 rows a pool: a round adds to the one its connection's process id
-- picks, all of the pool's tiers in one row update (element i is the tier at position i - 1; a pool
-- has at most 8 tiers). bigint: 9.2 · 10^18 fine units is 92 billion of a 2-decimal currency per row.
-- Half-full pages leave room for the next version of a row on its own page (a HOT update).
create table jackpot_meter_shards (
  pool_id text not null references jackpot_pools (id),
  shard smallint not null,
  meter_fine bigint[] not null default '{0,0,0,0,0,0,0,0}',
  reserve_fine bigint[] not null default '{0,0,0,0,0,0,0,0}',
  primary key (pool_id, shard)
) with (fillfactor = 50);

-- A win, written in the same statement as the round that won it.
create table jackpot_wins (
  id text primary key,
  tier_id text not null references jackpot_tiers (id),
  pool_id text not null references jackpot_pools (id),
  cycle bigint not null,
  round_id text not null,
  operator_id text not null,
  player_id text not null,
  currency text not null,
  -- What the meter stood at, what the win took from it (fine), and what it paid (player's minor units).
  meter_fine numeric(38) not null,
  consumed_fine numeric(38) not null,
  -- The next cycle's seed this win started, and the part of it the reserve paid: a void gives both back.
  seed_fine numeric(38) not null default 0,
  seed_from_reserve_fine numeric(38) not null default 0,
  amount bigint not null check (amount >= 0),
  -- The cycle's revealed drop point, for must-drop tiers.
  drop_at numeric(38),
  drop_salt text,
  drop_commit text,
  transaction_id text,
  status text not null default 'won' check (status in ('won', 'void')),
  created_at timestamptz not null default now(),
  unique (tier_id, cycle)
);
create index jackpot_wins_round_idx on jackpot_wins (round_id);

-- Entries waiting for the sealer to chain them into the pool's ledger (one per round and pool,
-- written by the round's statement; seeds, wins and voids likewise).
create table jackpot_pending (
  id bigserial primary key,
  pool_id text not null,
  kind text not null check (kind in ('contribution', 'win', 'seed', 'void', 'parameters')),
  round_id text,
  body jsonb not null,
  created_at timestamptz not null default now()
);
create index jackpot_pending_pool_idx on jackpot_pending (pool_id, id);

-- The append-only, hash-chained pool ledger; each seal is a block with the Merkle root of its entries.
create table jackpot_ledger (
  pool_id text not null references jackpot_pools (id),
  seq bigint not null,
  block bigint not null,
  kind text not null,
  round_id text,
  body text not null,
  prev_hash text not null,
  hash text not null,
  recorded_at timestamptz not null,
  primary key (pool_id, seq)
);
create index jackpot_ledger_round_idx on jackpot_ledger (round_id) where round_id is not null;

create table jackpot_blocks (
  pool_id text not null references jackpot_pools (id),
  block bigint not null,
  first_seq bigint not null,
  last_seq bigint not null,
  merkle_root text not null,
  last_hash text not null,
  sealed_at timestamptz not null default now(),
  primary key (pool_id, block)
);

create trigger jackpot_ledger_append_only before update or delete on jackpot_ledger
  for each row execute function rf_audit_append_only();
create trigger jackpot_blocks_append_only before update or delete on jackpot_blocks
  for each row execute function rf_audit_append_only();

-- The internal round's statement answers the round's jackpot wins as a fourth column: its result
-- type changes, which `create or replace` cannot do (functions/ makes them again after this).
drop function rf_play_internal_rounds(jsonb);
drop function rf_play_internal_round(jsonb, bytea, timestamptz, bigint, timestamptz, text, text, text, bigint);
