// Approvals of regulator-relevant changes (services/approvals.ts): the list, approve, reject; and
// the two changes that may need one besides PATCH /operators/{id}: a wallet secret rotation and a
// game going live.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { adminErrors, adminSecurity, OperatorParams, objectBody, unwrap } from './shared.ts';

export const ApprovalView = Type.Object(
  {
    id: Type.String(),
    action: Type.String({
      description:
        'operator.update, operator.wallet_secret_rotate, game.live, staff.update or jackpot.* (create, tier_change, rate, member_add, member_remove, close)',
    }),
    entity: Type.String(),
    entity_id: Type.String(),
    change: Type.Unknown({ description: 'What applies once approved (never a secret).' }),
    requested_by: Type.String({ description: "The requester's e-mail address." }),
    requested_at: Type.String({ format: 'date-time' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
    decided_by: Type.Union([Type.String(), Type.Null()]),
    decided_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'AdminApproval' },
);

export const PendingApproval = Type.Object(
  { approval: Type.Ref('AdminApproval') },
  {
    description: 'A staff session asked for a regulator-relevant change: a different admin must approve it.',
  },
);

const GameLive = Type.Object({
  game: Type.Object({ symbol: Type.String(), live: Type.Boolean(), switched_off: Type.Boolean() }),
});

const tags = ['admin'];
const ApprovalParams = Type.Object({ id: Type.String() });

export function registerApprovalRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/admin/v1/approvals',
    {
      schema: {
        summary: 'Approvals, newest first (pending ones by default)',
        tags,
        security: adminSecurity,
        querystring: Type.Object({
          status: Type.Optional(
            Type.Union([
              Type.Literal('pending'),
              Type.Literal('approved'),
              Type.Literal('rejected'),
              Type.Literal('all'),
            ]),
          ),
          limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
        }),
        response: {
          200: Type.Object({ approvals: Type.Array(Type.Ref('AdminApproval')) }),
          ...adminErrors(),
        },
      },
    },
    async (request) => {
      const query = request.query as { status?: 'pending' | 'approved' | 'rejected' | 'all'; limit?: string };
      const limit = Math.min(500, Math.max(1, Number(query.limit ?? '100')));
      const status = query.status === 'all' ? undefined : (query.status ?? 'pending');
      return { approvals: await services.approvals.list(status, limit) };
    },
  );

  app.post(
    '/api/admin/v1/approvals/:id/approve',
    {
      config: { permission: 'admin' },
      schema: {
        summary: 'Approve and apply a pending change (an admin other than the requester)',
        description:
          'result is what the change answers when applied directly (e.g. a rotated wallet secret, shown only here).',
        tags,
        security: adminSecurity,
        params: ApprovalParams,
        response: {
          200: Type.Object({ approval: Type.Ref('AdminApproval'), result: Type.Unknown() }),
          ...adminErrors(404, 409),
        },
      },
    },
    async (request) =>
      unwrap(await services.approvals.approve((request.params as { id: string }).id, request.actor)),
  );

  app.post(
    '/api/admin/v1/approvals/:id/reject',
    {
      config: { permission: 'admin' },
      schema: {
        summary: 'Reject a pending change (the requester may withdraw their own)',
        tags,
        security: adminSecurity,
        params: ApprovalParams,
        body: Type.Optional(Type.Object({ reason: Type.Optional(Type.String({ maxLength: 1000 })) })),
        response: { 200: Type.Object({ approval: Type.Ref('AdminApproval') }), ...adminErrors(404, 409) },
      },
    },
    async (request) => {
      const reason = (request.body as { reason?: unknown } | undefined)?.reason;
      return unwrap(
        await services.approvals.reject((request.params as { id: string }).id, request.actor, reason),
      );
    },
  );

  app.post(
    '/api/admin/v1/operators/:id/wallet-secret',
    {
      schema: {
        summary: 'Rotate the wallet secret at a scheduled time (a new secret, shown once)',
        description:
          'Callbacks are signed with the current secret until switch_at and with the new one from then on; the operator wallet should accept both in between. From a staff session: 202 with a pending approval (the approving admin receives the secret).',
        tags,
        security: adminSecurity,
        params: OperatorParams,
        body: Type.Object({ switch_at: Type.String({ format: 'date-time' }) }),
        response: {
          200: Type.Object({
            operator: Type.Ref('AdminOperator'),
            wallet_secret: Type.String({ description: 'Shown only here.' }),
            switch_at: Type.String({ format: 'date-time' }),
          }),
          202: PendingApproval,
          ...adminErrors(404, 409),
        },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const { switch_at } = request.body as { switch_at?: unknown };
      const gated = unwrap(
        await services.approvals.rotateWalletSecret(
          request.actor,
          (request.params as { id: string }).id,
          switch_at,
        ),
      );
      return gated.applied ? gated.value : reply.code(202).send({ approval: gated.approval });
    },
  );

  app.put(
    '/api/admin/v1/games/:symbol/live',
    {
      schema: {
        summary: 'Switch a game live or off in every catalog',
        description:
          'Off: out of every catalog, no new launches or rounds. Live again: from a staff session, 202 with a pending approval. A game whose math is not certified cannot go live (409).',
        tags,
        security: adminSecurity,
        params: Type.Object({ symbol: Type.String() }),
        body: Type.Object({ live: Type.Boolean() }),
        response: { 200: GameLive, 202: PendingApproval, ...adminErrors(404, 409) },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const { live } = request.body as { live?: unknown };
      const gated = unwrap(
        await services.approvals.setGameLive(
          request.actor,
          (request.params as { symbol: string }).symbol,
          live,
        ),
      );
      return gated.applied ? { game: gated.value } : reply.code(202).send({ approval: gated.approval });
    },
  );
}
