-- Callback rounds that arrive together are opened together, and their debits' answers recorded
-- together: one statement and one commit (one WAL flush) for a batch instead of one per round, as
-- 009 does for internal rounds (issue 11). The two steps stay durable before the next wallet call;
-- what changes is that several rounds' steps share the flush. Each round keeps its own
-- all-or-nothing step inside a subtransaction (the functions of 003/010, unchanged), so one round's
-- failure does not touch the others. Items come sorted by session from the caller, so that
-- concurrent batches take their row locks in the same order.
--
-- An error inside one item is answered for that item alone: result 'failed', detail
-- '<sqlstate> <message>'; the caller raises it for that round.

-- p_batch: [{ "round", "state_version", "expires_at", "first", "give_up_ms" }, ...] (as rf_open_callback_round)
-- Answers one row per item, by its place in p_batch (from 0): opened | existing | stale | blocked | busy | failed.
create function rf_open_callback_rounds(p_batch jsonb)
returns table (item integer, result text, detail text)
language plpgsql as $$
declare
  v_item jsonb;
  v_item_no integer := 0;
begin
  for v_item in select value from jsonb_array_elements(p_batch) loop
    item := v_item_no;
    detail := null;
    begin
      result := rf_open_callback_round(
        v_item -> 'round',
        (v_item ->> 'state_version')::bigint,
        (v_item ->> 'expires_at')::timestamptz,
        v_item -> 'first',
        (v_item ->> 'give_up_ms')::double precision);
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

-- p_batch: [{ "debit_id", "attempt", "answer", "balance", "error", "next", "give_up_ms" }, ...]
-- (as rf_record_debit). Answers one row per item: credit | rejected | rollback | late | failed.
create function rf_record_debits(p_batch jsonb)
returns table (item integer, result text, detail text)
language plpgsql as $$
declare
  v_item jsonb;
  v_item_no integer := 0;
begin
  for v_item in select value from jsonb_array_elements(p_batch) loop
    item := v_item_no;
    detail := null;
    begin
      result := rf_record_debit(
        v_item ->> 'debit_id',
        case when jsonb_typeof(v_item -> 'attempt') = 'object' then v_item -> 'attempt' end,
        v_item ->> 'answer',
        (v_item ->> 'balance')::bigint,
        v_item ->> 'error',
        case when jsonb_typeof(v_item -> 'next') = 'object' then v_item -> 'next' end,
        (v_item ->> 'give_up_ms')::double precision);
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
