// Provider API authentication: the key in any of the contract's three forms, then the scope.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { extractApiKey } from '../../domain/api-keys.ts';
import { ApiError, errors } from '../../domain/errors.ts';
import type { Principal, ScopeResult } from '../../services/access.ts';
import type { Services } from '../../services/index.ts';
import { credentialHeaders, operatorIdHeader } from '../edge-guard.ts';

/** The key's principal, or throws 401: missing, malformed, unknown, revoked, or two different keys. */
export async function authenticate(services: Services, request: FastifyRequest): Promise<Principal> {
  const extracted = extractApiKey(credentialHeaders(request));
  if (extracted.kind === 'none') throw errors.unauthorized('missing API key: send x-provider-api-key');
  if (extracted.kind === 'conflict') throw errors.unauthorized('the request carries two different API keys');
  if (extracted.kind === 'malformed')
    throw errors.unauthorized('the Authorization header must be "Bearer <API_KEY>"');
  const principal = await services.access.principalFor(extracted.apiKey);
  if (!principal) throw errors.unauthorized('invalid or revoked API key');
  return principal;
}

/** Every operator id a request names: the query, the x-operator-id header, and optionally the body. */
export function requestedOperatorIds(request: FastifyRequest, bodyOperatorId?: unknown): string[] {
  const ids: string[] = [];
  const query = request.query as { operator_id?: unknown } | undefined;
  if (typeof query?.operator_id === 'string' && query.operator_id !== '') ids.push(query.operator_id);
  const header = operatorIdHeader(request);
  if (header !== undefined && header !== '') ids.push(header);
  // null reads as absent (clients serialise a missing field so); any other non-string is a mistake.
  if (bodyOperatorId !== undefined && bodyOperatorId !== null && typeof bodyOperatorId !== 'string')
    throw errors.invalidRequest(
      `operator_id must be a string (the operator's id, op_…), not ${shapeOf(bodyOperatorId)}`,
    );
  if (typeof bodyOperatorId === 'string' && bodyOperatorId !== '') ids.push(bodyOperatorId);
  return ids;
}

function shapeOf(value: unknown): string {
  return Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Counts the request against the key's limit; throws 429 when the minute's budget is spent. */
async function limitRate(services: Services, principal: Principal, reply: FastifyReply): Promise<void> {
  if (!services.rateLimiter) return;
  const decision = await services.rateLimiter.hit(principal.keyId);
  reply.header('x-ratelimit-limit', decision.limit).header('x-ratelimit-remaining', decision.remaining);
  if (!decision.allowed) {
    reply.header('retry-after', decision.resetSeconds);
    throw new ApiError(
      'rate_limited',
      `more than ${decision.limit} requests this minute for this key; retry in ${decision.resetSeconds} s`,
    );
  }
}

export async function authorize(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  bodyOperatorId?: unknown,
): Promise<Extract<ScopeResult, { ok: true }> & { principal: Principal }> {
  const principal = await authenticate(services, request);
  await limitRate(services, principal, reply);
  const result = await services.access.scopeFor(principal, requestedOperatorIds(request, bodyOperatorId));
  if (!result.ok) throw result.error;
  return { ...result, principal };
}

/** authorize() for routes that act for one operator: a master key must select it. */
export async function authorizeOperator(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  bodyOperatorId?: unknown,
) {
  const result = await authorize(services, request, reply, bodyOperatorId);
  if (!result.operator) {
    throw errors.invalidRequest('operator_id is required with a master key (query, x-operator-id or body)');
  }
  return { operator: result.operator, scope: result.scope };
}
