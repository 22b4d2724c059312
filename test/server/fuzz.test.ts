// Ten thousand malformed requests against a real node, across every route of the OpenAPI document:
// any method, any path parameter, repeated and bracketed queries, any credential (none, wrong, two,
// right), any media type and Content-Encoding, bodies of any nesting and size, broken JSON, fields of
// the documented bodies with values of every type. None may answer 5xx or go unanswered, and every
// JSON refusal is the contract's error body. Seeded (fast-check, fixed seed): a failure names the
// sample index, and the same run reproduces it.
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const SEED = 20261126;
const RUNS = 10_000;
/** Requests in flight at once: enough to keep the node busy on 2 cores, not a load test. */
const PARALLEL = 8;

let server: TestServer;
let routes: Array<{ method: string; template: string; params: string[]; query: string[] }>;
let fieldNames: string[];
const keys = { operator: '', master: '' };

beforeAll(async () => {
  // Limits off: every request goes as deep into its route as its input allows.
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '0', PUBLIC_RATE_LIMIT_PER_MINUTE: '0' });
  const operator = await server.createOperator();
  keys.operator = operator.apiKey;
  keys.master = (await server.admin('POST', '/api/admin/v1/master-keys')).body.api_key;
  const doc = (await server.admin('GET', '/api/admin/v1/openapi.json')).body as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
  };
  routes = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase(),
        template,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  const names = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'properties' && inner && typeof inner === 'object')
          for (const name of Object.keys(inner)) names.add(name);
        collect(inner);
      }
    }
  };
  collect(doc);
  fieldNames = [...names];
}, 240_000);
afterAll(async () => {
  await server?.close();
});

interface Sample {
  method: string;
  path: string;
  headers: Array<[string, string]>;
  body: string;
}

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
});
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', '\u0000', '%00', '..', '../../etc/passwd', 'op_', 'rf_ember_crown', '[]', '{}', 'null'),
  fc.integer({ min: 1, max: 300 }).map((n) => 'x'.repeat(n)),
);

/** A path segment as a client might send it: percent-encoded, raw, or broken percent-encoding. */
const segment = fc.oneof(
  anyText.map((text) => encodeURIComponent(text)),
  printable.map((text) => text.replace(/[\s/?#]/g, '')),
  fc.constantFrom('%zz', '%', '%E0%A4%A', 'rf_ember_crown', 'x_1'),
);

/** Bodies: JSON of every shape, deep nesting, broken JSON, big strings, documented fields with any value. */
function bodyArbitrary(): fc.Arbitrary<string> {
  const depth = fc.integer({ min: 1, max: 40_000 });
  const field = fc.constantFrom(...fieldNames, '__proto__', 'constructor', 'operator_id', '');
  return fc.oneof(
    { weight: 4, arbitrary: fc.json({ depthSize: 'medium' }) },
    {
      weight: 4,
      arbitrary: fc
        .dictionary(field, fc.oneof(fc.jsonValue({ depthSize: 'small' }), anyText, fc.bigInt().map(String)))
        .map((object) => JSON.stringify(object)),
    },
    { weight: 1, arbitrary: depth.map((n) => `${'['.repeat(n)}${']'.repeat(n)}`) },
    { weight: 1, arbitrary: depth.map((n) => `${'{"a":'.repeat(n)}0${'}'.repeat(n)}`) },
    { weight: 1, arbitrary: depth.map((n) => '[{"x":'.repeat(n)) },
    { weight: 1, arbitrary: fc.json().map((text) => text.slice(0, Math.max(0, text.length - 1))) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 100 * 1024 }).map((n) => JSON.stringify({ x: 'y'.repeat(n) })),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 2000 }) },
    { weight: 1, arbitrary: fc.constant('') },
  );
}

