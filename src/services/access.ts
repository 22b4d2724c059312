// Who a provider API request acts as (operator key or master key) and which catalog it may see.
// Look-ups are cached briefly; the node that changes a key or operator drops its cache at once
// (it listens to the change hook), other nodes see the change within ACCESS_CACHE_MS.
import { hashApiKey, looksLikeApiKey } from '../domain/api-keys.ts';
import type { CatalogScope } from '../domain/catalog.ts';
import { type ApiError, errors } from '../domain/errors.ts';
import type { ApiKeysRepo, OperatorRow, OperatorsRepo } from '../store/operators.repo.ts';
import type { Changes } from './changes.ts';

export const ACCESS_CACHE_MS = 1000;
const TOUCH_EVERY_MS = 60_000;

export type Principal =
  | { kind: 'operator'; keyId: string; operatorId: string }
  | { kind: 'master'; keyId: string };

export interface OperatorAccess {
  operator: OperatorRow;
  allowlist: ReadonlySet<string>;
}

export type ScopeResult =
  | { ok: true; operator: OperatorRow | null; scope: CatalogScope }
  | { ok: false; error: ApiError };

interface Cached<T> {
  value: T;
  until: number;
}

export interface AccessService {
  /** Who an API key acts as; null for an unknown or revoked key. */
  principalFor(apiKey: string): Promise<Principal | null>;
  /** Games staff switched off (for scopes built elsewhere). */
  switchedOff(): Promise<ReadonlySet<string>>;
  /** An operator with its allowlist, or null when it does not exist. */
  operatorAccess(operatorId: string): Promise<OperatorAccess | null>;
  /**
   * The scope of a request. `requested` holds every operator id the request named (query,
   * x-operator-id header, launch body), empty strings already removed.
   */
  scopeFor(principal: Principal, requested: readonly string[]): Promise<ScopeResult>;
  /**
   * What principalFor() then scopeFor(principal, []) would give, answered only from the caches
   * while every part is fresh: undefined when anything must be read (or would be refused), so the
   * caller takes the ordinary path. The read lane answers from it without a promise.
   */
  cachedScope(
    apiKey: string,
  ): { principal: Principal; result: Extract<ScopeResult, { ok: true }> } | undefined;
}

export function createAccessService(deps: {
  keys: ApiKeysRepo;
  operators: OperatorsRepo;
  changes: Changes;
  now?: () => number;
  /** Games staff switched off; none when absent. */
  switchedOff?: () => Promise<ReadonlySet<string>>;
  /** The same set from its cache while fresh, without waiting; undefined when stale. */
  cachedSwitchedOff?: () => ReadonlySet<string> | undefined;
}): AccessService {
  const { keys, operators } = deps;
  const now = deps.now ?? Date.now;
  const keyCache = new Map<string, Cached<Principal | null>>();
  const operatorCache = new Map<string, Cached<OperatorAccess | null>>();
  const touchedAt = new Map<string, number>();

  async function principalFor(apiKey: string): Promise<Principal | null> {
    if (!looksLikeApiKey(apiKey)) return null;
    const cached = keyCache.get(apiKey);
    const at = now();
    if (cached && cached.until > at) return cached.value;
    const row = await keys.findByHash(hashApiKey(apiKey));
    let principal: Principal | null = null;
    if (row && row.revoked_at === null) {
      principal =
        row.kind === 'master'
          ? { kind: 'master', keyId: row.id }
          : { kind: 'operator', keyId: row.id, operatorId: row.operator_id as string };
    }
    if (keyCache.size > 10_000) keyCache.clear();
    keyCache.set(apiKey, { value: principal, until: at + ACCESS_CACHE_MS });
    if (principal && (touchedAt.get(principal.keyId) ?? 0) + TOUCH_EVERY_MS < at) {
      touchedAt.set(principal.keyId, at);
      keys.touch(principal.keyId, new Date(at)).catch(() => touchedAt.delete(principal.keyId));
    }
    return principal;
  }

  async function operatorAccess(operatorId: string): Promise<OperatorAccess | null> {
    const cached = operatorCache.get(operatorId);
    const at = now();
    if (cached && cached.until > at) return cached.value;
    const operator = await operators.find(operatorId);
    const value = operator ? { operator, allowlist: new Set(await operators.catalog(operatorId)) } : null;
    if (operatorCache.size > 10_000) operatorCache.clear();
    operatorCache.set(operatorId, { value, until: at + ACCESS_CACHE_MS });
    return value;
  }

  const noneOff: ReadonlySet<string> = new Set();
  const switchedOff = deps.switchedOff ?? (async () => noneOff);

  async function activeScope(access: OperatorAccess | null, what: string): Promise<ScopeResult> {
    if (!access) return { ok: false, error: errors.forbidden(`${what} does not exist`) };
    if (access.operator.status !== 'active') {
      return { ok: false, error: errors.forbidden(`operator ${access.operator.id} is inactive`) };
    }
    return {
      ok: true,
      operator: access.operator,
      scope: {
        kind: 'operator',
        operatorId: access.operator.id,
        allowlist: access.allowlist,
        rtpVariant: access.operator.rtp_variant,
        off: await switchedOff(),
      },
    };
  }

  async function scopeFor(principal: Principal, requested: readonly string[]): Promise<ScopeResult> {
    const named = [...new Set(requested)];
    if (principal.kind === 'operator') {
      if (named.some((id) => id !== principal.operatorId)) {
        return {
          ok: false,
          error: errors.forbidden(
            'an operator key acts only for its own operator; do not send another operator_id',
          ),
        };
      }
      return activeScope(await operatorAccess(principal.operatorId), 'the key operator');
    }
    if (named.length > 1) {
      return {
        ok: false,
        error: errors.invalidRequest('operator_id and x-operator-id name different operators'),
      };
    }
    const [operatorId] = named;
    if (operatorId === undefined)
      return { ok: true, operator: null, scope: { kind: 'all', off: await switchedOff() } };
    return activeScope(await operatorAccess(operatorId), `operator ${operatorId}`);
  }

  const cachedSwitchedOff = deps.cachedSwitchedOff ?? (() => (deps.switchedOff ? undefined : noneOff));

  function cachedScope(apiKey: string) {
    const at = now();
    const key = keyCache.get(apiKey);
    if (!key || key.until <= at || !key.value) return undefined;
    const principal = key.value;
    const off = cachedSwitchedOff();
    if (!off) return undefined;
    if (principal.kind === 'master')
      return {
        principal,
        result: { ok: true as const, operator: null, scope: { kind: 'all' as const, off } },
      };
    const cached = operatorCache.get(principal.operatorId);
    const access = cached && cached.until > at ? cached.value : null;
    if (!access) return undefined;
    if (access.operator.status !== 'active') return undefined;
    const { operator, allowlist } = access;
    return {
      principal,
      result: {
        ok: true as const,
        operator,
        scope: {
          kind: 'operator' as const,
          operatorId: operator.id,
          allowlist,
          rtpVariant: operator.rtp_variant,
          off,
        },
      },
    };
  }

  // A change on this node drops every cached look-up at once.
  deps.changes.listen((change) => {
    if (change.kind === 'artwork') return;
    keyCache.clear();
    operatorCache.clear();
  });

  return { principalFor, operatorAccess, scopeFor, switchedOff, cachedScope };
}
