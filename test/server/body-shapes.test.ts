// Bodies of any nesting, any size and any encoding, on every route that takes a body in the OpenAPI
// document: each is refused with a 4xx that names the problem, before authentication too (staff
// sign-in is public), and never reaches a 500 such as a stack overflow in a check that recurses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/http/edge-guard.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let operatorKey: string;
/** Every POST, PUT and PATCH of the document (the operations that take a body), parameters filled in. */
let bodyRoutes: Array<{ method: string; path: string }>;

beforeAll(async () => {
  server = await startTestServer();
  const operator = await server.createOperator();
  operatorKey = operator.apiKey;
  const doc = (await server.admin('GET', '/api/admin/v1/openapi.json')).body as {
    paths: Record<string, Record<string, unknown>>;
  };
  bodyRoutes = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const method of Object.keys(operations)) {
      if (!['post', 'put', 'patch'].includes(method)) continue;
      bodyRoutes.push({ method: method.toUpperCase(), path: template.replace(/\{[^}]+\}/g, 'x_1') });
    }
  }
}, 240_000);
afterAll(async () => {
  await server?.close();
});

/** The credential a path's API takes (each request carries the one its API reads, or none). */
function credentials(path: string, signedIn: boolean): Array<[string, string]> {
  if (!signedIn) return [];
  if (path.startsWith('/api/admin/')) return [['authorization', `Bearer ${server.adminToken}`]];
  if (path.startsWith('/api/provider/')) return [['x-provider-api-key', operatorKey]];
  if (path.startsWith('/api/runtime/'))
    return [['authorization', 'Bearer rf_session_token_not_issued_0123456789']];
  return [];
}

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const unclosed = (depth: number) => '[{"a":'.repeat(depth);

describe('nesting: any depth is a 4xx, and a body the route reads names the depth', () => {
  const shapes: Array<[string, string]> = [
    ['arrays one level too deep', nestedArrays(MAX_JSON_DEPTH + 1)],
    ['objects 2,000 deep', nestedObjects(2_000)],
    ['arrays 32,000 deep (just under 64 KiB)', nestedArrays(32_000)],
    ['unclosed arrays and objects 10,000 deep', unclosed(10_000)],
    ['a NUL at the bottom of 20,000 levels', `${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}`],
  ];

  it.each(shapes)('%s, on every route with a body, signed in and not', async (_name, body) => {
    expect(bodyRoutes.length).toBeGreaterThan(10);
    expect(bodyRoutes.some((route) => route.path === '/api/admin/v1/auth/sign-in')).toBe(true);
    for (const route of bodyRoutes) {
      for (const signedIn of [true, false]) {
        const answer = await rawRequest(
          server.url,
          route.method,
          route.path,
          [...credentials(route.path, signedIn), ['content-type', 'application/json']],
          body,
        );
        const seen = `${route.method} ${route.path} signedIn=${signedIn}: ${answer.status} ${answer.body.slice(0, 200)}`;
        expect(answer.status, seen).toBeGreaterThanOrEqual(400);
        expect(answer.status, seen).toBeLessThan(500);
        if (answer.status === 400) expect(answer.json().detail, seen).toMatch(/nests|not valid JSON/);
      }
    }
  });

  it('staff sign-in names the nesting before any credential is checked', async () => {
    const answer = await rawRequest(
      server.url,
      'POST',
      '/api/admin/v1/auth/sign-in',
      [['content-type', 'application/json']],
      nestedObjects(5_000),
    );
    expect(answer.status).toBe(400);
    expect(answer.json()).toEqual({
      success: false,
      error: 'invalid_request',
      detail: `the JSON body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep, which is not accepted`,
    });
  });

  it('nesting up to the limit is read as before, brackets inside strings do not count', async () => {
    const deepInside = JSON.stringify({
      name: `Casino "${'[{'.repeat(80)}`,
      wallet_mode: 'internal',
      meta: JSON.parse(nestedArrays(MAX_JSON_DEPTH - 1)),
    });
    const answer = await rawRequest(
      server.url,
      'POST',
      '/api/admin/v1/operators',
      [
        ['authorization', `Bearer ${server.adminToken}`],
        ['content-type', 'application/json'],
      ],
      deepInside,
    );
    expect(answer.status, answer.body).toBe(201);
  });

  it('a deep body over the size limit is 413', async () => {
    const answer = await rawRequest(
      server.url,
      'POST',
      '/api/admin/v1/auth/sign-in',
      [['content-type', 'application/json']],
      nestedArrays(40_000),
    );
    expect(answer.status).toBe(413);
  });
});

describe('encodings: a body in any Content-Encoding is 415 naming it, on every route with a body', () => {
  it.each(['gzip', 'br', 'deflate', 'x-gzip, gzip', 'zstd'])('%s', async (encoding) => {
    for (const route of bodyRoutes) {
      const answer = await rawRequest(
        server.url,
        route.method,
        route.path,
        [
          ...credentials(route.path, true),
          ['content-type', 'application/json'],
          ['content-encoding', encoding],
        ],
        '\u001f\u008b\u0008 not really gzip',
      );
      const seen = `${route.method} ${route.path}: ${answer.status} ${answer.body.slice(0, 200)}`;
      expect(answer.status, seen).toBe(415);
      expect(answer.json(), seen).toEqual({
        success: false,
        error: 'unsupported_media_type',
        detail: expect.stringMatching(new RegExp(`^Content-Encoding ${encoding} is not accepted`)),
      });
    }
  });

  it('identity is the body as sent', async () => {
    const answer = await rawRequest(
      server.url,
      'POST',
      '/api/admin/v1/auth/sign-in',
      [
        ['content-type', 'application/json'],
        ['content-encoding', 'identity'],
      ],
      JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }),
    );
    expect(answer.status).toBe(401);
  });
});
