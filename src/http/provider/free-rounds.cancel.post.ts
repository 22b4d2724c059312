// POST /api/provider/v1/free-rounds/campaigns/{campaign_id}/cancel: unplayed rounds void; a round under way finishes.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { CampaignParams } from './free-rounds.campaign.get.ts';
import { providerSecurity } from './security.ts';

export function registerCampaignCancel(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/provider/v1/free-rounds/campaigns/:campaign_id/cancel',
    {
      schema: {
        summary: 'Cancel a free-rounds campaign',
        description:
          'Added in 1.2.0. Every grant with rounds left is cancelled (its unplayed rounds void); a round already under way, and the feature it started, finishes and is credited. Cancelling again answers the same.',
        tags: ['free rounds'],
        security: providerSecurity,
        params: CampaignParams,
        querystring: Type.Object({ operator_id: Type.Optional(Type.String()) }),
        response: { 200: Type.Ref('FreeRoundCampaignResponse'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { campaign_id: campaignId } = request.params as { campaign_id: string };
      const { operator } = await authorizeOperator(services, request, reply);
      return { success: true, data: await services.freeRounds.cancel(operator.id, campaignId) };
    },
  );
}
