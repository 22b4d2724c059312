-- The answers of credits and rollbacks delivered in one event-loop turn are recorded by one
-- statement, as 015 does for opens and debit answers (issue 11). Like each single record, the
-- batch's commit does not wait for the disk flush: losing it in a crash only means the same
-- transaction is sent again, which the operator answers idempotently. Each record keeps its own
-- subtransaction (rf_record_delivery of 003, unchanged); an error inside one is answered for that
-- record alone: result 'failed', detail '<sqlstate> <message>'.

-- p_batch: [{ "tx_id", "attempt", "acknowledged", "balance", "error", "retry_in_ms" }, ...]
-- (as rf_record_delivery). Answers one row per item, by its place (from 0): recorded | failed.
create function rf_record_deliveries(p_batch jsonb)
returns table (item integer, result text, detail text)
language plpgsql as $$
declare
  v_item jsonb;
  v_item_no integer := 0;
begin
  perform set_config('synchronous_commit', 'off', true);
  for v_item in select value from jsonb_array_elements(p_batch) loop
    item := v_item_no;
    result := 'recorded';
    detail := null;
    begin
      perform rf_record_delivery(
        v_item ->> 'tx_id',
        v_item -> 'attempt',
        (v_item ->> 'acknowledged')::boolean,
        (v_item ->> 'balance')::bigint,
        v_item ->> 'error',
        (v_item ->> 'retry_in_ms')::double precision);
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
