// Who a provider API request acts as and which catalog it may see: the one decision, taken by the
// Fastify routes (`http/provider/auth.ts`) and by the read lane (`http/provider/read-lane.ts`). Pure:
// when it needs a fact it has not been given (a key's principal, an operator, the switched-off
// games) it says so; the routes look the fact up and ask again, the read lane gives what its caches
// hold and leaves the request to the routes when anything is missing or refused.

import { extractApiKey, type KeyHeaders } from '../domain/api-keys.ts';
import type { CatalogScope } from '../domain/catalog.ts';
import { type ApiError, errors } from '../domain/errors.ts';
import type { OperatorRow } from '../store/operators.repo.ts';

export type Principal =
  | { kind: 'operator'; keyId: string; operatorId: string }
  | { kind: 'master'; keyId: string };

export interface OperatorAccess {
  operator: OperatorRow;
  allowlist: ReadonlySet<string>;
}

export interface AccessRequest {
  /** The credential headers as sent (a repeated one as an array). */
  headers: KeyHeaders;
  /** Every operator id the request names (query, x-operator-id header, body), empty ones left out. */
  named: readonly string[];
}

/** What is known so far; a fact left undefined has not been looked up. */
export interface AccessFacts {
  /** The principal of the request's key; null for an unknown or revoked key. */
  principal?: Principal | null;
  /** An operator with its allowlist; null when it does not exist, undefined when not looked up. */
  operator?: (operatorId: string) => OperatorAccess | null | undefined;
  /** Games staff switched off. */
  off?: ReadonlySet<string>;
}

export type AccessNeed =
  | { kind: 'key'; apiKey: string }
  | { kind: 'operator'; operatorId: string }
  | { kind: 'switches' };

export type AccessDecision =
  | { kind: 'granted'; principal: Principal; operator: OperatorRow | null; scope: CatalogScope }
  | { kind: 'refused'; error: ApiError }
  | { kind: 'needs'; need: AccessNeed };

const refused = (error: ApiError): AccessDecision => ({ kind: 'refused', error });
const needs = (need: AccessNeed): AccessDecision => ({ kind: 'needs', need });

/**
 * The key (401: missing, malformed, two different ones, unknown or revoked), then the operator it
 * acts for: an operator key only for its own (403 for another), a master key for the one it names
 * (none: every operator; two different: 400); a missing or inactive operator is 403.
 */
export function decideAccess(request: AccessRequest, facts: AccessFacts): AccessDecision {
  const credential = extractApiKey(request.headers);
  if (credential.kind === 'none')
    return refused(errors.unauthorized('missing API key: send x-provider-api-key'));
  if (credential.kind === 'conflict')
    return refused(errors.unauthorized('the request carries two different API keys'));
  if (credential.kind === 'malformed')
    return refused(errors.unauthorized('the Authorization header must be "Bearer <API_KEY>"'));
  if (facts.principal === undefined) return needs({ kind: 'key', apiKey: credential.apiKey });
  if (facts.principal === null) return refused(errors.unauthorized('invalid or revoked API key'));
  const principal = facts.principal;

  const named = [...new Set(request.named)];
  let operatorId: string | undefined;
  let who: string;
  if (principal.kind === 'operator') {
    if (named.some((id) => id !== principal.operatorId))
      return refused(
        errors.forbidden('an operator key acts only for its own operator; do not send another operator_id'),
      );
    operatorId = principal.operatorId;
    who = 'the key operator';
  } else {
    if (named.length > 1)
      return refused(errors.invalidRequest('operator_id and x-operator-id name different operators'));
    operatorId = named[0];
    who = `operator ${operatorId}`;
  }

  if (operatorId === undefined) {
    if (facts.off === undefined) return needs({ kind: 'switches' });
    return { kind: 'granted', principal, operator: null, scope: { kind: 'all', off: facts.off } };
  }
  const access = facts.operator?.(operatorId);
  if (access === undefined) return needs({ kind: 'operator', operatorId });
  if (access === null) return refused(errors.forbidden(`${who} does not exist`));
  const { operator, allowlist } = access;
  if (operator.status !== 'active') return refused(errors.forbidden(`operator ${operator.id} is inactive`));
  if (facts.off === undefined) return needs({ kind: 'switches' });
  return {
    kind: 'granted',
    principal,
    operator,
    scope: {
      kind: 'operator',
      operatorId: operator.id,
      allowlist,
      rtpVariant: operator.rtp_variant,
      off: facts.off,
    },
  };
}
