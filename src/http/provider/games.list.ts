// GET /api/provider/v1/games: the operator-scoped live catalog.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { errorResponses } from '../schemas.ts';
import { authorize } from './auth.ts';
import type { ReadAnswers } from './read-answers.ts';
import { providerSecurity } from './security.ts';

export function registerGamesList(app: FastifyInstance, services: Services, answers: ReadAnswers): void {
  app.get(
    '/api/provider/v1/games',
    {
      schema: {
        summary: 'Operator-scoped live catalog',
        description:
          'Operator keys see their own allowlist. Master keys see the whole live catalog, or one operator through operator_id / x-operator-id.',
        tags: ['catalog'],
        security: providerSecurity,
        querystring: Type.Object({
          operator_id: Type.Optional(Type.String({ description: 'Honored for provider master keys only.' })),
        }),
        response: { 200: Type.Ref('CatalogResponse'), ...errorResponses(400, 401, 403, 429, 500) },
      },
    },
    async (request, reply) => {
      const { operator, scope } = await authorize(services, request, reply);
      return reply.type('application/json; charset=utf-8').send(answers.catalog(operator, scope));
    },
  );
}
