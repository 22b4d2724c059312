// Checks every request passes before a route sees it: input no route can store or compare safely
// is refused here, once, with a 400 or 401 that names what was wrong.
//   - credentials from the raw headers: Node keeps only the first Authorization and joins other
//     repeated headers with ", ", so two different keys would otherwise pass as one;
//   - NUL characters (U+0000) in any string of the path, query or body: PostgreSQL cannot store
//     them in text, so they would surface as a 500 deep inside a route;
//   - bracketed or repeated query names (operator_id[]=…): a query value is one string here;
//   - a JSON body nested deeper than MAX_JSON_DEPTH: counted on the text before it is parsed, so
//     nothing after the parser (NUL walk, schema checks, audit copies) recurses on client input;
//   - a body sent with a Content-Encoding (gzip, br, …): bodies are read as sent, so it would be
//     parsed compressed or silently dropped; 415 instead;
//   - an empty body sent as application/json reads as {} (POSTs that take no body).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KeyHeaders } from '../domain/api-keys.ts';
import { ApiError, errors } from '../domain/errors.ts';

/** Headers that carry a credential: repeated with different values, the request is refused (401). */
const CREDENTIAL_HEADERS = ['authorization', 'x-provider-api-key', 'x-api-key'] as const;

/** Headers whose copies are compared: the credentials and the operator a master key acts for. */
const WATCHED = new Set<string>([...CREDENTIAL_HEADERS, 'x-operator-id']);
const WATCHED_LENGTHS = new Set([...WATCHED].map((name) => name.length));
const copiesOf = new WeakMap<object, Map<string, string[]>>();

/**
 * Every value of `name` as the client sent it, in order (lower-cased name match). The raw headers
 * are read once per request, for the watched names only: this runs on every request.
 */
function rawValues(request: FastifyRequest, name: string): string[] {
  let copies = copiesOf.get(request.raw);
  if (!copies) {
    copies = new Map();
    const raw = request.raw.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const header = raw[i] as string;
      if (!WATCHED_LENGTHS.has(header.length)) continue;
      const lower = header.toLowerCase();
      if (!WATCHED.has(lower)) continue;
      const values = copies.get(lower);
      const value = (raw[i + 1] as string).trim();
      if (values) values.push(value);
      else copies.set(lower, [value]);
    }
    copiesOf.set(request.raw, copies);
  }
  return copies.get(name) ?? [];
}

/** The one value of a header sent once or repeated unchanged; `conflict` when the copies differ. */
function singleValue(request: FastifyRequest, name: string): string | undefined | { conflict: true } {
  const values = rawValues(request, name);
  if (values.length === 0) return undefined;
  const first = values[0] as string;
  return values.every((value) => value === first) ? first : { conflict: true };
}

/**
 * The credential headers read from the raw request, one value each (a header repeated with the
 * same value counts once). The edge hook has already refused repeats with different values.
 */
export function credentialHeaders(request: FastifyRequest): KeyHeaders {
  const headers: Record<string, string | undefined> = {};
  for (const name of CREDENTIAL_HEADERS) {
    const value = singleValue(request, name);
    headers[name] = typeof value === 'string' ? value : undefined;
  }
  return headers as KeyHeaders;
}

/** The x-operator-id header as sent (once, or repeated unchanged). */
export function operatorIdHeader(request: FastifyRequest): string | undefined {
  const value = singleValue(request, 'x-operator-id');
  return typeof value === 'string' ? value : undefined;
}

function refuseRepeatedHeaders(request: FastifyRequest): void {
  for (const name of CREDENTIAL_HEADERS) {
    const value = singleValue(request, name);
    if (typeof value === 'object')
      throw errors.unauthorized(`the request carries two different credentials in ${name}: send one`);
  }
  if (typeof singleValue(request, 'x-operator-id') === 'object')
    throw errors.invalidRequest('x-operator-id is given more than once with different operators: send one');
}

const NUL = '\u0000';

/**
 * The first string (or field name) under `value` that holds a NUL, as a readable field path. Walked
 * with an explicit stack, not recursion: no shape of input can overflow the call stack here.
 */
function nulField(root: unknown, rootAt: string): string | undefined {
  const stack: Array<[unknown, string]> = [[root, rootAt]];
  while (stack.length > 0) {
    const [value, at] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (value.includes(NUL)) return at;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${at}[${i}]`]);
    } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value);
      for (const [key] of entries) if (key.includes(NUL)) return `\0${at}`;
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i] as [string, unknown];
        stack.push([inner, at === '' ? key : `${at}.${key}`]);
      }
    }
  }
  return undefined;
}

/** Deepest nesting of objects and arrays a JSON body may have; ours are a few levels deep. */
export const MAX_JSON_DEPTH = 64;

/** Whether JSON text nests objects and arrays deeper than `limit` (strings skipped, one pass). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/** A body in a Content-Encoding other than identity: 415 naming it (bodies are never decompressed). */
function refuseContentEncoding(request: FastifyRequest): void {
  const encoding = request.headers['content-encoding'];
  if (encoding === undefined) return;
  const named = (Array.isArray(encoding) ? encoding.join(', ') : encoding).trim().toLowerCase();
  if (named === '' || named === 'identity') return;
  throw new ApiError(
    'unsupported_media_type',
    `Content-Encoding ${named.slice(0, 40)} is not accepted: send the body uncompressed, without Content-Encoding`,
  );
}

function refuseNul(where: string, value: unknown): void {
  const field = nulField(value, '');
  if (field === undefined) return;
  const named = field.startsWith('\0')
    ? `a field name in ${field.length > 1 ? field.slice(1) : where || 'the body'}`
    : `${where}${field}`;
  throw errors.invalidRequest(`${named} contains a NUL character (U+0000), which is not accepted`);
}

/** Query values are single strings here: no name[]=…, no name[key]=…, no name given twice. */
function refuseQueryShapes(query: unknown): void {
  if (typeof query !== 'object' || query === null) return;
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value))
      throw errors.invalidRequest(`query parameter ${name} is given more than once: send it once`);
    const bracket = name.indexOf('[');
    if (bracket <= 0 && !name.includes(']')) continue;
    const base = bracket > 0 ? name.slice(0, bracket) : name;
    throw errors.invalidRequest(
      `query parameter ${name}: arrays and objects are not accepted; send ${base}=<value> once`,
    );
  }
}

/** Installs the edge checks on every route, the admin and runtime routes included. */
export function installEdgeGuards(app: FastifyInstance): void {
  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      refuseRepeatedHeaders(request);
      refuseContentEncoding(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
        refuseNul(`path parameter ${name}`, value);
      }
      for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
        if (name.includes(NUL)) refuseNul('the query', { [name]: '' });
        refuseNul(`query parameter ${name}`, value);
      }
      refuseQueryShapes(request.query);
      refuseNul('', request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  // An empty body with a JSON content type is {}: POSTs that take no body (key creation, retry)
  // then work from any client, and routes that need fields name the first one missing.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, {});
    if (nestsDeeperThan(text, MAX_JSON_DEPTH))
      return done(
        errors.invalidRequest(
          `the JSON body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep, which is not accepted`,
        ),
        undefined,
      );
    parseJson(request, text, (error, parsed) => {
      if (!error) return done(null, parsed);
      done(errors.invalidRequest(jsonProblem(text)), undefined);
    });
  });
}

/** Why a JSON body was refused, in the words of the parser (or the prototype rule). */
function jsonProblem(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return `the body is not valid JSON: ${(error as Error).message}`;
  }
  return 'the body sets __proto__ or constructor.prototype, which is not accepted';
}
