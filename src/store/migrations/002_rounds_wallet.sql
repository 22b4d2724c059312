-- Rounds, wallet transactions with every attempt, and the internal wallet's balances. The internal
-- wallet's ledger is its wallet_transactions rows: one per movement, with its amount, type and
-- balance_after, idempotent by id.

-- Bumped by every round that moves a session's feature state: spins prepared on an older state
-- are refused (optimistic concurrency without holding a lock across the wallet call).
alter table game_sessions add column state_version bigint not null default 0;

create table rounds (
  id text primary key,
  seq bigint generated always as identity,
  session_id text not null references game_sessions (id) on delete cascade,
  operator_id text not null references operators (id) on delete cascade,
  player_id text not null,
  game_symbol text not null,
  currency text not null,
  variant text not null,
  wallet_mode text not null check (wallet_mode in ('internal', 'callback')),
  client_round_id text not null,
  status text not null check (status in ('open', 'settled', 'cancelled')),
  -- What an open round waits for: the debit's answer, or its credit or rollback acknowledged.
  stage text not null check (stage in ('debit', 'credit', 'rollback', 'done')),
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
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (session_id, client_round_id),
  check ((status = 'open') = (stage <> 'done'))
);
create index rounds_session_idx on rounds (session_id, seq desc);
create index rounds_player_idx on rounds (operator_id, player_id, seq desc);
create index rounds_open_idx on rounds (session_id) where status = 'open';

