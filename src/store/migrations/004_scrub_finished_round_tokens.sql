-- A callback round's request bodies carry the player's session token (the contract's session_id),
-- because every retry re-sends the same body. Once the round is settled or cancelled nothing is sent
-- again except a parked transaction that staff retry, so the other bodies drop the token: the store
-- keeps tokens only while a round may still need them.
create function rf_scrub_round_tokens() returns trigger
language plpgsql as $$
begin
  update wallet_transactions
    set body = (body::jsonb || jsonb_build_object('session_id', '[REDACTED]'))::text
    where round_id = new.id and body is not null and status not in ('pending', 'failed');
  return null;
end;
$$;

create trigger rounds_scrub_tokens after update of status on rounds
  for each row when (old.status = 'open' and new.status <> 'open')
  execute function rf_scrub_round_tokens();

-- Rounds finished before this migration.
update wallet_transactions t
  set body = (t.body::jsonb || jsonb_build_object('session_id', '[REDACTED]'))::text
  from rounds r
  where r.id = t.round_id and r.status <> 'open' and t.body is not null and t.status not in ('pending', 'failed');
