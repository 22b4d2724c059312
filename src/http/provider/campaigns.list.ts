// GET /api/provider/v1/campaigns: the operator's tournaments and prize drops: its own, and the
// network campaigns it is invited to (opted in or not).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { OperatorCampaign, operatorCampaign } from '../campaign-views.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { providerSecurity } from './security.ts';

export function registerCampaignsList(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/provider/v1/campaigns',
    {
      schema: {
        summary: "The operator's tournaments and prize drops",
        description:
          'Added in 1.5.0. Its own campaigns and the network campaigns it is invited to, the latest start first; opted_in says whether it runs one for its players (a network campaign needs POST …/opt-in). Approved campaigns only: a campaign waiting for the provider’s second admin is not shown.',
        tags: ['campaigns'],
        security: providerSecurity,
        querystring: Type.Object({ operator_id: Type.Optional(Type.String()) }),
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            data: Type.Object({ campaigns: Type.Array(OperatorCampaign) }),
          }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { operator } = await authorizeOperator(services, request, reply);
      const campaigns = await services.campaigns.forOperator(operator.id);
      return {
        success: true,
        data: { campaigns: campaigns.map((campaign) => operatorCampaign(campaign, operator.id)) },
      };
    },
  );
}
