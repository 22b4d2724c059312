-- Trigger (rounds_cancelled_net; migration 011): a callback round that did not go ahead (its stake
-- refused or returned) leaves the session's net position as it was before the round.
create or replace function rf_round_cancelled_net() returns trigger
language plpgsql as $$
begin
  update game_sessions s set net_position = s.net_position - (old.win - old.stake)
    where s.id = new.session_id and s.session_started_at <= old.created_at;
  return new;
end;
$$;
