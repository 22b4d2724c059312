// POST /api/provider/v1/campaigns/{campaign_id}/opt-out: the operator leaves a network campaign before it starts.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { CampaignIdParams, OperatorCampaignResponse, operatorCampaign } from '../campaign-views.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { providerSecurity } from './security.ts';

export function registerCampaignOptOut(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/provider/v1/campaigns/:campaign_id/opt-out',
    {
      schema: {
        summary: 'Opt out of a network tournament or prize drop before it starts',
        description:
          'Added in 1.5.0. Only before the campaign starts: once players score, the operator stays in until it ends (409). Opting out again answers the same. 404 for a campaign the operator was not invited to.',
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
      const campaign = await services.campaigns.optIn(operator.id, campaignId, false);
      return { success: true, data: operatorCampaign(campaign, operator.id) };
    },
  );
}
