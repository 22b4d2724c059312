-- Jurisdiction profiles (issue 13): the market an operator plays in by default, the market and the
-- player's terms of each session, what the server keeps per session to enforce them (start, last
-- round, net position, reality check, end), and the profile every round was played under.

alter table operators add column default_jurisdiction text not null default 'default';

alter table game_sessions
  add column jurisdiction_code text not null default 'default',
  add column jurisdiction_version text,
  add column player_age_band text check (player_age_band in ('18-24', '25+')),
  add column reality_check_interval integer check (reality_check_interval > 0),
  add column reality_check_at timestamptz,
  add column time_limit_seconds integer check (time_limit_seconds > 0),
  add column loss_limit bigint check (loss_limit > 0),
  add column history_url text,
  -- Set again at every launch (a relaunch starts a new session for the player's limits).
  add column session_started_at timestamptz not null default now(),
  -- When the session's last round started: kept across relaunches, so a relaunch cannot skip
  -- the minimum cycle time.
  add column last_round_at timestamptz,
  -- Wins minus stakes since session_started_at, minor units; free rounds have stake 0.
  add column net_position bigint not null default 0,
  add column ended_at timestamptz;

alter table rounds add column jurisdiction_code text, add column jurisdiction_version text;
alter table demo_rounds add column jurisdiction_code text, add column jurisdiction_version text;

-- Every round, whichever function writes it (internal, callback, free round, demo), takes the
-- profile of its session and moves the session's net position and last round, in the statement
-- that inserts it: no second round trip, and the ledger functions stay as they are. The session
-- row is the one the same statement has just updated (state version), so it is locked already.
create function rf_round_jurisdiction() returns trigger
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

create trigger rounds_jurisdiction before insert on rounds
  for each row execute function rf_round_jurisdiction();
create trigger demo_rounds_jurisdiction before insert on demo_rounds
  for each row execute function rf_round_jurisdiction();

-- A callback round that did not go ahead (its stake refused or returned) leaves the session's net
-- position as it was before the round.
create function rf_round_cancelled_net() returns trigger
language plpgsql as $$
begin
  update game_sessions s set net_position = s.net_position - (old.win - old.stake)
    where s.id = new.session_id and s.session_started_at <= old.created_at;
  return new;
end;
$$;

create trigger rounds_cancelled_net after update of status on rounds
  for each row when (new.status = 'cancelled' and old.status is distinct from 'cancelled')
  execute function rf_round_cancelled_net();

-- One game at a time: which session of a player holds play, until when. Claimed in one statement
-- (insert or take over when it is the same session or the hold has run out), so two nodes cannot
-- both let the same player play two games.
create table player_activity (
  operator_id text not null references operators (id) on delete cascade,
  player_id text not null,
  session_id text not null,
  active_until timestamptz not null,
  primary key (operator_id, player_id)
);
