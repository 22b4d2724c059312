// Rounds for staff: filtered by operator, player and status, each with its transactions and attempts.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { staffRoundView } from '../../domain/rounds.ts';
import type { Services } from '../../services/index.ts';
import type { StaffRoundFilter } from '../../services/staff-rounds.ts';
import { adminErrors, adminSecurity, unwrap } from './shared.ts';

export function registerRoundRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/admin/v1/rounds',
    {
      schema: {
        summary: 'Rounds with their wallet transactions and every attempt, newest first',
        tags: ['admin'],
        security: adminSecurity,
        querystring: Type.Object({
          operator_id: Type.Optional(Type.String()),
          player_id: Type.Optional(Type.String()),
          status: Type.Optional(
            Type.Union([Type.Literal('open'), Type.Literal('settled'), Type.Literal('cancelled')]),
          ),
          limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
          before: Type.Optional(Type.String()),
        }),
        response: {
          200: Type.Object({
            rounds: Type.Array(Type.Unknown()),
            next_before: Type.Union([Type.String(), Type.Null()]),
          }),
          ...adminErrors(),
        },
      },
    },
    async (request) => {
      const query = request.query as {
        operator_id?: string;
        player_id?: string;
        status?: StaffRoundFilter['status'];
        limit?: string;
        before?: string;
      };
      const limit = Number(query.limit ?? '50');
      if (limit < 1 || limit > 200) throw errors.invalidRequest('limit must be from 1 to 200');
      const found = unwrap(
        await services.staffRounds.list({
          operatorId: query.operator_id,
          playerId: query.player_id,
          status: query.status,
          before: query.before,
          limit,
        }),
      );
      const last = found.at(-1)?.round;
      return {
        rounds: found.map(({ round, transactions }) => ({
          ...staffRoundView(round),
          round_details_url: services.roundDetails.urlOf(round.id, round.created_at),
          transactions,
        })),
        next_before: found.length === limit && last ? last.id : null,
      };
    },
  );
}
