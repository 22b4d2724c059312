// Who calls the Admin API and what they may do. Either `Authorization: Bearer $ADMIN_TOKEN` (acts
// as admin, actor `token`, no CSRF) or a staff session cookie (`rf_staff`) whose role must hold the
// route's permission (`config: { permission }`; undeclared: read for GET/HEAD, admin otherwise),
// and whose non-GET requests carry `x-csrf-token`.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errors } from '../../domain/errors.ts';
import { sha256 } from '../../domain/ids.ts';
import {
  type Actor,
  type Permission,
  roleAllows,
  rolesWith,
  routePermission,
  type StaffRole,
} from '../../domain/staff.ts';
import type { Services } from '../../services/index.ts';
import { SESSION_ABSOLUTE_MS, sameSecret } from '../../services/staff.ts';

export const STAFF_COOKIE = 'rf_staff';
export const CSRF_HEADER = 'x-csrf-token';

/** What other admin route files declare: `config: { permission: 'reports' } satisfies AdminRouteConfig`. */
export interface AdminRouteConfig {
  permission?: Permission;
  /** Reachable without a session or token (sign-in only). */
  public?: boolean;
}

export interface StaffIdentity {
  id: string;
  email: string;
  role: StaffRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; null for ADMIN_TOKEN requests (and before the check). */
    staff: StaffIdentity | null;
    /** Who the request acts as, for the audit trail. */
    actor: Actor;
    /** The staff session (id, CSRF token), when the request came with the cookie. */
    staffSession: { id: string; csrfToken: string } | null;
  }
}

/** The rf_staff cookie's value from a Cookie header, if any. */
export function staffCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === STAFF_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Set-Cookie for a new session (Secure outside development and test) or for ending one. */
export function sessionCookie(services: Services, token: string | null): string {
  const secure =
    services.config.appEnv === 'development' || services.config.appEnv === 'test' ? '' : '; Secure';
  const age = token === null ? 0 : Math.floor(SESSION_ABSOLUTE_MS / 1000);
  return `${STAFF_COOKIE}=${token ?? ''}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${age}${secure}`;
}

export function setSessionCookie(reply: FastifyReply, services: Services, token: string | null): void {
  reply.header('set-cookie', sessionCookie(services, token));
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The permission check every admin route passes: installed once, in the admin plugin. */
export function installAdminAccess(app: FastifyInstance, services: Services): void {
  const expected = sha256(services.config.adminToken ?? '');
  app.decorateRequest('staff', null);
  app.decorateRequest('actor', null as never);
  app.decorateRequest('staffSession', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const config = (request.routeOptions.config ?? {}) as AdminRouteConfig;
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization);
      if (!match || !services.config.adminToken || !timingSafeEqual(sha256(match[1] as string), expected)) {
        throw errors.unauthorized('missing or invalid admin token');
      }
      request.staff = null;
      request.actor = { kind: 'token' };
      return;
    }
    if (config.public) return;
    const token = staffCookie(request.headers.cookie);
    if (!token) throw errors.unauthorized('missing or invalid admin token');
    const session = await services.staff.authenticate(token);
    if (!session.ok) throw session.error;
    const { staff, sessionId, csrfToken } = session.value;
    request.staff = staff;
    request.actor = { kind: 'staff', staffId: staff.id, email: staff.email, role: staff.role };
    request.staffSession = { id: sessionId, csrfToken };
    if (!READ_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameSecret(sent, csrfToken))
        throw new ApiError('csrf_failed', `send the session's CSRF token in the ${CSRF_HEADER} header`);
    }
    const needed = routePermission(request.method, config.permission);
    if (!roleAllows(staff.role, needed)) {
      const roles = rolesWith(needed);
      throw errors.forbidden(
        `this needs the ${needed} permission (role ${roles.join(' or ')}); ${staff.email} is ${staff.role}`,
      );
    }
  });
}

/** The staff session of a request, or 401 (routes that only make sense for a signed-in person). */
export function requireSession(request: FastifyRequest): {
  staff: StaffIdentity;
  sessionId: string;
  csrfToken: string;
} {
  if (!request.staff || !request.staffSession)
    throw errors.unauthorized('sign in as a staff member: this route works on a staff session');
  return {
    staff: request.staff,
    sessionId: request.staffSession.id,
    csrfToken: request.staffSession.csrfToken,
  };
}
