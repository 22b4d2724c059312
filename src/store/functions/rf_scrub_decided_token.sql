-- Trigger (wallet_transactions_scrub_token; migration 018): a callback transaction's stored body
-- drops the player's session token in the update that decides the transaction (acknowledged,
-- rejected, unknown or resolved). A decided transaction is never sent again; pending and parked
-- ones keep the token because they may still be.
create or replace function rf_scrub_decided_token() returns trigger
language plpgsql as $$
begin
  new.body := (new.body::jsonb || jsonb_build_object('session_id', '[REDACTED]'))::text;
  return new;
end;
$$;
