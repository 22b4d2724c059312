-- Free-round campaigns and their grants, demo play kept apart from money, and the key that signs
-- round details links (issue 12).

-- An operator may turn demo play off (on by default, as operators list demo for every game).
alter table operators add column demo_enabled boolean not null default true;

-- A session is a real-money or a demo session: the same player may have one of each in a game.
alter table game_sessions add column play_mode text not null default 'real'
  check (play_mode in ('real', 'demo'));
alter table game_sessions drop constraint game_sessions_operator_id_player_id_game_symbol_currency_key;
alter table game_sessions add constraint game_sessions_player_game_mode_key
  unique (operator_id, player_id, game_symbol, currency, play_mode);

create table free_round_campaigns (
  id text primary key,
  operator_id text not null references operators (id) on delete cascade,
  -- The operator's own id of the campaign: creating it again with the same terms is a no-op.
  campaign_id text not null,
  games text[] not null check (cardinality(games) > 0),
  currency text not null,
  rounds integer not null check (rounds > 0),
  coin bigint not null check (coin > 0),
  bet_level integer not null check (bet_level > 0),
  valid_from timestamptz not null,
  expires_at timestamptz not null,
  max_win bigint check (max_win > 0),
  status text not null default 'active' check (status in ('active', 'cancelled')),
  created_at timestamptz not null default now(),
  cancelled_at timestamptz,
  unique (operator_id, campaign_id),
  check (expires_at > valid_from)
);

create table free_round_grants (
  id text primary key,
  campaign_id text not null references free_round_campaigns (id) on delete cascade,
  operator_id text not null references operators (id) on delete cascade,
  player_id text not null,
  rounds_total integer not null check (rounds_total > 0),
  rounds_played integer not null default 0,
  win bigint not null default 0 check (win >= 0),
  -- completed: every round started; cancelled: the campaign was cancelled with rounds unplayed.
  -- Expiry is read from the campaign's expires_at, never written.
  status text not null default 'active' check (status in ('active', 'completed', 'cancelled')),
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (campaign_id, player_id),
  check (rounds_played between 0 and rounds_total)
);
create index free_round_grants_player_idx on free_round_grants (operator_id, player_id);

-- A free round, and every feature spin it started, names its grant.
alter table rounds add column free_round_grant_id text references free_round_grants (id);
create index rounds_grant_idx on rounds (free_round_grant_id) where free_round_grant_id is not null;
-- Support looks a player's rounds up by time.
create index rounds_player_time_idx on rounds (operator_id, player_id, created_at desc, id desc);
-- The grant whose free round started the feature this session is still playing (it finishes even
-- when the grant has since expired or been cancelled: a round in progress finishes).
alter table game_sessions add column feature_grant_id text references free_round_grants (id);

-- Takes a round's share of a grant, under the grant's row lock, so that two tabs or two nodes
-- cannot play the same round of a grant: a new free round takes one round (if one is left, the
-- campaign is live and the grant not cancelled); a feature spin of a free round takes none. Both
-- add their win, never past the campaign's cap. Sets the session's feature grant from the free
-- spins left after the round. Answers ok | not_found | used_up | expired | not_started | cancelled | over_cap.
create function rf_claim_free_round(
  p_grant text,
  p_session text,
  p_new_round boolean,
  p_win bigint,
  p_now timestamptz,
  p_feature_left integer
) returns text
language plpgsql as $$
#variable_conflict use_column
declare
  v_grant free_round_grants%rowtype;
  v_campaign free_round_campaigns%rowtype;
