// Catalog answers change only with admin actions, so they are rendered once per scope and sent as
// ready bytes while what they were made from stays the same: the operator's allowlist (a new Set
// whenever the access cache reloads it), its RTP variant, the artwork list and the base URL.
import type { CatalogScope } from '../../domain/catalog.ts';
import type { Services } from '../../services/index.ts';

/** Longest reuse of a rendering; the access cache refreshes on the same beat. */
const RENDERED_FOR_MS = 1000;
const MAX_ENTRIES = 10_000;

export interface RenderedCache {
  /** The bytes of `render()`'s JSON for this key and scope, rendered again only when stale. */
  json(key: string, scope: CatalogScope, render: () => unknown): Buffer;
}

export function renderedCache(services: Services): RenderedCache {
  const entries = new Map<string, { until: number; basis: unknown[]; body: Buffer }>();
  return {
    json(key, scope, render) {
      const basis = [
        scope.kind === 'operator' ? scope.allowlist : null,
        scope.kind === 'operator' ? scope.rtpVariant : null,
        services.artwork.version,
        services.catalog.publicBaseUrl,
      ];
      const now = Date.now();
      let entry = entries.get(key);
      if (!entry || entry.until <= now || entry.basis.some((value, i) => value !== basis[i])) {
        entry = { until: now + RENDERED_FOR_MS, basis, body: Buffer.from(JSON.stringify(render())) };
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, entry);
      }
      return entry.body;
    },
  };
}
