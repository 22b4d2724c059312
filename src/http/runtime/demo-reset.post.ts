// POST /api/runtime/v1/demo/reset: a demo session's fun balance back to 1,000.00 (no wallet call).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { formatAmount } from '../../money.ts';
import type { Services } from '../../services/index.ts';
import { runtimeSession } from './auth.ts';
import { runtimeErrors } from './schemas.ts';

export function registerDemoResetPost(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/runtime/v1/demo/reset',
    {
      schema: {
        summary: "Reset a demo session's fun balance",
        tags: ['runtime'],
        hide: true, // documented in docs/runtime-api.md; outside the operator contract
        response: { 200: Type.Object({ balance: Type.String() }), ...runtimeErrors() },
      },
    },
    async (request) => {
      const session = await runtimeSession(services, request);
      const balance = await services.rounds.resetDemoBalance(session);
      return { balance: formatAmount(balance, session.row.currency) };
    },
  );
}
