// GET /api/runtime/v1/campaigns (issue 29): the tournaments and prize drops this session's player
// sees, with their standings, their own place and their prizes. A demo session never scores: it
// answers an empty list (the market's ban is the service's: it shows such a session none either).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { runtimeSession } from './auth.ts';
import { SessionCampaignSchema } from './campaign-schemas.ts';
import { runtimeErrors } from './schemas.ts';

export function registerCampaignsGet(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/runtime/v1/campaigns',
    {
      schema: {
        summary: "The session's tournaments and prize drops, with standings and prizes",
        tags: ['runtime'],
        hide: true, // documented in docs/runtime-api.md; outside the operator contract
        response: {
          200: Type.Object({ campaigns: Type.Array(SessionCampaignSchema) }),
          ...runtimeErrors(),
        },
      },
    },
    async (request) => {
      const session = await runtimeSession(services, request);
      if (session.row.play_mode === 'demo') return { campaigns: [] };
      return { campaigns: await services.campaigns.forSession(session) };
    },
  );
}
