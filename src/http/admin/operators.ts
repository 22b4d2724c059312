// /api/admin/v1/operators: create, list, read, change.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { OperatorInput as Input } from '../../domain/operators.ts';
import type { Services } from '../../services/index.ts';
import { PendingApproval } from './approvals.ts';
import {
  adminErrors,
  adminSecurity,
  OperatorEnvelope,
  OperatorParams,
  objectBody,
  unwrap,
} from './shared.ts';

export function registerOperatorRoutes(app: FastifyInstance, services: Services): void {
  const admin = services.operators;
  const tags = ['admin'];
  /** An operator's view with the cluster its play is on. */
  const placed = async <T extends { id: string }>(operator: T) => {
    const { cluster, state } = await services.clusters.of(operator.id);
    return { ...operator, cluster: { id: cluster, state } };
  };

  app.post(
    '/api/admin/v1/operators',
    {
      schema: {
        summary: 'Create an operator',
        tags,
        security: adminSecurity,
        body: Type.Ref('AdminOperatorInput'),
        response: { 201: OperatorEnvelope, ...adminErrors() },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const created = unwrap(
        await services.actingAs(request.actor).operators.createOperator(request.body as Input),
      );
      return reply.code(201).send({ ...created, operator: await placed(created.operator) });
    },
  );

  app.get(
    '/api/admin/v1/operators',
    {
      schema: {
        summary: 'List operators',
        tags,
        security: adminSecurity,
        response: {
          200: Type.Object({ operators: Type.Array(Type.Ref('AdminOperator')) }),
          ...adminErrors(),
        },
      },
    },
    async () => ({ operators: await Promise.all((await admin.listOperators()).map(placed)) }),
  );

  app.get(
    '/api/admin/v1/operators/:id',
    {
      schema: {
        summary: 'Read an operator',
        tags,
        security: adminSecurity,
        params: OperatorParams,
        response: { 200: OperatorEnvelope, ...adminErrors(404) },
      },
    },
    async (request) => ({
      operator: await placed(unwrap(await admin.getOperator((request.params as { id: string }).id))),
    }),
  );

  app.patch(
    '/api/admin/v1/operators/:id',
    {
      schema: {
        summary: 'Change an operator',
        description:
          'Any field of the create body. A callback operator without a secret gets one generated (shown once). From a staff session, a change of rtp_variant or one that generates a wallet secret answers 202 with a pending approval (a different admin approves); wallet_secret itself is refused (use POST /operators/{id}/wallet-secret).',
        tags,
        security: adminSecurity,
        params: OperatorParams,
        body: Type.Ref('AdminOperatorInput'),
        response: { 200: OperatorEnvelope, 202: PendingApproval, ...adminErrors(404) },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const gated = unwrap(
        await services.approvals.updateOperator(
          request.actor,
          (request.params as { id: string }).id,
          request.body as Input,
        ),
      );
      return gated.applied
        ? { ...gated.value, operator: await placed(gated.value.operator) }
        : reply.code(202).send({ approval: gated.approval });
    },
  );
}
