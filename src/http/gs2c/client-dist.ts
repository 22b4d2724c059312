// The built game client (client/dist from `npm run build`): its two HTML templates and its hashed
// assets, read once and kept in memory with a gzip copy of each compressible file.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const DEFAULT_CLIENT_DIST = path.resolve(
  fileURLToPath(new URL('../../../client/dist', import.meta.url)),
);

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json']);

/** Hashed asset names only: no folders, no dots at the start. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/;

export interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer | null;
}

export interface ClientDist {
  dir: string;
  template(name: 'play' | 'lobby' | 'round' | 'backoffice'): Promise<string | null>;
  asset(name: string): Promise<Asset | null>;
}

export function clientDist(dir: string = DEFAULT_CLIENT_DIST): ClientDist {
  const templates = new Map<string, string>();
  const assets = new Map<string, Asset | null>();
  return {
    dir,
    async template(name) {
      const cached = templates.get(name);
      if (cached !== undefined) return cached;
      const file = path.join(dir, `${name}.html`);
      if (!existsSync(file)) return null; // not built yet: asked again next time
      const text = await readFile(file, 'utf8');
      templates.set(name, text);
      return text;
    },
    async asset(name) {
      if (!ASSET_NAME.test(name)) return null;
      if (assets.has(name)) return assets.get(name) ?? null;
      const ext = path.extname(name);
      const type = CONTENT_TYPES[ext];
      const file = path.join(dir, 'assets', name);
      if (!type || !existsSync(file)) {
        assets.set(name, null);
        return null;
      }
      const body = await readFile(file);
      const asset: Asset = { type, body, gzip: COMPRESSIBLE.has(ext) ? gzipSync(body, { level: 9 }) : null };
      assets.set(name, asset);
      return asset;
    },
  };
}

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that is safe inside a <script type="application/json"> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
