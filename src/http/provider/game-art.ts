// GET /api/provider/v1/game-art/{symbol}: public artwork, uploaded or generated key art (SVG), and
// on request the lobby sizes as WebP or PNG, rendered with sharp once and kept. A raster costs
// about half a second of CPU, so it is made only from what we own: our games, their own titles,
// the named sizes (a finite set); a title or symbol from the query never starts a rendering.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { ART_SYMBOL, MAX_TITLE_LENGTH } from '../../domain/game-art.ts';
import { rasterArt } from '../../domain/key-art-raster.ts';
import { KEY_ART_SIZES, type KeyArtSize, renderKeyArtSvg } from '../../games/art/key-art.ts';
import { findGameInfo } from '../../games/index.ts';
import type { Services } from '../../services/index.ts';
import { limitPublic } from '../public-limit.ts';
import { errorResponses } from '../schemas.ts';
import { ART_CACHE_CONTROL, etagMatches, type ReadAnswers, SVG_CSP } from './read-answers.ts';

const SIZES = Object.keys(KEY_ART_SIZES) as KeyArtSize[];
const FORMATS = ['svg', 'webp', 'png'] as const;
type Format = (typeof FORMATS)[number];

function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  body: Buffer | string,
  etag: string,
) {
  reply
    .header('etag', etag)
    .header('cache-control', ART_CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff');
  if (type === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.code(200).type(type).send(body);
}

export function registerGameArt(app: FastifyInstance, services: Services, answers: ReadAnswers): void {
  const raster = rasterArt();

  app.get(
    '/api/provider/v1/game-art/:symbol',
    {
      schema: {
        summary: 'Game artwork (public)',
        description:
          "The uploaded thumbnail (image/webp, image/png or image/jpeg) or, when none exists, the game's generated key art as image/svg+xml (480×360). Since 1.2.0 (additive), `size` and `format` ask for the sizes lobbies use: `square` 600×600, `banner` 1280×720 (16:9), `portrait` 600×900 (2:3), `card` 480×360, and since issue 26 `icon` 256×256; as `webp` or `png` (rendered once and cached; Reelforge's own games only, with the game's own title: the `title` parameter labels SVG art only, and another symbol answers 404) or `svg`. An uploaded thumbnail is cropped to the size and served as WebP or PNG (`svg` then answers WebP). Without either parameter the answer is exactly the 1.1.0 one. Carries ETag and answers If-None-Match with 304. Since 1.2.0, limited per client address (PUBLIC_RATE_LIMIT_PER_MINUTE): past it, 429 with Retry-After.",
        tags: ['artwork'],
        params: Type.Object({ symbol: Type.String() }),
        querystring: Type.Object({
          title: Type.Optional(Type.String()),
          slug: Type.Optional(Type.String()),
          size: Type.Optional(
            Type.String({
              enum: SIZES,
              description:
                'Since 1.2.0. square 600×600, banner 1280×720, portrait 600×900, card 480×360 (the default shape); icon 256×256 (issue 26).',
            }),
          ),
          format: Type.Optional(
            Type.String({
              enum: [...FORMATS],
              description:
                'Since 1.2.0. svg (generated art only), webp or png. Default: svg, or webp with size for an uploaded image.',
            }),
          ),
        }),
        response: {
          200: {
            description: 'Image bytes.',
            content: {
              'image/webp': { schema: { type: 'string', format: 'binary' } },
              'image/png': { schema: { type: 'string', format: 'binary' } },
              'image/jpeg': { schema: { type: 'string', format: 'binary' } },
              'image/svg+xml': { schema: { type: 'string' } },
            },
          },
          304: { description: 'Not modified.', type: 'null' },
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      await limitPublic(services, request, reply);
      const { symbol } = request.params as { symbol: string };
      const { title, slug, size, format } = request.query as {
        title?: string;
        slug?: string;
        size?: KeyArtSize;
        format?: Format;
      };
      if (!ART_SYMBOL.test(symbol))
        throw errors.invalidRequest('symbol must be 1 to 64 of A-Z a-z 0-9 _ . -');
      if (slug !== undefined && slug !== '' && !ART_SYMBOL.test(slug)) {
        throw errors.invalidRequest('slug must be 1 to 64 of A-Z a-z 0-9 _ . -');
      }
      if (title !== undefined && title.length > MAX_TITLE_LENGTH) {
        throw errors.invalidRequest(`title must be at most ${MAX_TITLE_LENGTH} characters`);
      }
      const sized = size !== undefined || format !== undefined;
      const shape = KEY_ART_SIZES[size ?? 'card'];
      const artSymbol = answers.artSymbol(symbol, slug);
      const uploaded = await services.artwork.uploaded(artSymbol);
      if (uploaded && !sized)
        return sendImage(request, reply, uploaded.content_type, uploaded.body, uploaded.etag);
      if (uploaded) {
        const as = format === 'png' ? 'png' : 'webp';
        const image = await raster.fromUpload(uploaded.etag, uploaded.body, shape, as);
        return sendImage(request, reply, `image/${as}`, image.body, image.etag);
      }
      if (format === 'webp' || format === 'png') {
        const game = findGameInfo(artSymbol);
        if (!game)
          throw errors.notFound(
            `game ${symbol} is not a Reelforge game: webp and png are rendered for our own games only; ask for format=svg`,
          );
        const key = `${game.symbol}\n${size ?? 'card'}`;
        const render = () => renderKeyArtSvg(game.symbol, game.title, game, shape.width, shape.height);
        const image = await raster.fromSvg(key, render, format);
        return sendImage(request, reply, `image/${format}`, image.body, image.etag);
      }
      const art = answers.keyArt({ symbol, slug, title, size });
      return sendImage(request, reply, 'image/svg+xml', art.svg, art.etag);
    },
  );
}
