-- A callback spin answers its settled round from the statement that records the credit's answer,
-- instead of reading the round back in a statement of its own afterwards (issue 11). The only field
-- of the answer the node does not already hold is the round's finished_at, which the database sets
-- when the credit is acknowledged; the delivery batch now hands it back.
--
-- rf_record_deliveries runs 015's delivery step as before, then looks at each recorded item's
-- round: where that item is a credit whose round is settled (whether this item or an earlier
-- delivery settled it), the item answers 'settled' and its detail is the round's finished_at as
-- timestamptz text, exactly what a read of the round would have shown. Every other item answers
-- 'recorded' as before, and the caller reads the round as it did. The look-up runs after the step
-- inside the same function, so it sees the step's writes; it is two primary-key probes per item.
--
-- A node still on the code before this migration treats any result but 'failed' as recorded, so it
-- goes on working, reading its rounds back.
create or replace function rf_record_deliveries(p_batch jsonb)
returns table (item integer, result text, detail text)
language plpgsql as $$
declare
  v_finished timestamptz;
begin
  for item, result, detail in select * from rf_callback_steps('delivery', p_batch) loop
    if result = 'recorded' then
      select r.finished_at into v_finished
        from wallet_transactions t join rounds r on r.id = t.round_id
        where t.id = p_batch -> item ->> 'tx_id' and t.type = 'credit' and r.status = 'settled';
      if found then
        result := 'settled';
        detail := v_finished::text;
      end if;
    end if;
    return next;
  end loop;
end;
$$;
