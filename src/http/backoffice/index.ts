// /backoffice: the staff console, a single page built by Vite into client/backoffice/dist (see
// client/backoffice/vite.config.ts). The page is the same for everyone; what a person may see and
// do is decided by the Admin API on each request (cookie session + CSRF token, or ADMIN_TOKEN).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { registerClientAssets } from '../gs2c/assets.get.ts';
import { type ClientDist, clientDist } from '../gs2c/client-dist.ts';
import { pageHeaders } from '../gs2c/headers.ts';

export const DEFAULT_BACKOFFICE_DIST = path.resolve(
  fileURLToPath(new URL('../../../client/backoffice/dist', import.meta.url)),
);

/**
 * Own scripts, styles and origin only; images may be data:/blob: (artwork previews); the round
 * details page (same origin) may be framed; nothing may frame the console.
 */
export const BACKOFFICE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const NOT_BUILT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Back office not built</title></head><body><main><h1>Back office not built</h1><p>The server has no built console. Run npm run build.</p></main></body></html>';

export function registerBackoffice(
  app: FastifyInstance,
  dist: ClientDist = clientDist(DEFAULT_BACKOFFICE_DIST),
): void {
  const shell = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    const html = await dist.template('backoffice');
    pageHeaders(reply, BACKOFFICE_CSP)
      .header('x-frame-options', 'DENY')
      .header('cross-origin-opener-policy', 'same-origin')
      .header('x-robots-tag', 'noindex');
    if (html === null) return reply.code(503).send(NOT_BUILT);
    return reply.send(html);
  };
  app.get('/backoffice', { schema: { hide: true }, logLevel: 'warn' }, shell);
  app.get('/backoffice/', { schema: { hide: true }, logLevel: 'warn' }, shell);
  registerClientAssets(app, dist, '/backoffice');
}
