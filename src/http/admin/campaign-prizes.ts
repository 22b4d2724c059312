// Campaign prizes for staff: one with every delivery attempt; a parked one sent again or settled by hand.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import type { Services } from '../../services/index.ts';
import { adminErrors, adminSecurity, objectBody } from './shared.ts';

const PrizeParams = Type.Object({ prize_id: Type.String({ maxLength: 128 }) });

export function registerCampaignPrizeRoutes(app: FastifyInstance, services: Services): void {
  const tags = ['admin'];
  const prizeOf = (request: { params: unknown }) => (request.params as { prize_id: string }).prize_id;

  app.get(
    '/api/admin/v1/campaigns/prizes',
    {
      schema: {
        summary: 'Campaign prizes waiting for a retry (pending) or parked for staff (failed, the default)',
        tags,
        security: adminSecurity,
        querystring: Type.Object({
          status: Type.Optional(Type.String()),
          limit: Type.Optional(Type.String()),
        }),
        response: { 200: Type.Object({ prizes: Type.Array(Type.Unknown()) }), ...adminErrors() },
      },
    },
    async (request) => {
      const query = request.query as { status?: string; limit?: string };
      const status = query.status ?? 'failed';
      if (status !== 'pending' && status !== 'failed')
        throw errors.invalidRequest('status must be pending or failed');
      const limit = /^[0-9]{1,3}$/.test(query.limit ?? '100') ? Number(query.limit ?? '100') : 0;
      if (limit < 1 || limit > 500) throw errors.invalidRequest('limit must be from 1 to 500');
      return { prizes: await services.campaignPrizes.listForStaff(status, limit) };
    },
  );

  app.get(
    '/api/admin/v1/campaigns/prizes/:prize_id',
    {
      schema: {
        summary: 'A campaign prize with every delivery attempt',
        tags,
        security: adminSecurity,
        params: PrizeParams,
        response: { 200: Type.Object({ prize: Type.Unknown() }), ...adminErrors(404) },
      },
    },
    async (request) => ({ prize: await services.campaignPrizes.get(prizeOf(request)) }),
  );

  app.post(
    '/api/admin/v1/campaigns/prizes/:prize_id/retry',
    {
      config: { permission: 'support' },
      schema: {
        summary: 'Send a parked campaign prize again (same transaction_id), with a fresh 24 h of retries',
        tags,
        security: adminSecurity,
        params: PrizeParams,
        response: { 200: Type.Object({ prize: Type.Unknown() }), ...adminErrors(404, 409) },
      },
    },
    async (request) => ({ prize: await services.campaignPrizes.retry(request.actor, prizeOf(request)) }),
  );

  app.post(
    '/api/admin/v1/campaigns/prizes/:prize_id/resolve',
    {
      config: { permission: 'support' },
      schema: {
        summary: 'Close a parked campaign prize settled by hand with the operator',
        tags,
        security: adminSecurity,
        params: PrizeParams,
        body: Type.Object({ note: Type.String({ minLength: 1, maxLength: 1000 }) }),
        response: { 200: Type.Object({ prize: Type.Unknown() }), ...adminErrors(404, 409) },
      },
      validatorCompiler: objectBody,
    },
    async (request) => {
      const { note } = request.body as { note?: unknown };
      if (typeof note !== 'string' || note.trim() === '' || note.length > 1000) {
        throw errors.invalidRequest('note must say how it was settled (1 to 1000 characters)');
      }
      return { prize: await services.campaignPrizes.resolve(request.actor, prizeOf(request), note.trim()) };
    },
  );
}
