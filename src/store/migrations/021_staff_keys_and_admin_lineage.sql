-- Issue 25. The audit chain is keyed with AUDIT_CHAIN_KEY from now on (HMAC): entries written before
-- stay as they were (sha256), marked unkeyed; the first keyed entry covers their last hash, and
-- start-up writes one at once (action audit.chain_keyed). No entry is rewritten.
alter table audit_log add column keyed boolean not null default false;

-- Who may approve what (services/approvals.ts): an admin counts as pre-existing for a request made
-- after admin_since, and never for the requests of the admin who proposed them (admin_granted_by).
alter table staff_accounts add column admin_since timestamptz;
alter table staff_accounts add column admin_granted_by text references staff_accounts (id);

update staff_accounts set admin_since = created_at where role = 'admin' and not disabled;

-- Admins a staff session created or promoted before this migration: the trail says who did it.
update staff_accounts s
   set admin_granted_by = made.actor_staff_id
  from (
    select distinct on (entity_id) entity_id, actor_staff_id
      from audit_log
     where entity = 'staff'
       and action in ('staff.create', 'staff.update')
       and after ->> 'role' = 'admin'
     order by entity_id, seq desc
  ) made
 where s.id = made.entity_id
   and s.role = 'admin'
   and made.actor_staff_id is not null
   and made.actor_staff_id <> s.id;
