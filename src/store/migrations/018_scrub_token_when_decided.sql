-- A callback transaction's stored body drops the player's session token the moment the transaction
-- is decided (acknowledged, rejected, unknown or resolved), in the update that decides it, instead
-- of when its round closes (004) (issue 11).
--
-- A decided transaction is never sent again: the worker claims pending ones only, staff requeue
-- failed (parked) or pending ones only, and a rollback or credit that follows a debit is built from
-- the debit before the debit's answer is recorded. So the rule of 004 holds, and the token goes
-- sooner: a settled debit no longer keeps it while its credit is on its way. Pending and parked
-- transactions keep it, as before, because they may still be sent.
--
-- What it saves: 004's trigger updated the round's decided transactions once more when the round
-- closed, two more row versions of wallet_transactions (and their index entries where the update
-- was not HOT) per callback round. Now the body is changed in the row version the deciding update
-- writes anyway.
create function rf_scrub_decided_token() returns trigger
language plpgsql as $$
begin
  new.body := (new.body::jsonb || jsonb_build_object('session_id', '[REDACTED]'))::text;
  return new;
end;
$$;

create trigger wallet_transactions_scrub_token before update of status on wallet_transactions
  for each row
  when (old.status in ('pending', 'failed') and new.status not in ('pending', 'failed') and new.body is not null)
  execute function rf_scrub_decided_token();

drop trigger rounds_scrub_tokens on rounds;
drop function rf_scrub_round_tokens();

-- Transactions decided before this migration whose round is still open: 004's trigger would have
-- scrubbed them when the round closed. (Those of closed rounds were scrubbed then.)
update wallet_transactions t
  set body = (t.body::jsonb || jsonb_build_object('session_id', '[REDACTED]'))::text
  from rounds r
  where r.status = 'open' and r.id = t.round_id and t.body is not null
    and t.status not in ('pending', 'failed')
    and t.body::jsonb ->> 'session_id' is distinct from '[REDACTED]';
