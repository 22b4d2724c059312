// GET /api/provider/v1/free-rounds/grants?player_id=…: a player's grants with rounds left and win so far.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import type { Services } from '../../services/index.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { providerSecurity } from './security.ts';

export function registerGrantsGet(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/provider/v1/free-rounds/grants',
    {
      schema: {
        summary: "A player's free-rounds grants",
        description: 'Added in 1.2.0. Newest first, with rounds left, win so far and status.',
        tags: ['free rounds'],
        security: providerSecurity,
        querystring: Type.Object({
          player_id: Type.Optional(
            Type.String({ description: 'The external_player_id given at launch (required).' }),
          ),
          operator_id: Type.Optional(Type.String()),
        }),
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            data: Type.Object({ grants: Type.Array(Type.Ref('FreeRoundGrant')) }),
          }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { player_id: playerId } = request.query as { player_id?: string };
      const { operator } = await authorizeOperator(services, request, reply);
      if (!playerId || playerId.length > 128) throw errors.invalidRequest('player_id is required');
      return { success: true, data: { grants: await services.freeRounds.grantsOf(operator.id, playerId) } };
    },
  );
}
