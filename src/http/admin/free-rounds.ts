// Free-round campaigns for staff: an operator's campaigns, newest first (their rounds are in /rounds).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import type { Services } from '../../services/index.ts';
import { adminErrors, adminSecurity, OperatorParams } from './shared.ts';

export function registerFreeRoundRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/admin/v1/operators/:id/free-round-campaigns',
    {
      schema: {
        summary: "An operator's free-rounds campaigns, newest first",
        tags: ['admin'],
        security: adminSecurity,
        params: OperatorParams,
        querystring: Type.Object({ limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })) }),
        response: {
          200: Type.Object({ campaigns: Type.Array(Type.Ref('FreeRoundCampaign')) }),
          ...adminErrors(404),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const limit = Number((request.query as { limit?: string }).limit ?? '100');
      if (limit < 1 || limit > 500) throw errors.invalidRequest('limit must be from 1 to 500');
      if (!(await services.access.operatorAccess(id))) throw errors.notFound(`operator ${id} not found`);
      return { campaigns: await services.freeRounds.listForStaff(id, limit) };
    },
  );
}
