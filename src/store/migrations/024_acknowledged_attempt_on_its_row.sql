-- Issue 27: the attempt that a wallet acknowledged is kept on its transaction's row, written by the
-- update that records the acknowledgement, instead of in a row of its own: a settled callback round
-- wrote two wallet_attempts rows (and four index entries) that said only "acknowledged". The attempts
-- that did not acknowledge (rejected, failed, or answered after the transaction was already decided)
-- stay in wallet_attempts. wallet_attempt_log shows both, one row per attempt, as staff read them.
alter table wallet_transactions add column acknowledged_attempt jsonb;

create view wallet_attempt_log as
  select a.transaction_id, a.request_id, a.started_at, a.latency_ms, a.http_status, a.result, a.error,
      a.response_body
    from wallet_attempts a
  union all
  select t.id, a.request_id, a.started_at, a.latency_ms, a.http_status, a.result, a.error, a.response_body
    from wallet_transactions t,
      jsonb_populate_record(null::wallet_attempts, t.acknowledged_attempt) a
    where t.acknowledged_attempt is not null;
