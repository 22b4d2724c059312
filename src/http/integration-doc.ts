// GET /docs/wallet-integration.md: the wallet integration guide, linked from the /docs page, served
// as the Markdown file in docs/ (read once at start; the file ships with the code).
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sha256 } from '../domain/ids.ts';

export const INTEGRATION_GUIDE_PATH = '/docs/wallet-integration.md';
const FILE = new URL('../../docs/wallet-integration.md', import.meta.url);

export function registerIntegrationGuide(app: FastifyInstance): void {
  const text = readFileSync(FILE, 'utf8');
  const etag = `"${sha256(text).toString('base64url').slice(0, 27)}"`;
  app.get(INTEGRATION_GUIDE_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/markdown; charset=utf-8').send(text);
  });
}
