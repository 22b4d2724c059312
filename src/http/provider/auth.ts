// Provider API authentication: the key in any of the contract's three forms, then the scope, as
// `decideAccess` decides them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errors } from '../../domain/errors.ts';
import type { Services } from '../../services/index.ts';
import {
  type AccessDecision,
  type AccessFacts,
  type AccessRequest,
  decideAccess,
  type OperatorAccess,
  type Principal,
} from '../../services/provider-access.ts';
import { credentialHeaders, operatorIdHeader } from '../edge-guard.ts';

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

/**
 * The request's key and the operator it acts for, decided by `decideAccess` (the read lane takes
 * the same decision from its caches): facts are looked up as it asks for them. The rate limit is
 * counted once the key is known, so a refused scope still counts and a bad key never does.
 */
export async function authorize(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  bodyOperatorId?: unknown,
): Promise<Extract<AccessDecision, { kind: 'granted' }>> {
  const { access } = services;
  const operators = new Map<string, OperatorAccess | null>();
  const facts: AccessFacts = { operator: (id) => operators.get(id) };
  const asked: AccessRequest = { headers: credentialHeaders(request), named: [] };
  // Each fact is asked for at most once: the key, the operator, the switched-off games.
  for (let step = 0; step < 4; step++) {
    const decision = decideAccess(asked, facts);
    if (decision.kind === 'granted') return decision;
    if (decision.kind === 'refused') throw decision.error;
    const { need } = decision;
    if (need.kind === 'key') {
      const principal = await access.principalFor(need.apiKey);
      facts.principal = principal;
      if (principal) {
        await limitRate(services, principal, reply);
        asked.named = requestedOperatorIds(request, bodyOperatorId);
      }
    } else if (need.kind === 'operator') {
      operators.set(need.operatorId, await access.operatorAccess(need.operatorId));
    } else {
      facts.off = await access.switchedOff();
    }
  }
  throw new Error('decideAccess asked for more facts than there are');
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
