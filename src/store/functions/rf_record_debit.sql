-- Callback step 2: the debit's one attempt and what follows from its answer, decided by
-- compare-and-set on the round's stage (the worker may have given the debit up already: 'late').
--   acknowledged: the debit is done and the credit (p_next) is written;
--   rejected: the round is cancelled with the wallet's error as its reason;
--   failed: the debit is unknown and its rollback (p_next) is written; it is never sent again.
-- The session's state moved on at the opening (rf_open_callback_round); a rejected or failed debit
-- puts it back to the round's state_before, under a new state_version (a cached copy of either is stale).
-- An acknowledgement's record may commit without waiting for the disk (the caller decides, from
-- src/wallet/round-machine.ts); a debit still pending across a restart of the database is sent
-- again by recovery, and its answer recorded here like the first.
-- Answers credit | rejected | rollback | late.
create or replace function rf_record_debit(
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
  v_round_id text;
  v_round_created timestamptz;
begin
  -- The acknowledging attempt goes on the debit's row (acknowledged_attempt, migration 024); any
  -- other, and one that finds the round already decided, in wallet_attempts.
  if p_attempt is not null and p_answer <> 'acknowledged' then perform rf_insert_wallet_attempt(p_attempt); end if;
  -- The debit's round first, then the round by its key: one statement joining the two was planned
  -- once per connection, and on a young month (few rows, or none when the plan was made) the planner
  -- read the whole month's rounds for each debit (900 pages a call in the benchmark).
  select t.round_id, t.round_created_at into v_round_id, v_round_created
    from wallet_transactions t where t.id = p_debit_id;
  update rounds r set
      stage = case p_answer when 'acknowledged' then 'credit' when 'rejected' then 'done' else 'rollback' end,
      status = case p_answer when 'rejected' then 'cancelled' else 'open' end,
      cancel_reason = case p_answer when 'acknowledged' then null when 'rejected' then p_error
        else 'wallet_unavailable' end,
      finished_at = case p_answer when 'rejected' then now() else null end
    where r.id = v_round_id and r.created_at = v_round_created and r.stage = 'debit'
    returning r.* into v_round;
  if not found then
    if p_attempt is not null and p_answer = 'acknowledged' then perform rf_insert_wallet_attempt(p_attempt); end if;
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
      acknowledged_attempt = case p_answer when 'acknowledged' then p_attempt end,
      last_error = p_error,
      finished_at = now()
    where id = p_debit_id and round_created_at = v_round.created_at;
  if p_answer <> 'acknowledged' then
    update game_sessions set state = v_round.state_before, state_version = state_version + 1
      where id = v_round.session_id;
    -- The stake was never taken: what the round fed the jackpots, and any win, is given back.
    perform rf_jackpot_void(v_round.id, now());
  end if;
  if p_answer = 'rejected' then return 'rejected'; end if;
  perform rf_insert_wallet_transaction(p_next || jsonb_build_object('round_created_at', v_round.created_at), p_give_up_ms);
  if p_answer = 'failed' then return 'rollback'; end if;
  return 'credit';
end;
$$;
