// GET /health: reachable, with the store's state; 503 when the store does not answer.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { replicaSummary } from '../../services/cluster-directory.ts';
import type { Services } from '../../services/index.ts';
import { VERSION } from '../../version.ts';

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  db: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  replica: Type.Optional(
    Type.Object(
      {
        state: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('unknown')]),
        lag_ms: Type.Union([Type.Integer(), Type.Null()]),
      },
      {
        description:
          'Only with a read replica configured: its state at the last probe and its replay lag. A replica down or lagging sends its reads to the primary and does not make the service degraded.',
      },
    ),
  ),
  clusters: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.Literal('ok'), Type.Literal('down')]), {
      description:
        "Only with several database clusters: each one's state by id. One down (not the control cluster, which is `db`) makes the service degraded but still 200: only its operators' play is affected.",
    }),
  ),
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
      const [dbUp, clusters] = await Promise.all([services.storeReachable(), services.clustersReachable?.()]);
      const replica = services.replica.state();
      const allUp = dbUp && Object.values(clusters ?? {}).every(Boolean);
      reply.header('cache-control', 'no-store');
      return reply.code(dbUp ? 200 : 503).send({
        status: allUp ? 'ok' : 'degraded',
        version: VERSION,
        db: dbUp ? 'ok' : 'down',
        ...(replica === undefined ? {} : { replica: replicaSummary(replica) }),
        ...(clusters === undefined
          ? {}
          : {
              clusters: Object.fromEntries(
                Object.entries(clusters).map(([id, up]) => [id, up ? ('ok' as const) : ('down' as const)]),
              ),
            }),
      });
    },
  );
}
