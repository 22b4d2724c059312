// POST /api/runtime/v1/campaigns/:campaign_id/enter (issue 29): the player opts in to a tournament
// or prize drop from the game; their rounds score from then on. Demo play never scores: 403.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import type { Services } from '../../services/index.ts';
import { runtimeSession } from './auth.ts';
import { SessionCampaignSchema } from './campaign-schemas.ts';
import { runtimeErrors } from './schemas.ts';

export function registerCampaignEnterPost(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/runtime/v1/campaigns/:campaign_id/enter',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'The player opts in to a tournament or prize drop',
        tags: ['runtime'],
        hide: true, // documented in docs/runtime-api.md; outside the operator contract
        params: Type.Object({ campaign_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: {
          200: Type.Object({ campaign: SessionCampaignSchema }),
          ...runtimeErrors(404, 409),
        },
      },
    },
    async (request) => {
      const session = await runtimeSession(services, request);
      const { campaign_id: campaignId } = request.params as { campaign_id: string };
      if (session.row.play_mode === 'demo')
        throw errors.forbidden('a demo session cannot enter a campaign: demo play never scores');
      return { campaign: await services.campaigns.enter(session, campaignId) };
    },
  );
}
