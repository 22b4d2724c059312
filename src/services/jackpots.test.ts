import { describe, expect, it } from 'vitest';
import { withinReach } from './jackpots.ts';

describe('withinReach: when the spin path reads a must-drop tier', () => {
  const range = 1_000_000n; // the tier's ceiling − seed, fine units
  it('looks every spin while the point or the growth is not known yet', () => {
    expect(withinReach({ dropAt: null, meter: 0n, perMs: 5 }, range, 2_000)).toBe(true);
    expect(withinReach({ dropAt: 900_000n, meter: 0n, perMs: null }, range, 2_000)).toBe(true);
  });

  it('looks once four cache periods of growth, or 1 % of the range, could reach the point', () => {
    // 10 fine units a ms: four 2 s periods are 80,000; 1 % of the range is 10,000
    expect(withinReach({ dropAt: 500_000n, meter: 400_000n, perMs: 10 }, range, 2_000)).toBe(false);
    expect(withinReach({ dropAt: 500_000n, meter: 410_000n, perMs: 10 }, range, 2_000)).toBe(true);
    // a pool at rest still looks within 1 % of the range
    expect(withinReach({ dropAt: 500_000n, meter: 489_999n, perMs: 0 }, range, 2_000)).toBe(false);
    expect(withinReach({ dropAt: 500_000n, meter: 490_000n, perMs: 0 }, range, 2_000)).toBe(true);
    // past the point: always
    expect(withinReach({ dropAt: 500_000n, meter: 600_000n, perMs: 0 }, range, 2_000)).toBe(true);
  });
});

describe('the spin path’s view of a must-drop tier across a win', () => {
  it('reads the growth from the contributions, so a reset between two reads does not hide a near point', async () => {
    const { createJackpotService } = await import('./jackpots.ts');
    const { createSeededRng } = await import('../engine/rng.ts');
    const tier = {
      id: 'jpt_1',
      pool_id: 'jp_1',
      name: 'mini',
      position: 0,
      kind: 'must_drop_value' as const,
      seed: 100n,
      contribution_ppm: 50_000n,
      reserve_ppm: 0n,
      ceiling: 150n,
      odds_stake: null,
      deadline_minute: null,
      cycle: 1n,
      cycle_started_at: new Date(0),
      hits: 0n,
      drop_commit: 'c',
      next_drop_commit: 'n',
    };
    const pool = {
      pool: {
        id: 'jp_1',
        name: 'P',
        scope: 'operator' as const,
        currency: 'USD',
        owner_operator_id: 'op',
        status: 'active' as const,
        created_by: 't',
        created_at: new Date(0),
      },
      tiers: [tier],
      rates: new Map<string, string>(),
      members: [{ operator_id: 'op', game_symbol: 'g' }],
    };
    // Fine units: the first read before a win, the second after it (the meter back at its seed while
    // 30 cents went in, 15 a second), the point drawn just above the seed.
    const reads = [
      { tier_id: 'jpt_1', drop_at: 140_000_000n, meter: 120_000_000n, contributed: 20_000_000n },
      { tier_id: 'jpt_1', drop_at: 101_000_000n, meter: 100_000_000n, contributed: 50_000_000n },
    ];
    let now = 0;
    let read = 0;
    const service = createJackpotService({
      repo: {
        fedPools: async () => [pool],
        dropStates: async () => [reads[Math.min(read++, reads.length - 1)] as (typeof reads)[number]],
      } as never,
      rng: () => createSeededRng(1),
      now: () => new Date(now),
    });
    const play = {
      roundId: 'r',
      operatorId: 'op',
      gameSymbol: 'g',
      currency: 'USD',
      stake: 100n,
      at: new Date(0),
    };
    const checkOf = async () => {
      const fed = await service.poolsFor('op', 'g', 'USD');
      return service.feedsOf(play, fed, createSeededRng(2))[0]?.tiers[0]?.check;
    };
    expect(await checkOf()).toBe(true); // first read: the growth is not known yet
    now = 2_000;
    // second read: the meter fell (a win) but 30 cents went in; the point is 1 cent above the meter
    expect(await checkOf()).toBe(true);
  });
});
