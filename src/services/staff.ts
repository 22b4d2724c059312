// Staff accounts: sign-in (argon2id password, optional TOTP), sessions (cookie token stored as its
// SHA-256, CSRF token, 8 h absolute and 30 min idle), lockout, and account management. Changes
// to accounts are written to the audit trail by the caller's actor.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError, errors, type Outcome } from '../domain/errors.ts';
import { randomBase62, sha256 } from '../domain/ids.ts';
import {
  type Actor,
  isStaffRole,
  normalEmail,
  passwordProblem,
  STAFF_ROLES,
  type StaffRole,
} from '../domain/staff.ts';
import type { StaffRepo, StaffRow } from '../store/staff.repo.ts';
import type { AuditService } from './audit.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { newTotpSecret, type TotpBox, totpStep, totpUri } from './totp.ts';

export const SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** Failed sign-ins per account within LOCK_WINDOW_MS that lock it for LOCK_FOR_MS. */
export const LOCK_LIMIT = 5;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_FOR_MS = 15 * 60 * 1000;
/** Failed sign-ins per client address within IP_WINDOW_MS before it must wait (per node). */
export const IP_LIMIT = 20;
export const IP_WINDOW_MS = 15 * 60 * 1000;
/** last_seen_at is written at most this often (idle expiry is measured in minutes). */
const TOUCH_EVERY_MS = 15_000;

/** A staff member as the API shows them: never the password hash, never the TOTP secret. */
export interface StaffView {
  id: string;
  email: string;
  role: StaffRole;
  totp_enabled: boolean;
  disabled: boolean;
  locked_until: string | null;
  created_at: string;
}

export function staffView(row: StaffRow): StaffView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    totp_enabled: row.totp_enabled,
    disabled: row.disabled,
    locked_until: row.locked_until?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** The audit trail's picture of an account (what changed, no secrets). */
const auditView = (row: StaffRow) => ({
  email: row.email,
  role: row.role,
  disabled: row.disabled,
  totp_enabled: row.totp_enabled,
});

export interface StaffSession {
  sessionId: string;
  staff: { id: string; email: string; role: StaffRole };
  csrfToken: string;
}

export interface SignedIn {
  staff: StaffView;
  csrf_token: string;
  /** The cookie value: shown only here; the store keeps its SHA-256. */
  token: string;
}

