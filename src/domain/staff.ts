// Staff roles and what each may do on the Admin API, staff input checks, and the audit chain's
// hashing: pure rules, used by the services and the Admin API.
import { createHash, createHmac } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEnglish from '@zxcvbn-ts/language-en';

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
/** zxcvbn's score (0 to 4) a new password must reach: 3 is "safely unguessable" (about 10^8 guesses and more). */
export const PASSWORD_MIN_SCORE = 3;

/** Built on first use: the dictionaries take a moment to load and most processes never need them. */
let strength: ZxcvbnFactory | undefined;
function strengthMeter(): ZxcvbnFactory {
  strength ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEnglish.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEnglish.translations,
  });
  return strength;
}

/**
 * Why a new password is refused, or null when it is acceptable: 12 to 256 characters, and not
 * guessable by zxcvbn (common and breached passwords, words, names, dates, keyboard runs, l33t, and
 * `context`: the account's e-mail address and the product's name). The reason names `field`.
 */
export function passwordProblem(
  field: string,
  password: unknown,
  context: readonly string[] = [],
): string | null {
  if (typeof password !== 'string') return `${field} must be a string`;
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    return `${field} must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`;
  const inputs = [
    'reelforge',
    'backoffice',
    ...context.flatMap((text) => [text, text.split('@')[0] ?? '', ...text.split(/[@._+-]+/)]),
  ];
  const result = strengthMeter().check(
    password,
    inputs.filter((text) => text.length >= 3),
  );
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter(
    (text): text is string => typeof text === 'string' && text !== '',
  );
  return `${field} is too easy to guess (strength ${result.score} of 4, ${PASSWORD_MIN_SCORE} needed)${
    why.length > 0 ? `: ${why.join(' ')}` : ': add more words that are less common'
  }`;
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
  | { kind: 'cli'; user: string }
  /** The node itself (start-up work such as keying the audit chain). */
  | { kind: 'system' };

/** How an actor is written in the audit trail: `staff:<email>`, `token`, `cli:<os user>`, `system`. */
export function actorLabel(actor: Actor): string {
  if (actor.kind === 'staff') return `staff:${actor.email}`;
  if (actor.kind === 'cli') return `cli:${actor.user}`;
  if (actor.kind === 'system') return 'system';
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

function canonicalEntry(entry: AuditEntryFields): string {
  return canonicalJson({
    id: entry.id,
    at: entry.at.toISOString(),
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entity_id,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * HMAC-SHA256(AUDIT_CHAIN_KEY, prev_hash + canonical entry), lower-case hex: without the key, which
 * is not in the database, nobody can write an entry (or re-hash the ones after an edit) that verifies.
 */
export function auditHash(prevHash: string, entry: AuditEntryFields, chainKey: string): string {
  return createHmac('sha256', chainKey)
    .update(prevHash, 'utf8')
    .update(canonicalEntry(entry), 'utf8')
    .digest('hex');
}

/** sha256(prev_hash + canonical entry): how entries were chained before the key (migration 021 marks them). */
export function legacyAuditHash(prevHash: string, entry: AuditEntryFields): string {
  return createHash('sha256').update(prevHash, 'utf8').update(canonicalEntry(entry), 'utf8').digest('hex');
}

export type ChainCheck =
  | { ok: true; entries: number; legacy: number; head: { seq: string; hash: string } | null }
  | { ok: false; entries: number; brokenAt: string; seq: string; reason: string };

export type ChainedEntry = AuditEntryFields & {
  seq: bigint | string;
  prev_hash: string;
  hash: string;
  /** false only for entries written before the chain was keyed. */
  keyed: boolean;
};

/**
 * Walks the chain in order: each entry must name the previous entry's hash and carry its own
 * keyed hash. An edited entry fails its own hash; a deleted one breaks the next entry's prev_hash.
 * Unkeyed (legacy) entries are accepted only as the chain's beginning, before the first keyed one,
 * whose keyed hash then covers them.
 */
export function verifyChain(
  entries: Iterable<ChainedEntry>,
  chainKey: string,
  startHash = GENESIS_HASH,
): ChainCheck {
  let prev = startHash;
  let prevSeq: bigint | null = null;
  let count = 0;
  let legacy = 0;
  let keyedSeen = false;
  const broken = (entry: ChainedEntry, reason: string): ChainCheck => ({
    ok: false,
    entries: count,
    brokenAt: entry.id,
    seq: String(entry.seq),
    reason,
  });
  for (const entry of entries) {
    count++;
    const seq = BigInt(entry.seq);
    if (prevSeq !== null && seq !== prevSeq + 1n)
      return broken(
        entry,
        `the entries numbered ${prevSeq + 1n} to ${seq - 1n} before it are missing (deleted)`,
      );
    prevSeq = seq;
    if (entry.prev_hash !== prev)
      return broken(
        entry,
        'its prev_hash is not the hash of the entry before it (an entry was deleted or reordered)',
      );
    if (!entry.keyed && keyedSeen)
      return broken(
        entry,
        'it is marked unkeyed after keyed entries (it was rewritten without the chain key)',
      );
    keyedSeen ||= entry.keyed;
    if (!entry.keyed) legacy++;
    const hash = entry.keyed ? auditHash(prev, entry, chainKey) : legacyAuditHash(prev, entry);
    if (hash !== entry.hash)
      return broken(
        entry,
        entry.keyed
          ? 'its content does not match its keyed hash (the entry was edited, or the chain key is not this one)'
          : 'its content does not match its hash (the entry was edited)',
      );
    prev = entry.hash;
  }
  const head = prevSeq === null ? null : { seq: String(prevSeq), hash: prev };
  return { ok: true, entries: count, legacy, head };
}
