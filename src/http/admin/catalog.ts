// An operator's catalog allowlist.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { adminErrors, adminSecurity, OperatorParams, objectBody, Symbols, unwrap } from './shared.ts';

export function registerCatalogRoutes(app: FastifyInstance, services: Services): void {
  const admin = services.operators;
  const tags = ['admin'];

  app.get(
    '/api/admin/v1/operators/:id/catalog',
    {
      schema: {
        summary: "Read an operator's allowlist",
        tags,
        security: adminSecurity,
        params: OperatorParams,
        response: { 200: Symbols, ...adminErrors(404) },
      },
    },
    async (request) => unwrap(await admin.getCatalog((request.params as { id: string }).id)),
  );

  app.put(
    '/api/admin/v1/operators/:id/catalog',
    {
      schema: {
        summary: "Replace an operator's allowlist",
        description:
          'symbols: game symbols or slugs; stored as symbols. An unknown game rejects the whole list.',
        tags,
        security: adminSecurity,
        params: OperatorParams,
        body: Symbols,
        response: { 200: Symbols, ...adminErrors(404) },
      },
      validatorCompiler: objectBody,
    },
    async (request) => {
      const { symbols } = request.body as { symbols?: unknown };
      return unwrap(
        await services
          .actingAs(request.actor)
          .operators.setCatalog((request.params as { id: string }).id, symbols),
      );
    },
  );
}
