// GET /api/provider/v1/campaigns/prizes: the operator's campaign prizes, newest first, a page at a time.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { PrizeListQuery } from '../../services/campaign-prizes.ts';
import type { Services } from '../../services/index.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { providerSecurity } from './security.ts';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** A prize as the operator reads it (services/campaigns.ts, PrizeView). */
export const CampaignPrize = Type.Object({
  prize_id: Type.String(),
  campaign_id: Type.String(),
  campaign_type: Type.Union([Type.Literal('tournament'), Type.Literal('drop')]),
  source: Type.Union([Type.Literal('place'), Type.Literal('drop')]),
  place: nullable(Type.Integer()),
  player_id: Type.String(),
  operator_id: Type.String(),
  kind: Type.Union([Type.Literal('cash'), Type.Literal('free_rounds')]),
  amount: Type.String({ description: "Decimal string in the player's currency (0 for free rounds)." }),
  currency: Type.String(),
  free_rounds: nullable(Type.Record(Type.String(), Type.Unknown())),
  free_round_grant_id: nullable(Type.String()),
  transaction_id: Type.String({
    description: "The promo_win credit's transaction_id (its idempotency key).",
  }),
  status: Type.Union(
    [Type.Literal('pending'), Type.Literal('acknowledged'), Type.Literal('failed'), Type.Literal('resolved')],
    {
      description:
        'pending: being delivered (retried until acknowledged); acknowledged: paid; failed: parked for Reelforge staff after 24 h; resolved: settled by hand with the operator.',
    },
  ),
  created_at: Type.String({ format: 'date-time' }),
  paid_at: nullable(Type.String({ format: 'date-time' })),
});

export function registerCampaignPrizesGet(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/provider/v1/campaigns/prizes',
    {
      schema: {
        summary: 'Campaign prizes of the operator',
        description:
          "Added in 1.5.0. Prizes won by the operator's players in tournaments and prize drops, newest first, with their delivery status. Filters: campaign_id, player_id, status. `limit` 1 to 200 (default 50); pass `next_cursor` as `cursor` for the next page (null: none).",
        tags: ['campaigns'],
        security: providerSecurity,
        querystring: Type.Object({
          campaign_id: Type.Optional(Type.String()),
          player_id: Type.Optional(Type.String({ description: 'The external_player_id given at launch.' })),
          status: Type.Optional(Type.String({ description: 'pending, acknowledged, failed or resolved.' })),
          limit: Type.Optional(Type.String()),
          cursor: Type.Optional(Type.String()),
          operator_id: Type.Optional(Type.String()),
        }),
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            data: Type.Object({ prizes: Type.Array(CampaignPrize), next_cursor: nullable(Type.String()) }),
          }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { operator } = await authorizeOperator(services, request, reply);
      const query = request.query as PrizeListQuery;
      return { success: true, data: await services.campaignPrizes.list(operator.id, query) };
    },
  );
}
