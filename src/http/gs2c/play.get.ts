// GET /gs2c/play/{symbol}?token=…&device=…: the game shell. The token stays in the query only
// until the page's first script moves it out of the address bar; the runtime API checks it.
import type { FastifyInstance } from 'fastify';
import { findGameInfo } from '../../games/index.ts';
import type { ClientDist } from './client-dist.ts';
import { escapeHtml, scriptJson } from './client-dist.ts';
import { pageHeaders, SHELL_CSP } from './headers.ts';

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
}

export function registerPlayShell(app: FastifyInstance, dist: ClientDist): void {
  app.get<{ Params: { symbol: string } }>(
    '/gs2c/play/:symbol',
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      const game = findGameInfo(request.params.symbol);
      if (!game?.live) {
        return pageHeaders(reply.code(404), SHELL_CSP).send(
          page('Game not found', 'This game does not exist.'),
        );
      }
      const template = await dist.template('play');
      if (template === null) {
        request.log.error({ dir: dist.dir }, 'game client is not built: run npm run build');
        return pageHeaders(reply.code(503), SHELL_CSP).send(
          page('Game client not built', 'The server has no built game client. Run npm run build.'),
        );
      }
      const shell = {
        symbol: game.symbol,
        slug: game.slug,
        title: game.title,
        tagline: game.tagline,
        palette: game.palette,
      };
      const html = template
        .replace('<title>Reelforge</title>', `<title>${escapeHtml(game.title)}</title>`)
        .replace('{"rf":"shell"}', () => scriptJson(shell));
      return pageHeaders(reply, SHELL_CSP).send(html);
    },
  );
}
