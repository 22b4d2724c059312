// The console's page and asset routes against a tiny fixture build (no Vite, no database).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDist } from '../gs2c/client-dist.ts';
import { BACKOFFICE_CSP, registerBackoffice } from './index.ts';

let dir: string;
let app: FastifyInstance;
let unbuilt: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rf-backoffice-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'backoffice.html'),
    '<html><head><title>Reelforge back office</title></head></html>',
  );
  await writeFile(
    path.join(dir, 'assets', 'backoffice-abc.js'),
    `console.log(${JSON.stringify('y'.repeat(3000))});`,
  );
  app = Fastify();
  registerBackoffice(app, clientDist(dir));
  await app.ready();
  unbuilt = Fastify();
  registerBackoffice(unbuilt, clientDist(path.join(dir, 'missing')));
  await unbuilt.ready();
});

afterAll(async () => {
  await app.close();
  await unbuilt.close();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /backoffice', () => {
  it('serves the page with the console CSP and strict headers, with or without the slash', async () => {
    for (const url of ['/backoffice', '/backoffice/']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Reelforge back office');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toBe(BACKOFFICE_CSP);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('allows no inline script, no other origin, and no framing of the console', () => {
    const rules = Object.fromEntries(
      BACKOFFICE_CSP.split('; ').map((rule) => [rule.split(' ')[0], rule.split(' ').slice(1).join(' ')]),
    );
    expect(rules['script-src']).toBe("'self'");
    expect(rules['style-src']).toBe("'self'");
    expect(rules['connect-src']).toBe("'self'");
    expect(rules['frame-ancestors']).toBe("'none'");
    expect(rules['default-src']).toBe("'none'");
  });

  it('answers 503 with a page that says how to build when the console is not built', async () => {
    const response = await unbuilt.inject({ url: '/backoffice' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    expect(response.headers['content-security-policy']).toBe(BACKOFFICE_CSP);
  });
});

describe('GET /backoffice/assets/{file}', () => {
  it('serves a hashed asset for a year, gzip when accepted', async () => {
    const plain = await app.inject({ url: '/backoffice/assets/backoffice-abc.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const zipped = await app.inject({
      url: '/backoffice/assets/backoffice-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('refuses unknown files and paths out of the folder', async () => {
    for (const url of [
      '/backoffice/assets/nope.js',
      '/backoffice/assets/..%2Fbackoffice.html',
      '/backoffice/assets/.hidden.js',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
