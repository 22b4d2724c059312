-- One attempt of a wallet call, as the attempt log stores it (ledger.repo.ts AttemptLog), in its
-- transaction's month (migration 029). PL/pgSQL, not SQL, for its kept plan: see
-- rf_insert_wallet_transaction.sql.
create or replace function rf_insert_wallet_attempt(p_attempt jsonb)
returns void language plpgsql as $$
begin
  insert into wallet_attempts (transaction_id, round_created_at, request_id, started_at, latency_ms, http_status,
      result, error, response_body)
    select a.transaction_id,
      coalesce(a.round_created_at, (select t.round_created_at from wallet_transactions t where t.id = a.transaction_id)),
      a.request_id, a.started_at, a.latency_ms, a.http_status, a.result, a.error,
      a.response_body
    from jsonb_populate_record(null::wallet_attempts, p_attempt) a;
end;
$$;
