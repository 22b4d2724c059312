// GET /api/provider/v1/game-art/{symbol}: public artwork, uploaded or generated (SVG).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { ART_SYMBOL, etagOf, MAX_TITLE_LENGTH, renderGameArtSvg } from '../../domain/game-art.ts';
import { findGameInfo } from '../../games/index.ts';
import type { Services } from '../../services/index.ts';
import { errorResponses } from '../schemas.ts';

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";
const CACHE_CONTROL = 'public, max-age=300';
const SVG_CACHE_LIMIT = 2000;

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  body: Buffer | string,
  etag: string,
) {
  reply
    .header('etag', etag)
    .header('cache-control', CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff');
  if (type === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
  if (matchesEtag(request, etag)) return reply.code(304).send();
  return reply.code(200).type(type).send(body);
}

export function registerGameArt(app: FastifyInstance, services: Services): void {
  const svgCache = new Map<string, { svg: Buffer; etag: string }>();

  app.get(
    '/api/provider/v1/game-art/:symbol',
    {
      schema: {
        summary: 'Game artwork (public)',
        description:
          'The uploaded thumbnail (image/webp, image/png or image/jpeg) or, when none exists, a generated image/svg+xml. Carries ETag and answers If-None-Match with 304.',
        tags: ['artwork'],
        params: Type.Object({ symbol: Type.String() }),
        querystring: Type.Object({ title: Type.Optional(Type.String()), slug: Type.Optional(Type.String()) }),
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
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const { symbol } = request.params as { symbol: string };
      const { title, slug } = request.query as { title?: string; slug?: string };
      if (!ART_SYMBOL.test(symbol))
        throw errors.invalidRequest('symbol must be 1 to 64 of A-Z a-z 0-9 _ . -');
      if (slug !== undefined && slug !== '' && !ART_SYMBOL.test(slug)) {
        throw errors.invalidRequest('slug must be 1 to 64 of A-Z a-z 0-9 _ . -');
      }
      if (title !== undefined && title.length > MAX_TITLE_LENGTH) {
        throw errors.invalidRequest(`title must be at most ${MAX_TITLE_LENGTH} characters`);
      }
      const game = findGameInfo(symbol) ?? (slug ? findGameInfo(slug) : undefined);
      const artSymbol = game?.symbol ?? symbol;

      const uploaded = await services.artwork.uploaded(artSymbol);
      if (uploaded) return sendImage(request, reply, uploaded.content_type, uploaded.body, uploaded.etag);
      const shownTitle = title || game?.title || symbol;
      const key = `${symbol}\n${slug ?? ''}\n${shownTitle}`;
      let art = svgCache.get(key);
      if (!art) {
        const svg = Buffer.from(renderGameArtSvg(artSymbol, shownTitle, game));
        art = { svg, etag: etagOf(svg) };
        if (svgCache.size >= SVG_CACHE_LIMIT) svgCache.clear();
        svgCache.set(key, art);
      }
      return sendImage(request, reply, 'image/svg+xml', art.svg, art.etag);
    },
  );
}
