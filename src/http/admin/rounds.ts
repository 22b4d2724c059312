// Rounds for staff: filtered by operator, player and status, each with its transactions and attempts;
// and any round replayed under the certificate it was played under.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { staffRoundView } from '../../domain/rounds.ts';
import { transactionViewFor } from '../../domain/transactions.ts';
import type { Services } from '../../services/index.ts';
import type { StaffRoundFilter } from '../../services/staff-rounds.ts';
import { adminErrors, adminSecurity, unwrap } from './shared.ts';

const hash = (description: string) =>
  Type.Union([Type.String({ pattern: '^[0-9a-f]{64}$' }), Type.Null()], { description });

const RoundReplay = Type.Object({
  round_id: Type.String(),
  game_symbol: Type.String(),
  variant: Type.String(),
  wallet_mode: Type.Union([Type.Literal('internal'), Type.Literal('callback'), Type.Literal('demo')]),
  matches: Type.Boolean({
    description: 'The replayed outcome equals the stored one: screens, wins, features and total win.',
  }),
  differences: Type.Array(Type.String(), {
    description: 'The outcome parts that differ (screens, wins, features, total_win, …); empty on a match.',
  }),
  certificate_hash: hash(
    'The certificate hash the round was played under; null for rounds stored before rounds recorded it (replayed unchecked).',
  ),
  current_certificate_hash: hash('The certificate hash of the model the round was replayed under.'),
  certificate_checked: Type.Boolean({
    description:
      'Whether the stored certificate hash was compared with the current one (false when none is stored).',
  }),
  outcome: Type.Union([Type.Unknown(), Type.Null()], {
    description:
      'The replayed outcome (as the runtime API shows outcomes); null when the stored draws do not replay.',
  }),
  detail: Type.Union([Type.String(), Type.Null()]),
});

export function registerRoundRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/admin/v1/rounds',
    {
      schema: {
        summary: 'Rounds with their wallet transactions and every attempt, newest first',
        description:
          'Filters: operator_id, player_id, status; round_id (that round) or transaction_id (the round a wallet transaction belongs to).',
        tags: ['admin'],
        security: adminSecurity,
        querystring: Type.Object({
          operator_id: Type.Optional(Type.String()),
          player_id: Type.Optional(Type.String()),
          round_id: Type.Optional(Type.String({ maxLength: 64 })),
          transaction_id: Type.Optional(Type.String({ maxLength: 64 })),
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
        round_id?: string;
        transaction_id?: string;
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
          roundId: query.round_id,
          transactionId: query.transaction_id,
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
          transactions: transactions.map((tx) => transactionViewFor(request.actor, tx)),
        })),
        next_before: found.length === limit && last ? last.id : null,
      };
    },
  );
  app.post(
    '/api/admin/v1/rounds/:round_id/replay',
    {
      // Read by the staff role checks: support staff may replay rounds.
      config: { permission: 'support' },
      schema: {
        summary: 'Replays a stored round under the certificate it was played under',
        description:
          "Re-derives the round (money or demo) from its stored draws and compares it with the stored outcome. 409 replay_model_mismatch when the game's current model is not the one the round's certificate hash names; a round stored before rounds recorded their certificate hash is replayed under the current model with certificate_hash null.",
        tags: ['admin'],
        security: adminSecurity,
        params: Type.Object({ round_id: Type.String() }),
        response: { 200: RoundReplay, ...adminErrors(404, 409) },
      },
    },
    async (request) => {
      const { round_id: roundId } = request.params as { round_id: string };
      return unwrap(await services.roundReplay.replay(roundId));
    },
  );
}
