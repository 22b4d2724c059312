-- A callback round's opening re-checks its session's token and expiry, as the internal round's one
-- statement does (014), so the spin path may start from a cached session row in every wallet mode
-- (issue 11): a token replaced by a relaunch or a session run out since the row was cached answers
-- 'stale', and the caller looks the session up again (which then refuses it as before).
--
-- The check goes into rf_open_callback_round itself, so that every opening has it: the batch of 015
-- and a free round's opening (008) call it by name. The round's JSON carries the hash of the token
-- it was played under ("session_token_hash", hex; not a column) and its created_at is the moment
-- the expiry is judged at.
alter function rf_open_callback_round(jsonb, bigint, timestamptz, jsonb, double precision)
  rename to rf_open_callback_round_unguarded;

create function rf_open_callback_round(
  p_round jsonb,
  p_state_version bigint,
  p_expires_at timestamptz,
  p_first jsonb,
  p_give_up_ms double precision
) returns text
language plpgsql as $$
begin
  -- The session's row lock, the first lock an opening takes (as before), and the check with it.
  perform 1 from game_sessions s
    where s.id = p_round ->> 'session_id'
      and s.token_hash = decode(p_round ->> 'session_token_hash', 'hex')
      and s.expires_at > (p_round ->> 'created_at')::timestamptz
    for update;
  if not found then return 'stale'; end if;
  return rf_open_callback_round_unguarded(p_round, p_state_version, p_expires_at, p_first, p_give_up_ms);
end;
$$;