function sampleArbitrary(): fc.Arbitrary<Sample> {
  const route = fc.constantFrom(...routes);
  const method = fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') },
  );
  const credential = fc.constantFrom<Array<[string, string]>>(
    [],
    [['authorization', `Bearer ${server.adminToken}`]],
    [['x-provider-api-key', keys.operator]],
    [['x-api-key', keys.master]],
    [['authorization', `Bearer ${keys.operator}`]],
    [['authorization', 'Bearer rf_live_not_a_key']],
    [['authorization', 'Basic dXNlcjpwYXNz']],
    [
      ['x-provider-api-key', keys.operator],
      ['x-provider-api-key', keys.master],
    ],
    [['cookie', 'rf_staff=not-a-session']],
  );
  const contentType = fc.constantFrom(
    undefined,
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'image/png',
    'image/svg+xml',
    'multipart/form-data; boundary=x',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin1',
    ';;;',
  );
  const encoding = fc.oneof(
    { weight: 5, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'gzip, identity', 'x') },
  );
  const extraHeaders = fc.array(
    fc.tuple(
      fc.constantFrom(
        'x-operator-id',
        'x-forwarded-for',
        'if-none-match',
        'x-request-id',
        'x-csrf-token',
        'range',
      ),
      printable,
    ),
    { maxLength: 3 },
  );
  const query = (names: string[]) =>
    fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...names, 'operator_id', 'title', 'size', 'format'),
          printable.map(encodeURIComponent),
        ),
        fc.oneof(anyText.map(encodeURIComponent), fc.constant('')),
        fc.constantFrom('', '[]', '[a]'),
      ),
      { maxLength: 4 },
    );
  return route.chain((r) =>
    fc
      .record({
        method,
        segments: fc.array(segment, { minLength: r.params.length, maxLength: r.params.length }),
        query: query(r.query.length > 0 ? r.query : ['q']),
        credential,
        contentType,
        encoding,
        extraHeaders,
        body: fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 3, arbitrary: bodyArbitrary() }),
      })
      .map((drawn) => {
        let i = 0;
        const path = r.template.replace(/\{[^}]+\}/g, () => drawn.segments[i++] || 'x');
        const search = drawn.query.map(([name, value, bracket]) => `${name}${bracket}=${value}`).join('&');
        const headers: Array<[string, string]> = [...drawn.credential, ...drawn.extraHeaders];
        if (drawn.contentType) headers.push(['content-type', drawn.contentType]);
        if (drawn.encoding) headers.push(['content-encoding', drawn.encoding]);
        return {
          method: drawn.method ?? r.method,
          path: search ? `${path}?${search}` : path,
          headers,
          body: drawn.body,
        };
      }),
  );
}

/** One request on its own socket, byte for byte; the status, content type and body of the answer. */
function send(sample: Sample): Promise<{ status: number; type: string; body: string }> {
  const url = new URL(server.url);
  const body = Buffer.from(sample.body, 'utf8');
  const head = [
    `${sample.method} ${sample.path} HTTP/1.1`,
    `host: ${url.host}`,
    'connection: close',
    ...sample.headers.map(([name, value]) => `${name}: ${value}`),
    `content-length: ${body.length}`,
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(60_000, () => socket.destroy(new Error('no answer within 60 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      // A refusal may close the socket while the body is still being written: the answer counts.
      if (chunks.length === 0) reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const split = text.indexOf('\r\n\r\n');
      const type = /\r\ncontent-type:\s*([^\r\n]*)/i.exec(text.slice(0, split))?.[1] ?? '';
      resolve({ status, type, body: text.slice(split + 4) });
    });
    // Written without a half-close (FIN): a client that ends its side may not wait for the answer.
    socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`), body]));
  });
}

describe('fuzz: malformed requests across every documented route', () => {
  it(`${RUNS} seeded requests: no 5xx, none unanswered, every JSON refusal in the contract's shape`, async () => {
    expect(routes.length).toBeGreaterThan(40);
    const samples = fc.sample(sampleArbitrary(), { seed: SEED, numRuns: RUNS });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    async function worker() {
      while (next < samples.length && failures.length < 10) {
        const index = next++;
        const sample = samples[index] as Sample;
        const shown = () =>
          `#${index} ${sample.method} ${sample.path.slice(0, 200)} headers=${JSON.stringify(sample.headers)} body(${sample.body.length})=${JSON.stringify(sample.body.slice(0, 120))}`;
        try {
          const answer = await send(sample);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status < 100 || answer.status >= 500) {
            failures.push(`${answer.status} ${answer.body.slice(0, 300)} <- ${shown()}`);
          } else if (
            answer.status >= 400 &&
            answer.type.startsWith('application/json') &&
            sample.method !== 'HEAD'
          ) {
            const parsed = JSON.parse(answer.body) as {
              success?: unknown;
              error?: unknown;
              detail?: unknown;
            };
            if (
              parsed.success !== false ||
              typeof parsed.error !== 'string' ||
              typeof parsed.detail !== 'string'
            )
              failures.push(
                `${answer.status} not the contract's error body: ${answer.body.slice(0, 200)} <- ${shown()}`,
              );
          }
        } catch (error) {
          failures.push(`${(error as Error).message} <- ${shown()}`);
        }
      }
    }
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    expect(failures, `statuses: ${JSON.stringify(Object.fromEntries(statuses))}`).toEqual([]);
    // The fuzz reached past the edge: some requests were answered by the routes themselves.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  }, 900_000);

  it('the node still answers normally afterwards', async () => {
    const health = await server.request('/health');
    expect(health.status).toBe(200);
  });
});
