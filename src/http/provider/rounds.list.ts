// GET /api/provider/v1/rounds?player_id=…&from=…&to=…: a player's rounds in a time range, paged.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import type { PlayerRoundsQuery } from '../../services/round-details.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { providerSecurity } from './security.ts';

export function registerRoundsList(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/provider/v1/rounds',
    {
      schema: {
        summary: "A player's rounds in a time range",
        description:
          'Added in 1.2.0. Rounds played in [from, to) (default: the last 24 hours; at most 31 days), newest first, limit per page (1–200, default 50); pass next_cursor as cursor for the next page.',
        tags: ['rounds'],
        security: providerSecurity,
        querystring: Type.Object({
          player_id: Type.Optional(
            Type.String({ description: 'The external_player_id given at launch (required).' }),
          ),
          from: Type.Optional(Type.String({ format: 'date-time' })),
          to: Type.Optional(Type.String({ format: 'date-time' })),
          limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
          cursor: Type.Optional(Type.String()),
          operator_id: Type.Optional(Type.String()),
        }),
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            data: Type.Object({
              rounds: Type.Array(Type.Ref('OperatorRound')),
              next_cursor: Type.Union([Type.String(), Type.Null()]),
            }),
          }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { operator } = await authorizeOperator(services, request, reply);
      const data = await services.roundDetails.playerRounds(operator.id, request.query as PlayerRoundsQuery);
      return { success: true, data };
    },
  );
}
