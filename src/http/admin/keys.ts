// Operator keys, master keys and revocation.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { adminErrors, adminSecurity, NewKey, OperatorParams, unwrap } from './shared.ts';

export function registerKeyRoutes(app: FastifyInstance, services: Services): void {
  const admin = services.operators;
  const tags = ['admin'];

  app.post(
    '/api/admin/v1/operators/:id/api-keys',
    {
      schema: {
        summary: 'Create an operator API key (shown once)',
        tags,
        security: adminSecurity,
        params: OperatorParams,
        response: { 201: NewKey, ...adminErrors(404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(unwrap(await admin.createKey('operator', (request.params as { id: string }).id))),
  );

  app.post(
    '/api/admin/v1/master-keys',
    {
      schema: {
        summary: 'Create a provider master key (shown once)',
        tags,
        security: adminSecurity,
        response: { 201: NewKey, ...adminErrors() },
      },
    },
    async (_request, reply) => reply.code(201).send(unwrap(await admin.createKey('master'))),
  );

  app.delete(
    '/api/admin/v1/api-keys/:key_id',
    {
      schema: {
        summary: 'Revoke a key',
        tags,
        security: adminSecurity,
        params: Type.Object({ key_id: Type.String() }),
        response: { 204: Type.Null(), ...adminErrors(404) },
      },
    },
    async (request, reply) => {
      unwrap(await admin.revokeKey((request.params as { key_id: string }).key_id));
      return reply.code(204).send();
    },
  );
}
