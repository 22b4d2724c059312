// The wallet queue for staff: pending and parked transactions with every attempt; retry, resolve.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { transactionViewFor } from '../../domain/transactions.ts';
import type { Services } from '../../services/index.ts';
import { adminErrors, adminSecurity, objectBody, unwrap } from './shared.ts';

const TxParams = Type.Object({ tx_id: Type.String() });

export function registerWalletTransactionRoutes(app: FastifyInstance, services: Services): void {
  const staff = services.walletQueue;
  const tags = ['admin'];

  app.get(
    '/api/admin/v1/wallet/transactions',
    {
      schema: {
        summary: 'Wallet transactions waiting for a retry (pending) or parked for staff (failed)',
        tags,
        security: adminSecurity,
        querystring: Type.Object({
          status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('failed')])),
          limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
        }),
        response: { 200: Type.Object({ transactions: Type.Array(Type.Unknown()) }), ...adminErrors() },
      },
    },
    async (request) => {
      const query = request.query as { status?: 'pending' | 'failed'; limit?: string };
      const limit = Number(query.limit ?? '100');
      if (limit < 1 || limit > 500) throw errors.invalidRequest('limit must be from 1 to 500');
      const transactions = await staff.list(query.status ?? 'failed', limit);
      return { transactions: transactions.map((tx) => transactionViewFor(request.actor, tx)) };
    },
  );

  app.post(
    '/api/admin/v1/wallet/transactions/:tx_id/retry',
    {
      config: { permission: 'support' },
      schema: {
        summary: 'Send a parked credit or rollback again (same transaction_id), with a fresh 24 h of retries',
        tags,
        security: adminSecurity,
        params: TxParams,
        response: { 200: Type.Object({ transaction: Type.Unknown() }), ...adminErrors(404, 409) },
      },
    },
    async (request) => {
      const queue = services.actingAs(request.actor).walletQueue;
      return { transaction: unwrap(await queue.retry((request.params as { tx_id: string }).tx_id)) };
    },
  );

  app.post(
    '/api/admin/v1/wallet/transactions/:tx_id/resolve',
    {
      config: { permission: 'support' },
      schema: {
        summary:
          'Close a parked transaction settled by hand with the operator; its round ends and the player is unblocked',
        tags,
        security: adminSecurity,
        params: TxParams,
        body: Type.Object({ note: Type.String({ minLength: 1, maxLength: 1000 }) }),
        response: { 200: Type.Object({ transaction: Type.Unknown() }), ...adminErrors(404, 409) },
      },
      validatorCompiler: objectBody,
    },
    async (request) => {
      const { note } = request.body as { note?: unknown };
      if (typeof note !== 'string' || note.trim() === '' || note.length > 1000) {
        throw errors.invalidRequest('note must say how it was settled (1 to 1000 characters)');
      }
      return {
        transaction: unwrap(
          await services
            .actingAs(request.actor)
            .walletQueue.resolve((request.params as { tx_id: string }).tx_id, note.trim()),
        ),
      };
    },
  );
}
