// GET /api/admin/v1/jurisdictions: the market profiles an operator's default (and a launch) may name,
// for the back office's picker and for staff reading what a profile sets (docs/jurisdictions.md).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PROFILES } from '../../jurisdictions/index.ts';
import { adminErrors, adminSecurity } from './shared.ts';

const ProfileSummary = Type.Object({
  code: Type.String(),
  name: Type.String(),
  version: Type.String(),
});

export function registerJurisdictionRoutes(app: FastifyInstance): void {
  app.get(
    '/api/admin/v1/jurisdictions',
    {
      schema: {
        summary: 'The jurisdiction profiles (code, name, version) an operator or a launch may name',
        tags: ['admin'],
        security: adminSecurity,
        response: { 200: Type.Object({ jurisdictions: Type.Array(ProfileSummary) }), ...adminErrors() },
      },
    },
    async () => ({
      jurisdictions: [...PROFILES.values()].map(({ code, name, version }) => ({ code, name, version })),
    }),
  );
}
