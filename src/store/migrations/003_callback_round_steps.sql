-- The steps of a callback-wallet round (src/wallet/settlement.ts), each one statement, so that a
-- round costs four round trips to the store instead of twenty: under load every round trip also
-- waits for the scheduler, and that, not the work, was most of a callback round's latency.

-- A new wallet transaction from its JSON (the columns of wallet_transactions, plus due_in_ms: the
-- lease of the attempt about to start, or 0 when the worker should take it at once).
create function rf_insert_wallet_transaction(p_tx jsonb, p_give_up_ms double precision)
returns void language sql as $$
  insert into wallet_transactions (id, round_id, operator_id, player_id, game_symbol, currency, wallet_mode,
      type, action_type, amount, original_transaction_id, body, status, attempts, next_attempt_at, give_up_at)
    select t.id, t.round_id, t.operator_id, t.player_id, t.game_symbol, t.currency, 'callback',
      t.type, t.action_type, t.amount, t.original_transaction_id, t.body, 'pending',
      case when (p_tx ->> 'due_in_ms')::float8 > 0 then 1 else 0 end,
      clock_timestamp() + make_interval(secs => (p_tx ->> 'due_in_ms')::float8 / 1000),
      case when t.type = 'debit' then null else clock_timestamp() + make_interval(secs => p_give_up_ms / 1000) end
    from jsonb_populate_record(null::wallet_transactions, p_tx) t;
$$;

create function rf_insert_wallet_attempt(p_attempt jsonb)
returns void language sql as $$
  insert into wallet_attempts (transaction_id, request_id, started_at, latency_ms, http_status, result, error,
      response_body)
    select a.transaction_id, a.request_id, a.started_at, a.latency_ms, a.http_status, a.result, a.error,
      a.response_body
    from jsonb_populate_record(null::wallet_attempts, p_attempt) a;
$$;

-- Step 1: the round and its first transaction (the debit; for a free spin, the credit), written
-- before any wallet call. The session row lock serialises the session's spins; the checks run
-- after it, each statement with a fresh snapshot. Answers opened | existing | stale | blocked | busy.
create function rf_open_callback_round(
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
      outcome, created_at)
    select r.id, r.session_id, r.operator_id, r.player_id, r.game_symbol, r.currency, r.variant, 'callback',
      r.client_round_id, 'open', case when v_paid then 'debit' else 'credit' end, r.kind, r.mode, r.coin,
      r.bet_level, r.stake, r.win, r.state_before, r.state_after, r.outcome, r.created_at
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
-- the round's stage (the worker may have given the debit up already: 'late').
--   acknowledged: the debit is done, the credit (p_next) is written, the session's state moves on;
--   rejected: the round is cancelled with the wallet's error as its reason;
--   failed: the debit is unknown and its rollback (p_next) is written; it is never sent again.
-- Answers credit | rejected | rollback | late.
create function rf_record_debit(
  p_debit_id text,
  p_attempt jsonb,
  p_answer text,
  p_balance bigint,
  p_error text,
  p_next jsonb,
  p_give_up_ms double precision
) returns text
language plpgsql as $$
#variable_conflict use_column
declare
  v_round rounds%rowtype;
begin
  if p_attempt is not null then perform rf_insert_wallet_attempt(p_attempt); end if;
  update rounds r set
      stage = case p_answer when 'acknowledged' then 'credit' when 'rejected' then 'done' else 'rollback' end,
      status = case p_answer when 'rejected' then 'cancelled' else 'open' end,
      cancel_reason = case p_answer when 'acknowledged' then null when 'rejected' then p_error
        else 'wallet_unavailable' end,
      finished_at = case p_answer when 'rejected' then now() else null end
    from wallet_transactions t
    where t.id = p_debit_id and r.id = t.round_id and r.stage = 'debit'
    returning r.* into v_round;
  if not found then
    -- Only the worker abandons without an attempt; a debit whose round moved on must not stay due.
    if p_attempt is null then
      update wallet_transactions set status = 'unknown', last_error = 'round already decided', finished_at = now()
        where id = p_debit_id and status = 'pending';
    end if;
    return 'late';
  end if;

  update wallet_transactions set
      status = case p_answer when 'acknowledged' then 'acknowledged' when 'rejected' then 'rejected' else 'unknown' end,
      balance_after = case p_answer when 'acknowledged' then p_balance else null end,
      last_error = p_error,
      finished_at = now()
    where id = p_debit_id;
  if p_answer = 'rejected' then return 'rejected'; end if;
  perform rf_insert_wallet_transaction(p_next, p_give_up_ms);
  if p_answer = 'failed' then return 'rollback'; end if;

  update game_sessions set state = v_round.state_after, state_version = state_version + 1
    where id = v_round.session_id;
  return 'credit';
end;
$$;

-- Step 3 (and every retry): one attempt of a credit or rollback. Acknowledged closes the round
-- (credit: settled, rollback: cancelled); otherwise the next attempt is scheduled, or the
-- transaction is parked once its retry window has passed. Losing this record in a crash only
-- means the same transaction is sent again, which the operator answers idempotently: no need to
-- wait for the disk.
create function rf_record_delivery(
  p_tx_id text,
  p_attempt jsonb,
  p_acknowledged boolean,
  p_balance bigint,
  p_error text,
  p_retry_in_ms double precision
) returns void
language plpgsql as $$
#variable_conflict use_column
declare
  v_tx wallet_transactions%rowtype;
begin
  perform set_config('synchronous_commit', 'off', true);
  perform rf_insert_wallet_attempt(p_attempt);
  if p_acknowledged then
    update wallet_transactions set status = 'acknowledged', balance_after = p_balance, finished_at = now()
      where id = p_tx_id and status in ('pending', 'failed')
      returning * into v_tx;
    if found then
      update rounds set stage = 'done', status = case v_tx.type when 'credit' then 'settled' else 'cancelled' end,
          finished_at = now()
        where id = v_tx.round_id and stage = v_tx.type;
    end if;
  else
    update wallet_transactions set last_error = p_error,
        status = case when give_up_at <= clock_timestamp() then 'failed' else 'pending' end,
        next_attempt_at = clock_timestamp() + make_interval(secs => p_retry_in_ms / 1000)
      where id = p_tx_id and status = 'pending';
  end if;
end;
$$;
