// GET /api/runtime/v1/history: the session's rounds, newest first, paged by round id.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { roundView } from '../../domain/rounds.ts';
import type { Services } from '../../services/index.ts';
import { runtimeSession } from './auth.ts';
import { Round, runtimeErrors } from './schemas.ts';

export function registerHistoryGet(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/runtime/v1/history',
    {
      schema: {
        summary: "The session's rounds, newest first",
        tags: ['runtime'],
        hide: true, // documented in docs/runtime-api.md; outside the operator contract
        querystring: Type.Object({
          limit: Type.Optional(Type.String()),
          before: Type.Optional(Type.String()),
        }),
        response: {
          200: Type.Object({
            rounds: Type.Array(Round),
            next_before: Type.Union([Type.String(), Type.Null()]),
          }),
          ...runtimeErrors(),
        },
      },
    },
    async (request) => {
      const session = await runtimeSession(services, request);
      const query = request.query as { limit?: string; before?: string };
      const limit = query.limit === undefined ? 20 : Number(query.limit);
      if (!/^\d{1,3}$/.test(query.limit ?? '20') || limit < 1 || limit > 100) {
        throw errors.invalidRequest('limit must be a whole number from 1 to 100');
      }
      await services.sessions.slide(session, services.config.sessionTtlSeconds);
      const rows = await services.rounds.history(session, limit, query.before);
      const last = rows.at(-1);
      return {
        rounds: rows.map((row) => roundView(row, true)),
        next_before: rows.length === limit && last ? last.id : null,
      };
    },
  );
}
