-- Internal-wallet rounds that arrive together are committed together: one statement and one commit
-- (one WAL flush) for a batch instead of one per round. Each round keeps its own all-or-nothing
-- step inside a subtransaction, so one round's refusal does not touch the others. Items come
-- sorted by (operator, player, currency, session) from the caller, so that concurrent batches take
-- their row locks in the same order.
--
-- p_batch: [{ "round": <as rf_play_internal_round>, "token_hash": hex, "now", "state_version",
--             "expires_at", "debit_id", "credit_id", "action_type", "start_balance" }, ...]
-- Answers one row per item, by its place in p_batch (from 0): result 'played' | 'duplicate' | 'insufficient_funds' |
-- 'revalidate' (token replaced or session expired) | 'stale' (state moved, or the same click won).
create function rf_play_internal_rounds(p_batch jsonb)
returns table (item integer, result text, round_id text, balance bigint)
language plpgsql as $$
declare
  v_item jsonb;
  v_item_no integer := 0;
  v_played record;
begin
  for v_item in select value from jsonb_array_elements(p_batch) loop
    begin
      select * into v_played from rf_play_internal_round(
        v_item -> 'round',
        decode(v_item ->> 'token_hash', 'hex'),
        (v_item ->> 'now')::timestamptz,
        (v_item ->> 'state_version')::bigint,
        (v_item ->> 'expires_at')::timestamptz,
        v_item ->> 'debit_id',
        v_item ->> 'credit_id',
        v_item ->> 'action_type',
        (v_item ->> 'start_balance')::bigint);
      item := v_item_no;
      result := v_played.result;
      round_id := v_played.round_id;
      balance := v_played.balance;
      return next;
    exception
      when sqlstate 'RF402' then
        item := v_item_no; result := 'insufficient_funds'; round_id := null; balance := null;
        return next;
      when sqlstate 'RF401' then
        item := v_item_no; result := 'revalidate'; round_id := null; balance := null;
        return next;
      when sqlstate 'RF409' or unique_violation then
        item := v_item_no; result := 'stale'; round_id := null; balance := null;
        return next;
    end;
    v_item_no := v_item_no + 1;
  end loop;
end;
$$;
