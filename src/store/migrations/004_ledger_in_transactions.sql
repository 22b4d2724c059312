-- The internal wallet's ledger is its wallet_transactions rows: one per movement, with its amount,
-- type and balance_after, idempotent by id. The separate wallet_ledger table repeated each of them
-- and doubled the write-ahead log of every round; rounds.seq needs no unique index of its own.
drop table wallet_ledger;
alter table rounds drop constraint rounds_seq_key;
drop function rf_play_internal_round(jsonb, bytea, timestamptz, bigint, timestamptz, text, text, text, bigint);

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
