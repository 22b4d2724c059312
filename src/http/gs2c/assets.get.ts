// GET /gs2c/assets/{file} (and /backoffice/assets/{file}): a Vite build's content-hashed files,
// cached for a year, gzip when accepted.
import type { FastifyInstance } from 'fastify';
import type { ClientDist } from './client-dist.ts';

export function registerClientAssets(app: FastifyInstance, dist: ClientDist, prefix = '/gs2c'): void {
  app.get<{ Params: { file: string } }>(
    `${prefix}/assets/:file`,
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      const asset = await dist.asset(request.params.file);
      reply.header('x-content-type-options', 'nosniff');
      if (!asset)
        return reply.code(404).header('cache-control', 'no-store').type('text/plain').send('not found');
      reply
        .header('content-type', asset.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding')
        .header('cross-origin-resource-policy', 'same-origin');
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (asset.gzip && /\bgzip\b/.test(accepts))
        return reply.header('content-encoding', 'gzip').send(asset.gzip);
      return reply.send(asset.body);
    },
  );
}
