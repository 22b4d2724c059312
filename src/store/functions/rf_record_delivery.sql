-- Callback step 3 (and every retry): one attempt of a credit or rollback. Acknowledged closes the
-- round (credit: settled, rollback: cancelled); otherwise the next attempt is scheduled, or the
-- transaction is parked once its retry window has passed. Losing this record in a crash only means
-- the same transaction is sent again, which the operator answers idempotently: the commit does not
-- wait for the disk. The acknowledging attempt is kept on the row (acknowledged_attempt, migration
-- 024); every other attempt, and an acknowledgement that came after the row was decided, in
-- wallet_attempts.
create or replace function rf_record_delivery(
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
  if p_acknowledged then
    update wallet_transactions set status = 'acknowledged', balance_after = p_balance, finished_at = now(),
        acknowledged_attempt = p_attempt
      where id = p_tx_id and status in ('pending', 'failed')
      returning * into v_tx;
    -- A jackpot win's credit is a step of its own: it never closes the round (its credit does).
    if found and v_tx.action_type <> 'jackpot_win' then
      update rounds set stage = 'done', status = case v_tx.type when 'credit' then 'settled' else 'cancelled' end,
          finished_at = now()
        where id = v_tx.round_id and created_at = v_tx.round_created_at and stage = v_tx.type;
    elsif not found then
      perform rf_insert_wallet_attempt(p_attempt);
    end if;
  else
    perform rf_insert_wallet_attempt(p_attempt);
    update wallet_transactions set last_error = p_error,
        status = case when give_up_at <= clock_timestamp() then 'failed' else 'pending' end,
        next_attempt_at = clock_timestamp() + make_interval(secs => p_retry_in_ms / 1000)
      where id = p_tx_id and status = 'pending';
  end if;
end;
$$;
