// POST /api/runtime/v1/reality-check: the player's answer to a reality check. continue schedules
// the next one an interval later; leave ends the session (spins answer 409 session_ended).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import type { Services } from '../../services/index.ts';
import { objectBody } from '../admin/shared.ts';
import { runtimeSession } from './auth.ts';
import { RealityCheck, runtimeErrors } from './schemas.ts';

export function registerRealityCheckPost(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/runtime/v1/reality-check',
    {
      bodyLimit: 1024,
      schema: {
        summary: "The player's answer to a reality check",
        tags: ['runtime'],
        hide: true, // documented in docs/runtime-api.md; outside the operator contract
        body: Type.Object({
          action: Type.Union([Type.Literal('continue'), Type.Literal('leave')]),
        }),
        response: {
          200: Type.Object({
            reality_check: RealityCheck,
            return_url: Type.Union([Type.String(), Type.Null()]),
          }),
          ...runtimeErrors(409),
        },
      },
      validatorCompiler: objectBody,
    },
    async (request) => {
      const session = await runtimeSession(services, request);
      const { action } = request.body as { action?: unknown };
      if (action !== 'continue' && action !== 'leave') {
        throw errors.invalidRequest('action must be continue or leave');
      }
      return services.rounds.answerRealityCheck(session, action);
    },
  );
}
