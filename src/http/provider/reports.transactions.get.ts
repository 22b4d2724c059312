// GET /api/provider/v1/reports/transactions?date=YYYY-MM-DD&format=ndjson|csv: every wallet
// transaction of the operator's UTC day, streamed, for reconciliation (rules: docs/reports.md).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { parseFormat, parseReportDate } from '../../domain/reports.ts';
import type { Services } from '../../services/index.ts';
import { dateQuery, sendStream, transactionsAnswer } from '../reports-schemas.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { providerSecurity } from './security.ts';

export function registerReportTransactions(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/provider/v1/reports/transactions',
    {
      schema: {
        summary: "A day's wallet transactions, for reconciliation",
        description:
          'Added in 1.2.0. Every wallet transaction Reelforge wrote for the operator on the UTC day `date` (both wallet modes), with its round, type, amount, currency, status and timestamps; streamed as NDJSON (default) or CSV. A day that is over answers the same bytes every time once its summary row says final. A future day is empty.',
        tags: ['reports'],
        security: providerSecurity,
        querystring: Type.Object({
          date: dateQuery,
          format: Type.Optional(Type.String({ description: 'ndjson (default) or csv.' })),
          operator_id: Type.Optional(Type.String()),
        }),
        response: { 200: transactionsAnswer, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { operator } = await authorizeOperator(services, request, reply);
      const query = request.query as { date?: string; format?: string };
      const day = parseReportDate(query.date);
      const format = parseFormat(query.format, ['ndjson', 'csv']);
      return sendStream(
        reply,
        services.reports.transactions(operator.id, day, format),
        format,
        `reelforge-transactions-${operator.id}-${day.date}`,
      );
    },
  );
}
