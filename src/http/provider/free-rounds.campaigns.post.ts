// POST /api/provider/v1/free-rounds/campaigns: create a free-rounds campaign (idempotent by campaign_id).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { CampaignRequest } from '../../domain/free-rounds.ts';
import type { Services } from '../../services/index.ts';
import { objectBody } from '../admin/shared.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { providerSecurity } from './security.ts';

export function registerCampaignCreate(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/provider/v1/free-rounds/campaigns',
    {
      schema: {
        summary: 'Create a free-rounds campaign',
        description:
          'Added in 1.2.0. 201 with the new campaign; 200 when the same campaign_id was created before with the same terms (players given are added); 409 when it exists with other terms. Each round plays at coin × bet_level in the base mode, debits nothing, and its win is credited with action_type free_round.',
        tags: ['free rounds'],
        security: providerSecurity,
        body: Type.Ref('FreeRoundCampaignRequest'),
        response: {
          200: Type.Ref('FreeRoundCampaignResponse'),
          201: Type.Ref('FreeRoundCampaignResponse'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
      // Fields are checked by checkCampaignRequest, so that each 400 names its field in our words.
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const body = request.body as CampaignRequest & { operator_id?: unknown };
      const { operator, scope } = await authorizeOperator(services, request, reply, body.operator_id);
      const { created, campaign } = await services.freeRounds.create(
        operator.id,
        scope,
        body,
        operator.default_jurisdiction,
      );
      return reply.code(created ? 201 : 200).send({ success: true, data: campaign });
    },
  );
}
