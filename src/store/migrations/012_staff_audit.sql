-- Staff accounts and their sessions, the audit trail (append-only, hash-chained), approvals of
-- regulator-relevant changes, a scheduled wallet secret rotation, and a live switch per game.

create table staff_accounts (
  id text primary key,
  email text not null,
  role text not null check (role in ('admin', 'support', 'finance', 'viewer')),
  -- argon2id, PHC string (salt and parameters inside).
  password_hash text not null,
  -- AES-256-GCM of the base32 secret under signing key 'staff_totp'; never returned by the API.
  totp_secret text,
  totp_pending_secret text,
  totp_enabled boolean not null default false,
  -- The last TOTP time step accepted: a code is taken once.
  totp_last_step bigint,
  disabled boolean not null default false,
  failed_attempts integer not null default 0,
  first_failed_at timestamptz,
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index staff_accounts_email_idx on staff_accounts (lower(email));

create table staff_sessions (
  id text primary key,
  staff_id text not null references staff_accounts (id) on delete cascade,
  token_hash bytea not null unique,
  csrf_token text not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  -- Absolute end (created_at + 8 h); idle end is last_seen_at + 30 min, checked in code.
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index staff_sessions_staff_idx on staff_sessions (staff_id);

-- Each entry's hash = sha256(prev_hash + canonical entry): an edited or deleted row breaks the chain.
create table audit_log (
  seq bigint generated always as identity primary key,
  id text not null unique,
  at timestamptz not null,
  actor text not null,
  actor_staff_id text,
  action text not null,
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  prev_hash text not null,
  hash text not null unique
);
create index audit_log_actor_idx on audit_log (actor, seq);
create index audit_log_entity_idx on audit_log (entity, seq);

-- Append-only: the application never updates or deletes an entry (the chain shows it if anyone does).
create function rf_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function rf_audit_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function rf_audit_append_only();

create table approvals (
  id text primary key,
  action text not null,
  entity text not null,
  entity_id text not null,
  change jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  requested_by text not null references staff_accounts (id),
  requested_at timestamptz not null,
  decided_by text references staff_accounts (id),
  decided_at timestamptz,
  reason text
);
create index approvals_status_idx on approvals (status, requested_at);

-- A scheduled rotation: callbacks are signed with wallet_secret before the switch, the next after.
alter table operators add column wallet_secret_next text;
alter table operators add column wallet_secret_switch_at timestamptz;

-- Staff switch a game off (or back on) without a release; a game with uncertified math stays off.
create table game_live_switches (
  game_symbol text primary key,
  live boolean not null,
  changed_at timestamptz not null default now()
);

insert into signing_keys (name, secret)
  values ('staff_totp', encode(sha256(convert_to(
    gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text,
    'UTF8')), 'hex'));
