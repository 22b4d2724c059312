// GET /api/admin/v1/live: rounds per second and each operator's wallet latency and failures over
// the last minute, from the node's own metrics (src/http/live.ts). Per node: each node answers for
// the requests it served.
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { Type } from 'typebox';
import { createLiveSampler } from '../live.ts';
import { adminErrors, adminSecurity } from './shared.ts';

const Figures = Type.Object({
  at: Type.String({ format: 'date-time' }),
  window_seconds: Type.Number({
    description: 'The span the figures cover (about a minute once the node has run that long).',
  }),
  rounds_per_second: Type.Number(),
  by_operator: Type.Array(
    Type.Object({
      operator_id: Type.String(),
      wallet_p50_ms: Type.Union([Type.Number(), Type.Null()], { description: 'null: no call in the window' }),
      wallet_p99_ms: Type.Union([Type.Number(), Type.Null()]),
      wallet_failures: Type.Integer({
        description: 'Calls that failed or timed out (a rejection is an answer).',
      }),
      wallet_calls: Type.Integer(),
    }),
  ),
});

export function registerLiveRoute(app: FastifyInstance, registry: Registry): void {
  const sampler = createLiveSampler(registry);
  app.addHook('onClose', async () => sampler.stop());
  app.get(
    '/api/admin/v1/live',
    {
      schema: {
        summary: 'Live figures of this node: rounds per second, wallet latency and failures by operator',
        tags: ['admin'],
        security: adminSecurity,
        response: { 200: Figures, ...adminErrors() },
      },
    },
    async () => sampler.now(),
  );
}
