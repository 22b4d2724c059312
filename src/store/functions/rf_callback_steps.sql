-- Callback round steps that arrive together are written together: the openings, the debits'
-- answers and the credits' and rollbacks' answers of one event-loop turn are one statement and one
-- commit each, instead of one per round, as rf_play_internal_rounds does for internal rounds. The
-- two durable steps stay durable before the next wallet call; what changes is that several rounds'
-- steps share the flush. Each item's step runs inside a subtransaction, so one round's fault does
-- not touch the others: its row answers result 'failed', detail '<sqlstate> <message>', and the
-- caller raises that for the round alone. Items come sorted by key from the caller, so that
-- concurrent batches take their row locks in the same order.
--
-- p_step 'open':     items { "round", "state_version", "expires_at", "first", "give_up_ms" }
--                    → rf_open_callback_round's answer; an opened round that won jackpot tiers
--                    answers them in detail: [{ win_id, tx_id, tier_id, tier, pool_id, amount }].
--                    The jackpot shard rows of the batch are locked first, in tier order.
-- p_step 'debit':    items { "debit_id", "attempt", "answer", "balance", "error", "next", "give_up_ms",
--                    "jackpot" } → rf_record_debit's answer: credit | rejected | rollback | late;
--                    with credit, the round's jackpot credits ("jackpot", rows as "next") are written.
-- p_step 'delivery': items { "tx_id", "attempt", "acknowledged", "balance", "error", "retry_in_ms" }
--                    → settled, detail the round's finished_at as timestamptz text, for a credit
--                    whose round is settled (by this item or an earlier delivery): what a read of
--                    the round would show; recorded otherwise. The commit does not wait for the
--                    flush, as a single delivery's does not (a lost record only means the call is
--                    sent again).
-- One row per item, by its place in p_batch (from 0).
create or replace function rf_callback_steps(p_step text, p_batch jsonb)
returns table (item integer, result text, detail text)
language plpgsql as $$
declare
  v_item jsonb;
  v_item_no integer := 0;
  v_finished timestamptz;
begin
  if p_step not in ('open', 'debit', 'delivery') then
    raise exception 'unknown callback step %', p_step;
  end if;
  -- Set outside the items' subtransactions: a failed item's rollback must not undo it.
  if p_step = 'delivery' then perform set_config('synchronous_commit', 'off', true); end if;
  if p_step = 'open' then
    perform rf_jackpot_lock_shards((select coalesce(jsonb_agg(i.value -> 'round'), '[]'::jsonb)
      from jsonb_array_elements(p_batch) i where i.value -> 'round' ? 'jackpot'));
  end if;
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
        if result = 'opened' and v_item -> 'round' ? 'jackpot' then
          select jsonb_agg(jsonb_build_object('win_id', w.id, 'tx_id', w.transaction_id, 'tier_id', w.tier_id,
              'tier', t.name, 'pool_id', w.pool_id, 'amount', w.amount))::text into detail
            from jackpot_wins w join jackpot_tiers t on t.id = w.tier_id
            where w.round_id = v_item -> 'round' ->> 'id' and w.status = 'won';
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
        if result = 'credit' and jsonb_typeof(v_item -> 'jackpot') = 'array' then
          perform rf_insert_wallet_transaction(j.value, (v_item ->> 'give_up_ms')::double precision)
            from jsonb_array_elements(v_item -> 'jackpot') j;
        end if;
      else
        perform rf_record_delivery(
          v_item ->> 'tx_id',
          v_item -> 'attempt',
          (v_item ->> 'acknowledged')::boolean,
          (v_item ->> 'balance')::bigint,
          v_item ->> 'error',
          (v_item ->> 'retry_in_ms')::double precision);
        select r.finished_at into v_finished
          from wallet_transactions t join rounds r on r.id = t.round_id and r.created_at = t.round_created_at
          where t.id = v_item ->> 'tx_id' and t.type = 'credit' and t.action_type <> 'jackpot_win'
            and r.status = 'settled';
        if found then
          result := 'settled';
          detail := v_finished::text;
        else
          result := 'recorded';
        end if;
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
