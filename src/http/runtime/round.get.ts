// GET /api/runtime/v1/rounds/{id}: one round of the session with everything needed to replay it.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { roundView } from '../../domain/rounds.ts';
import type { Services } from '../../services/index.ts';
import { runtimeSession } from './auth.ts';
import { Round, runtimeErrors } from './schemas.ts';

export function registerRoundGet(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/runtime/v1/rounds/:id',
    {
      schema: {
        summary: 'One round with its full outcome and replay data',
        tags: ['runtime'],
        hide: true, // documented in docs/runtime-api.md; outside the operator contract
        params: Type.Object({ id: Type.String() }),
        response: { 200: Type.Object({ round: Round }), ...runtimeErrors(404) },
      },
    },
    async (request) => {
      const session = await runtimeSession(services, request);
      const { id } = request.params as { id: string };
      const row = await services.rounds.roundOf(session, id);
      if (!row) throw errors.notFound(`round ${id} not found`);
      await services.sessions.slide(session, services.config.sessionTtlSeconds);
      return {
        round: {
          ...roundView(row),
          replay: {
            variant: row.variant,
            state_before: row.state_before,
            certificate_hash: row.certificate_hash,
          },
        },
      };
    },
  );
}
