// POST /api/provider/v1/launch-url: create or refresh a player's game session, answer the browser URL.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import type { LaunchRequest } from '../../domain/launch.ts';
import type { Services } from '../../services/index.ts';
import { errorResponses } from '../schemas.ts';
import { authorize } from './auth.ts';
import { providerSecurity } from './security.ts';

export const LAUNCH_BODY_LIMIT = 64 * 1024;

export function registerLaunchUrl(app: FastifyInstance, services: Services): void {
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
          ...errorResponses(400, 401, 403, 404, 413, 415, 429, 500, 503),
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
      const { operator, scope } = await authorize(services, request, reply, body.operator_id);
      const data = await services.launcher.launch(operator, scope, body);
      return { success: true, ...data, data };
    },
  );
}
