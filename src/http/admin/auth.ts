// /api/admin/v1/auth: staff sign-in (password, then TOTP when enabled), sign-out, who am I, TOTP
// set-up and password change. The session lives in the rf_staff cookie; see access.ts.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  PERMISSIONS,
  type Permission,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  type StaffRole,
} from '../../domain/staff.ts';
import type { Services } from '../../services/index.ts';
import { requireSession, setSessionCookie } from './access.ts';
import { adminErrors, objectBody, unwrap } from './shared.ts';

export const StaffView = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    role: Type.Union(STAFF_ROLES.map((role) => Type.Literal(role))),
    totp_enabled: Type.Boolean(),
    disabled: Type.Boolean(),
    locked_until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'AdminStaff' },
);

/** The server's role table as the console reads it (what to show, which role an action needs). */
export interface RoleTableEntry {
  role: StaffRole;
  permissions: Permission[];
}

/** Every staff role with its permissions, most permissions first: `ROLE_PERMISSIONS`, served. */
export function roleTable(): RoleTableEntry[] {
  return STAFF_ROLES.map((role) => ({ role, permissions: [...ROLE_PERMISSIONS[role]] }));
}

const SignedIn = Type.Object({
  staff: Type.Ref('AdminStaff'),
  csrf_token: Type.String({
    description: 'Send it as x-csrf-token on every non-GET request of this session.',
  }),
  roles: Type.Array(
    Type.Object({
      role: Type.Union(STAFF_ROLES.map((role) => Type.Literal(role))),
      permissions: Type.Array(Type.Union(PERMISSIONS.map((permission) => Type.Literal(permission)))),
    }),
    {
      description:
        "Every staff role and its permissions, most first: the server's own table, which the console shows and hides by.",
    },
  ),
});

const staffSecurity: Array<Record<string, string[]>> = [{ staffSession: [] }];
const tags = ['admin'];

export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/admin/v1/auth/sign-in',
    {
      config: { public: true },
      schema: {
        summary: 'Staff sign-in (sets the rf_staff session cookie)',
        description:
          'Wrong e-mail or password: 401 invalid_credentials (the same answer for an unknown address). Password right but TOTP enabled and no code: 401 totp_required. Five failures within 15 min lock the account for 15 min: 429 locked with retry_after_seconds.',
        tags,
        security: [],
        body: Type.Object({
          email: Type.String(),
          password: Type.String(),
          totp: Type.Optional(Type.String({ description: 'The 6-digit code, when the account has TOTP.' })),
        }),
        response: { 200: SignedIn, ...adminErrors(429) },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const signedIn = unwrap(
        await services.staff.signIn(request.body as Record<string, unknown>, request.ip),
      );
      setSessionCookie(reply, services, signedIn.token);
      return { staff: signedIn.staff, csrf_token: signedIn.csrf_token, roles: roleTable() };
    },
  );

  app.post(
    '/api/admin/v1/auth/sign-out',
    {
      config: { permission: 'read' },
      schema: {
        summary: 'End the staff session',
        tags,
        security: staffSecurity,
        response: { 204: Type.Null(), ...adminErrors(403) },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      await services.staff.signOut(session.sessionId);
      setSessionCookie(reply, services, null);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/admin/v1/auth/me',
    {
      schema: {
        summary: 'The signed-in staff member and the session CSRF token',
        tags,
        security: staffSecurity,
        response: { 200: SignedIn, ...adminErrors() },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return {
        staff: unwrap(await services.staff.me(session.staff.id)),
        csrf_token: session.csrfToken,
        roles: roleTable(),
      };
    },
  );

  app.post(
    '/api/admin/v1/auth/totp/setup',
    {
      config: { permission: 'read' },
      schema: {
        summary: 'Start TOTP set-up: a new secret to scan (enabled once a code is confirmed)',
        tags,
        security: staffSecurity,
        response: {
          200: Type.Object({ secret: Type.String(), otpauth_url: Type.String() }),
          ...adminErrors(403, 409),
        },
      },
    },
    async (request) => unwrap(await services.staff.totpSetup(requireSession(request).staff.id)),
  );

  app.post(
    '/api/admin/v1/auth/totp/enable',
    {
      config: { permission: 'read' },
      schema: {
        summary: 'Confirm the TOTP secret with a current code: sign-in asks for a code from now on',
        tags,
        security: staffSecurity,
        body: Type.Object({ code: Type.String() }),
        response: { 200: Type.Object({ staff: Type.Ref('AdminStaff') }), ...adminErrors(403, 409) },
      },
      validatorCompiler: objectBody,
    },
    async (request) => {
      const session = requireSession(request);
      const { code } = request.body as { code?: unknown };
      return { staff: unwrap(await services.staff.totpEnable(session.staff.id, code, request.actor)) };
    },
  );

  app.post(
    '/api/admin/v1/auth/password',
    {
      config: { permission: 'read' },
      schema: {
        summary: "Change one's own password (other sessions end)",
        tags,
        security: staffSecurity,
        body: Type.Object({ current: Type.String(), next: Type.String({ minLength: 12, maxLength: 256 }) }),
        response: { 204: Type.Null(), ...adminErrors(403) },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { current, next } = request.body as { current?: unknown; next?: unknown };
      unwrap(
        await services.staff.changePassword(
          { sessionId: session.sessionId, staff: session.staff, csrfToken: session.csrfToken },
          current,
          next,
          request.actor,
        ),
      );
      return reply.code(204).send();
    },
  );
}
