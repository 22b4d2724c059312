// Staff roles and what each may do on the Admin API, staff input checks, and the audit chain's
// hashing: pure rules, used by the services and the Admin API.
import { createHash } from 'node:crypto';

export const STAFF_ROLES = ['admin', 'support', 'finance', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What an Admin API route asks of its caller (`config: { permission }`). */
export const PERMISSIONS = ['read', 'support', 'reports', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The permission matrix: admin has every permission; the others what their work needs. */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  admin: ['read', 'support', 'reports', 'admin'],
  support: ['read', 'support'],
  finance: ['read', 'reports'],
  viewer: ['read'],
};

export function roleAllows(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The roles that hold `permission`, for a 403's detail. */
export function rolesWith(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => roleAllows(role, permission));
}

/** A route's permission: the declared one, else read for GET/HEAD and admin for every other method. */
export function routePermission(method: string, declared: unknown): Permission {
  if (typeof declared === 'string' && (PERMISSIONS as readonly string[]).includes(declared))
    return declared as Permission;
  return method === 'GET' || method === 'HEAD' ? 'read' : 'admin';
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(field: string, password: unknown): string | null {
  if (typeof password !== 'string') return `${field} must be a string`;
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    return `${field} must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`;
  return null;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;

/** The e-mail address as stored (trimmed, lower case), or null when it is not one. */
export function normalEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return email.length <= 320 && EMAIL.test(email) ? email : null;
}

/** Who made a change: a staff member (by session), the ADMIN_TOKEN, or the command line. */
export type Actor =
  | { kind: 'staff'; staffId: string; email: string; role: StaffRole }
  | { kind: 'token' }
  | { kind: 'cli'; user: string };

/** How an actor is written in the audit trail: `staff:<email>`, `token`, `cli:<os user>`. */
export function actorLabel(actor: Actor): string {
  if (actor.kind === 'staff') return `staff:${actor.email}`;
  if (actor.kind === 'cli') return `cli:${actor.user}`;
  return 'token';
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  return JSON.stringify(value);
}

/** The fields of an audit entry that its hash covers. */
export interface AuditEntryFields {
  id: string;
  at: Date;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
}

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** sha256(prev_hash + canonical entry), lower-case hex. */
export function auditHash(prevHash: string, entry: AuditEntryFields): string {
  const canonical = canonicalJson({
    id: entry.id,
    at: entry.at.toISOString(),
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entity_id,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
  return createHash('sha256').update(prevHash, 'utf8').update(canonical, 'utf8').digest('hex');
}

export type ChainCheck =
  | { ok: true; entries: number }
  | { ok: false; entries: number; brokenAt: string; seq: string; reason: string };

/**
 * Walks the chain in order: each entry must name the previous entry's hash and carry its own
 * hash. An edited entry fails its own hash; a deleted one breaks the next entry's prev_hash.
 */
export function verifyChain(
  entries: Iterable<AuditEntryFields & { seq: bigint | string; prev_hash: string; hash: string }>,
  startHash = GENESIS_HASH,
): ChainCheck {
  let prev = startHash;
  let prevSeq: bigint | null = null;
  let count = 0;
  for (const entry of entries) {
    count++;
    const seq = BigInt(entry.seq);
    if (prevSeq !== null && seq !== prevSeq + 1n)
      return {
        ok: false,
        entries: count,
        brokenAt: entry.id,
        seq: String(entry.seq),
        reason: `the entries numbered ${prevSeq + 1n} to ${seq - 1n} before it are missing (deleted)`,
      };
    prevSeq = seq;
    if (entry.prev_hash !== prev)
      return {
        ok: false,
        entries: count,
        brokenAt: entry.id,
        seq: String(entry.seq),
        reason: 'its prev_hash is not the hash of the entry before it (an entry was deleted or reordered)',
      };
    const hash = auditHash(prev, entry);
    if (hash !== entry.hash)
      return {
        ok: false,
        entries: count,
        brokenAt: entry.id,
        seq: String(entry.seq),
        reason: 'its content does not match its hash (the entry was edited)',
      };
    prev = entry.hash;
  }
  return { ok: true, entries: count };
}
