-- Trigger (audit_log_append_only, audit_log_no_truncate; migration 012): the application never
-- updates, deletes or truncates an audit entry (the hash chain shows it if anyone does).
create or replace function rf_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;
