// GET /api/provider/v1/reports/summary?from=YYYY-MM-DD&to=YYYY-MM-DD: the operator's rounds,
// stakes, wins, free-round wins, GGR and realised RTP by UTC day, game and currency.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { parseFormat, parseReportRange, SUMMARY_COLUMNS } from '../../domain/reports.ts';
import type { Services } from '../../services/index.ts';
import { toCsv } from '../../services/reports.ts';
import { dateQuery, SummaryRow, TEXT_TYPES } from '../reports-schemas.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { providerSecurity } from './security.ts';

export function registerReportSummary(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/provider/v1/reports/summary',
    {
      schema: {
        summary: 'Totals by day, game and currency',
        description:
          'Added in 1.2.0. From the same wallet transactions as /reports/transactions, by their UTC day: rounds, stakes, wins (free-round wins apart), GGR = stakes − wins, realised RTP = wins / stakes; jackpot_wins (the part of wins jackpots paid) and jackpot_contributions (the share of the stakes put into jackpot pools) apart. from and to are inclusive UTC days, at most 92 days apart. Only days, games and currencies with transactions have a row; rows are ordered by date, game_symbol, currency. format=csv gives the rows as CSV.',
        tags: ['reports'],
        security: providerSecurity,
        querystring: Type.Object({
          from: dateQuery,
          to: dateQuery,
          format: Type.Optional(Type.String({ description: 'json (default) or csv.' })),
          operator_id: Type.Optional(Type.String()),
        }),
        response: {
          200: {
            description: 'The summary.',
            content: {
              'application/json': {
                schema: Type.Object({
                  success: Type.Boolean(),
                  data: Type.Object({
                    from: Type.String({ format: 'date' }),
                    to: Type.String({ format: 'date' }),
                    days: Type.Array(SummaryRow),
                  }),
                }),
              },
              'text/csv': { schema: Type.String() },
            },
          },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { operator } = await authorizeOperator(services, request, reply);
      const query = request.query as { from?: string; to?: string; format?: string };
      const range = parseReportRange(query.from, query.to);
      const format = parseFormat(query.format, ['json', 'csv']);
      const days = await services.reports.summary(operator.id, range.from, range.to);
      if (format === 'csv') {
        return reply
          .type(TEXT_TYPES.csv)
          .header('cache-control', 'no-store')
          .send(toCsv(days, SUMMARY_COLUMNS));
      }
      return { success: true, data: { from: range.from.date, to: range.to.date, days } };
    },
  );
}
