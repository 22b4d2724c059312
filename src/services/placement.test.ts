import { describe, expect, it } from 'vitest';
import type { PlacementRow } from '../store/clusters.repo.ts';
import { createPlacementService } from './placement.ts';

function fixture(rows: PlacementRow[]) {
  let at = 1_000;
  let reads = 0;
  const service = createPlacementService({
    repo: {
      async all() {
        reads += 1;
        return rows.map((row) => ({ ...row }));
      },
    },
    control: 'main',
    clusters: ['east', 'west'],
    now: () => at,
    cacheMs: 1000,
  });
  return {
    service,
    rows,
    advance: (ms: number) => {
      at += ms;
    },
    reads: () => reads,
  };
}

const row = (operatorId: string, cluster: string, readOnly = false): PlacementRow => ({
  operatorId,
  cluster,
  readOnly,
  changedAt: new Date(0),
});

describe('the placement map every node caches', () => {
  it('places an operator the map does not name on the control cluster, and a named one where it says', async () => {
    const { service } = fixture([row('op_a', 'east')]);
    expect(await service.of('op_b')).toEqual({ cluster: 'main', readOnly: false });
    expect(await service.of('op_a')).toEqual({ cluster: 'east', readOnly: false });
    expect(service.clusters).toEqual(['main', 'east', 'west']);
  });

  it('reads the map once while fresh, and again once it is older than the cache time', async () => {
    const f = fixture([row('op_a', 'east')]);
    expect(f.service.cachedOf('op_a')).toBeUndefined();
    await f.service.of('op_a');
    await f.service.of('op_b');
    expect(f.reads()).toBe(1);
    expect(f.service.cachedOf('op_a')).toEqual({ cluster: 'east', readOnly: false });
    f.rows[0] = row('op_a', 'east', true);
    f.advance(999);
    expect((await f.service.of('op_a')).readOnly).toBe(false);
    f.advance(1);
    expect(f.service.cachedOf('op_a')).toBeUndefined();
    expect((await f.service.of('op_a')).readOnly).toBe(true);
    expect(f.reads()).toBe(2);
  });

  it('asks the store once for callers that arrive together', async () => {
    const f = fixture([]);
    await Promise.all([f.service.of('op_a'), f.service.of('op_b'), f.service.of('op_c')]);
    expect(f.reads()).toBe(1);
  });
});
