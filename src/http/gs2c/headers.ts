// Security headers of the pages the browser loads: the game shell and the demo lobby.
import type { FastifyReply } from 'fastify';

/**
 * The game shell's policy: own scripts and styles only (no inline code, no eval: Pixi runs with
 * pixi.js/unsafe-eval's precompiled shaders), drawing surfaces may use data:/blob: images, and the
 * page talks to its own origin only. No frame-ancestors: operators embed games in an iframe.
 */
export const SHELL_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function lobbyCsp(imageOrigins: string[], formOrigins: string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "font-src 'self'",
    `img-src 'self' data: ${imageOrigins.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
    // Chrome checks form-action on the redirect too: the launch URL's origin must be allowed.
    `form-action 'self' ${formOrigins.join(' ')}`.trim(),
    "frame-ancestors 'none'",
  ].join('; ');
}

export function pageHeaders(reply: FastifyReply, csp: string): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', csp);
}

export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
