// POST /api/provider/v1/launch-url: create or refresh a player's game session, answer the browser URL.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { inScope } from '../../domain/catalog.ts';
import { errors } from '../../domain/errors.ts';
import { newId, randomBase62, sha256 } from '../../domain/ids.ts';
import { sessionLanguage } from '../../domain/languages.ts';
import {
  checkCoin,
  checkLaunchRequest,
  type LaunchRequest,
  launchUrl,
  resolveLaunchGame,
} from '../../domain/launch.ts';
import { findGameInfo } from '../../games/index.ts';
import type { Services } from '../../services.ts';
import { sessionLauncher } from '../../store/session-launcher.ts';
import { errorResponses } from '../schemas.ts';
import { authorize } from './auth.ts';
import { providerSecurity } from './security.ts';

export const LAUNCH_BODY_LIMIT = 64 * 1024;

export function registerLaunchUrl(app: FastifyInstance, services: Services): void {
  const sessions = sessionLauncher(services.store.db);

  app.post(
    '/api/provider/v1/launch-url',
    {
      bodyLimit: LAUNCH_BODY_LIMIT,
      schema: {
        summary: 'Create or refresh a game session and get its launch URL',
        description:
          "Called from the operator server. Open launch_url in the player's browser; it carries a short-lived session token and must not be logged publicly.",
        tags: ['launch'],
        security: providerSecurity,
        body: Type.Ref('LaunchUrlRequest'),
        response: {
          200: Type.Ref('LaunchUrlResponse'),
          ...errorResponses(400, 401, 403, 404, 413, 415, 429, 500),
        },
      },
      // Fields are checked by checkLaunchRequest, so that each 400 names its field in our words.
      validatorCompiler: () => (body) =>
        typeof body === 'object' && body !== null && !Array.isArray(body)
          ? { value: body }
          : { error: errors.invalidRequest('the body must be a JSON object') },
    },
    async (request, reply) => {
      const body = request.body as LaunchRequest;
      const { config } = services;
      const { operator, scope } = await authorize(services, request, reply, body.operator_id);
      if (config.gameBaseUrlProblem !== undefined || config.gameBaseUrl === undefined) {
        throw errors.serverMisconfigured(config.gameBaseUrlProblem ?? 'GAME_BASE_URL is missing');
      }
      if (!operator) throw errors.invalidRequest('operator_id is required with a master key');

      const checked = checkLaunchRequest(body);
      if (!checked.ok) throw checked.error;
      const input = checked.input;
      const resolved = resolveLaunchGame(input.gameKey, findGameInfo);
      if (!resolved.ok) throw resolved.error;
      const { game } = resolved;
      if (!inScope(game, scope))
        throw errors.forbidden(`game ${game.symbol} is not enabled for this operator`);

      const currency = input.currency ?? operator.currency ?? 'USD';
      const coin = checkCoin(input.coinText, currency, services.coinValues(game, currency));
      if (!coin.ok) throw coin.error;

      const token = `ses_${randomBase62(24)}`;
      const now = services.clock.now();
      const expiresAt = new Date(now.getTime() + config.sessionTtlSeconds * 1000);
      await sessions.launch({
        id: newId('gs'),
        operator_id: operator.id,
        player_id: input.playerId,
        game_symbol: game.symbol,
        currency,
        token_hash: sha256(token),
        device: input.device,
        return_url: input.returnUrl ?? null,
        coin: coin.coin,
        expires_at: expiresAt,
      });
      const data = {
        symbol: game.symbol,
        slug: game.slug,
        operator_id: operator.id,
        currency,
        session_id: token,
        launch_url: launchUrl(
          config.gameBaseUrl,
          game.symbol,
          token,
          input.device,
          sessionLanguage(input.language, operator.language),
        ),
        expires_at: expiresAt.toISOString(),
      };
      return { success: true, ...data, data };
    },
  );
}