create table wallet_transactions (
  -- The transaction_id sent to the wallet: the idempotency key, the same on every attempt.
  id text primary key,
  round_id text not null references rounds (id) on delete cascade,
  operator_id text not null,
  player_id text not null,
  game_symbol text not null,
  currency text not null,
  wallet_mode text not null check (wallet_mode in ('internal', 'callback')),
  type text not null check (type in ('debit', 'credit', 'rollback')),
  action_type text not null,
  amount bigint not null check (amount >= 0),
  original_transaction_id text references wallet_transactions (id),
  -- Callback mode: the request body exactly as sent, with an empty request_id that each attempt fills.
  body text,
  -- pending: not yet acknowledged; acknowledged: the wallet applied it; rejected: a debit the wallet
  -- refused; unknown: a debit without an answer (a rollback follows); failed: parked for staff;
  -- resolved: staff settled a parked one by hand.
  status text not null check (status in ('pending', 'acknowledged', 'rejected', 'unknown', 'failed', 'resolved')),
  attempts integer not null default 0,
  -- When the next attempt is due; while an attempt is under way, the end of its lease.
  next_attempt_at timestamptz not null default now(),
  give_up_at timestamptz,
  last_error text,
  -- The balance the wallet reported after it, in minor units.
  balance_after bigint,
  resolution text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index wallet_transactions_due_idx on wallet_transactions (next_attempt_at) where status = 'pending';
create index wallet_transactions_parked_idx on wallet_transactions (operator_id, player_id, game_symbol)
  where status = 'failed';
create index wallet_transactions_round_idx on wallet_transactions (round_id);

create table wallet_attempts (
  id bigint generated always as identity primary key,
  transaction_id text not null references wallet_transactions (id) on delete cascade,
  request_id text not null,
  started_at timestamptz not null,
  latency_ms integer not null,
  http_status integer,
  result text not null check (result in ('acknowledged', 'rejected', 'failed')),
  error text,
  response_body text
);
create index wallet_attempts_tx_idx on wallet_attempts (transaction_id, id);

-- Internal wallet: one balance per operator, player and currency.
create table wallet_balances (
  operator_id text not null references operators (id) on delete cascade,
  player_id text not null,
  currency text not null,
  balance bigint not null check (balance >= 0),
  updated_at timestamptz not null default now(),
  primary key (operator_id, player_id, currency)
);

-- One internal-wallet round in one statement: the round, its debit and credit (each with the
-- balance after it), the balance and the session's feature state, all or nothing. Answers
-- ('played' | 'duplicate', round id, balance); raises RF401 (token replaced or session expired),
-- RF402 (funds) or RF409 (stale state).
create function rf_play_internal_round(
  p_round jsonb,
  p_token_hash bytea,
  p_now timestamptz,
  p_state_version bigint,
  p_expires_at timestamptz,
  p_debit_id text,
  p_credit_id text,
  p_action_type text,
  p_start_balance bigint
) returns table (result text, round_id text, balance bigint)
language plpgsql as $$
#variable_conflict use_column
declare
  v_session text := p_round ->> 'session_id';
  v_operator text := p_round ->> 'operator_id';
  v_player text := p_round ->> 'player_id';
  v_currency text := p_round ->> 'currency';
  v_stake bigint := (p_round ->> 'stake')::bigint;
  v_win bigint := (p_round ->> 'win')::bigint;
  v_existing text;
  v_balance bigint;
begin
  -- The caller may hold a cached copy of the session: the token must still be its current one.
  perform 1 from game_sessions s
    where s.id = v_session and s.token_hash = p_token_hash and s.expires_at > p_now;
  if not found then
    raise exception 'session token replaced or expired' using errcode = 'RF401';
  end if;

  select r.id into v_existing from rounds r
    where r.session_id = v_session and r.client_round_id = p_round ->> 'client_round_id';
  if found then
    return query select 'duplicate'::text, v_existing,
      (select b.balance from wallet_balances b
        where b.operator_id = v_operator and b.player_id = v_player and b.currency = v_currency);
    return;
  end if;

  update game_sessions set state = p_round -> 'state_after', state_version = state_version + 1,
      expires_at = greatest(expires_at, p_expires_at)
    where id = v_session and state_version = p_state_version;
  if not found then
    raise exception 'session state changed' using errcode = 'RF409';
  end if;

  insert into wallet_balances (operator_id, player_id, currency, balance)
    values (v_operator, v_player, v_currency, p_start_balance)
    on conflict do nothing;
  update wallet_balances set balance = wallet_balances.balance - v_stake + v_win, updated_at = now()
    where operator_id = v_operator and player_id = v_player and currency = v_currency
      and wallet_balances.balance >= v_stake
    returning wallet_balances.balance into v_balance;
  if not found then
    raise exception 'insufficient funds' using errcode = 'RF402';
  end if;

  insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
      client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after,
      outcome, created_at, finished_at)
    values (p_round ->> 'id', v_session, v_operator, v_player, p_round ->> 'game_symbol', v_currency,
      p_round ->> 'variant', 'internal', p_round ->> 'client_round_id', 'settled', 'done', p_round ->> 'kind',
      p_round ->> 'mode', (p_round ->> 'coin')::bigint, (p_round ->> 'bet_level')::integer, v_stake, v_win,
      p_round -> 'state_before', p_round -> 'state_after', p_round -> 'outcome',
      (p_round ->> 'created_at')::timestamptz, (p_round ->> 'created_at')::timestamptz);

  if v_stake > 0 then
    insert into wallet_transactions (id, round_id, operator_id, player_id, game_symbol, currency, wallet_mode,
        type, action_type, amount, status, balance_after, finished_at)
      values (p_debit_id, p_round ->> 'id', v_operator, v_player, p_round ->> 'game_symbol', v_currency,
        'internal', 'debit', p_action_type, v_stake, 'acknowledged', v_balance - v_win, now());
  end if;
  insert into wallet_transactions (id, round_id, operator_id, player_id, game_symbol, currency, wallet_mode,
      type, action_type, amount, status, balance_after, finished_at)
    values (p_credit_id, p_round ->> 'id', v_operator, v_player, p_round ->> 'game_symbol', v_currency,
      'internal', 'credit', p_action_type, v_win, 'acknowledged', v_balance, now());

  return query select 'played'::text, p_round ->> 'id', v_balance;
end;
$$;
