// POST /api/provider/v1/campaigns/{campaign_id}/opt-in: the operator joins a network campaign it was invited to.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { CampaignIdParams, OperatorCampaignResponse, operatorCampaign } from '../campaign-views.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { providerSecurity } from './security.ts';

export function registerCampaignOptIn(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/provider/v1/campaigns/:campaign_id/opt-in',
    {
      schema: {
        summary: 'Opt in to a network tournament or prize drop',
        description:
          'Added in 1.5.0. The operator runs the campaign for its players from now on (their rounds from then score; where the campaign or the market asks, each player opts in too, in the game). Opting in again answers the same. 404 for a campaign the operator was not invited to, 409 for one that has ended or was cancelled.',
        tags: ['campaigns'],
        security: providerSecurity,
        params: CampaignIdParams,
        querystring: Type.Object({ operator_id: Type.Optional(Type.String()) }),
        response: { 200: OperatorCampaignResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { campaign_id: campaignId } = request.params as { campaign_id: string };
      const { operator } = await authorizeOperator(services, request, reply);
      const campaign = await services.campaigns.optIn(operator.id, campaignId, true);
      return { success: true, data: operatorCampaign(campaign, operator.id) };
    },
  );
}
