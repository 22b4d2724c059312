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
--                    Jackpots: an opened round that may win (rf_jackpot_candidates, read once
--                    for the batch) claims what it triggers (rf_jackpot_feed) in its
--                    own subtransaction, counting the shares of the batch's opened rounds up to
--                    it; the shares of all the opened rounds are added at the end, one shard row
--                    update and one ledger entry a pool (rf_jackpot_add), the statement's last
--                    row locks, outside the items' subtransactions: a fault there fails every
--                    opening of the batch, none written. p_pools: the node's pools of the
--                    batch's fed rounds, written as they came when every one opened, made again
--                    from the opened ones' entries otherwise, or when absent (a node of the
--                    version before): as rf_play_internal_rounds.
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
create or replace function rf_callback_steps(p_step text, p_batch jsonb, p_pools jsonb default null)
returns table (item integer, result text, detail text)
language plpgsql
-- JIT off: see rf_play_internal_rounds.sql. Generic plans: a statement that names a round by its key
-- (id and created_at) was planned again at every call, because a plan made for the one month its
-- created_at picks always looks cheaper than one for every month, which prunes the others only when
-- it runs: four such statements a callback round, about a fifth of its time in PostgreSQL
-- (pg_stat_statements with track_planning, 2026-11-28). The kept generic plans read by key
-- (test/store/kept-plans.test.ts).
set jit = off
set plan_cache_mode = force_generic_plan as $$
declare
  v_item jsonb;
  v_item_no integer := 0;
  v_finished timestamptz;
  v_round_id text;
  v_round_created timestamptz;
  v_settled boolean;
  v_round jsonb;
  -- the opened fed rounds' "jackpot" (the shares a claim counts) and ids; whether a fed round was not opened
  v_shares jsonb[] := '{}';
  v_played text[] := '{}';
  v_refused boolean := false;
  v_candidates integer[] := '{}';
  v_won boolean := false;
begin
  if p_step not in ('open', 'debit', 'delivery') then
    raise exception 'unknown callback step %', p_step;
  end if;
  -- Set outside the items' subtransactions: a failed item's rollback must not undo it.
  if p_step = 'delivery' then perform set_config('synchronous_commit', 'off', true); end if;
  if p_step = 'open'
    and jsonb_path_exists(p_batch, '$[*].round.jackpot[*].tiers[*] ? (@.hit == true || @.check == true)') then
    v_candidates := rf_jackpot_candidates(p_batch);
  end if;
  for v_item in select value from jsonb_array_elements(p_batch) loop
    item := v_item_no;
    detail := null;
    begin
      if p_step = 'open' then
        v_round := v_item -> 'round';
        result := rf_open_callback_round(
          v_round,
          (v_item ->> 'state_version')::bigint,
          (v_item ->> 'expires_at')::timestamptz,
          v_item -> 'first',
          (v_item ->> 'give_up_ms')::double precision);
        -- after a win the candidates read at the start are stale: the round's own flags decide
        if result = 'opened' and v_round ? 'jackpot'
          and (v_item_no = any(v_candidates) or (v_won and rf_jackpot_may_win(v_round))) then
          detail := nullif(rf_jackpot_feed(v_round, (v_round ->> 'created_at')::timestamptz,
            v_shares || (v_round -> 'jackpot')), '[]'::jsonb)::text;
          v_won := v_won or detail is not null;
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
        -- The credit's round, then the round by its key (rf_record_debit.sql says why not a join).
        v_settled := false;
        select t.round_id, t.round_created_at into v_round_id, v_round_created
          from wallet_transactions t
          where t.id = v_item ->> 'tx_id' and t.type = 'credit' and t.action_type <> 'jackpot_win';
        if found then
          select r.finished_at into v_finished from rounds r
            where r.id = v_round_id and r.created_at = v_round_created and r.status = 'settled';
          v_settled := found;
        end if;
        if v_settled then
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
    if p_step = 'open' and v_round ? 'jackpot' then
      if result = 'opened' then
        v_shares := v_shares || (v_round -> 'jackpot');
        v_played := v_played || (v_round ->> 'id');
      else
        v_refused := true;
      end if;
    end if;
    v_item_no := v_item_no + 1;
  end loop;
  if cardinality(v_played) > 0 then
    perform rf_jackpot_add(case when p_pools is not null and not v_refused then p_pools
      else rf_jackpot_pools(p_batch, p_pools, v_played) end);
  end if;
end;
$$;
