-- A callback round's opening moves the session's net position and last round in the update it
-- makes of the session anyway, as 014 does for internal rounds (issue 11). Until now the round's
-- insert fired rf_round_jurisdiction (011), which updated the session row a second time: three new
-- row versions of game_sessions per callback round (opening, trigger, debit's answer), now two.
-- The round's insert names its profile, so the trigger (which fires only for an insert that does
-- not, 014) stays for the rounds that still need it.
--
-- The body is 010's, which 016 renamed to rf_open_callback_round_unguarded, with the session's
-- update moved before the round's insert (the session's row lock is taken first, as before) and
-- those two lines added; the signature is the same, so 016's guarded opening, 015's batch and 008's
-- free round, which call it by name, stand as they are.
create or replace function rf_open_callback_round_unguarded(
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
  v_version bigint;
  v_code text;
  v_profile_version text;
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

  -- A free spin's state moves at once; a paid round's when its debit is acknowledged (003). The
  -- net position counts the round from its opening; a round that does not go ahead gives it back
  -- (rf_round_cancelled_net, 011).
  update game_sessions s
    set state = case when v_paid then s.state else p_round -> 'state_after' end,
        state_version = case when v_paid then s.state_version else s.state_version + 1 end,
        expires_at = greatest(s.expires_at, p_expires_at),
        net_position = s.net_position + ((p_round ->> 'win')::bigint - (p_round ->> 'stake')::bigint),
        last_round_at = greatest(coalesce(s.last_round_at, v_created), v_created)
    where s.id = v_session
    returning s.jurisdiction_code, s.jurisdiction_version into v_code, v_profile_version;

  insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
      client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after,
      outcome, created_at, certificate_hash, jurisdiction_code, jurisdiction_version)
    select r.id, r.session_id, r.operator_id, r.player_id, r.game_symbol, r.currency, r.variant, 'callback',
      r.client_round_id, 'open', case when v_paid then 'debit' else 'credit' end, r.kind, r.mode, r.coin,
      r.bet_level, r.stake, r.win, r.state_before, r.state_after, r.outcome, r.created_at,
      r.certificate_hash, coalesce(v_code, 'default'), v_profile_version
    from jsonb_populate_record(null::rounds, p_round) r;
  perform rf_insert_wallet_transaction(p_first, p_give_up_ms);
  return 'opened';
end;
$$;
