import { describe, expect, it } from 'vitest';
import type { JackpotsAnswer, JackpotTier } from '../api/types.ts';
import { jackpotRules, meterBetween, metersOf, POLL_MS, pollDelay, tierName, toneOf } from './jackpots.ts';

const tier = (over: Partial<JackpotTier> & Pick<JackpotTier, 'tier_id' | 'name'>): JackpotTier => ({
  kind: 'progressive',
  value: '10.00',
  seed: '10.00',
  ceiling: null,
  contribution_rate: '1.0',
  reserve_rate: '0.2',
  cycle: '1',
  hits: '0',
  drop_commit: null,
  ...over,
});

const answer = (tiers: JackpotTier[], currency = 'USD'): JackpotsAnswer => ({
  eligible: true,
  jackpots: [
    {
      pool_id: 'jp_1',
      name: 'Crown',
      scope: 'operator',
      currency,
      tiers,
      updated_at: '2026-11-27T00:00:00.000Z',
    },
  ],
});

describe('jackpot meters', () => {
  it('shows none when the session is not eligible or feeds no pool', () => {
    expect(metersOf(null)).toEqual([]);
    expect(metersOf({ eligible: false, jackpots: [] })).toEqual([]);
    expect(metersOf({ eligible: true, jackpots: [] })).toEqual([]);
  });

  it('puts the largest seed first and gives the tiers their tones from grand to mini', () => {
    const meters = metersOf(
      answer([
        tier({ tier_id: 'a', name: 'mini', seed: '10.00', value: '12.34' }),
        tier({ tier_id: 'b', name: 'grand', seed: '10000.00', value: '10020.00' }),
        tier({ tier_id: 'c', name: 'minor', seed: '100.00' }),
        tier({ tier_id: 'd', name: 'major', seed: '1000.00' }),
      ]),
    );
    expect(meters.map((m) => [m.tier.name, m.tone])).toEqual([
      ['grand', 'grand'],
      ['major', 'major'],
      ['minor', 'minor'],
      ['mini', 'mini'],
    ]);
    expect(meters[0]?.minor).toBe(1_002_000n);
    expect(meters[0]?.key).toBe('jp_1:b');
  });

  it('spreads fewer or more tiers than four over the tones, top and bottom kept', () => {
    expect([0, 1].map((rank) => toneOf(rank, 2))).toEqual(['grand', 'mini']);
    expect([0, 1, 2].map((rank) => toneOf(rank, 3))).toEqual(['grand', 'minor', 'mini']);
    expect(toneOf(0, 1)).toBe('grand');
    expect(toneOf(4, 5)).toBe('mini');
  });

  it("shows the value in the player's currency when the server converted it", () => {
    const [meter] = metersOf(
      answer([
        tier({
          tier_id: 'a',
          name: 'grand',
          value: '100.00',
          value_in_currency: { currency: 'JPY', value: '15000' },
        }),
      ]),
    );
    expect(meter).toMatchObject({ minor: 15_000n, currency: 'JPY' });
    const [same] = metersOf(answer([tier({ tier_id: 'a', name: 'grand', value: '100.05' })]));
    expect(same).toMatchObject({ minor: 10_005n, currency: 'USD' });
  });

  it("names the usual tiers in the player's words and any other as written, capitalised", () => {
    expect(tierName('grand')).toBe('Grand');
    expect(tierName('mini')).toBe('Mini');
    expect(tierName('daily_drop')).toBe('Daily drop');
  });

  it('polls every 2 s, backing off after failures to 30 s at most', () => {
    expect(pollDelay(0)).toBe(POLL_MS);
    expect([1, 2, 3, 4, 5, 50].map(pollDelay)).toEqual([4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('climbs to a higher reading, and shows a reset at once', () => {
    expect(meterBetween(1_000n, 2_000n, 0)).toBe(1_000n);
    const half = meterBetween(1_000n, 2_000n, 0.5);
    expect(half > 1_000n && half < 2_000n).toBe(true);
    expect(meterBetween(1_000n, 2_000n, 1)).toBe(2_000n);
    expect(meterBetween(5_000n, 1_000n, 0.1)).toBe(1_000n);
  });
});

describe('jackpot rules', () => {
  const money = (decimal: string, currency: string) => `${currency} ${decimal}`;

  it('says jackpots are unavailable where the market bans them', () => {
    expect(jackpotRules(null, false, money)).toEqual({
      kind: 'unavailable',
      text: 'Jackpots are not available in your market. The return to player shown is the game’s own.',
    });
    expect(jackpotRules({ eligible: true, jackpots: [] }, true, money)).toEqual({ kind: 'none' });
  });

  it('states each tier’s funding, seed, ceiling and how it is won, grand first, and links the record', () => {
    const rules = jackpotRules(
      answer([
        tier({ tier_id: 'm', name: 'mini', seed: '10.00', contribution_rate: '0.5', reserve_rate: '0.1' }),
        tier({ tier_id: 'g', name: 'grand', kind: 'must_drop_value', seed: '1000.00', ceiling: '5000.00' }),
        tier({ tier_id: 'd', name: 'daily', kind: 'must_drop_time', seed: '100.00' }),
      ]),
      true,
      money,
    );
    if (rules.kind !== 'pools') throw new Error(rules.kind);
    const [pool] = rules.pools;
    expect(pool?.href).toBe('/jackpots/jp_1');
    expect(pool?.intro).toContain('Crown');
    expect(pool?.tiers[0]).toMatch(
      /^Grand: starts at USD 1000\.00\. 1\.0% .* before it reaches USD 5000\.00/,
    );
    expect(pool?.tiers[1]).toMatch(/^Daily: .* daily deadline/);
    expect(pool?.tiers[2]).toMatch(/^Mini: starts at USD 10\.00\. 0\.5% .* 0\.1% .* at random/);
    expect(rules.notes.join(' ')).toContain('claims the tier first wins it');
    expect(rules.notes.join(' ')).toContain('only on paid spins');
  });
});
