// GET /api/provider/v1/transactions/{transaction_id}/round: the round a wallet transaction belongs to.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { RoundResponse } from './rounds.get.ts';
import { providerSecurity } from './security.ts';

export function registerTransactionRoundGet(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/provider/v1/transactions/:transaction_id/round',
    {
      schema: {
        summary: 'The round of a wallet transaction',
        description:
          "Added in 1.2.0. transaction_id as the wallet callback carried it (debit, credit or rollback). 404 for an unknown transaction or another operator's.",
        tags: ['rounds'],
        security: providerSecurity,
        params: Type.Object({ transaction_id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({ operator_id: Type.Optional(Type.String()) }),
        response: { 200: RoundResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { transaction_id: transactionId } = request.params as { transaction_id: string };
      const { operator } = await authorizeOperator(services, request, reply);
      return { success: true, data: await services.roundDetails.byTransactionId(operator.id, transactionId) };
    },
  );
}
