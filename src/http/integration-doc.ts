// The wallet integration guide, linked from the /docs page: rendered as an HTML page at
// /docs/wallet-integration, and as its Markdown source at /docs/wallet-integration.md. Read and
// rendered once at start; the file ships with the code.
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../domain/ids.ts';
import { renderMarkdown } from './markdown.ts';

export const INTEGRATION_GUIDE_PAGE = '/docs/wallet-integration';
export const INTEGRATION_GUIDE_PATH = '/docs/wallet-integration.md';
const FILE = new URL('../../docs/wallet-integration.md', import.meta.url);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
code{font:0.9em ui-monospace,monospace;background:#f2f4f7;padding:0.1em 0.3em;border-radius:3px}
pre{background:#f2f4f7;padding:0.8rem;overflow:auto;border-radius:4px}pre code{background:none;padding:0}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #d0d7de;padding:0.3rem 0.6rem;text-align:left;vertical-align:top}
h1,h2,h3{line-height:1.2}nav{font-size:0.9em;margin-bottom:1rem}`;

export function integrationGuideHtml(markdown: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reelforge wallet integration</title><style>${STYLE}</style></head><body><nav><a href="/docs">API reference</a> · <a href="/openapi.json">/openapi.json</a> · <a href="${INTEGRATION_GUIDE_PATH}">Markdown source</a></nav>\n<main>\n${renderMarkdown(markdown)}\n</main></body></html>\n`;
}

function serve(type: string, body: string) {
  const etag = `"${sha256(body).toString('base64url').slice(0, 27)}"`;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(type).send(body);
  };
}

export function registerIntegrationGuide(app: FastifyInstance): void {
  const text = readFileSync(FILE, 'utf8');
  const html = integrationGuideHtml(text);
  app.get(INTEGRATION_GUIDE_PATH, { schema: { hide: true } }, serve('text/markdown; charset=utf-8', text));
  const page = serve('text/html; charset=utf-8', html);
  app.get(INTEGRATION_GUIDE_PAGE, { schema: { hide: true } }, async (request, reply) => {
    // The page's own style sheet is inline; nothing else runs or loads.
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
    );
    return page(request, reply);
  });
}
