-- Trigger (rounds_jurisdiction, demo_rounds_jurisdiction; migrations 011, 014): a round inserted
-- without its profile (demo rounds; any insert that does not name it) takes its session's, and
-- moves the session's net position and last round. The internal and callback round functions name
-- the profile and do this in their own session update, so it does not fire for them.
create or replace function rf_round_jurisdiction() returns trigger
language plpgsql as $$
declare
  v_code text;
  v_version text;
begin
  update game_sessions s
    set net_position = s.net_position + (new.win - new.stake),
        last_round_at = greatest(coalesce(s.last_round_at, new.created_at), new.created_at)
    where s.id = new.session_id
    returning s.jurisdiction_code, s.jurisdiction_version into v_code, v_version;
  new.jurisdiction_code := coalesce(new.jurisdiction_code, v_code, 'default');
  new.jurisdiction_version := coalesce(new.jurisdiction_version, v_version);
  return new;
end;
$$;
