// GET /api/provider/v1/campaigns/prizes/{prize_id}/receipt: a paid prize's signed delivery receipt.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { CampaignPrize } from './campaigns.prizes.get.ts';
import { providerSecurity } from './security.ts';

export function registerPrizeReceiptGet(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/provider/v1/campaigns/prizes/:prize_id/receipt',
    {
      schema: {
        summary: "A campaign prize's signed delivery receipt",
        description:
          'Added in 1.5.0. The prize, its transaction, when it was paid and the balance the wallet reported (or the free-rounds grant made), and `signature`: lower-case hex HMAC-SHA256 with the operator\'s wallet_secret over `canonical` exactly (the text is described, with a test vector, in the wallet integration guide, "Prize receipts"); null for an operator without a wallet_secret. 409 for a prize not paid yet (pending) or parked for staff (failed); 404 for an unknown prize or another operator\'s.',
        tags: ['campaigns'],
        security: providerSecurity,
        params: Type.Object({ prize_id: Type.String({ maxLength: 128 }) }),
        querystring: Type.Object({ operator_id: Type.Optional(Type.String()) }),
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            data: Type.Object({
              version: Type.Literal('reelforge-prize-receipt/v1'),
              prize: CampaignPrize,
              transaction_id: Type.String(),
              status: Type.Union([Type.Literal('acknowledged'), Type.Literal('resolved')], {
                description:
                  'acknowledged: the wallet acknowledged it (or the grant was made); resolved: Reelforge staff settled it by hand with the operator.',
              }),
              paid_at: Type.String({ format: 'date-time' }),
              balance_after: Type.Union([Type.String(), Type.Null()]),
              free_round_grant_id: Type.Union([Type.String(), Type.Null()]),
              canonical: Type.String({ description: 'The exact text signed: one name=value a line.' }),
              signature: Type.Union([Type.String(), Type.Null()]),
            }),
          }),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { prize_id: prizeId } = request.params as { prize_id: string };
      const { operator } = await authorizeOperator(services, request, reply);
      return { success: true, data: await services.campaignPrizes.receipt(operator.id, prizeId) };
    },
  );
}
