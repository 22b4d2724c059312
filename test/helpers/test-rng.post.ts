// POST /api/runtime/v1/test/rng, registered only by the test harness (test/helpers/server.ts), never
// by server code: the session's next spins draw from the seeded simulation RNG, so tests reach
// features deterministically; {seed: null} goes back to the play generator.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { createSeededRng, type Rng } from '../../src/engine/rng.ts';
import { createPlayRng, type PlayRngSource } from '../../src/games/play-rng.ts';
import { runtimeSession } from '../../src/http/runtime/auth.ts';
import { runtimeErrors } from '../../src/http/runtime/schemas.ts';
import type { Services } from '../../src/services/index.ts';

/** A round generator a test can seed per session; unseeded sessions draw from the play generator. */
export interface SeedablePlayRng extends PlayRngSource {
  seed(sessionId: string, seed: number | null): void;
}

export function createSeedablePlayRng(): SeedablePlayRng {
  const play = createPlayRng();
  const seeded = new Map<string, Rng>();
  return {
    kind: 'test',
    forSession: (sessionId) => seeded.get(sessionId) ?? play,
    seed(sessionId, seed) {
      if (seed === null) seeded.delete(sessionId);
      else seeded.set(sessionId, createSeededRng(seed, 0));
    },
  };
}

export function registerTestRngPost(app: FastifyInstance, services: Services, rng: SeedablePlayRng): void {
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
      rng.seed(session.row.id, (request.body as { seed: number | null }).seed);
      return reply.code(204).send();
    },
  );
}
