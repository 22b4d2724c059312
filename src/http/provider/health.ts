// GET /health: reachable, with the store's state; 503 when the store does not answer.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { VERSION } from '../../version.ts';

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  db: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
});

export function registerHealth(app: FastifyInstance, services: Services): void {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Service health',
        description:
          'No authentication. 200 when the service and its store are reachable, 503 when the store is down.',
        tags: ['health'],
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const dbUp = await services.storeReachable();
      reply.header('cache-control', 'no-store');
      return reply
        .code(dbUp ? 200 : 503)
        .send({ status: dbUp ? 'ok' : 'degraded', version: VERSION, db: dbUp ? 'ok' : 'down' });
    },
  );
}
