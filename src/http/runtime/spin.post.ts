// POST /api/runtime/v1/spin: one round through the engine, paid through the session's wallet.
// client_round_id makes a repeated click return the round it already made.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { SpinRequest } from '../../domain/rounds.ts';
import type { Services } from '../../services/index.ts';
import { objectBody } from '../admin/shared.ts';
import { bearerToken } from './auth.ts';
import { FeatureState, FreeRoundState, JurisdictionState, Round, runtimeErrors } from './schemas.ts';

export function registerSpinPost(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/runtime/v1/spin',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Play one round',
        tags: ['runtime'],
        hide: true, // documented in docs/runtime-api.md; outside the operator contract
        body: Type.Object({
          coin: Type.String(),
          bet_level: Type.Optional(Type.Integer()),
          special_bet: Type.Optional(Type.Boolean()),
          buy_feature: Type.Optional(Type.Boolean()),
          client_round_id: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' }),
          free_round_grant_id: Type.Optional(Type.String()),
        }),
        response: {
          200: Type.Object({
            round: Round,
            balance: Type.Union([Type.String(), Type.Null()]),
            state: FeatureState,
            free_round: FreeRoundState,
            jurisdiction_state: JurisdictionState,
          }),
          ...runtimeErrors(402, 404, 409, 502, 503),
        },
      },
      // Fields are checked by readSpinRequest, so each 400 names its field in our words.
      validatorCompiler: objectBody,
    },
    async (request) =>
      services.rounds.play(bearerToken(request.headers.authorization), request.body as SpinRequest),
  );
}
