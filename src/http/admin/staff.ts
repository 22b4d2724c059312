// /api/admin/v1/staff: staff accounts for admins (list, create, change role, disable).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
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
        description: 'password: 12 to 256 characters. role: admin, support, finance or viewer.',
        tags,
        security: adminSecurity,
        body: Type.Object({ email: Type.String(), role: Type.String(), password: Type.String() }),
        response: { 201: Type.Object({ staff: Type.Ref('AdminStaff') }), ...adminErrors(403, 409) },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const created = unwrap(
        await services.staff.create(request.body as Record<string, unknown>, request.actor),
      );
      return reply.code(201).send({ staff: created });
    },
  );

  app.patch(
    '/api/admin/v1/staff/:id',
    {
      config: { permission: 'admin' },
      schema: {
        summary: "Change a staff member's role or disable the account (their sessions end)",
        tags,
        security: adminSecurity,
        params: Type.Object({ id: Type.String() }),
        body: Type.Object({ role: Type.Optional(Type.String()), disabled: Type.Optional(Type.Boolean()) }),
        response: { 200: Type.Object({ staff: Type.Ref('AdminStaff') }), ...adminErrors(403, 404, 409) },
      },
      validatorCompiler: objectBody,
    },
    async (request) => ({
      staff: unwrap(
        await services.staff.update(
          (request.params as { id: string }).id,
          request.body as Record<string, unknown>,
          request.actor,
        ),
      ),
    }),
  );
}
