// Admin API (internal): Bearer $ADMIN_TOKEN or a staff session (cookie + CSRF) with a role that
// holds the route's permission, on every route (access.ts).
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Services } from '../../services/index.ts';
import { AdminCampaign } from '../campaign-views.ts';
import { installAdminAccess } from './access.ts';
import { ApprovalView, registerApprovalRoutes } from './approvals.ts';
import { registerAuditRoutes } from './audit.ts';
import { registerAuthRoutes, StaffView } from './auth.ts';
import { registerCampaignPrizeRoutes } from './campaign-prizes.ts';
import { registerCampaignAdminRoutes } from './campaigns.ts';
import { registerCatalogRoutes } from './catalog.ts';
import { registerClusterRoutes } from './clusters.ts';
import { registerFreeRoundRoutes } from './free-rounds.ts';
import { registerGameRoutes } from './games.ts';
import { registerGeneratedArtRoute } from './generated-art.ts';
import { registerJackpotFiguresRoute } from './jackpot-figures.ts';
import { registerJackpotAdminRoutes } from './jackpots.ts';
import { registerJurisdictionRoutes } from './jurisdictions.ts';
import { registerKeyRoutes } from './keys.ts';
import { registerLiveRoute } from './live.ts';
import { registerOperatorRoutes } from './operators.ts';
import { registerReportRoutes } from './reports.ts';
import { registerRoundRoutes } from './rounds.ts';
import { OperatorInput, OperatorView } from './shared.ts';
import { registerStaffRoutes } from './staff.ts';
import { registerThumbnailRoutes } from './thumbnails.ts';
import { registerWalletTransactionRoutes } from './wallet-transactions.ts';

/** Registers the admin routes inside their own encapsulated plugin (own content-type parsers). */
export function registerAdminRoutes(app: FastifyInstance, services: Services, registry?: Registry): void {
  installAdminAccess(app, services);
  app.addSchema(StaffView);
  app.addSchema(ApprovalView);
  app.addSchema(OperatorView);
  app.addSchema(OperatorInput);
  app.addSchema(AdminCampaign);
  registerOperatorRoutes(app, services);
  registerClusterRoutes(app, services);
  registerKeyRoutes(app, services);
  registerCatalogRoutes(app, services);
  registerGameRoutes(app, services);
  registerThumbnailRoutes(app, services);
  registerRoundRoutes(app, services);
  registerFreeRoundRoutes(app, services);
  registerWalletTransactionRoutes(app, services);
  registerCampaignPrizeRoutes(app, services);
  if (registry) registerLiveRoute(app, registry);
  registerGeneratedArtRoute(app);
  registerJurisdictionRoutes(app);
  registerReportRoutes(app, services);
  registerJackpotAdminRoutes(app, services);
  registerJackpotFiguresRoute(app, services);
  registerCampaignAdminRoutes(app, services);
  registerAuthRoutes(app, services);
  registerStaffRoutes(app, services);
  registerAuditRoutes(app, services);
  registerApprovalRoutes(app, services);
  // The whole document, admin routes included, for staff tooling.
  app.get('/api/admin/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
