// GET /api/admin/v1/jackpots/{id}/figures: a pool's certified figures for every game that feeds it
// (issue 28; NJ RTS 9A): base, jackpot and total RTP, and each tier's hit frequency per stake
// (rules: domain/jackpot-figures.ts, docs/jackpots-figures.md). Any staff role may read them.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { JackpotFiguresSchema } from '../jackpot-figures-schemas.ts';
import { adminErrors, adminSecurity, unwrap } from './shared.ts';

export function registerJackpotFiguresRoute(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/admin/v1/jackpots/:id/figures',
    {
      config: { permission: 'read' },
      schema: {
        summary: "A jackpot pool's certified figures for each game that feeds it",
        tags: ['admin'],
        security: adminSecurity,
        params: Type.Object({ id: Type.String() }),
        response: {
          200: Type.Object({
            pool_id: Type.String(),
            name: Type.String(),
            currency: Type.String({ description: 'Stakes and frequencies are in the pool currency.' }),
            status: Type.Union([Type.Literal('active'), Type.Literal('closed')]),
            note: Type.String(),
            games: Type.Array(
              Type.Object({
                operator_id: Type.String(),
                game_symbol: Type.String(),
                variant: Type.String(),
                base_rtp_method: Type.Union([
                  Type.Literal('exact'),
                  Type.Literal('simulated'),
                  Type.Literal('target'),
                ]),
                figures: JackpotFiguresSchema,
              }),
            ),
          }),
          ...adminErrors(403, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return unwrap(await services.jackpotFigures.ofPool(id));
    },
  );
}
