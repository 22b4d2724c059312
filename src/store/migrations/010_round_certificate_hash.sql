-- Every round stores the certificate hash it was played under (issue 9): the SHA-256 binding the
-- model data and the engine and game source of the session's variant (src/games/certificates.ts).
-- Replay (staff: POST /api/admin/v1/rounds/{id}/replay, `reelforge round replay`) refuses a model
-- whose certificate hash is another. Rounds stored before this migration keep null: they are
-- replayed under the current model and reported as unchecked (docs/certification.md).
--
-- The hash reaches the store inside the round's JSON, as every other column does, so each path
-- keeps its one statement: the functions that insert a round are replaced below with the same
-- bodies plus the one column (internal rounds, batched by rf_play_internal_rounds and taken by
-- rf_play_internal_free_round; callback rounds, also of free rounds via rf_open_callback_free_round;
-- demo rounds). Their signatures do not change, so their callers stand as they are.

alter table rounds add column certificate_hash text
  check (certificate_hash ~ '^[0-9a-f]{64}$');
alter table demo_rounds add column certificate_hash text
  check (certificate_hash ~ '^[0-9a-f]{64}$');

-- One internal-wallet round in one statement: the round, its debit and credit (each with the
-- balance after it), the balance and the session's feature state, all or nothing. Answers
-- ('played' | 'duplicate', round id, balance); raises RF401 (token replaced or session expired),
-- RF402 (funds) or RF409 (stale state).
create or replace function rf_play_internal_round(
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
      outcome, created_at, finished_at, certificate_hash)
    values (p_round ->> 'id', v_session, v_operator, v_player, p_round ->> 'game_symbol', v_currency,
      p_round ->> 'variant', 'internal', p_round ->> 'client_round_id', 'settled', 'done', p_round ->> 'kind',
      p_round ->> 'mode', (p_round ->> 'coin')::bigint, (p_round ->> 'bet_level')::integer, v_stake, v_win,
      p_round -> 'state_before', p_round -> 'state_after', p_round -> 'outcome',
      (p_round ->> 'created_at')::timestamptz, (p_round ->> 'created_at')::timestamptz,
      p_round ->> 'certificate_hash');

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

-- Step 1: the round and its first transaction (the debit; for a free spin, the credit), written
-- before any wallet call. The session row lock serialises the session's spins; the checks run
-- after it, each statement with a fresh snapshot. Answers opened | existing | stale | blocked | busy.
create or replace function rf_open_callback_round(
  p_round jsonb,
  p_state_version bigint,
  p_expires_at timestamptz,
  p_first jsonb,
  p_give_up_ms double precision
) returns text
language plpgsql as $$
#variable_conflict use_column
declare
  v_session text := p_round ->> 'session_id';
  v_paid boolean := (p_round ->> 'stake')::bigint > 0;
  v_version bigint;
begin
  select s.state_version into v_version from game_sessions s where s.id = v_session for update;
  if exists (select 1 from rounds r
      where r.session_id = v_session and r.client_round_id = p_round ->> 'client_round_id') then
    return 'existing';
  end if;
  if v_version <> p_state_version then return 'stale'; end if;
  if exists (select 1 from wallet_transactions t
      where t.status = 'failed' and t.operator_id = p_round ->> 'operator_id'
        and t.player_id = p_round ->> 'player_id' and t.game_symbol = p_round ->> 'game_symbol') then
    return 'blocked';
  end if;
  if exists (select 1 from rounds r where r.session_id = v_session and r.status = 'open' and r.stage = 'debit') then
    return 'busy';
  end if;

  insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
      client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after,
      outcome, created_at, certificate_hash)
    select r.id, r.session_id, r.operator_id, r.player_id, r.game_symbol, r.currency, r.variant, 'callback',
      r.client_round_id, 'open', case when v_paid then 'debit' else 'credit' end, r.kind, r.mode, r.coin,
      r.bet_level, r.stake, r.win, r.state_before, r.state_after, r.outcome, r.created_at,
      r.certificate_hash
    from jsonb_populate_record(null::rounds, p_round) r;
  perform rf_insert_wallet_transaction(p_first, p_give_up_ms);
  update game_sessions
    set state = case when v_paid then state else p_round -> 'state_after' end,
        state_version = case when v_paid then state_version else state_version + 1 end,
        expires_at = greatest(expires_at, p_expires_at)
    where id = v_session;
  return 'opened';
end;
$$;

-- Step 2: the debit's one attempt and what follows from its answer, decided by compare-and-set on

-- A demo round in one statement: session checks as rf_play_internal_round, the fun balance, the
-- round. Answers ('played' | 'duplicate', round id, balance); raises RF401, RF402, RF409.
create or replace function rf_play_demo_round(
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
      created_at, finished_at, certificate_hash)
    values (p_round ->> 'id', v_session, p_round ->> 'operator_id', p_round ->> 'player_id',
      p_round ->> 'game_symbol', p_round ->> 'currency', p_round ->> 'variant', p_round ->> 'client_round_id',
      p_round ->> 'kind', p_round ->> 'mode', (p_round ->> 'coin')::bigint, (p_round ->> 'bet_level')::integer,
      v_stake, v_win, p_round -> 'state_before', p_round -> 'state_after', p_round -> 'outcome',
      (p_round ->> 'created_at')::timestamptz, (p_round ->> 'created_at')::timestamptz,
      p_round ->> 'certificate_hash');
  return query select 'played'::text, p_round ->> 'id', v_balance;
end;
$$;