begin
  select * into v_grant from free_round_grants g where g.id = p_grant for update;
  if not found then return 'not_found'; end if;
  select * into v_campaign from free_round_campaigns c where c.id = v_grant.campaign_id;
  if p_new_round then
    if v_campaign.status = 'cancelled' or v_grant.status = 'cancelled' then return 'cancelled'; end if;
    if v_grant.rounds_played >= v_grant.rounds_total then return 'used_up'; end if;
    if p_now >= v_campaign.expires_at then return 'expired'; end if;
    if p_now < v_campaign.valid_from then return 'not_started'; end if;
  end if;
  if v_campaign.max_win is not null and v_grant.win + p_win > v_campaign.max_win then
    return 'over_cap';
  end if;
  update free_round_grants g set
      rounds_played = g.rounds_played + case when p_new_round then 1 else 0 end,
      win = g.win + p_win,
      status = case when g.rounds_played + case when p_new_round then 1 else 0 end >= g.rounds_total
        then 'completed' else g.status end,
      finished_at = case when g.rounds_played + case when p_new_round then 1 else 0 end >= g.rounds_total
        then coalesce(g.finished_at, p_now) else g.finished_at end
    where g.id = p_grant;
  update game_sessions s set feature_grant_id = case when p_feature_left > 0 then p_grant else null end
    where s.id = p_session;
  return 'ok';
end;
$$;

-- An internal-wallet round of a grant: rf_play_internal_round (stake 0, its credit the win) and
-- the grant's share in one statement. A claim that fails raises RF410 with the reason as message.
create function rf_play_internal_free_round(
  p_round jsonb,
  p_token_hash bytea,
  p_now timestamptz,
  p_state_version bigint,
  p_expires_at timestamptz,
  p_credit_id text,
  p_action_type text,
  p_start_balance bigint,
  p_new_round boolean
) returns table (result text, round_id text, balance bigint)
language plpgsql as $$
#variable_conflict use_column
declare
  v_claim text;
  v_played record;
begin
  if exists (select 1 from rounds r
      where r.session_id = p_round ->> 'session_id' and r.client_round_id = p_round ->> 'client_round_id') then
    return query select * from rf_play_internal_round(p_round, p_token_hash, p_now, p_state_version,
      p_expires_at, p_credit_id, p_credit_id, p_action_type, p_start_balance);
    return;
  end if;
  v_claim := rf_claim_free_round(p_round ->> 'free_round_grant_id', p_round ->> 'session_id', p_new_round,
    (p_round ->> 'win')::bigint, p_now, (p_round -> 'state_after' ->> 'freeSpinsLeft')::integer);
  if v_claim <> 'ok' then
    raise exception '%', v_claim using errcode = 'RF410';
  end if;
  select * into v_played from rf_play_internal_round(p_round, p_token_hash, p_now, p_state_version,
    p_expires_at, p_credit_id, p_credit_id, p_action_type, p_start_balance);
  if v_played.result <> 'played' then
    raise exception 'session state changed' using errcode = 'RF409';
  end if;
  update rounds set free_round_grant_id = p_round ->> 'free_round_grant_id' where id = v_played.round_id;
  return query select v_played.result, v_played.round_id, v_played.balance;
end;
$$;

-- A callback-wallet round of a grant: rf_open_callback_round (its first transaction is the credit)
-- and the grant's share in one statement; a failed claim raises RF410 and nothing is written.
create function rf_open_callback_free_round(
  p_round jsonb,
  p_state_version bigint,
  p_expires_at timestamptz,
  p_first jsonb,
  p_give_up_ms double precision,
  p_new_round boolean
) returns text
language plpgsql as $$
declare
  v_opened text;
  v_claim text;
begin
  v_opened := rf_open_callback_round(p_round, p_state_version, p_expires_at, p_first, p_give_up_ms);
  if v_opened <> 'opened' then return v_opened; end if;
  v_claim := rf_claim_free_round(p_round ->> 'free_round_grant_id', p_round ->> 'session_id', p_new_round,
    (p_round ->> 'win')::bigint, (p_round ->> 'created_at')::timestamptz,
    (p_round -> 'state_after' ->> 'freeSpinsLeft')::integer);
  if v_claim <> 'ok' then
    raise exception '%', v_claim using errcode = 'RF410';
  end if;
  update rounds set free_round_grant_id = p_round ->> 'free_round_grant_id' where id = p_round ->> 'id';
  return 'opened';
end;
$$;

