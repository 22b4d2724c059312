// /gs2c: the game shell and the built client's assets.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { registerClientAssets } from './assets.get.ts';
import { type ClientDist, clientDist } from './client-dist.ts';
import { registerPlayShell } from './play.get.ts';
import { registerRoundDetailsPage } from './round-details.get.ts';

export function registerGameClient(
  app: FastifyInstance,
  dist: ClientDist = clientDist(),
  services?: Services,
): ClientDist {
  registerPlayShell(app, dist);
  if (services) registerRoundDetailsPage(app, services, dist);
  registerClientAssets(app, dist);
  return dist;
}
