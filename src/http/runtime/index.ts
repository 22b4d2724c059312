// Runtime API (/api/runtime/v1): what the launched game calls with its session token.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { registerCampaignEnterPost } from './campaigns.enter.post.ts';
import { registerCampaignsGet } from './campaigns.get.ts';
import { registerDemoResetPost } from './demo-reset.post.ts';
import { registerHistoryGet } from './history.get.ts';
import { registerRealityCheckPost } from './reality-check.post.ts';
import { registerRoundGet } from './round.get.ts';
import { registerSessionGet } from './session.get.ts';
import { registerSpinPost } from './spin.post.ts';

export function registerRuntimeRoutes(app: FastifyInstance, services: Services): void {
  registerSessionGet(app, services);
  registerSpinPost(app, services);
  registerHistoryGet(app, services);
  registerRoundGet(app, services);
  registerDemoResetPost(app, services);
  registerRealityCheckPost(app, services);
  registerCampaignsGet(app, services);
  registerCampaignEnterPost(app, services);
}
