// /gs2c: the game shell and the built client's assets.
import type { FastifyInstance } from 'fastify';
import { registerClientAssets } from './assets.get.ts';
import { type ClientDist, clientDist } from './client-dist.ts';
import { registerPlayShell } from './play.get.ts';

export function registerGameClient(app: FastifyInstance, dist: ClientDist = clientDist()): ClientDist {
  registerPlayShell(app, dist);
  registerClientAssets(app, dist);
  return dist;
}
