-- A callback round's opening re-checks its session's token and expiry, as the internal round's one
-- statement does (014), so the spin path may start from a cached session row in every wallet mode
-- (issue 11): a token replaced by a relaunch or a session run out since the row was cached answers
-- 'stale', and the caller looks the session up again (which then refuses it as before).

-- Takes the session's row lock (the first lock an opening takes, as before) and answers whether the
-- session still has this token and has not expired at p_now.
create function rf_lock_live_session(p_session text, p_token_hash bytea, p_now timestamptz)
returns boolean
language plpgsql as $$
begin
  perform 1 from game_sessions s
    where s.id = p_session and s.token_hash = p_token_hash and s.expires_at > p_now
    for update;
  return found;
end;
$$;

-- 015's batch, with the opening's items now carrying "token_hash" (hex) and "now".
create or replace function rf_callback_steps(p_step text, p_batch jsonb)
returns table (item integer, result text, detail text)
language plpgsql as $$
declare
  v_item jsonb;
  v_item_no integer := 0;
begin
  if p_step not in ('open', 'debit', 'delivery') then
    raise exception 'unknown callback step %', p_step;
  end if;
  -- Set outside the items' subtransactions: a failed item's rollback must not undo it.
  if p_step = 'delivery' then perform set_config('synchronous_commit', 'off', true); end if;
  for v_item in select value from jsonb_array_elements(p_batch) loop
    item := v_item_no;
    detail := null;
    begin
      if p_step = 'open' then
        if not rf_lock_live_session(v_item -> 'round' ->> 'session_id', decode(v_item ->> 'token_hash', 'hex'),
            (v_item ->> 'now')::timestamptz) then
          result := 'stale';
        else
          result := rf_open_callback_round(
            v_item -> 'round',
            (v_item ->> 'state_version')::bigint,
            (v_item ->> 'expires_at')::timestamptz,
            v_item -> 'first',
            (v_item ->> 'give_up_ms')::double precision);
        end if;
      elsif p_step = 'debit' then
        result := rf_record_debit(
          v_item ->> 'debit_id',
          case when jsonb_typeof(v_item -> 'attempt') = 'object' then v_item -> 'attempt' end,
          v_item ->> 'answer',
          (v_item ->> 'balance')::bigint,
          v_item ->> 'error',
          case when jsonb_typeof(v_item -> 'next') = 'object' then v_item -> 'next' end,
          (v_item ->> 'give_up_ms')::double precision);
      else
        perform rf_record_delivery(
          v_item ->> 'tx_id',
          v_item -> 'attempt',
          (v_item ->> 'acknowledged')::boolean,
          (v_item ->> 'balance')::bigint,
          v_item ->> 'error',
          (v_item ->> 'retry_in_ms')::double precision);
        result := 'recorded';
      end if;
    exception
      when others then
        result := 'failed';
        detail := sqlstate || ' ' || sqlerrm;
    end;
    return next;
    v_item_no := v_item_no + 1;
  end loop;
end;
$$;

-- A free round's opening (008), behind the same check.
create function rf_open_live_callback_free_round(
  p_token_hash bytea,
  p_now timestamptz,
  p_round jsonb,
  p_state_version bigint,
  p_expires_at timestamptz,
  p_first jsonb,
  p_give_up_ms double precision,
  p_new_round boolean
) returns text
language plpgsql as $$
begin
  if not rf_lock_live_session(p_round ->> 'session_id', p_token_hash, p_now) then
    return 'stale';
  end if;
  return rf_open_callback_free_round(p_round, p_state_version, p_expires_at, p_first, p_give_up_ms,
    p_new_round);
end;
$$;