export interface StaffService {
  signIn(
    input: { email?: unknown; password?: unknown; totp?: unknown },
    ip: string,
  ): Promise<Outcome<SignedIn>>;
  /** The session of a cookie token: 401 unauthorized (unknown, revoked, disabled) or session_expired. */
  authenticate(token: string): Promise<Outcome<StaffSession>>;
  signOut(sessionId: string): Promise<void>;
  me(staffId: string): Promise<Outcome<StaffView>>;
  totpSetup(staffId: string): Promise<Outcome<{ secret: string; otpauth_url: string }>>;
  totpEnable(staffId: string, code: unknown, actor: Actor): Promise<Outcome<StaffView>>;
  changePassword(
    session: StaffSession,
    current: unknown,
    next: unknown,
    actor: Actor,
  ): Promise<Outcome<null>>;
  list(): Promise<StaffView[]>;
  /** `disabled`: created disabled (an admin account waiting for its approval). */
  create(
    input: { email?: unknown; role?: unknown; password?: unknown },
    actor: Actor,
    options?: { disabled?: boolean },
  ): Promise<Outcome<StaffView>>;
  /**
   * `grantedBy`: who proposed the change when it makes an active admin (an approval's requester);
   * by default the actor when a staff member. Recorded as admin_granted_by, with admin_since.
   */
  update(
    id: string,
    input: { role?: unknown; disabled?: unknown },
    actor: Actor,
    options?: { grantedBy?: string | null },
  ): Promise<Outcome<StaffView>>;
  /** The account row (approvals decide who may approve from it). */
  find(id: string): Promise<StaffRow | undefined>;
  /** A new password set by an admin (CLI): unlocks, ends sessions; optionally drops TOTP. */
  resetPassword(
    email: string,
    password: unknown,
    options: { resetTotp?: boolean },
    actor: Actor,
  ): Promise<Outcome<StaffView>>;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

export { sameText as sameSecret };

/** Whether an account (or its planned state) is an admin that can act. */
export const isActiveAdmin = (row: { role: StaffRole; disabled: boolean }) =>
  row.role === 'admin' && !row.disabled;

const staffIdOf = (actor: Actor) => (actor.kind === 'staff' ? actor.staffId : null);

/**
 * Seals again under TOTP_KEY every TOTP secret still sealed under the store's old key (start-up,
 * issue 25); `box` opens both. Answers how many accounts changed.
 */
export async function resealTotpSecrets(repo: StaffRepo, box: TotpBox): Promise<number> {
  let changed = 0;
  for (const row of await repo.list()) {
    const fields: { totp_secret?: string; totp_pending_secret?: string } = {};
    if (row.totp_secret && box.isLegacy(row.totp_secret))
      fields.totp_secret = box.seal(box.open(row.totp_secret));
    if (row.totp_pending_secret && box.isLegacy(row.totp_pending_secret))
      fields.totp_pending_secret = box.seal(box.open(row.totp_pending_secret));
    if (Object.keys(fields).length === 0) continue;
    if (await repo.replaceTotpSecrets(row.id, row, fields)) changed++;
  }
  return changed;
}

export function createStaffService(deps: {
  staff: StaffRepo;
  audit: AuditService;
  totp: TotpBox;
  now: () => Date;
}): StaffService {
  const { staff: repo, audit, now } = deps;
  const ipFailures = new Map<string, { start: number; count: number }>();
  /** Failures for e-mail addresses with no account: answered like a real one (no enumeration). */
  const ghostFailures = new Map<string, { start: number; count: number; lockedUntil: number }>();

  const invalid = () => new ApiError('invalid_credentials', 'the e-mail address or password is wrong');
  const locked = (until: number, at: number) => {
    const seconds = Math.max(1, Math.ceil((until - at) / 1000));
    return new ApiError('locked', `too many failed sign-ins: try again in ${seconds} s`, {
      retry_after_seconds: seconds,
    });
  };

  function ipBlocked(ip: string, at: number): ApiError | null {
    const entry = ipFailures.get(ip);
    if (!entry || entry.start + IP_WINDOW_MS <= at || entry.count < IP_LIMIT) return null;
    const seconds = Math.max(1, Math.ceil((entry.start + IP_WINDOW_MS - at) / 1000));
    return new ApiError(
      'rate_limited',
      `too many failed sign-ins from this address: try again in ${seconds} s`,
      {
        retry_after_seconds: seconds,
      },
    );
  }

  function ipFailed(ip: string, at: number) {
    const entry = ipFailures.get(ip);
    if (!entry || entry.start + IP_WINDOW_MS <= at) {
      if (ipFailures.size > 10_000) ipFailures.clear();
      ipFailures.set(ip, { start: at, count: 1 });
    } else entry.count++;
  }

  function ghostFailed(email: string, at: number): ApiError {
    let entry = ghostFailures.get(email);
    if (!entry || entry.start + LOCK_WINDOW_MS <= at) {
      if (ghostFailures.size > 10_000) ghostFailures.clear();
      entry = { start: at, count: 0, lockedUntil: 0 };
      ghostFailures.set(email, entry);
    }
    entry.count++;
    if (entry.count >= LOCK_LIMIT) {
      entry.lockedUntil = at + LOCK_FOR_MS;
      entry.count = 0;
      entry.start = at;
    }
    return invalid();
  }

  async function failed(row: StaffRow, at: Date): Promise<ApiError> {
    await repo.recordFailure(row.id, at, LOCK_WINDOW_MS, LOCK_LIMIT, LOCK_FOR_MS);
    return invalid();
  }

  async function newSession(row: StaffRow, at: Date): Promise<SignedIn> {
    const token = `rfs_${randomBase62(32)}`;
    const csrf = randomBytes(24).toString('base64url');
    await repo.createSession({
      id: `ss_${randomBase62(12)}`,
      staff_id: row.id,
      token_hash: sha256(token),
      csrf_token: csrf,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
    });
    await repo.clearFailures(row.id);
    return { staff: staffView({ ...row, locked_until: null }), csrf_token: csrf, token };
  }

  const notFound = (id: string) => ({
    ok: false as const,
    error: errors.notFound(`staff member ${id} not found`),
  });

  return {
    async signIn(input, ip) {
      const at = now();
      const ms = at.getTime();
      const ipRefusal = ipBlocked(ip, ms);
      if (ipRefusal) return { ok: false, error: ipRefusal };
      const email = normalEmail(input.email);
      if (email === null)
        return { ok: false, error: errors.invalidRequest('email must be an e-mail address') };
      if (typeof input.password !== 'string' || input.password.length === 0 || input.password.length > 1024)
        return { ok: false, error: errors.invalidRequest('password must be a non-empty string') };
      if (input.totp !== undefined && input.totp !== null && typeof input.totp !== 'string')
        return { ok: false, error: errors.invalidRequest('totp must be a string of 6 digits') };

      const row = await repo.findByEmail(email);
      if (!row) {
        const ghost = ghostFailures.get(email);
        if (ghost && ghost.lockedUntil > ms) return { ok: false, error: locked(ghost.lockedUntil, ms) };
        await verifyPassword(await decoyHash(), input.password);
        ipFailed(ip, ms);
        return { ok: false, error: ghostFailed(email, ms) };
      }
      if (row.locked_until && row.locked_until.getTime() > ms)
        return { ok: false, error: locked(row.locked_until.getTime(), ms) };
      const passwordOk = await verifyPassword(row.password_hash, input.password);
      if (!passwordOk || row.disabled) {
        ipFailed(ip, ms);
        return { ok: false, error: await failed(row, at) };
      }
      if (row.totp_enabled && row.totp_secret) {
        const code = input.totp;
        if (code === undefined || code === null || code === '')
          return {
            ok: false,
            error: new ApiError(
              'totp_required',
              'this account has a second factor: send totp, the 6-digit code',
            ),
          };
        const step = await totpStep(deps.totp.open(row.totp_secret), code, at);
        if (step === null || !(await repo.takeTotpStep(row.id, step))) {
          ipFailed(ip, ms);
          return { ok: false, error: await failed(row, at) };
        }
      }
      return { ok: true, value: await newSession(row, at) };
    },

    async authenticate(token) {
      const at = now();
      const session = token.startsWith('rfs_') ? await repo.findSession(sha256(token)) : undefined;
      if (!session || session.revoked_at) return { ok: false, error: errors.unauthorized('not signed in') };
      if (
        session.expires_at.getTime() <= at.getTime() ||
        session.last_seen_at.getTime() + SESSION_IDLE_MS <= at.getTime()
      ) {
        await repo.revokeSession(session.id, at);
        return { ok: false, error: errors.sessionExpired('the staff session has expired: sign in again') };
      }
      const row = await repo.find(session.staff_id);
      if (!row || row.disabled) return { ok: false, error: errors.unauthorized('not signed in') };
      if (at.getTime() - session.last_seen_at.getTime() >= TOUCH_EVERY_MS)
        await repo.touchSession(session.id, at);
      return {
        ok: true,
        value: {
          sessionId: session.id,
          staff: { id: row.id, email: row.email, role: row.role },
          csrfToken: session.csrf_token,
        },
      };
    },

    async signOut(sessionId) {
      await repo.revokeSession(sessionId, now());
    },

    async me(staffId) {
      const row = await repo.find(staffId);
      return row ? { ok: true, value: staffView(row) } : notFound(staffId);
    },

    async totpSetup(staffId) {
      const row = await repo.find(staffId);
      if (!row) return notFound(staffId);
      if (row.totp_enabled)
        return { ok: false, error: errors.conflict('TOTP is already enabled for this account') };
      const secret = newTotpSecret();
      await repo.update(staffId, { totp_pending_secret: deps.totp.seal(secret) }, now());
      return { ok: true, value: { secret, otpauth_url: totpUri(secret, row.email) } };
    },

    async totpEnable(staffId, code, actor) {
      const row = await repo.find(staffId);
      if (!row) return notFound(staffId);
      if (row.totp_enabled)
        return { ok: false, error: errors.conflict('TOTP is already enabled for this account') };
      if (!row.totp_pending_secret)
        return { ok: false, error: errors.conflict('no TOTP secret set up: POST totp/setup first') };
      if (typeof code !== 'string' || !/^[0-9]{6}$/.test(code))
        return {
          ok: false,
          error: errors.invalidRequest('code must be the 6-digit code of the authenticator'),
        };
      const step = await totpStep(deps.totp.open(row.totp_pending_secret), code, now());
      if (step === null)
        return { ok: false, error: errors.invalidRequest('code is not the current code of that secret') };
      const updated = await repo.update(
        staffId,
        {
          totp_secret: row.totp_pending_secret,
          totp_pending_secret: null,
          totp_enabled: true,
          totp_last_step: BigInt(step),
        },
        now(),
      );
      if (!updated) return notFound(staffId);
      await audit.record(actor, 'staff.totp_enable', 'staff', staffId, auditView(row), auditView(updated));
      return { ok: true, value: staffView(updated) };
    },

    async changePassword(session, current, next, actor) {
      const row = await repo.find(session.staff.id);
      if (!row) return notFound(session.staff.id);
      if (typeof current !== 'string' || !(await verifyPassword(row.password_hash, current)))
        return { ok: false, error: errors.invalidRequest('current is not the current password') };
      const problem = passwordProblem('next', next, [row.email]);
      if (problem) return { ok: false, error: errors.invalidRequest(problem) };
      const at = now();
      await repo.update(row.id, { password_hash: await hashPassword(next as string) }, at);
      await repo.revokeSessionsOf(row.id, at, session.sessionId);
      await audit.record(actor, 'staff.password_change', 'staff', row.id, null, { password_changed: true });
      return { ok: true, value: null };
    },

    async list() {
      return (await repo.list()).map(staffView);
    },

    find: (id) => repo.find(id),

    async create(input, actor, options = {}) {
      const problems: string[] = [];
      const email = normalEmail(input.email);
      if (email === null) problems.push('email must be an e-mail address');
      if (!isStaffRole(input.role)) problems.push(`role must be one of ${STAFF_ROLES.join(', ')}`);
      const problem = passwordProblem('password', input.password, email ? [email] : []);
      if (problem) problems.push(problem);
      if (problems.length > 0) return { ok: false, error: errors.invalidRequest(problems.join('; ')) };
      const role = input.role as StaffRole;
      const disabled = options.disabled === true;
      const admin = isActiveAdmin({ role, disabled });
      const row = await repo.create({
        id: `stf_${randomBase62(12)}`,
        email: email as string,
        role,
        password_hash: await hashPassword(input.password as string),
        disabled,
        admin_since: admin ? now() : null,
        admin_granted_by: admin ? staffIdOf(actor) : null,
      });
      if (!row) return { ok: false, error: errors.conflict(`email: ${email} already has an account`) };
      await audit.record(actor, 'staff.create', 'staff', row.id, null, auditView(row));
      return { ok: true, value: staffView(row) };
    },

    async update(id, input, actor, options = {}) {
      const problems: string[] = [];
      if (input.role !== undefined && !isStaffRole(input.role))
        problems.push(`role must be one of ${STAFF_ROLES.join(', ')}`);
      if (input.disabled !== undefined && typeof input.disabled !== 'boolean')
        problems.push('disabled must be a boolean');
      if (input.role === undefined && input.disabled === undefined) problems.push('give role or disabled');
      if (problems.length > 0) return { ok: false, error: errors.invalidRequest(problems.join('; ')) };
      const row = await repo.find(id);
      if (!row) return notFound(id);
      const role = (input.role as StaffRole | undefined) ?? row.role;
      const disabled = (input.disabled as boolean | undefined) ?? row.disabled;
      const wasActiveAdmin = row.role === 'admin' && !row.disabled;
      if (wasActiveAdmin && (role !== 'admin' || disabled) && (await repo.countActiveAdmins()) <= 1)
        return {
          ok: false,
          error: errors.conflict('this is the last active admin: make another admin first'),
        };
      const at = now();
      const becomesAdmin = !wasActiveAdmin && isActiveAdmin({ role, disabled });
      const lineage = becomesAdmin
        ? {
            admin_since: at,
            admin_granted_by: options.grantedBy !== undefined ? options.grantedBy : staffIdOf(actor),
          }
        : isActiveAdmin({ role, disabled })
          ? {}
          : { admin_since: null, admin_granted_by: null };
      const updated = await repo.update(id, { role, disabled, ...lineage }, at);
      if (!updated) return notFound(id);
      if (disabled || role !== row.role) await repo.revokeSessionsOf(id, at);
      await audit.record(actor, 'staff.update', 'staff', id, auditView(row), auditView(updated));
      return { ok: true, value: staffView(updated) };
    },

    async resetPassword(email, password, options, actor) {
      const normal = normalEmail(email);
      const row = normal ? await repo.findByEmail(normal) : undefined;
      if (!row) return { ok: false, error: errors.notFound(`no staff account for ${email}`) };
      const problem = passwordProblem('password', password, [row.email]);
      if (problem) return { ok: false, error: errors.invalidRequest(problem) };
      const at = now();
      const updated = await repo.update(
        row.id,
        {
          password_hash: await hashPassword(password as string),
          failed_attempts: 0,
          first_failed_at: null,
          locked_until: null,
          ...(options.resetTotp
            ? { totp_enabled: false, totp_secret: null, totp_pending_secret: null, totp_last_step: null }
            : {}),
        },
        at,
      );
      if (!updated) return { ok: false, error: errors.notFound(`no staff account for ${email}`) };
      await repo.revokeSessionsOf(row.id, at);
      await audit.record(actor, 'staff.reset_password', 'staff', row.id, auditView(row), {
        ...auditView(updated),
        password_changed: true,
      });
      return { ok: true, value: staffView(updated) };
    },
  };
}
