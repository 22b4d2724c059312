-- Callback step 1: the round and its first transaction (the debit; for a free spin, the credit),
-- written before any wallet call. The session's row lock, the first lock an opening takes,
-- serialises the session's spins; with it the session's token and expiry are checked again, so the
-- spin path may start from a cached session row: p_round carries the hash of the token it was
-- played under (session_token_hash, hex; not a column) and its created_at is the moment the expiry
-- is judged at. The other checks run after the lock, each statement with a fresh snapshot.
--
-- A round of a free-rounds grant (p_round names free_round_grant_id, and free_round.new_round)
-- takes its share of the grant (rf_claim_free_round, under the grant's row lock) after the checks
-- and before any write. The session's state moves on here, paid round or free spin: a paid round's
-- debit that is rejected or fails puts it back (rf_record_debit), so an acknowledged debit's record
-- writes no session row. The net position counts the round from its opening; a round that does not
-- go ahead gives it back (trigger rf_round_cancelled_net).
--
-- A paid round that feeds jackpots has its share added and its claims made by its batch's statement,
-- in the same write (rf_callback_steps), which answers the wins with 'opened'; a debit that does not
-- go ahead gives them back (rf_jackpot_void, from rf_record_debit).
--
-- Answers opened, or with nothing written: existing | stale (token replaced, session expired, state
-- moved, or the grant's win moved since it was read) | blocked (a parked transaction of the player
-- in this game) | busy (a debit of the session still waits for its answer) | the grant's refusal
-- (not_found | cancelled | max_win_reached | used_up | expired | not_started).
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
  v_created timestamptz := (p_round ->> 'created_at')::timestamptz;
  v_grant text := p_round ->> 'free_round_grant_id';
  v_version bigint;
  v_launched timestamptz;
  v_claim text;
  v_code text;
  v_profile_version text;
begin
  select s.state_version, s.refreshed_at into v_version, v_launched from game_sessions s
    where s.id = v_session
      and s.token_hash = decode(p_round ->> 'session_token_hash', 'hex')
      and s.expires_at > v_created
    for update;
  if not found then return 'stale'; end if;
  -- Under the session's row lock, so exact (migration 029). A click is sent again only under the
  -- token it was made with, the current one (checked above): its round is no older than the launch
  -- that issued it, so only the months since then are read (a day's margin for clocks).
  if exists (select 1 from rounds r
      where r.session_id = v_session and r.client_round_id = p_round ->> 'client_round_id'
        and r.created_at >= v_launched - interval '1 day') then
    return 'existing';
  end if;
  -- A debit of the session still waiting for its answer comes before the state version, which its
  -- opening has already moved on.
  if exists (select 1 from rounds r where r.session_id = v_session and r.status = 'open' and r.stage = 'debit') then
    return 'busy';
  end if;
  if v_version <> p_state_version then return 'stale'; end if;
  if exists (select 1 from wallet_transactions t
      where t.status = 'failed' and t.operator_id = p_round ->> 'operator_id'
        and t.player_id = p_round ->> 'player_id' and t.game_symbol = p_round ->> 'game_symbol') then
    return 'blocked';
  end if;

  if v_grant is not null then
    v_claim := rf_claim_free_round(v_grant, v_session, (p_round -> 'free_round' ->> 'new_round')::boolean,
      (p_round ->> 'win')::bigint, v_created, (p_round -> 'state_after' ->> 'freeSpinsLeft')::integer);
    -- Over the cap: the grant's win has moved since the round was prepared from it.
    if v_claim = 'over_cap' then return 'stale'; end if;
    if v_claim <> 'ok' then return v_claim; end if;
  end if;

  update game_sessions s
    set state = p_round -> 'state_after',
        state_version = s.state_version + 1,
        expires_at = greatest(s.expires_at, p_expires_at),
        net_position = s.net_position + ((p_round ->> 'win')::bigint - (p_round ->> 'stake')::bigint),
        last_round_at = greatest(coalesce(s.last_round_at, v_created), v_created)
    where s.id = v_session
    returning s.jurisdiction_code, s.jurisdiction_version into v_code, v_profile_version;

  insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
      client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after,
      outcome, created_at, certificate_hash, jurisdiction_code, jurisdiction_version, free_round_grant_id)
    select r.id, r.session_id, r.operator_id, r.player_id, r.game_symbol, r.currency, r.variant, 'callback',
      r.client_round_id, 'open', case when v_paid then 'debit' else 'credit' end, r.kind, r.mode, r.coin,
      r.bet_level, r.stake, r.win, r.state_before, r.state_after, r.outcome, r.created_at,
      r.certificate_hash, coalesce(v_code, 'default'), v_profile_version, v_grant
    from jsonb_populate_record(null::rounds, p_round) r;
  perform rf_insert_wallet_transaction(p_first || jsonb_build_object('round_created_at', v_created), p_give_up_ms);
  return 'opened';
end;
$$;
