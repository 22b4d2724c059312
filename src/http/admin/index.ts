// Admin API (internal): Bearer $ADMIN_TOKEN on every route.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errors } from '../../domain/errors.ts';
import { sha256 } from '../../domain/ids.ts';
import type { Services } from '../../services/index.ts';
import { registerCatalogRoutes } from './catalog.ts';
import { registerFreeRoundRoutes } from './free-rounds.ts';
import { registerGameRoutes } from './games.ts';
import { registerKeyRoutes } from './keys.ts';
import { registerOperatorRoutes } from './operators.ts';
import { registerRoundRoutes } from './rounds.ts';
import { OperatorInput, OperatorView } from './shared.ts';
import { registerThumbnailRoutes } from './thumbnails.ts';
import { registerWalletTransactionRoutes } from './wallet-transactions.ts';

/** Registers the admin routes inside their own encapsulated plugin (own content-type parsers). */
export function registerAdminRoutes(app: FastifyInstance, services: Services): void {
  const expected = sha256(services.config.adminToken ?? '');
  app.addHook('onRequest', async (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match || !services.config.adminToken || !timingSafeEqual(sha256(match[1] as string), expected)) {
      throw errors.unauthorized('missing or invalid admin token');
    }
  });
  app.addSchema(OperatorView);
  app.addSchema(OperatorInput);
  registerOperatorRoutes(app, services);
  registerKeyRoutes(app, services);
  registerCatalogRoutes(app, services);
  registerGameRoutes(app);
  registerThumbnailRoutes(app, services);
  registerRoundRoutes(app, services);
  registerFreeRoundRoutes(app, services);
  registerWalletTransactionRoutes(app, services);
  // The whole document, admin routes included, for staff tooling.
  app.get('/api/admin/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
