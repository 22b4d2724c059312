-- Callback round steps that arrive together are written together: the openings, the debits'
-- answers and the credits' and rollbacks' answers of one event-loop turn are one statement and one
-- commit each, instead of one per round, as 009 does for internal rounds (issue 11). The two durable
-- steps stay durable before the next wallet call; what changes is that several rounds' steps share
-- the flush. Each round keeps its own all-or-nothing step inside a subtransaction (the functions of
-- 003/010, unchanged), so one round's failure does not touch the others: its row answers result
-- 'failed', detail '<sqlstate> <message>', and the caller raises that for the round alone. Items come
-- sorted by key from the caller, so that concurrent batches take their row locks in the same order.
--
-- p_step 'open':     items { "round", "state_version", "expires_at", "first", "give_up_ms" }
--                    (as rf_open_callback_round) → opened | existing | stale | blocked | busy
-- p_step 'debit':    items { "debit_id", "attempt", "answer", "balance", "error", "next", "give_up_ms" }
--                    (as rf_record_debit) → credit | rejected | rollback | late
-- p_step 'delivery': items { "tx_id", "attempt", "acknowledged", "balance", "error", "retry_in_ms" }
--                    (as rf_record_delivery) → recorded; the commit does not wait for the flush, as
--                    a single delivery's does not (a lost record only means the call is sent again)
-- One row per item, by its place in p_batch (from 0).
create function rf_callback_steps(p_step text, p_batch jsonb)
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
        result := rf_open_callback_round(
          v_item -> 'round',
          (v_item ->> 'state_version')::bigint,
          (v_item ->> 'expires_at')::timestamptz,
          v_item -> 'first',
          (v_item ->> 'give_up_ms')::double precision);
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

-- The three steps by name, for the statements and the logs that show them.
create function rf_open_callback_rounds(p_batch jsonb) returns table (item integer, result text, detail text)
language sql as $$ select * from rf_callback_steps('open', p_batch) $$;
create function rf_record_debits(p_batch jsonb) returns table (item integer, result text, detail text)
language sql as $$ select * from rf_callback_steps('debit', p_batch) $$;
create function rf_record_deliveries(p_batch jsonb) returns table (item integer, result text, detail text)
language sql as $$ select * from rf_callback_steps('delivery', p_batch) $$;
