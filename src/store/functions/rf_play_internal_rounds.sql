-- Internal-wallet rounds that arrive together are committed together: one statement and one commit
-- (one WAL flush) for a batch instead of one per round. Each round is rf_play_internal_round, all
-- or nothing on its own (its refusals roll back inside it), so one round's refusal does not touch
-- the others. Items come sorted by (operator, player, currency, session) from the caller, so that
-- concurrent batches take their row locks in the same order.
--
-- p_batch: [{ "round": <as rf_play_internal_round>, "token_hash": hex, "now", "state_version",
--             "expires_at", "debit_id", "credit_id", "action_type", "start_balance" }, ...]
-- p_pools: the pools the batch's rounds feed, with their shares summed and their ledger entry's text,
--          made by the node for all the batch's fed rounds (rf_jackpot_add); absent (a node of the
--          version before), they are made here from the rounds' "jackpot_entries" (rf_jackpot_pools).
-- Answers one row per item, by its place in p_batch (from 0), with rf_play_internal_round's answer.
-- Jackpots (issue 28): a played round that may win (rf_jackpot_candidates, read once for the batch)
-- claims what it triggers (rf_jackpot_feed) at once, counting the shares of the batch's played rounds
-- up to it, and a win is credited to the balance in this statement, as its own acknowledged credit
-- (action_type jackpot_win), answered in `jackpot` with the balance after it. A fault there fails the
-- whole statement (the round's own writes are already past its subtransaction): nothing is written.
-- The shares of all the played rounds are added at the end, one shard row update and one ledger entry
-- a pool (rf_jackpot_add): the statement's last row locks, so a shard row is held only from there to
-- the commit. When every fed round was played, the node's pools are written as they came; when one
-- was not, they are made again from the played rounds' entries (rf_jackpot_pools).
create or replace function rf_play_internal_rounds(p_batch jsonb, p_pools jsonb default null)
returns table (item integer, result text, round_id text, balance bigint, jackpot jsonb)
language plpgsql
-- No JIT compiling: a statement of a few rounds expands JSON arrays, which the planner estimates at
-- 100 rows a level, so its jackpot queries were costed over jit_above_cost and compiled, 20 ms a
-- statement on a PostgreSQL with JIT (measured 2026-11-28), where the whole statement needs 2 ms.
-- Set here and on rf_callback_steps, the statements' entry points: the jackpot functions they call
-- run under it (and on rf_jackpot_void, which rf_record_debit also calls alone).
set jit = off as $$
declare
  v_item jsonb;
  v_round jsonb;
  v_item_no integer := 0;
  -- the played fed rounds' "jackpot" (the shares a claim counts) and ids; whether a fed round was not played
  v_shares jsonb[] := '{}';
  v_played text[] := '{}';
  v_refused boolean := false;
  v_win jsonb;
  v_candidates integer[] := '{}';
  v_won boolean := false;
begin
  if jsonb_path_exists(p_batch, '$[*].round.jackpot[*].tiers[*] ? (@.hit == true || @.check == true)') then
    v_candidates := rf_jackpot_candidates(p_batch);
  end if;
  for v_item in select value from jsonb_array_elements(p_batch) loop
    v_round := v_item -> 'round';
    item := v_item_no;
    jackpot := null;
    select p.result, p.round_id, p.balance into result, round_id, balance
      from rf_play_internal_round(
        v_round,
        decode(v_item ->> 'token_hash', 'hex'),
        (v_item ->> 'now')::timestamptz,
        (v_item ->> 'state_version')::bigint,
        (v_item ->> 'expires_at')::timestamptz,
        v_item ->> 'debit_id',
        v_item ->> 'credit_id',
        v_item ->> 'action_type',
        (v_item ->> 'start_balance')::bigint) p;
    if result is distinct from 'played' then
      v_refused := v_refused or v_round ? 'jackpot';
    else
      jackpot := '[]'::jsonb;
      if v_round ? 'jackpot' then
        v_shares := v_shares || (v_round -> 'jackpot');
        v_played := v_played || (v_round ->> 'id');
        -- after a win the candidates read at the start are stale: the round's own flags decide
        if v_item_no = any(v_candidates) or (v_won and rf_jackpot_may_win(v_round)) then
          jackpot := rf_jackpot_feed(v_round, (v_item ->> 'now')::timestamptz, v_shares);
          v_won := v_won or jsonb_array_length(jackpot) > 0;
          for v_win in select value from jsonb_array_elements(jackpot) loop
            update wallet_balances b set balance = b.balance + (v_win ->> 'amount')::bigint, updated_at = now()
              where b.operator_id = v_round ->> 'operator_id' and b.player_id = v_round ->> 'player_id'
                and b.currency = v_round ->> 'currency'
              returning b.balance into balance;
            insert into wallet_transactions (id, round_id, round_created_at, operator_id, player_id, game_symbol,
                currency, wallet_mode, type, action_type, amount, status, balance_after, finished_at)
              values (v_win ->> 'tx_id', v_round ->> 'id', (v_round ->> 'created_at')::timestamptz,
                v_round ->> 'operator_id', v_round ->> 'player_id', v_round ->> 'game_symbol', v_round ->> 'currency',
                'internal', 'credit', 'jackpot_win', (v_win ->> 'amount')::bigint, 'acknowledged', balance, now());
          end loop;
        end if;
      end if;
    end if;
    return next;
    v_item_no := v_item_no + 1;
  end loop;
  if cardinality(v_played) > 0 then
    perform rf_jackpot_add(case when p_pools is not null and not v_refused then p_pools
      else rf_jackpot_pools(p_batch, p_pools, v_played) end);
  end if;
end;
$$;
