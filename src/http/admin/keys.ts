// Operator keys, master keys and revocation.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { adminErrors, adminSecurity, NewKey, OperatorParams, unwrap } from './shared.ts';

const KeyList = Type.Object({
  keys: Type.Array(
    Type.Object({
      key_id: Type.String(),
      kind: Type.Union([Type.Literal('operator'), Type.Literal('master')]),
      operator_id: Type.Union([Type.String(), Type.Null()]),
      prefix: Type.String({
        description: 'The first characters of the key, to tell keys apart; never the key.',
      }),
      created_at: Type.String({ format: 'date-time' }),
      last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'Recorded at most once a minute per key.',
      }),
      revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
  ),
});

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
      reply
        .code(201)
        .send(
          unwrap(
            await services
              .actingAs(request.actor)
              .operators.createKey('operator', (request.params as { id: string }).id),
          ),
        ),
  );

  app.get(
    '/api/admin/v1/api-keys',
    {
      schema: {
        summary: 'List API keys (operator and master), revoked ones included; never the key itself',
        tags,
        security: adminSecurity,
        querystring: Type.Object({ operator_id: Type.Optional(Type.String()) }),
        response: { 200: KeyList, ...adminErrors(404) },
      },
    },
    async (request) => unwrap(await admin.listKeys((request.query as { operator_id?: string }).operator_id)),
  );

  app.get(
    '/api/admin/v1/operators/:id/api-keys',
    {
      schema: {
        summary: "List an operator's API keys, revoked ones included; never the key itself",
        tags,
        security: adminSecurity,
        params: OperatorParams,
        response: { 200: KeyList, ...adminErrors(404) },
      },
    },
    async (request) => unwrap(await admin.listKeys((request.params as { id: string }).id)),
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
    async (request, reply) =>
      reply.code(201).send(unwrap(await services.actingAs(request.actor).operators.createKey('master'))),
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
      unwrap(
        await services
          .actingAs(request.actor)
          .operators.revokeKey((request.params as { key_id: string }).key_id),
      );
      return reply.code(204).send();
    },
  );
}
