// GET /operator-kit/wallet-check.mjs: the wallet check as one file an operator's team runs with
// Node.js 18 or later, without Reelforge's source (built into client/dist by scripts/build-operator-kit.ts).
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { errors } from '../domain/errors.ts';
import { sha256 } from '../domain/ids.ts';

export const OPERATOR_KIT_PATH = '/operator-kit/wallet-check.mjs';
const FILE = new URL('../../client/dist/operator-kit/wallet-check.mjs', import.meta.url);

export function registerOperatorKit(app: FastifyInstance, file: URL = FILE): void {
  let cached: { text: string; etag: string } | undefined;
  app.get(OPERATOR_KIT_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!cached) {
      const text = await readFile(file, 'utf8').catch(() => undefined);
      if (text === undefined)
        throw errors.notFound('the operator kit is not built on this node (npm run build)');
      cached = { text, etag: `"${sha256(text).toString('base64url').slice(0, 27)}"` };
    }
    reply
      .header('etag', cached.etag)
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'attachment; filename="wallet-check.mjs"');
    if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
    return reply.type('text/javascript; charset=utf-8').send(cached.text);
  });
}
