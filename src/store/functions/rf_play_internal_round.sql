-- One internal-wallet round in one statement: the round, its debit and credit (each with the
-- balance after it), the balance, and the session's feature state, net position and last round,
-- all or nothing, idempotent by the click id. A round of a free-rounds grant (p_round names
-- free_round_grant_id, and free_round.new_round) first takes its share of the grant under the
-- grant's row lock (rf_claim_free_round); its stake is 0 and its credit is the win.
--
-- A paid round that feeds jackpots (p_round names them, issue 28) has its share added and its
-- claims made by its batch's statement, after it (rf_play_internal_rounds).
--
-- Answers (result, round id, balance): played or duplicate, with the round and the balance;
-- otherwise nothing is written and the result says why: revalidate (token replaced or session
-- expired), stale (state moved, the same click won a race, or the grant's win moved since it was
-- read), insufficient_funds, or the grant's refusal (not_found | cancelled | max_win_reached |
-- used_up | expired | not_started). Anything raised out of it is a fault.
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
  v_created timestamptz := (p_round ->> 'created_at')::timestamptz;
  v_grant text := p_round ->> 'free_round_grant_id';
  v_claim text;
  v_existing text;
  v_launched timestamptz;
  v_balance bigint;
  v_code text;
  v_version text;
begin
  -- The caller may hold a cached copy of the session: the token must still be its current one.
  select s.refreshed_at into v_launched from game_sessions s
    where s.id = v_session and s.token_hash = p_token_hash and s.expires_at > p_now;
  if not found then
    return query select 'revalidate'::text, null::text, null::bigint;
    return;
  end if;

  -- The click key is not a unique index since rounds are partitioned (migration 029). A click is
  -- sent again only under the token it was made with, and that token is the current one (checked
  -- above): its round is no older than the launch that issued it, so only the months since then are
  -- read (a day's margin for a node's clock against the database's). A second insert of the same
  -- click cannot pass the compare-and-set on state_version below.
  select r.id into v_existing from rounds r
    where r.session_id = v_session and r.client_round_id = p_round ->> 'client_round_id'
      and r.created_at >= v_launched - interval '1 day';
  if found then
    return query select 'duplicate'::text, v_existing,
      (select b.balance::bigint from wallet_balances b
        where b.operator_id = v_operator and b.player_id = v_player and b.currency = v_currency);
    return;
  end if;

  -- A refusal found after a write raises, so that this block's rollback undoes the writes before
  -- it; the handler answers it as a value.
  begin
    if v_grant is not null then
      v_claim := rf_claim_free_round(v_grant, v_session, (p_round -> 'free_round' ->> 'new_round')::boolean,
        v_win, p_now, (p_round -> 'state_after' ->> 'freeSpinsLeft')::integer);
      -- A refused claim has written nothing. Over the cap: the grant's win has moved since the
      -- round was prepared from it.
      if v_claim <> 'ok' then
        return query select case v_claim when 'over_cap' then 'stale' else v_claim end, null::text, null::bigint;
        return;
      end if;
    end if;

    -- The session's net position and last round move here, in the update that takes the state, so
    -- the round's insert below names its profile and the jurisdiction trigger does not fire.
    update game_sessions s set state = p_round -> 'state_after', state_version = s.state_version + 1,
        expires_at = greatest(s.expires_at, p_expires_at),
        net_position = s.net_position + (v_win - v_stake),
        last_round_at = greatest(coalesce(s.last_round_at, v_created), v_created)
      where s.id = v_session and s.state_version = p_state_version
      returning s.jurisdiction_code, s.jurisdiction_version into v_code, v_version;
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
        outcome, created_at, finished_at, certificate_hash, jurisdiction_code, jurisdiction_version,
        free_round_grant_id)
      values (p_round ->> 'id', v_session, v_operator, v_player, p_round ->> 'game_symbol', v_currency,
        p_round ->> 'variant', 'internal', p_round ->> 'client_round_id', 'settled', 'done', p_round ->> 'kind',
        p_round ->> 'mode', (p_round ->> 'coin')::bigint, (p_round ->> 'bet_level')::integer, v_stake, v_win,
        p_round -> 'state_before', p_round -> 'state_after', p_round -> 'outcome', v_created, v_created,
        p_round ->> 'certificate_hash', coalesce(v_code, 'default'), v_version, v_grant);

    if v_stake > 0 then
      insert into wallet_transactions (id, round_id, round_created_at, operator_id, player_id, game_symbol,
          currency, wallet_mode, type, action_type, amount, status, balance_after, finished_at)
        values (p_debit_id, p_round ->> 'id', v_created, v_operator, v_player, p_round ->> 'game_symbol', v_currency,
          'internal', 'debit', p_action_type, v_stake, 'acknowledged', v_balance - v_win, now());
    end if;
    insert into wallet_transactions (id, round_id, round_created_at, operator_id, player_id, game_symbol,
        currency, wallet_mode, type, action_type, amount, status, balance_after, finished_at)
      values (p_credit_id, p_round ->> 'id', v_created, v_operator, v_player, p_round ->> 'game_symbol', v_currency,
        'internal', 'credit', p_action_type, v_win, 'acknowledged', v_balance, now());

  exception
    when sqlstate 'RF402' then
      return query select 'insufficient_funds'::text, null::text, null::bigint;
      return;
    -- unique_violation: an id taken already in the round's month.
    when sqlstate 'RF409' or unique_violation then
      return query select 'stale'::text, null::text, null::bigint;
      return;
  end;

  return query select 'played'::text, p_round ->> 'id', v_balance;
end;
$$;
