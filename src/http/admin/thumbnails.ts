// Uploaded game artwork: raw image body in, validated and re-encoded; delete goes back to the SVG.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { MAX_UPLOAD_BYTES, processThumbnail } from '../../domain/thumbnails.ts';
import { findGameInfo } from '../../games/index.ts';
import type { Services } from '../../services.ts';
import { thumbnailsRepo } from '../../store/thumbnails.repo.ts';
import { adminErrors, adminSecurity } from './shared.ts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'];

export function registerThumbnailRoutes(app: FastifyInstance, services: Services): void {
  const thumbnails = thumbnailsRepo(services.store.db);
  const tags = ['admin'];
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );

  const gameParams = Type.Object({ symbol: Type.String() });
  const gameOf = (symbol: string) => {
    const game = findGameInfo(symbol);
    if (!game) throw errors.notFound(`game ${symbol} not found`);
    return game;
  };

  app.put(
    '/api/admin/v1/games/:symbol/thumbnail',
    {
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: {
        summary: 'Upload a thumbnail (PNG, JPEG or WebP bytes)',
        description: 'Checked by content, decoded with a pixel limit, re-encoded as WebP (at most 960×720).',
        tags,
        security: adminSecurity,
        params: gameParams,
        response: {
          200: Type.Object({
            symbol: Type.String(),
            content_type: Type.String(),
            width: Type.Integer(),
            height: Type.Integer(),
            etag: Type.String(),
          }),
          ...adminErrors(404, 413, 415),
        },
      },
    },
    async (request) => {
      const game = gameOf((request.params as { symbol: string }).symbol);
      if (!Buffer.isBuffer(request.body))
        throw errors.invalidRequest(
          'send the image bytes with content-type image/png, image/jpeg or image/webp',
        );
      const result = await processThumbnail(request.body);
      if (!result.ok) throw errors.invalidRequest(result.detail);
      const { thumbnail } = result;
      await thumbnails.put({
        game_symbol: game.symbol,
        content_type: thumbnail.contentType,
        body: thumbnail.body,
        etag: thumbnail.etag,
        width: thumbnail.width,
        height: thumbnail.height,
      });
      services.artwork.symbols.add(game.symbol);
      return {
        symbol: game.symbol,
        content_type: thumbnail.contentType,
        width: thumbnail.width,
        height: thumbnail.height,
        etag: thumbnail.etag,
      };
    },
  );

  app.delete(
    '/api/admin/v1/games/:symbol/thumbnail',
    {
      schema: {
        summary: 'Delete the uploaded thumbnail (back to the SVG)',
        tags,
        security: adminSecurity,
        params: gameParams,
        response: { 204: Type.Null(), ...adminErrors(404) },
      },
    },
    async (request, reply) => {
      const game = gameOf((request.params as { symbol: string }).symbol);
      if (!(await thumbnails.remove(game.symbol)))
        throw errors.notFound(`game ${game.symbol} has no uploaded thumbnail`);
      services.artwork.symbols.delete(game.symbol);
      return reply.code(204).send();
    },
  );
}
