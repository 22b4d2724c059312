// GET /api/admin/v1/games/{symbol}/generated-art: the game's generated key art (SVG) even when a
// thumbnail was uploaded, so the back office can show the fallback beside the upload.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { renderGameArtSvg } from '../../domain/game-art.ts';
import { findGameInfo } from '../../games/index.ts';
import { adminErrors, adminSecurity } from './shared.ts';

export function registerGeneratedArtRoute(app: FastifyInstance): void {
  app.get(
    '/api/admin/v1/games/:symbol/generated-art',
    {
      schema: {
        summary: "The game's generated key art (480×360 SVG), whether or not a thumbnail was uploaded",
        tags: ['admin'],
        security: adminSecurity,
        params: Type.Object({ symbol: Type.String({ maxLength: 64 }) }),
        response: {
          200: { description: 'SVG', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
          ...adminErrors(404),
        },
      },
    },
    async (request, reply) => {
      const { symbol } = request.params as { symbol: string };
      const game = findGameInfo(symbol);
      if (!game) throw errors.notFound(`no game ${symbol}`);
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(renderGameArtSvg(game.symbol, game.title, game));
    },
  );
}
