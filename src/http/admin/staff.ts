// /api/admin/v1/staff: staff accounts for admins (list, create, change role, disable).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { PendingApproval } from './approvals.ts';
import { adminErrors, adminSecurity, objectBody, unwrap } from './shared.ts';

const tags = ['admin'];

export function registerStaffRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/admin/v1/staff',
    {
      config: { permission: 'admin' },
      schema: {
        summary: 'Staff accounts',
        tags,
        security: adminSecurity,
        response: { 200: Type.Object({ staff: Type.Array(Type.Ref('AdminStaff')) }), ...adminErrors(403) },
      },
    },
    async () => ({ staff: await services.staff.list() }),
  );

  app.post(
    '/api/admin/v1/staff',
    {
      config: { permission: 'admin' },
      schema: {
        summary: 'Create a staff account',
        description:
          'password: 12 to 256 characters and hard to guess (zxcvbn strength 3 of 4; a 400 says why and how to improve it). role: admin, support, finance or viewer. An admin created from a staff session is created disabled and answers 202 with a pending approval: an admin who was one before the request, and was not appointed by the requester, must approve it.',
        tags,
        security: adminSecurity,
        body: Type.Object({ email: Type.String(), role: Type.String(), password: Type.String() }),
        response: {
          201: Type.Object({ staff: Type.Ref('AdminStaff') }),
          202: PendingApproval,
          ...adminErrors(403, 409),
        },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const gated = unwrap(
        await services.approvals.createStaff(request.actor, request.body as Record<string, unknown>),
      );
      return gated.applied
        ? reply.code(201).send({ staff: gated.value })
        : reply.code(202).send({ approval: gated.approval });
    },
  );

  app.patch(
    '/api/admin/v1/staff/:id',
    {
      config: { permission: 'admin' },
      schema: {
        summary: "Change a staff member's role or disable the account (their sessions end)",
        description:
          'From a staff session, a change that makes an active admin (promotion, or enabling a disabled admin) answers 202 with a pending approval.',
        tags,
        security: adminSecurity,
        params: Type.Object({ id: Type.String() }),
        body: Type.Object({ role: Type.Optional(Type.String()), disabled: Type.Optional(Type.Boolean()) }),
        response: {
          200: Type.Object({ staff: Type.Ref('AdminStaff') }),
          202: PendingApproval,
          ...adminErrors(403, 404, 409),
        },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const gated = unwrap(
        await services.approvals.updateStaff(
          request.actor,
          (request.params as { id: string }).id,
          request.body as Record<string, unknown>,
        ),
      );
      return gated.applied ? { staff: gated.value } : reply.code(202).send({ approval: gated.approval });
    },
  );
}
