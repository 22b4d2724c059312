// Reconciliation reports for staff (permission `reports`): summaries across operators, and one
// operator's transactions of a day, as JSON or CSV (rules: docs/reports.md).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { parseFormat, parseReportDate, parseReportRange } from '../../domain/reports.ts';
import type { Services } from '../../services/index.ts';
import { STAFF_SUMMARY_COLUMNS, toCsv } from '../../services/reports.ts';
import {
  dateQuery,
  sendStream,
  summaryRowFields,
  TEXT_TYPES,
  transactionsAnswer,
} from '../reports-schemas.ts';
import { adminErrors, adminSecurity, unwrap } from './shared.ts';

const StaffSummaryRow = Type.Object({ operator_id: Type.String(), ...summaryRowFields });

function operatorIdOf(value: unknown): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || value.length > 64)
    throw errors.invalidRequest('operator_id must be an operator id');
  return value;
}

export function registerReportRoutes(app: FastifyInstance, services: Services): void {
  const tags = ['admin'];

  app.get(
    '/api/admin/v1/reports/summary',
    {
      config: { permission: 'reports' },
      schema: {
        summary: 'Totals by day, operator, game and currency (all operators, or one)',
        tags,
        security: adminSecurity,
        querystring: Type.Object({
          from: dateQuery,
          to: dateQuery,
          operator_id: Type.Optional(Type.String()),
          format: Type.Optional(Type.String({ description: 'json (default) or csv.' })),
        }),
        response: {
          200: {
            description: 'Rows ordered by date, operator_id, game_symbol, currency.',
            content: {
              'application/json': {
                schema: Type.Object({
                  from: Type.String({ format: 'date' }),
                  to: Type.String({ format: 'date' }),
                  days: Type.Array(StaffSummaryRow),
                }),
              },
              'text/csv': { schema: Type.String() },
            },
          },
          ...adminErrors(403, 404),
        },
      },
    },
    async (request, reply) => {
      const query = request.query as { from?: string; to?: string; operator_id?: string; format?: string };
      const range = parseReportRange(query.from, query.to);
      const format = parseFormat(query.format, ['json', 'csv']);
      const days = unwrap(
        await services.reports.staffSummary(operatorIdOf(query.operator_id), range.from, range.to),
      );
      if (format === 'csv') {
        return reply
          .type(TEXT_TYPES.csv)
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="reelforge-summary-${range.from.date}-${range.to.date}.csv"`,
          )
          .send(toCsv(days, STAFF_SUMMARY_COLUMNS));
      }
      return { from: range.from.date, to: range.to.date, days };
    },
  );

  app.get(
    '/api/admin/v1/reports/transactions',
    {
      config: { permission: 'reports' },
      schema: {
        summary: "One operator's wallet transactions of a UTC day, streamed as NDJSON or CSV",
        tags,
        security: adminSecurity,
        querystring: Type.Object({
          date: dateQuery,
          operator_id: Type.Optional(Type.String()),
          format: Type.Optional(Type.String({ description: 'ndjson (default) or csv.' })),
        }),
        response: { 200: transactionsAnswer, ...adminErrors(403, 404) },
      },
    },
    async (request, reply) => {
      const query = request.query as { date?: string; operator_id?: string; format?: string };
      const day = parseReportDate(query.date);
      const operatorId = operatorIdOf(query.operator_id);
      if (operatorId === null) throw errors.invalidRequest('operator_id is required');
      const format = parseFormat(query.format, ['ndjson', 'csv']);
      if (!(await services.reports.operatorExists(operatorId))) {
        throw errors.notFound(`operator_id ${operatorId}: no such operator`);
      }
      return sendStream(
        reply,
        services.reports.transactions(operatorId, day, format),
        format,
        `reelforge-transactions-${operatorId}-${day.date}`,
      );
    },
  );
}
