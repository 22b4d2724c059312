// The read lane: the three public read endpoints' ordinary answers (the catalog, one game, generated
// key art), sent straight from Node's HTTP server without Fastify's per-request pipeline.
//
// It takes a request only when it can answer it from memory exactly as the Fastify route would: a
// GET of the plain path, one credential header and no operator named, granted by the routes' own
// decision (`decideAccess`) from a key, operator and switch list already cached and fresh (the same
// caches, so a revoked key or switched-off game stops here when it stops there), and a body already rendered or renderable without I/O. Everything else — a
// first request, any error, an uploaded image, a resized or rasterised image, a query it does not
// read, a repeated header, a HEAD — returns false and goes to Fastify, which answers as it always has.
// What every answer carries is kept: the x-request-id, the rate-limit count and headers (per key, and
// per client address on key art), the request metrics under the route's own labels, and at info
// level the same two log lines. Behind TRUSTED_PROXIES the client's address is Fastify's to read,
// so key art then goes to the route.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { KeyHeaders } from '../../domain/api-keys.ts';
import { ART_SYMBOL, MAX_TITLE_LENGTH } from '../../domain/game-art.ts';
import type { Services } from '../../services/index.ts';
import { type AccessFacts, decideAccess, type Principal } from '../../services/provider-access.ts';
import type { CountRequest } from '../metrics.ts';
import { rateHeaders } from '../public-limit.ts';
import { requestIdFor } from '../request-id.ts';
import { ART_CACHE_CONTROL, etagMatches, type ReadAnswers, SVG_CSP } from './read-answers.ts';

const GAMES = '/api/provider/v1/games';
const GAMES_PREFIX = `${GAMES}/`;
const ART_PREFIX = '/api/provider/v1/game-art/';
const JSON_TYPE = 'application/json; charset=utf-8';
const GAME_SYMBOL = /^[A-Za-z0-9_.-]{1,64}$/;
/** Levels at which Fastify writes its two lines per request. */
const INFO_OR_FINER = new Set(['trace', 'debug', 'info']);

export interface ReadLane {
  /**
   * Takes the request and returns true, or returns false and leaves it untouched for Fastify. A
   * taken request may still be handed to `fallback` later (a rate limit reached: Fastify refuses it).
   */
  answer(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean;
  /** Stops taking requests (the node is closing: Fastify answers 503 from here on). */
  close(): void;
}

/** What the lane reads from the raw headers: the credential headers, the request id, If-None-Match. */
export interface RawHeaders {
  /** The credential headers, for `decideAccess` to read the key from. */
  credentials: KeyHeaders;
  /** Not one credential header, or an operator named: Fastify's case. */
  unusual: boolean;
  requestId: boolean;
  ifNoneMatch?: string;
}

export function readHeaders(raw: string[]): RawHeaders {
  const credentials: Record<string, string> = {};
  const found: RawHeaders = { credentials, unusual: false, requestId: false };
  let count = 0;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    // Only names of these lengths can matter: 9 x-api-key, 12 x-request-id, 13 authorization and
    // if-none-match, 13 x-operator-id, 18 x-provider-api-key.
    const length = name.length;
    if (length !== 9 && length !== 12 && length !== 13 && length !== 18) continue;
    const lower = name.toLowerCase();
    const value = raw[i + 1] as string;
    if (lower === 'x-provider-api-key' || lower === 'x-api-key' || lower === 'authorization') {
      count++;
      credentials[lower] = value;
    } else if (lower === 'x-operator-id') found.unusual = true;
    else if (lower === 'x-request-id') found.requestId = true;
    else if (lower === 'if-none-match') found.ifNoneMatch = value.trim();
  }
  if (count !== 1) found.unusual = true;
  return found;
}

/** title and slug of an art query, each once, percent-decoded; undefined for anything else. */
export function artQuery(query: string): { title?: string; slug?: string } | undefined {
  const read: { title?: string; slug?: string } = {};
  if (query === '') return read;
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    if (equals <= 0) return undefined;
    const name = pair.slice(0, equals);
    if ((name !== 'title' && name !== 'slug') || read[name] !== undefined) return undefined;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(equals + 1).replaceAll('+', ' '));
    } catch {
      return undefined;
    }
    if (value.includes('\u0000')) return undefined;
    read[name] = value;
  }
  return read;
}

