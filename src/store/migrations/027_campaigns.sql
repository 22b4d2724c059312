-- Issue 29: tournaments and prize drops ("campaigns"), for one operator or a network of operators
-- who opt in. The rounds table stays the source of truth of every score: a leaderboard in Redis (or
-- in the process without one) is rebuilt from it, and the final standings are computed from it
-- when a tournament is frozen. Amounts of a campaign (minimum bet, prizes, budget) are in its own
-- currency's minor units; a player's are converted with the campaign's staff-set rates.
create table campaigns (
  id text primary key,
  kind text not null check (kind in ('tournament', 'drop')),
  name text not null,
  scope text not null check (scope in ('operator', 'network')),
  -- The operator whose campaign it is (operator scope); a network campaign has members instead.
  owner_operator_id text references operators (id),
  currency text not null,
  games text[] not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  min_bet bigint not null check (min_bet >= 0),
  -- Tournaments: how a player's rounds make a score, and N for best_n_ratio.
  scoring text check (scoring in ('max_multiplier', 'best_n_ratio', 'total_bet', 'qualifying_rounds')),
  best_n integer check (best_n > 0),
  -- Players must opt in (the default; a market can require it whatever the campaign says).
  opt_in_required boolean not null default true,
  -- The prize table as staff set it (domain/campaigns.ts, PrizeSpec): places, or a drop's prizes.
  prizes jsonb not null,
  -- What a pool_share place shares, and the most the campaign can pay in cash, both in its currency.
  pool_amount bigint not null default 0 check (pool_amount >= 0),
  budget bigint not null check (budget >= 0),
  -- pending: waits for a second admin (a budget); scheduled: approved, runs from starts_at to
  -- ends_at; frozen: final standings written and prizes awarded; cancelled: never ran or stopped.
  status text not null default 'pending' check (status in ('pending', 'scheduled', 'frozen', 'cancelled')),
  -- A drop's schedule, drawn from the certified RNG at approval and committed by this hash; the
  -- salt (and so every point) is revealed once the campaign has ended.
  drop_commit text,
  drop_salt text,
  created_by text not null,
  approved_by text,
  created_at timestamptz not null default now(),
  approved_at timestamptz,
  frozen_at timestamptz,
  cancelled_at timestamptz
);
create index campaigns_live_idx on campaigns (ends_at) where status = 'scheduled';

-- The operators a network campaign invites; it runs for those who opted in (joined_at set, and not
-- left). An operator campaign's owner is its one member, joined when it is created.
create table campaign_members (
  campaign_id text not null references campaigns (id),
  operator_id text not null references operators (id),
  invited_at timestamptz not null default now(),
  joined_at timestamptz,
  left_at timestamptz,
  primary key (campaign_id, operator_id)
);
create index campaign_members_operator_idx on campaign_members (operator_id);

-- Staff-set rates: 1 unit of `currency` = `rate` units of the campaign's currency.
create table campaign_rates (
  campaign_id text not null references campaigns (id),
  currency text not null,
  rate text not null,
  primary key (campaign_id, currency)
);

-- A player who opted in: rounds from `opted_in_at` on score.
create table campaign_entries (
  campaign_id text not null references campaigns (id),
  operator_id text not null,
  player_id text not null,
  opted_in_at timestamptz not null default now(),
  primary key (campaign_id, operator_id, player_id)
);

-- A drop's prizes, each at a moment drawn before the campaign started: the first qualifying round
-- at or after `at` takes it (one round at most one point: the unique index).
create table campaign_drop_points (
  campaign_id text not null references campaigns (id),
  seq integer not null,
  at timestamptz not null,
  prize jsonb not null,
  round_id text,
  operator_id text,
  player_id text,
  landed_at timestamptz,
  primary key (campaign_id, seq)
);
create index campaign_drop_points_due_idx on campaign_drop_points (campaign_id, at) where round_id is null;
create unique index campaign_drop_points_round_idx on campaign_drop_points (round_id) where round_id is not null;

-- A tournament's final standings, frozen (and published) before any of its prizes is paid.
create table campaign_standings (
  campaign_id text not null references campaigns (id),
  place integer not null,
  operator_id text not null,
  player_id text not null,
  score numeric not null,
  -- When the score was reached: the earlier of two equal scores places first.
  score_at timestamptz not null,
  rounds integer not null,
  primary key (campaign_id, place),
  unique (campaign_id, operator_id, player_id)
);

-- A prize won: a wallet credit of its own (action_type promo_win), never tied to a live session,
-- sent until acknowledged (or a free-rounds grant made). Idempotent by its transaction_id.
create table campaign_prizes (
  id text primary key,
  campaign_id text not null references campaigns (id),
  source text not null check (source in ('place', 'drop')),
  place integer,
  drop_seq integer,
  operator_id text not null,
  player_id text not null,
  currency text not null,
  kind text not null check (kind in ('cash', 'free_rounds')),
  -- cash: the player's minor units; the campaign's minor units it came from.
  amount bigint not null check (amount >= 0),
  base_amount bigint not null check (base_amount >= 0),
  -- free_rounds: the grant's terms (game, rounds, coin, bet level) and, once made, the grant.
  free_rounds jsonb,
  free_round_grant_id text,
  -- The game and session the prize is reported with (the player's last scoring round's).
  game_symbol text not null,
  session_id text not null,
  round_id text,
  transaction_id text not null unique,
  -- pending: not yet acknowledged; acknowledged: paid; failed: parked for staff; resolved: staff
  -- settled a parked one by hand.
  status text not null default 'pending' check (status in ('pending', 'acknowledged', 'failed', 'resolved')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  give_up_at timestamptz,
  last_error text,
  balance_after bigint,
  resolution text,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  unique (campaign_id, source, place),
  unique (campaign_id, source, drop_seq)
);
create index campaign_prizes_due_idx on campaign_prizes (next_attempt_at) where status = 'pending';
create index campaign_prizes_player_idx on campaign_prizes (operator_id, player_id, created_at desc);

-- Players whose play staff should look at (a fixed cadence and stake over a long stretch).
create table campaign_flags (
  campaign_id text not null references campaigns (id),
  operator_id text not null,
  player_id text not null,
  reason text not null,
  detail jsonb not null,
  flagged_at timestamptz not null default now(),
  primary key (campaign_id, operator_id, player_id, reason)
);
