// Where each operator plays (issue 30, part 3): the control cluster's map, cached whole by every
// node for PLACEMENT_CACHE_MS (the map holds only operators placed off the control cluster or being
// moved: a few rows). `reelforge operator move` marks an operator read-only, then waits longer than
// this before it drains, so every node has seen the mark before the move counts what is open.
import type { Placement } from '../domain/clusters.ts';
import type { clustersRepo } from '../store/clusters.repo.ts';

export const PLACEMENT_CACHE_MS = 1000;

export interface PlacementService {
  /** The operator's cluster and whether it is read-only (a fresh map, read again when stale). */
  of(operatorId: string): Promise<Placement>;
  /** The same from the cached map alone; undefined when the map is stale. */
  cachedOf(operatorId: string): Placement | undefined;
  /** Every cluster this node knows, the control one first. */
  readonly clusters: readonly string[];
  readonly control: string;
}

export function createPlacementService(deps: {
  repo: Pick<ReturnType<typeof clustersRepo>, 'all'>;
  control: string;
  clusters: readonly string[];
  now?: () => number;
  cacheMs?: number;
}): PlacementService {
  const now = deps.now ?? Date.now;
  const cacheMs = deps.cacheMs ?? PLACEMENT_CACHE_MS;
  const home: Placement = { cluster: deps.control, readOnly: false };
  let map = new Map<string, Placement>();
  let until = 0;
  let loading: Promise<void> | undefined;

  function load(): Promise<void> {
    loading ??= (async () => {
      const started = now();
      try {
        const rows = await deps.repo.all();
        map = new Map(rows.map((row) => [row.operatorId, { cluster: row.cluster, readOnly: row.readOnly }]));
        until = started + cacheMs;
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  }

  const cachedOf = (operatorId: string): Placement | undefined =>
    until > now() ? (map.get(operatorId) ?? home) : undefined;

  return {
    control: deps.control,
    clusters: [deps.control, ...deps.clusters.filter((id) => id !== deps.control)],
    cachedOf,
    async of(operatorId) {
      const cached = cachedOf(operatorId);
      if (cached) return cached;
      await load();
      return map.get(operatorId) ?? home;
    },
  };
}
