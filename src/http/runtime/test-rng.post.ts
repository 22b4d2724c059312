// POST /api/runtime/v1/test/rng (APP_ENV=test only): the session's next spins use the seeded
// simulation RNG, so browser tests reach features deterministically; {seed: null} goes back.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { runtimeSession } from './auth.ts';
import { runtimeErrors } from './schemas.ts';

export function registerTestRngPost(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/runtime/v1/test/rng',
    {
      schema: {
        summary: 'Test only: seed the session RNG',
        tags: ['runtime'],
        hide: true,
        body: Type.Object({ seed: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]) }),
        response: { 204: Type.Null(), ...runtimeErrors() },
      },
    },
    async (request, reply) => {
      const session = await runtimeSession(services, request);
      services.rounds.seedSession(session.row.id, (request.body as { seed: number | null }).seed);
      return reply.code(204).send();
    },
  );
}
