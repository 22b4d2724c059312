-- A demo round in one statement: the session checks of rf_play_internal_round, the fun balance,
-- the demo round, idempotent by the click id; nothing of it reaches the money ledger. Its tables
-- are demo_rounds and demo_balances, so it is its own function, not a mode of the internal round.
-- The round's insert does not name its profile: the jurisdiction trigger gives it the session's.
--
-- Answers (result, round id, balance) as rf_play_internal_round: played | duplicate, or with
-- nothing written revalidate | stale | insufficient_funds. Anything raised out of it is a fault.
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
    return query select 'revalidate'::text, null::text, null::bigint;
    return;
  end if;
  select r.id into v_existing from demo_rounds r
    where r.session_id = v_session and r.client_round_id = p_round ->> 'client_round_id';
  if found then
    return query select 'duplicate'::text, v_existing,
      (select b.balance from demo_balances b where b.session_id = v_session);
    return;
  end if;

  -- A refusal found after a write raises, so that this block's rollback undoes the writes before
  -- it; the handler answers it as a value.
  begin
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
  exception
    when sqlstate 'RF402' then
      return query select 'insufficient_funds'::text, null::text, null::bigint;
      return;
    -- unique_violation: the same click, sent twice at once, was inserted by the other.
    when sqlstate 'RF409' or unique_violation then
      return query select 'stale'::text, null::text, null::bigint;
      return;
  end;
  return query select 'played'::text, p_round ->> 'id', v_balance;
end;
$$;
