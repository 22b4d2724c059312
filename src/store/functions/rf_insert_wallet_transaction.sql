-- A new wallet transaction from its JSON (the columns of wallet_transactions, plus due_in_ms: the
-- lease of the attempt about to start, or 0 when the worker should take it at once). Without
-- round_created_at (its month, migration 029) it is read from the round, in every attached month.
-- PL/pgSQL, not SQL: PostgreSQL before 18 keeps no plan for a SQL function and planned this insert
-- at every call, twice a callback round (0.57 ms a call on the machines' PostgreSQL 15, 0.13 ms
-- as PL/pgSQL, whose plan the connection keeps; test/store/functions.test.ts).
create or replace function rf_insert_wallet_transaction(p_tx jsonb, p_give_up_ms double precision)
returns void language plpgsql as $$
begin
  insert into wallet_transactions (id, round_id, round_created_at, operator_id, player_id, game_symbol, currency,
      wallet_mode, type, action_type, amount, original_transaction_id, body, status, attempts, next_attempt_at,
      give_up_at)
    select t.id, t.round_id,
      coalesce(t.round_created_at, (select r.created_at from rounds r where r.id = t.round_id)), t.operator_id, t.player_id, t.game_symbol, t.currency, 'callback',
      t.type, t.action_type, t.amount, t.original_transaction_id, t.body, 'pending',
      case when (p_tx ->> 'due_in_ms')::float8 > 0 then 1 else 0 end,
      clock_timestamp() + make_interval(secs => (p_tx ->> 'due_in_ms')::float8 / 1000),
      case when t.type = 'debit' then null else clock_timestamp() + make_interval(secs => p_give_up_ms / 1000) end
    from jsonb_populate_record(null::wallet_transactions, p_tx) t;
end;
$$;
