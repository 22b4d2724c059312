// /api/admin/v1/clusters: where operators play (issue 30, part 3). Every cluster of the node with its
// store's and replica's state and its operators, the ones being moved named; one cluster, the control
// one, on a node without DATABASE_CLUSTERS. Moving an operator is `reelforge operator move`.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { adminErrors, adminSecurity } from './shared.ts';

const ClusterView = Type.Object({
  id: Type.String(),
  control: Type.Boolean({
    description:
      'The cluster DATABASE_URL is: operators, keys, staff, the audit trail and the map live there.',
  }),
  reachable: Type.Boolean(),
  replica: Type.Union([
    Type.Object({
      state: Type.Union(['unknown', 'up', 'down'].map((s) => Type.Literal(s))),
      lag_ms: Type.Union([Type.Integer(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  operators: Type.Integer({ description: 'How many operators play on it.' }),
  moving: Type.Array(Type.String(), {
    description: 'Operators on it being moved: read-only (no launch or new round) until the move ends.',
  }),
});

export function registerClusterRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/admin/v1/clusters',
    {
      schema: {
        summary: 'The PostgreSQL clusters operators play on',
        description:
          'Each cluster with its state and its operators (docs/operations.md, "Several clusters"). An operator’s own cluster is its `cluster` field.',
        tags: ['admin'],
        security: adminSecurity,
        response: { 200: Type.Object({ clusters: Type.Array(ClusterView) }), ...adminErrors() },
      },
    },
    async () => ({ clusters: await services.clusters.list() }),
  );
}
