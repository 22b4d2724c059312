import { describe, expect, it } from 'vitest';
import { heldBy } from './cells.ts';

describe('the pool, campaign or prize a matched route names', () => {
  it('reads the id from the decoded params of the route that matched', () => {
    expect(heldBy('/api/admin/v1/campaigns/prizes/:prize_id/retry', { prize_id: 'prz_1' })).toEqual({
      kind: 'prize',
      id: 'prz_1',
    });
    expect(heldBy('/api/admin/v1/campaigns/:id/approve', { id: 'cmp_1' })).toEqual({
      kind: 'campaign',
      id: 'cmp_1',
    });
    expect(heldBy('/api/admin/v1/jackpots/:id/tiers/:tier', { id: 'jp_1', tier: 'jpt_1' })).toEqual({
      kind: 'pool',
      id: 'jp_1',
    });
    expect(heldBy('/api/public/v1/jackpots/:id/rounds/:round_id', { id: 'jp_2' })).toEqual({
      kind: 'pool',
      id: 'jp_2',
    });
    expect(heldBy('/jackpots/:id', { id: 'jp_3' })).toEqual({ kind: 'pool', id: 'jp_3' });
  });

  it('names nothing for lists, creates and other routes', () => {
    for (const route of [
      '/api/admin/v1/campaigns/prizes',
      '/api/admin/v1/campaigns',
      '/api/admin/v1/jackpots',
      '/api/admin/v1/jackpots-figures',
      '/api/admin/v1/operators/:id',
      '/api/provider/v1/jackpots',
    ])
      expect(heldBy(route, { id: 'x' })).toBeUndefined();
    expect(heldBy('/jackpots/:id', {})).toBeUndefined();
  });
});
