// GET /api/provider/v1/games/{symbol}: one game by symbol or slug, within the caller's catalog.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import type { Services } from '../../services/index.ts';
import { errorResponses } from '../schemas.ts';
import { authorize } from './auth.ts';
import type { ReadAnswers } from './read-answers.ts';
import { providerSecurity } from './security.ts';

export function registerGamesGet(app: FastifyInstance, services: Services, answers: ReadAnswers): void {
  app.get(
    '/api/provider/v1/games/:symbol',
    {
      schema: {
        summary: 'One game of the catalog',
        description: '404 when the game does not exist or is not in the operator catalog.',
        tags: ['catalog'],
        security: providerSecurity,
        params: Type.Object({ symbol: Type.String({ description: 'A game symbol or a slug.' }) }),
        querystring: Type.Object({ operator_id: Type.Optional(Type.String()) }),
        response: { 200: Type.Ref('GameResponse'), ...errorResponses(400, 401, 403, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const { symbol } = request.params as { symbol: string };
      const { scope } = await authorize(services, request, reply);
      const body = answers.game(symbol, scope);
      if (!body) throw errors.notFound(`game ${symbol} not found in this catalog`);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
