// GET /api/admin/v1/audit: the audit trail, newest first, by actor and entity.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import type { Services } from '../../services/index.ts';
import { adminErrors, adminSecurity } from './shared.ts';

const Entry = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  actor: Type.String({ description: 'staff:<email>, token (ADMIN_TOKEN) or cli:<user>' }),
  action: Type.String(),
  entity: Type.String(),
  entity_id: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  hash: Type.String({ description: 'sha256(prev_hash + canonical entry), hex' }),
  prev_hash: Type.String(),
});

export function registerAuditRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/admin/v1/audit',
    {
      config: { permission: 'read' },
      schema: {
        summary: 'The audit trail, newest first',
        description: 'Every change by staff, ADMIN_TOKEN or the CLI. next_cursor pages on (null: no more).',
        tags: ['admin'],
        security: adminSecurity,
        querystring: Type.Object({
          limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
          cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
          actor: Type.Optional(Type.String()),
          entity: Type.Optional(Type.String()),
          entity_id: Type.Optional(Type.String()),
        }),
        response: {
          200: Type.Object({
            entries: Type.Array(Entry),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...adminErrors(403),
        },
      },
    },
    async (request) => {
      const query = request.query as Record<string, string | undefined>;
      const limit = Number(query.limit ?? '50');
      if (limit < 1 || limit > 500) throw errors.invalidRequest('limit must be from 1 to 500');
      return services.audit.list({
        limit,
        cursor: query.cursor,
        actor: query.actor,
        entity: query.entity,
        entityId: query.entity_id,
      });
    },
  );
}
