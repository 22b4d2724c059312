import { describe, expect, it } from 'vitest';
import { jackpotFigures, ladderStakes, ppmPercent, spinsPerHit } from './jackpot-figures.ts';
import { conversionOf, hitsPerMillionSpins, type TierParams } from './jackpots.ts';

const tier = (over: Partial<TierParams> & Pick<TierParams, 'name' | 'kind'>): TierParams => ({
  seed: 1_000n,
  contributionPpm: 0n,
  reservePpm: 0n,
  ceiling: null,
  oddsStake: null,
  deadlineMinute: null,
  ...over,
});

// The worked example of docs/jackpots-figures.md.
const TIERS: TierParams[] = [
  tier({
    name: 'mini',
    kind: 'must_drop_time',
    seed: 1_000n,
    contributionPpm: 1_500n,
    reservePpm: 500n,
    deadlineMinute: 22 * 60,
  }),
  tier({
    name: 'major',
    kind: 'must_drop_value',
    seed: 50_000n,
    ceiling: 100_000n,
    contributionPpm: 5_000n,
    reservePpm: 1_000n,
  }),
  tier({
    name: 'grand',
    kind: 'progressive',
    seed: 1_000_000n,
    contributionPpm: 3_333n,
    reservePpm: 167n,
    oddsStake: 1_000_000_000n,
  }),
];

describe('jackpot figures', () => {
  it('the worked example: RTPs summed exactly and every tier at each stake', () => {
    const figures = jackpotFigures({
      baseRtp: '94.30',
      pools: [{ id: 'jp_1', tiers: TIERS }],
      stakes: [20n, 200n, 10_000n],
      currency: 'EUR',
    });
    expect(figures).toEqual({
      base_rtp: '94.30',
      jackpot_rtp: '1.15',
      total_rtp: '95.45',
      tiers: [
        {
          pool_id: 'jp_1',
          name: 'mini',
          kind: 'must_drop_time',
          contribution_rate: '0.15',
          reserve_rate: '0.05',
          rtp: '0.20',
          frequencies: null,
          drops_daily_before: '22:00',
        },
        {
          pool_id: 'jp_1',
          name: 'major',
          kind: 'must_drop_value',
          contribution_rate: '0.50',
          reserve_rate: '0.10',
          rtp: '0.60',
          // climb €250.00 over 0.5 % of the stake: 25000 / (0.005 × 20) = 250000 spins at €0.20
          frequencies: [
            { stake: '0.20', one_in: '250000' },
            { stake: '2.00', one_in: '25000' },
            { stake: '100.00', one_in: '500' },
          ],
          drops_daily_before: null,
        },
        {
          pool_id: 'jp_1',
          name: 'grand',
          kind: 'progressive',
          contribution_rate: '0.3333',
          reserve_rate: '0.0167',
          rtp: '0.35',
          frequencies: [
            { stake: '0.20', one_in: '50000000' },
            { stake: '2.00', one_in: '5000000' },
            { stake: '100.00', one_in: '100000' },
          ],
          drops_daily_before: null,
        },
      ],
    });
  });

  it('has no float drift: 0.1 % steps add to exact figures', () => {
    const tenths = Array.from({ length: 7 }, (_, i) =>
      tier({ name: `t${i}`, kind: 'progressive', oddsStake: 1n, contributionPpm: 700n, reservePpm: 300n }),
    );
    // 0.1 + 0.2 (as floats, 0.30000000000000004)
    expect(
      jackpotFigures({
        baseRtp: '96.2',
        pools: [
          { id: 'a', tiers: tenths.slice(0, 3) },
          { id: 'b', tiers: tenths.slice(3) },
        ],
        stakes: [],
        currency: 'USD',
      }),
    ).toMatchObject({
      jackpot_rtp: '0.70',
      total_rtp: '96.90',
    });
    expect(ppmPercent(1n)).toBe('0.0001');
    expect(ppmPercent(123_456n)).toBe('12.3456');
    expect(ppmPercent(0n)).toBe('0.00');
    expect(
      jackpotFigures({
        baseRtp: '96.12345',
        pools: [{ id: 'jp_1', tiers: TIERS }],
        stakes: [],
        currency: 'USD',
      }).total_rtp,
    ).toBe('97.27345');
  });

  it('frequencies agree with hitsPerMillionSpins, convert the stake, and a stake at the odds always hits', () => {
    for (const t of TIERS.slice(1)) {
      for (const stake of [7n, 200n, 12_345n]) {
        const [num, den] = spinsPerHit(t, stake) ?? [0n, 1n];
        expect(Number(num) / Number(den)).toBeCloseTo(1e6 / (hitsPerMillionSpins(t, stake) ?? 0), 3);
      }
    }
    const progressive = tier({ name: 'p', kind: 'progressive', oddsStake: 1_000n });
    expect(spinsPerHit(progressive, 1_000n)).toEqual([1n, 1n]);
    expect(spinsPerHit(progressive, 5_000n)).toEqual([1n, 1n]);
    // a JPY stake into a EUR pool: ¥100 = €0.6127 at 163.21 yen to the euro → 1000 / 61.27... spins
    const conversion = conversionOf('0.006127', 'JPY', 'EUR');
    const [num, den] = spinsPerHit(progressive, 100n, conversion) ?? [0n, 1n];
    expect(Number(num) / Number(den)).toBeCloseTo(1_000 / 61.27, 9);
    expect(
      jackpotFigures({
        baseRtp: '96.00',
        pools: [{ id: 'jp_eur', tiers: [progressive], conversion }],
        stakes: [100n],
        currency: 'JPY',
      }).tiers[0]?.frequencies,
    ).toEqual([{ stake: '100', one_in: '16.32' }]);
  });

  it('lists the distinct base stakes of a ladder in order', () => {
    expect(ladderStakes({ coinValues: [1n, 2n, 5n], betLevels: [1, 2, 5], lineCost: 10 })).toEqual([
      10n,
      20n,
      40n,
      50n,
      100n,
      250n,
    ]);
  });
});
