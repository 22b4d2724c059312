// Checks every request passes before a route sees it: input no route can store or compare safely
// is refused here, once, with a 400 or 401 that names what was wrong.
//   - credentials from the raw headers: Node keeps only the first Authorization and joins other
//     repeated headers with ", ", so two different keys would otherwise pass as one;
//   - NUL characters (U+0000) in any string of the path, query or body: PostgreSQL cannot store
//     them in text, so they would surface as a 500 deep inside a route;
//   - bracketed or repeated query names (operator_id[]=…): a query value is one string here;
//   - an empty body sent as application/json reads as {} (POSTs that take no body).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KeyHeaders } from '../domain/api-keys.ts';
import { errors } from '../domain/errors.ts';

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

/** The first string (or field name) under `value` that holds a NUL, as a readable field path. */
function nulField(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? at : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulField(value[i], `${at}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes(NUL)) return `\0${at}`;
      const found = nulField(inner, at === '' ? key : `${at}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
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
