// POST /api/provider/v1/free-rounds/campaigns/{campaign_id}/players: grant the campaign to more players.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { objectBody } from '../admin/shared.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { CampaignParams } from './free-rounds.campaign.get.ts';
import { providerSecurity } from './security.ts';

export function registerCampaignPlayers(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/provider/v1/free-rounds/campaigns/:campaign_id/players',
    {
      schema: {
        summary: 'Add players to a free-rounds campaign',
        description:
          "Added in 1.2.0. Each new player gets a grant of the campaign's rounds; players already in it are left as they are (added counts the new ones). 409 when the campaign is cancelled or expired.",
        tags: ['free rounds'],
        security: providerSecurity,
        params: CampaignParams,
        body: Type.Object({
          players: Type.Array(Type.String(), { minItems: 1, maxItems: 1000 }),
          operator_id: Type.Optional(Type.String()),
        }),
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            added: Type.Integer(),
            data: Type.Ref('FreeRoundCampaign'),
          }),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const { campaign_id: campaignId } = request.params as { campaign_id: string };
      const body = request.body as { players?: unknown; operator_id?: unknown };
      const { operator } = await authorizeOperator(services, request, reply, body.operator_id);
      const { added, campaign } = await services.freeRounds.addPlayers(operator.id, campaignId, body.players);
      return { success: true, added, data: campaign };
    },
  );
}
