// The game shell and asset routes against a tiny fixture build (no Vite, no database).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDist, scriptJson } from './client-dist.ts';
import { registerGameClient } from './index.ts';

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rf-gs2c-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'play.html'),
    '<html><head><title>Reelforge</title><script type="application/json" id="rf-shell">{"rf":"shell"}</script></head></html>',
  );
  await writeFile(
    path.join(dir, 'assets', 'play-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(2000))});`,
  );
  app = Fastify();
  registerGameClient(app, clientDist(dir));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /gs2c/play/{symbol}', () => {
  it('serves the shell with the game injected and strict headers', async () => {
    const response = await app.inject({ url: '/gs2c/play/rf_ember_crown?token=ses_secret&device=mobile' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect(response.body).toContain('<title>Ember Crown</title>');
    expect(response.body).toContain('"symbol":"rf_ember_crown"');
    expect(response.body).not.toContain('ses_secret');
  });

  it('accepts the slug too, and 404s an unknown game', async () => {
    expect((await app.inject({ url: '/gs2c/play/ember-crown' })).statusCode).toBe(200);
    const missing = await app.inject({ url: '/gs2c/play/rf_nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('escapes JSON so it cannot close the script element', () => {
    expect(scriptJson({ t: '</script><b>&' })).toBe('{"t":"\\u003c/script\\u003e\\u003cb\\u003e\\u0026"}');
  });

  it('answers 503 with a hint when the client is not built', async () => {
    const bare = Fastify();
    registerGameClient(bare, clientDist(path.join(dir, 'missing')));
    const response = await bare.inject({ url: '/gs2c/play/rf_ember_crown' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    await bare.close();
  });
});

describe('GET /gs2c/assets/{file}', () => {
  it('serves hashed files for a year, gzipped when accepted', async () => {
    const plain = await app.inject({ url: '/gs2c/assets/play-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toContain('text/javascript');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await app.inject({
      url: '/gs2c/assets/play-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('refuses anything but a plain file name in the assets folder', async () => {
    for (const url of [
      '/gs2c/assets/..%2Fplay.html',
      '/gs2c/assets/.hidden.js',
      '/gs2c/assets/nope.js',
      '/gs2c/assets/play-abc123.exe',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
