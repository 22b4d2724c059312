// GET /api/provider/v1/campaigns/{campaign_id}/standings: the leaderboard the game shows, with the
// operator's own players named and every other operator's masked.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import type { Services } from '../../services/index.ts';
import { CampaignIdParams, Standings } from '../campaign-views.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { providerSecurity } from './security.ts';

export function registerCampaignStandings(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/provider/v1/campaigns/:campaign_id/standings',
    {
      schema: {
        summary: "A campaign's standings",
        description:
          "Added in 1.5.0. The same numbers the game's leaderboard shows, best first (`limit` places: ten unless asked, a hundred at most). player_id and operator_id are given for the operator's own players only; other operators' players are shown by their masked name. final is true once the standings are frozen, before any prize is paid. 404 for a campaign that is not the operator's own or one it was invited to.",
        tags: ['campaigns'],
        security: providerSecurity,
        params: CampaignIdParams,
        querystring: Type.Object({
          operator_id: Type.Optional(Type.String()),
          limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
        }),
        response: {
          200: Type.Object({ success: Type.Boolean(), data: Standings }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { campaign_id: campaignId } = request.params as { campaign_id: string };
      const { limit } = request.query as { limit?: string };
      const { operator } = await authorizeOperator(services, request, reply);
      const count = limit === undefined ? 10 : Number(limit);
      if (count < 1 || count > 100) throw errors.invalidRequest('limit: a whole number from 1 to 100');
      // The service answers 404 for a campaign that is not the operator's own or one it was invited to.
      const standings = await services.campaigns.standings(campaignId, { operatorId: operator.id }, count);
      return { success: true, data: standings };
    },
  );
}
