// GET /api/provider/v1/free-rounds/campaigns/{campaign_id}: a campaign with its players' grants.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { providerSecurity } from './security.ts';

export const CampaignParams = Type.Object({ campaign_id: Type.String({ maxLength: 64 }) });

export function registerCampaignGet(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/provider/v1/free-rounds/campaigns/:campaign_id',
    {
      schema: {
        summary: 'A free-rounds campaign with its grants',
        description: "Added in 1.2.0. 404 for an unknown campaign_id or another operator's campaign.",
        tags: ['free rounds'],
        security: providerSecurity,
        params: CampaignParams,
        querystring: Type.Object({ operator_id: Type.Optional(Type.String()) }),
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            data: Type.Intersect([
              Type.Ref('FreeRoundCampaign'),
              Type.Object({ grants: Type.Array(Type.Ref('FreeRoundGrant')) }),
            ]),
          }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { campaign_id: campaignId } = request.params as { campaign_id: string };
      const { operator } = await authorizeOperator(services, request, reply);
      return { success: true, data: await services.freeRounds.read(operator.id, campaignId) };
    },
  );
}
