// The demo lobby: `/` lists the demo operator's catalog as tiles; Play launches the game for this
// browser's demo player (a cookie) on the internal wallet and sends the browser to the launch URL.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBase62 } from '../../domain/ids.ts';
import type { Services } from '../../services/index.ts';
import { type ClientDist, escapeHtml } from '../gs2c/client-dist.ts';
import { lobbyCsp, originOf, pageHeaders } from '../gs2c/headers.ts';
import { type DemoLauncher, demoLauncher, type LobbyGame } from './demo-launch.ts';
import { chips, tile } from './tiles.ts';

const PLAYER_COOKIE = 'rf_demo_player';
const PLAYER_ID = /^demo-[A-Za-z0-9]{8,32}$/;

function cookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export interface LobbyOptions {
  dist: ClientDist;
  launcher?: DemoLauncher;
}

export function registerLobby(app: FastifyInstance, services: Services, options: LobbyOptions): void {
  const launcher = options.launcher ?? demoLauncher(app, services);
  const csp = () =>
    lobbyCsp(
      [originOf(services.config.publicBaseUrl)].filter((o): o is string => !!o),
      [originOf(services.config.gameBaseUrl)].filter((o): o is string => !!o),
    );
  const lobbyPage = async (
    reply: FastifyReply,
    page: { tiles: string; chips?: string; count?: number; footer: string },
    status = 200,
  ) => {
    const template = await options.dist.template('lobby');
    if (template === null) {
      return pageHeaders(reply.code(503), csp()).send(
        '<!doctype html><title>Lobby not built</title><p>The client is not built: run npm run build.</p>',
      );
    }
    return pageHeaders(reply.code(status), csp()).send(
      template
        .replace('<!--rf:tiles-->', () => page.tiles)
        .replace('<!--rf:chips-->', () => page.chips ?? '')
        .replace('<!--rf:count-->', () => (page.count === undefined ? '' : `${page.count} games`))
        .replace('<!--rf:footer-->', () => page.footer),
    );
  };

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    let games: LobbyGame[];
    try {
      games = await launcher.catalog();
    } catch (error) {
      request.log.error({ err: error }, 'demo lobby: catalog unavailable');
      return lobbyPage(
        reply,
        {
          tiles: '',
          footer: '<p class="notice" role="alert">The demo catalog is unavailable right now.</p>',
        },
        503,
      );
    }
    const footer = `Demo operator on the internal wallet · <a href="/docs">API reference</a>`;
    return lobbyPage(reply, {
      tiles: games.map(tile).join('\n'),
      chips: chips(games),
      count: games.length,
      footer,
    });
  });

  // The lobby's own form posts: urlencoded bodies, parsed only inside this plugin.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Body: Record<string, string> }>(
      '/lobby/play',
      { schema: { hide: true } },
      async (request, reply) => {
        const symbol = String(request.body?.symbol ?? '');
        const device = request.body?.device === 'mobile' ? 'mobile' : 'desktop';
        let playerId = cookie(request, PLAYER_COOKIE);
        if (!playerId || !PLAYER_ID.test(playerId)) {
          playerId = `demo-${randomBase62(12)}`;
          reply.header(
            'set-cookie',
            `${PLAYER_COOKIE}=${playerId}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`,
          );
        }
        const result = await launcher.launch({
          symbol,
          playerId,
          device,
          returnUrl: `${services.config.publicBaseUrl}/`,
        });
        if (!result.ok) {
          request.log.warn({ status: result.status, detail: result.detail }, 'demo lobby: launch refused');
          return lobbyPage(
            reply,
            {
              tiles: '',
              footer: `<p class="notice" role="alert">This game could not be started: ${escapeHtml(result.detail)}. <a href="/">Back to the lobby</a></p>`,
            },
            result.status >= 500 ? 502 : 400,
          );
        }
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(result.launchUrl, 303);
      },
    );
  });
}