export function readLane(deps: {
  services: Services;
  answers: ReadAnswers;
  countRequest: CountRequest;
  log: FastifyBaseLogger;
}): ReadLane {
  const { services, answers, countRequest, log } = deps;
  let open = true;

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    started: number,
    route: string,
    status: number,
    headers: Record<string, string | number>,
    body: Buffer | undefined,
  ): void {
    const requestId = headers['x-request-id'] as string;
    const logging = INFO_OR_FINER.has(log.level);
    if (logging) {
      const request = { method: 'GET', url: req.url, ip: req.socket.remoteAddress };
      log.info({ reqId: requestId, req: request }, 'incoming request');
    }
    res.writeHead(status, headers);
    res.end(body);
    const seconds = (performance.now() - started) / 1000;
    countRequest('GET', route, status, seconds, true);
    if (logging)
      log.info(
        { reqId: requestId, res: { statusCode: status }, responseTime: seconds * 1000 },
        'request completed',
      );
  }

  function requestId(req: IncomingMessage, raw: RawHeaders): string {
    return requestIdFor(raw.requestId ? req.headers['x-request-id'] : undefined);
  }

  /** Counts the request against its key's limit, then sends; over the limit, Fastify refuses it. */
  function limitedSend(
    req: IncomingMessage,
    res: ServerResponse,
    fallback: () => void,
    principal: Principal,
    route: string,
    body: Buffer,
    started: number,
    raw: RawHeaders,
  ): void {
    const limiter = services.rateLimiter;
    const headers = (extra: Record<string, number>) => ({
      'x-request-id': requestId(req, raw),
      ...extra,
      'content-type': JSON_TYPE,
      'content-length': body.length,
    });
    if (!limiter) {
      send(req, res, started, route, 200, headers({}), body);
      return;
    }
    limiter
      .hit(principal.keyId)
      .then((decision) => {
        if (!decision.allowed) return fallback();
        const counted = { 'x-ratelimit-limit': decision.limit, 'x-ratelimit-remaining': decision.remaining };
        send(req, res, started, route, 200, headers(counted), body);
      })
      // Nothing sent yet: the route answers (and reports) whatever went wrong.
      .catch(() => {
        if (!res.headersSent) fallback();
      });
  }

  function catalogRead(
    req: IncomingMessage,
    res: ServerResponse,
    fallback: () => void,
    started: number,
    symbol: string | undefined,
  ): boolean {
    const raw = readHeaders(req.rawHeaders);
    if (raw.unusual) return false;
    // The routes' own decision, given only what the caches hold: anything missing or refused is theirs.
    const { access } = services;
    const request = { headers: raw.credentials, named: [] };
    const facts: AccessFacts = { operator: access.cachedOperator, off: access.cachedSwitchedOff() };
    let decision = decideAccess(request, facts);
    if (decision.kind === 'needs' && decision.need.kind === 'key') {
      facts.principal = access.cachedPrincipal(decision.need.apiKey);
      decision = decideAccess(request, facts);
    }
    if (decision.kind !== 'granted') return false;
    const { principal, operator, scope } = decision;
    const body = symbol === undefined ? answers.catalog(operator, scope) : answers.game(symbol, scope);
    if (!body) return false;
    const route = symbol === undefined ? GAMES : `${GAMES_PREFIX}:symbol`;
    limitedSend(req, res, fallback, principal, route, body, started, raw);
    return true;
  }

  function artRead(
    req: IncomingMessage,
    res: ServerResponse,
    fallback: () => void,
    started: number,
    rest: string,
  ): boolean {
    const limiter = services.publicRateLimiter;
    if (limiter && services.config.trustedProxies.length > 0) return false;
    const mark = rest.indexOf('?');
    const symbol = mark < 0 ? rest : rest.slice(0, mark);
    if (!ART_SYMBOL.test(symbol)) return false;
    const query = artQuery(mark < 0 ? '' : rest.slice(mark + 1));
    if (!query) return false;
    const { title, slug } = query;
    if (slug !== undefined && slug !== '' && !ART_SYMBOL.test(slug)) return false;
    if (title !== undefined && title.length > MAX_TITLE_LENGTH) return false;
    if (services.artwork.hasUpload(answers.artSymbol(symbol, slug))) return false;
    const raw = readHeaders(req.rawHeaders);
    const art = answers.keyArt({ symbol, slug, title });
    const fresh = etagMatches(raw.ifNoneMatch, art.etag);
    const headers: Record<string, string | number> = {
      'x-request-id': requestId(req, raw),
      etag: art.etag,
      'cache-control': ART_CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
      'content-security-policy': SVG_CSP,
    };
    if (!fresh) {
      headers['content-type'] = 'image/svg+xml';
      headers['content-length'] = art.svg.length;
    }
    const route = `${ART_PREFIX}:symbol`;
    const body = fresh ? undefined : art.svg;
    if (!limiter) {
      send(req, res, started, route, fresh ? 304 : 200, headers, body);
      return true;
    }
    limiter
      .hit(req.socket.remoteAddress ?? '')
      .then((decision) => {
        if (!decision.allowed) return fallback();
        send(req, res, started, route, fresh ? 304 : 200, { ...headers, ...rateHeaders(decision) }, body);
      })
      // Nothing sent yet: the route answers (and reports) whatever went wrong.
      .catch(() => {
        if (!res.headersSent) fallback();
      });
    return true;
  }

  return {
    answer(req, res, fallback) {
      if (!open || req.method !== 'GET') return false;
      const url = req.url as string;
      const started = performance.now();
      if (url === GAMES) return catalogRead(req, res, fallback, started, undefined);
      if (url.startsWith(GAMES_PREFIX)) {
        const symbol = url.slice(GAMES_PREFIX.length);
        return GAME_SYMBOL.test(symbol) && catalogRead(req, res, fallback, started, symbol);
      }
      if (url.startsWith(ART_PREFIX))
        return artRead(req, res, fallback, started, url.slice(ART_PREFIX.length));
      return false;
    },
    close() {
      open = false;
    },
  };
}

/**
 * Fastify's serverFactory: Node's HTTP server, set up as Fastify sets up its own, asking the lane
 * first. `lane()` is read per request: the lane is built after Fastify (it needs its logger).
 */
export function serverWithLane(lane: () => ReadLane | undefined) {
  return (handler: RequestListener, options: FastifyServerOptions): http.Server => {
    const server = http.createServer((options as { http?: http.ServerOptions }).http ?? {}, (req, res) => {
      let taken = false;
      try {
        taken = lane()?.answer(req, res, () => handler(req, res)) ?? false;
      } catch {
        // A fault in the lane never takes the node down: unless it already answered, the route
        // answers, and reports the fault through Fastify's error handling if it meets it too.
        taken = res.headersSent;
      }
      if (!taken) handler(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
