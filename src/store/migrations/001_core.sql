-- Operators, their keys and catalog allowlists, game sessions, uploaded artwork.

create table operators (
  id text primary key,
  name text not null,
  currency text not null default 'USD',
  status text not null default 'active' check (status in ('active', 'inactive')),
  wallet_mode text not null check (wallet_mode in ('internal', 'callback')),
  wallet_base_url text,
  wallet_secret text,
  rtp_variant text,
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table api_keys (
  id text primary key,
  kind text not null check (kind in ('operator', 'master')),
  operator_id text references operators (id) on delete cascade,
  key_hash bytea not null unique,
  key_prefix text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  check ((kind = 'operator') = (operator_id is not null))
);
create index api_keys_operator_idx on api_keys (operator_id);

create table operator_games (
  operator_id text not null references operators (id) on delete cascade,
  game_symbol text not null,
  primary key (operator_id, game_symbol)
);

-- One row per (operator, player, game, currency): a launch refreshes it with a new token.
create table game_sessions (
  id text primary key,
  operator_id text not null references operators (id) on delete cascade,
  player_id text not null,
  game_symbol text not null,
  currency text not null,
  token_hash bytea not null unique,
  device text not null,
  return_url text,
  coin bigint,
  state jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz not null default now(),
  expires_at timestamptz not null,
  unique (operator_id, player_id, game_symbol, currency)
);

create table game_thumbnails (
  game_symbol text primary key,
  content_type text not null,
  body bytea not null,
  etag text not null,
  width integer not null,
  height integer not null,
  updated_at timestamptz not null default now()
);
