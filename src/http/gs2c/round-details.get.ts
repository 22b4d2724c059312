// GET /round-details/{round_id}?expires=…&signature=…: a round's details page for support staff.
// The link is signed (round_details_url); it needs no API key and carries no session token. The
// page draws the round's screens with the game's own art (the client's round page) from the data
// embedded here: the round re-derived from its stored draws, its game, RTP variant and model hash.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../domain/errors.ts';
import type { Services } from '../../services/index.ts';
import { limitPublic } from '../public-limit.ts';
import type { ClientDist } from './client-dist.ts';
import { escapeHtml, scriptJson } from './client-dist.ts';
import { pageHeaders, SHELL_CSP } from './headers.ts';

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
}

/** Support pages are opened from a link; only the back office (same origin) may frame them. */
const DETAILS_CSP = `${SHELL_CSP}; frame-ancestors 'self'`;

export function registerRoundDetailsPage(app: FastifyInstance, services: Services, dist: ClientDist): void {
  app.get(
    '/round-details/:round_id',
    {
      schema: {
        summary: "A round's details page (HTML)",
        description:
          'Added in 1.2.0. The round_details_url of a round: signed, valid 180 days from the round, no API key. Shows the round screen by screen with the game art, its wins and features, its wallet transactions, the game, RTP variant and model hash. 404 when the link is not valid or has expired.',
        tags: ['rounds'],
        params: Type.Object({ round_id: Type.String() }),
        querystring: Type.Object({
          expires: Type.Optional(Type.String()),
          signature: Type.Optional(Type.String()),
        }),
        response: {
          200: {
            description: 'The round details page.',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          404: {
            description:
              'The link is not valid (round, expiry or signature) or has expired: a short HTML page saying so.',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          503: {
            description: 'This node has no built game client.',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
        },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      await limitPublic(services, request, reply);
      const { round_id: roundId } = request.params as { round_id: string };
      const { expires, signature } = request.query as { expires?: string; signature?: string };
      let data: Awaited<ReturnType<Services['roundDetails']['page']>>;
      try {
        data = await services.roundDetails.page(roundId, expires, signature);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return pageHeaders(reply.code(error.status as 404), DETAILS_CSP).send(
          page('Round not found', error.detail),
        );
      }
      const template = await dist.template('round');
      if (template === null) {
        request.log.error({ dir: dist.dir }, 'game client is not built: run npm run build');
        return pageHeaders(reply.code(503), DETAILS_CSP).send(
          page('Game client not built', 'The server has no built game client. Run npm run build.'),
        );
      }
      const html = template
        .replace(
          '<title>Round details</title>',
          `<title>Round ${escapeHtml(roundId)} · ${escapeHtml(data.game.title)}</title>`,
        )
        .replace('{"rf":"round"}', () => scriptJson(data));
      return pageHeaders(reply, DETAILS_CSP).header('x-robots-tag', 'noindex').send(html);
    },
  );
}
