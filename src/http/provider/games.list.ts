// GET /api/provider/v1/games: the operator-scoped live catalog.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { listCatalog } from '../../domain/catalog.ts';
import type { Services } from '../../services.ts';
import { errorResponses } from '../schemas.ts';
import { authorize } from './auth.ts';
import { providerSecurity } from './security.ts';

/** How long a rendered catalog is reused; the access cache refreshes on the same beat. */
const RENDERED_FOR_MS = 1000;

export function registerGamesList(app: FastifyInstance, services: Services): void {
  // A catalog changes only with admin actions: render it once per scope and reuse it while the
  // allowlist (a new Set whenever the access cache reloads it), the artwork and the base URL stay.
  const rendered = new Map<string, { until: number; basis: unknown[]; json: string }>();
  app.get(
    '/api/provider/v1/games',
    {
      schema: {
        summary: 'Operator-scoped live catalog',
        description:
          'Operator keys see their own allowlist. Master keys see the whole live catalog, or one operator through operator_id / x-operator-id.',
        tags: ['catalog'],
        security: providerSecurity,
        querystring: Type.Object({
          operator_id: Type.Optional(Type.String({ description: 'Honored for provider master keys only.' })),
        }),
        headers: Type.Object({ 'x-operator-id': Type.Optional(Type.String()) }),
        response: { 200: Type.Ref('CatalogResponse'), ...errorResponses(400, 401, 403, 429, 500) },
      },
    },
    async (request, reply) => {
      const { operator, scope } = await authorize(services, request, reply);
      const key = operator?.id ?? '*';
      const basis = [
        scope.kind === 'operator' ? scope.allowlist : null,
        scope.kind === 'operator' ? scope.rtpVariant : null,
        services.artwork.version,
        services.catalog.publicBaseUrl,
      ];
      const now = Date.now();
      let cached = rendered.get(key);
      if (!cached || cached.until <= now || cached.basis.some((value, i) => value !== basis[i])) {
        const items = listCatalog(scope, services.catalog);
        const json = JSON.stringify({
          success: true,
          data: { items, total: items.length, operator_id: operator?.id ?? null },
        });
        cached = { until: now + RENDERED_FOR_MS, basis, json };
        if (rendered.size > 10_000) rendered.clear();
        rendered.set(key, cached);
      }
      return reply.type('application/json; charset=utf-8').send(cached.json);
    },
  );
}
