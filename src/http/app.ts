// The Fastify application: request ids, logging with secrets redacted, errors, metrics, OpenAPI, routes.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Cells } from '../services/cells.ts';
import type { Services } from '../services/index.ts';
import { registerAdminRoutes } from './admin/index.ts';
import { registerBackoffice } from './backoffice/index.ts';
import { installCellRouting } from './cells.ts';
import { installEdgeGuards } from './edge-guard.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  installErrorHandling,
  MAX_PARAM_LENGTH,
} from './errors.ts';
import { registerGameClient } from './gs2c/index.ts';
import { INTEGRATION_GUIDE_PAGE, registerIntegrationGuide } from './integration-doc.ts';
import { registerJackpotRoutes } from './jackpots/index.ts';
import { registerLobby } from './lobby/index.ts';
import { installMetrics } from './metrics.ts';
import { CONTRACT_VERSION, publicDocument } from './openapi.ts';
import { OPERATOR_KIT_PATH, registerOperatorKit } from './operator-kit.ts';
import { registerCampaignsList } from './provider/campaigns.list.ts';
import { registerCampaignOptIn } from './provider/campaigns.opt-in.post.ts';
import { registerCampaignOptOut } from './provider/campaigns.opt-out.post.ts';
import { registerPrizeReceiptGet } from './provider/campaigns.prize-receipt.get.ts';
import { registerCampaignPrizesGet } from './provider/campaigns.prizes.get.ts';
import { registerCampaignStandings } from './provider/campaigns.standings.get.ts';
import { registerCampaignGet } from './provider/free-rounds.campaign.get.ts';
import { registerCampaignCreate } from './provider/free-rounds.campaigns.post.ts';
import { registerCampaignCancel } from './provider/free-rounds.cancel.post.ts';
import { registerGrantsGet } from './provider/free-rounds.grants.get.ts';
import { registerCampaignPlayers } from './provider/free-rounds.players.post.ts';
import { registerGameArt } from './provider/game-art.ts';
import { registerGamesGet } from './provider/games.get.ts';
import { registerGamesList } from './provider/games.list.ts';
import { registerHealth } from './provider/health.ts';
import { registerLaunchUrl } from './provider/launch-url.ts';
import { readAnswers } from './provider/read-answers.ts';
import { type ReadLane, readLane, serverWithLane } from './provider/read-lane.ts';
import { registerReportSummary } from './provider/reports.summary.get.ts';
import { registerReportTransactions } from './provider/reports.transactions.get.ts';
import { registerRoundGet } from './provider/rounds.get.ts';
import { registerRoundsList } from './provider/rounds.list.ts';
import { securitySchemes } from './provider/security.ts';
import { registerTransactionRoundGet } from './provider/transactions.round.get.ts';
import { nextRequestId, requestIdFor } from './request-id.ts';
import { registerRuntimeRoutes } from './runtime/index.ts';
import { sharedSchemas } from './schemas.ts';
import { logWalletAttempts } from './wallet-log.ts';

/** Paths and headers that carry secrets: never written to a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-provider-api-key"]',
  'req.headers["x-api-key"]',
  'req.headers["x-rf-signature"]',
  'headers.authorization',
  'api_key',
  '*.api_key',
  'session_id',
  '*.session_id',
  'token',
  '*.token',
  'wallet_secret',
  '*.wallet_secret',
  'launch_url',
  '*.launch_url',
];

/** A URL with its token query parameter (the launch URL's session token) masked. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|api_key|key)=)[^&#]*/gi, '$1[REDACTED]');
}

export interface AppOptions {
  logLevel?: string;
  /** Where log lines go (stdout by default); tests pass a stream to read them. */
  logStream?: { write(line: string): void };
  /** With several clusters: the cells a request is decided to before its handler (src/http/cells.ts). */
  cells?: Cells;
}