-- Demo play: its own rounds and balances, never in the money ledger or its reports. No wallet.
create table demo_rounds (
  id text primary key,
  seq bigint generated always as identity,
  session_id text not null references game_sessions (id) on delete cascade,
  operator_id text not null references operators (id) on delete cascade,
  player_id text not null,
  game_symbol text not null,
  currency text not null,
  variant text not null,
  wallet_mode text not null default 'demo' check (wallet_mode = 'demo'),
  client_round_id text not null,
  status text not null default 'settled' check (status = 'settled'),
  stage text not null default 'done' check (stage = 'done'),
  kind text not null check (kind in ('base', 'free_spin', 'buy')),
  mode text not null check (mode in ('base', 'special', 'buy')),
  coin bigint not null,
  bet_level integer not null,
  stake bigint not null check (stake >= 0),
  win bigint not null check (win >= 0),
  state_before jsonb not null,
  state_after jsonb not null,
  outcome jsonb not null,
  cancel_reason text,
  free_round_grant_id text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (session_id, client_round_id)
);
create index demo_rounds_session_idx on demo_rounds (session_id, seq desc);

-- One fun balance per demo session; a reset puts it back to the start balance.
create table demo_balances (
  session_id text primary key references game_sessions (id) on delete cascade,
  balance bigint not null check (balance >= 0),
  updated_at timestamptz not null default now()
);

-- A demo round in one statement: session checks as rf_play_internal_round, the fun balance, the
-- round. Answers ('played' | 'duplicate', round id, balance); raises RF401, RF402, RF409.
create function rf_play_demo_round(
  p_round jsonb,
  p_token_hash bytea,
  p_now timestamptz,
  p_state_version bigint,
  p_expires_at timestamptz,
  p_start_balance bigint
) returns table (result text, round_id text, balance bigint)
language plpgsql as $$
#variable_conflict use_column
declare
  v_session text := p_round ->> 'session_id';
  v_stake bigint := (p_round ->> 'stake')::bigint;
  v_win bigint := (p_round ->> 'win')::bigint;
  v_existing text;
  v_balance bigint;
begin
  perform 1 from game_sessions s
    where s.id = v_session and s.token_hash = p_token_hash and s.expires_at > p_now and s.play_mode = 'demo';
  if not found then
    raise exception 'session token replaced or expired' using errcode = 'RF401';
  end if;
  select r.id into v_existing from demo_rounds r
    where r.session_id = v_session and r.client_round_id = p_round ->> 'client_round_id';
  if found then
    return query select 'duplicate'::text, v_existing,
      (select b.balance from demo_balances b where b.session_id = v_session);
    return;
  end if;
  update game_sessions set state = p_round -> 'state_after', state_version = state_version + 1,
      expires_at = greatest(expires_at, p_expires_at)
    where id = v_session and state_version = p_state_version;
  if not found then
    raise exception 'session state changed' using errcode = 'RF409';
  end if;
  insert into demo_balances (session_id, balance) values (v_session, p_start_balance) on conflict do nothing;
  update demo_balances set balance = demo_balances.balance - v_stake + v_win, updated_at = now()
    where session_id = v_session and demo_balances.balance >= v_stake
    returning demo_balances.balance into v_balance;
  if not found then
    raise exception 'insufficient funds' using errcode = 'RF402';
  end if;
  insert into demo_rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant,
      client_round_id, kind, mode, coin, bet_level, stake, win, state_before, state_after, outcome,
      created_at, finished_at)
    values (p_round ->> 'id', v_session, p_round ->> 'operator_id', p_round ->> 'player_id',
      p_round ->> 'game_symbol', p_round ->> 'currency', p_round ->> 'variant', p_round ->> 'client_round_id',
      p_round ->> 'kind', p_round ->> 'mode', (p_round ->> 'coin')::bigint, (p_round ->> 'bet_level')::integer,
      v_stake, v_win, p_round -> 'state_before', p_round -> 'state_after', p_round -> 'outcome',
      (p_round ->> 'created_at')::timestamptz, (p_round ->> 'created_at')::timestamptz);
  return query select 'played'::text, p_round ->> 'id', v_balance;
end;
$$;

-- The key that signs round_details_url links, made once per database so every node shares it
-- (256 bits from four random UUIDs' strong randomness, hashed).
create table signing_keys (
  name text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);
insert into signing_keys (name, secret)
  values ('round_details', encode(sha256(convert_to(
    gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text,
    'UTF8')), 'hex'));
