// The facts of who a provider API request acts as (a key's principal, an operator with its
// allowlist, the switched-off games); what they decide is `decideAccess` (services/provider-access.ts).
// Look-ups are cached briefly; the node that changes a key or operator drops its cache at once
// (it listens to the change hook), other nodes see the change within ACCESS_CACHE_MS.
import { hashApiKey, looksLikeApiKey } from '../domain/api-keys.ts';
import type { ApiKeysRepo, OperatorsRepo } from '../store/operators.repo.ts';
import type { Changes } from './changes.ts';
import type { OperatorAccess, Principal } from './provider-access.ts';

export const ACCESS_CACHE_MS = 1000;
const TOUCH_EVERY_MS = 60_000;

export type { OperatorAccess, Principal };

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
   * The same facts from the caches alone, without waiting: undefined when the fact is missing or
   * stale (the read lane then leaves the request to the routes, which look it up).
   */
  cachedPrincipal(apiKey: string): Principal | null | undefined;
  cachedOperator(operatorId: string): OperatorAccess | null | undefined;
  cachedSwitchedOff(): ReadonlySet<string> | undefined;
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

  const cachedSwitchedOff = deps.cachedSwitchedOff ?? (() => (deps.switchedOff ? undefined : noneOff));

  function fresh<T>(cached: Cached<T> | undefined): T | undefined {
    return cached && cached.until > now() ? cached.value : undefined;
  }

  // A change on this node drops every cached look-up at once.
  deps.changes.listen((change) => {
    if (change.kind === 'artwork') return;
    keyCache.clear();
    operatorCache.clear();
  });

  return {
    principalFor,
    operatorAccess,
    switchedOff,
    cachedPrincipal: (apiKey) => fresh(keyCache.get(apiKey)),
    cachedOperator: (operatorId) => fresh(operatorCache.get(operatorId)),
    cachedSwitchedOff,
  };
}