export function loggerOptions(
  level: string,
  stream?: AppOptions['logStream'],
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  let lane: ReadLane | undefined;
  const app = Fastify({
    serverFactory: serverWithLane(() => lane),
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    bodyLimit: 64 * 1024,
    // X-Forwarded-For names the client only when the peer is a configured proxy (TRUSTED_PROXIES):
    // staff sign-in and the public rate limit count the client, not the nginx in front of it.
    trustProxy: services.config.trustedProxies.length > 0 ? services.config.trustedProxies : false,
    requestIdHeader: false,
    genReqId: (request) => requestIdFor(request.headers['x-request-id']),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler: clientErrorHandler(nextRequestId),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  installErrorHandling(app);
  installEdgeGuards(app);
  if (options.cells) installCellRouting(app, options.cells);
  // JSON only: a text/plain body is answered 415 rather than parsed into a string.
  app.removeContentTypeParser('text/plain');
  for (const schema of sharedSchemas) app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Reelforge Operator API',
        // Set by publicDocument to the newest addition described (operator-api-1.1.0 plus additions).
        version: CONTRACT_VERSION,
        description: `The operator contract operator-api-1.1.0 and its additive extensions (each marked with the version that added it; an operator that ignores them sees 1.1.0 exactly): catalog, launch URLs, artwork, and the signed wallet callbacks Reelforge sends to the operator (see the webhooks section). This document: [/openapi.json](/openapi.json). Wallet integration guide (every callback field and action_type, clock skew, time-outs and retries, rounds, currencies, a signature test vector): [${INTEGRATION_GUIDE_PAGE}](${INTEGRATION_GUIDE_PAGE}). The wallet check for operators, one file for Node.js 18+: [${OPERATOR_KIT_PATH}](${OPERATOR_KIT_PATH}).`,
      },
      components: { securitySchemes: securitySchemes as never },
      tags: [
        { name: 'health' },
        { name: 'catalog' },
        { name: 'launch' },
        { name: 'artwork' },
        { name: 'free rounds', description: 'Added in 1.2.0: free-rounds campaigns and their grants.' },
        { name: 'rounds', description: 'Added in 1.2.0: round lookups and round details pages for support.' },
        { name: 'reports', description: 'Added in 1.2.0: reconciliation reports (UTC days).' },
        {
          name: 'campaigns',
          description:
            'Added in 1.5.0: tournaments and prize drops (the operator’s own and the network ones it opts in to), their standings, prizes and signed receipts.',
        },
        { name: 'admin', description: 'Internal: provider staff only.' },
      ],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // The standalone layout's top bar draws the Swagger logo as an SVG with an inline <style>, which
    // the page's CSP (style-src 'self') refuses with a console error; the base layout has no top bar.
    uiConfig: { layout: 'BaseLayout' },
    transformSpecification: (spec) => publicDocument(spec as Record<string, unknown>),
  });
  // The reference page reads the one public document, /openapi.json, not a second copy at /docs/json.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url === '/docs/json') reply.redirect('/openapi.json', 308);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.url !== '/docs/static/swagger-initializer.js' || typeof payload !== 'string')
      return done(null, payload);
    done(
      null,
      payload.replace(
        "url: resolveUrl('./json')",
        "url: new URL('/openapi.json', window.location.href).href",
      ),
    );
  });
  let publicDoc: ReturnType<typeof publicDocument> | undefined;
  app.get('/openapi.json', { schema: { hide: true } }, async () => {
    publicDoc ??= publicDocument(app.swagger() as unknown as Record<string, unknown>);
    return publicDoc;
  });

  registerIntegrationGuide(app);
  registerOperatorKit(app);
  const { registry, countRequest } = installMetrics(app, services);
  const answers = readAnswers(services);
  logWalletAttempts(app, services);
  registerHealth(app, services);
  registerGamesList(app, services, answers);
  registerGamesGet(app, services, answers);
  registerGameArt(app, services, answers);
  registerLaunchUrl(app, services);
  registerCampaignCreate(app, services);
  registerCampaignGet(app, services);
  registerCampaignPlayers(app, services);
  registerCampaignCancel(app, services);
  registerGrantsGet(app, services);
  registerCampaignPrizesGet(app, services);
  registerPrizeReceiptGet(app, services);
  registerCampaignsList(app, services);
  registerCampaignOptIn(app, services);
  registerCampaignOptOut(app, services);
  registerCampaignStandings(app, services);
  registerRoundsList(app, services);
  registerRoundGet(app, services);
  registerTransactionRoundGet(app, services);
  registerReportTransactions(app, services);
  registerReportSummary(app, services);
  registerRuntimeRoutes(app, services);
  registerJackpotRoutes(app, services);
  const clientFiles = registerGameClient(app, undefined, services);
  if (services.config.demoLobby) registerLobby(app, services, { dist: clientFiles });
  registerBackoffice(app);
  await app.register(async (admin) => registerAdminRoutes(admin, services, registry));
  // The catalog, one game and key art, answered from memory before Fastify's pipeline when they can be.
  const ready = readLane({ services, answers, countRequest, log: app.log });
  app.addHook('preClose', (done) => {
    ready.close();
    done();
  });
  lane = ready;
  return app;
}
