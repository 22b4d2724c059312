// Uploaded game artwork: raw image body in, validated and re-encoded; delete goes back to the SVG.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { MAX_UPLOAD_BYTES } from '../../services/artwork.ts';
import type { Services } from '../../services/index.ts';
import { adminErrors, adminSecurity, unwrap } from './shared.ts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'];
/** What a 415 on the upload tells the caller to send instead. */
const ACCEPTED = 'PNG, JPEG or WebP bytes as image/png, image/jpeg or image/webp';

export function registerThumbnailRoutes(app: FastifyInstance, services: Services): void {
  const tags = ['admin'];
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );

  const gameParams = Type.Object({ symbol: Type.String() });

  app.put(
    '/api/admin/v1/games/:symbol/thumbnail',
    {
      bodyLimit: MAX_UPLOAD_BYTES,
      config: { mediaTypes: ACCEPTED },
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
      if (!Buffer.isBuffer(request.body))
        throw errors.invalidRequest(
          'send the image bytes with content-type image/png, image/jpeg or image/webp',
        );
      const stored = unwrap(
        await services
          .actingAs(request.actor)
          .artwork.put((request.params as { symbol: string }).symbol, request.body),
      );
      return stored;
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
      unwrap(
        await services.actingAs(request.actor).artwork.remove((request.params as { symbol: string }).symbol),
      );
      return reply.code(204).send();
    },
  );
}
