// POST /api/runtime/v1/spin: one round through the engine, paid through the session's wallet.
// client_round_id makes a repeated click return the round it already made. The body is SpinBody.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { bearerToken } from './auth.ts';
import {
  FeatureState,
  FreeRoundState,
  JurisdictionState,
  Round,
  runtimeErrors,
  SpinBody,
} from './schemas.ts';

export function registerSpinPost(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/runtime/v1/spin',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Play one round',
        tags: ['runtime'],
        hide: true, // documented in docs/runtime-api.md; outside the operator contract
        body: SpinBody,
        response: {
          200: Type.Object({
            round: Round,
            balance: Type.Union([Type.String(), Type.Null()]),
            state: FeatureState,
            free_round: FreeRoundState,
            jurisdiction_state: JurisdictionState,
            jackpot_wins: Type.Optional(
              Type.Array(Type.Object({ pool_id: Type.String(), tier: Type.String(), amount: Type.String() })),
            ),
          }),
          ...runtimeErrors(402, 404, 409, 502, 503),
        },
      },
    },
    // The body has SpinBody's shape here; readSpinRequest then checks it against the game's ladder.
    async (request) =>
      services.rounds.play(bearerToken(request.headers.authorization), request.body as SpinBody),
  );
}
