-- Internal-wallet rounds that arrive together are committed together: one statement and one commit
-- (one WAL flush) for a batch instead of one per round. Each round is rf_play_internal_round, all
-- or nothing on its own (its refusals roll back inside it), so one round's refusal does not touch
-- the others. Items come sorted by (operator, player, currency, session) from the caller, so that
-- concurrent batches take their row locks in the same order.
--
-- p_batch: [{ "round": <as rf_play_internal_round>, "token_hash": hex, "now", "state_version",
--             "expires_at", "debit_id", "credit_id", "action_type", "start_balance" }, ...]
-- Answers one row per item, by its place in p_batch (from 0), with rf_play_internal_round's answer.
-- The jackpot shard rows the batch adds to are locked first, in tier order (rf_jackpot_lock_shards).
create or replace function rf_play_internal_rounds(p_batch jsonb)
returns table (item integer, result text, round_id text, balance bigint, jackpot jsonb)
language plpgsql as $$
declare
  v_item jsonb;
  v_item_no integer := 0;
begin
  perform rf_jackpot_lock_shards((select coalesce(jsonb_agg(i.value -> 'round'), '[]'::jsonb)
    from jsonb_array_elements(p_batch) i where i.value -> 'round' ? 'jackpot'));
  for v_item in select value from jsonb_array_elements(p_batch) loop
    return query select v_item_no, p.result, p.round_id, p.balance, p.jackpot
      from rf_play_internal_round(
        v_item -> 'round',
        decode(v_item ->> 'token_hash', 'hex'),
        (v_item ->> 'now')::timestamptz,
        (v_item ->> 'state_version')::bigint,
        (v_item ->> 'expires_at')::timestamptz,
        v_item ->> 'debit_id',
        v_item ->> 'credit_id',
        v_item ->> 'action_type',
        (v_item ->> 'start_balance')::bigint) p;
    v_item_no := v_item_no + 1;
  end loop;
end;
$$;
