import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededRng } from '../engine/rng.ts';
import {
  commitOf,
  contributionOf,
  conversionOf,
  drawBelow,
  drawTimeDrop,
  drawTimePoint,
  drawValueDrop,
  drawValuePoint,
  FINE_PER_MINOR,
  hitsPerMillionSpins,
  jackpotRtpPpm,
  ledgerBody,
  merklePath,
  merkleRoot,
  nextDeadline,
  payoutOf,
  ppmAsPercent,
  progressiveHit,
  rootFromPath,
  SAME_CURRENCY,
  type TierParams,
  tierProblem,
} from './jackpots.ts';

const tier = (over: Partial<TierParams> = {}): TierParams => ({
  name: 'major',
  kind: 'must_drop_value',
  seed: 100_000n,
  contributionPpm: 5_000n,
  reservePpm: 1_000n,
  ceiling: 500_000n,
  oddsStake: null,
  deadlineMinute: null,
  ...over,
});

describe('contributions', () => {
  it('a stake in the pool currency contributes exact fine units, with no dust', () => {
    // €1.00 at 0.5 %: half a cent = 500,000 fine units (millionths of a cent)
    expect(contributionOf(100n, tier(), SAME_CURRENCY)).toEqual({
      meter: 500_000n,
      reserve: 100_000n,
      dust: 0n,
    });
    // 1 cent at 0.0001 %: one fine unit — nothing is too small to count
    expect(contributionOf(1n, tier({ contributionPpm: 1n, reservePpm: 0n }), SAME_CURRENCY).meter).toBe(1n);
  });

  it('across currencies, what falls below a fine unit is kept as dust, never lost', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        fc.constantFrom('1.08', '0.0073', '150.25', '1', '0.33333333'),
        fc.constantFrom(['USD', 'EUR'], ['JPY', 'EUR'], ['EUR', 'JPY'], ['BTC', 'USD'], ['KWD', 'CLP']),
        (stake, ppm, rate, [from, to]) => {
          const conversion = conversionOf(rate, from as string, to as string);
          const share = contributionOf(stake, { contributionPpm: ppm, reservePpm: 0n }, conversion);
          // meter · den + dust = the exact product, to the last fraction
          expect(share.meter * conversion.den + share.dust).toBe(stake * conversion.num * ppm);
          expect(share.dust < conversion.den).toBe(true);
        },
      ),
    );
  });

  it('a rate converts between minor units, taking the decimals of each currency', () => {
    // 1 EUR = 160.5 JPY: 1 cent = 1.605 yen
    expect(conversionOf('160.5', 'EUR', 'JPY')).toEqual({ num: 321n, den: 200n });
    // 1 JPY = 0.0062 EUR: 1 yen = 0.62 cent
    expect(conversionOf('0.0062', 'JPY', 'EUR')).toEqual({ num: 31n, den: 50n });
    expect(() => conversionOf('0', 'EUR', 'USD')).toThrow(/positive/);
    expect(() => conversionOf('-1', 'EUR', 'USD')).toThrow(/positive/);
    expect(() => conversionOf('1e3', 'EUR', 'USD')).toThrow(/positive/);
  });
});

describe('payouts', () => {
  it('pays whole minor units and leaves the fine units below them in the pool', () => {
    expect(payoutOf(123_456_789n, SAME_CURRENCY)).toEqual({ paid: 123n, consumed: 123_000_000n });
    expect(payoutOf(0n, SAME_CURRENCY)).toEqual({ paid: 0n, consumed: 0n });
  });

  it('in another currency, never takes more than the meter and never leaves a whole unit behind', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.constantFrom('1.08', '0.0073', '150.25', '0.33333333'),
        fc.constantFrom(['USD', 'EUR'], ['JPY', 'EUR'], ['EUR', 'JPY'], ['USD', 'BTC']),
        (meter, rate, [player, pool]) => {
          const conversion = conversionOf(rate, player as string, pool as string);
          const { paid, consumed } = payoutOf(meter, conversion);
          expect(consumed <= meter).toBe(true);
          // one more minor unit of the player's currency would take more than the meter holds
          const perUnit = (conversion.num * FINE_PER_MINOR + conversion.den - 1n) / conversion.den;
          expect(meter - consumed < perUnit + 1n).toBe(true);
          expect(paid >= 0n).toBe(true);
        },
      ),
    );
  });
});

describe('draws', () => {
  it('draws below any bound, uniformly enough, and above 2^32 too', () => {
    const rng = createSeededRng(11);
    const counts = new Map<bigint, number>();
    for (let i = 0; i < 30_000; i++) {
      const value = drawBelow(rng, 3n);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([0n, 1n, 2n]);
    for (const count of counts.values()) expect(Math.abs(count - 10_000)).toBeLessThan(500);
    const big = 10n ** 15n;
    for (let i = 0; i < 1000; i++) {
      const value = drawBelow(rng, big);
      expect(value >= 0n && value < big).toBe(true);
    }
    expect(() => drawBelow(rng, 0n)).toThrow();
  });

  it('a progressive tier hits in proportion to the stake', () => {
    const rng = createSeededRng(5);
    let small = 0;
    let large = 0;
    for (let i = 0; i < 200_000; i++) {
      if (progressiveHit(rng, 100n, 100_000n, SAME_CURRENCY)) small++;
      if (progressiveHit(rng, 1_000n, 100_000n, SAME_CURRENCY)) large++;
    }
    // expected 200 and 2,000
    expect(small).toBeGreaterThan(140);
    expect(small).toBeLessThan(260);
    expect(large).toBeGreaterThan(1_850);
    expect(large).toBeLessThan(2_150);
    expect(progressiveHit(rng, 0n, 100n, SAME_CURRENCY)).toBe(false);
    expect(progressiveHit(rng, 100n, 100n, SAME_CURRENCY)).toBe(true);
  });

  it('a must-drop point lies in [seed, ceiling) and its commitment reveals it', () => {
    const rng = createSeededRng(9);
    for (let i = 0; i < 500; i++) {
      const point = drawValueDrop(rng, 'jpt_x', 3n, 100n, 150n);
      expect(point.at >= 100n * FINE_PER_MINOR && point.at < 150n * FINE_PER_MINOR).toBe(true);
      expect(point.at % FINE_PER_MINOR).toBe(0n);
      expect(point.commit).toBe(commitOf('jpt_x', 3n, point.at, point.salt));
      // another point, another cycle or another salt commits differently
      expect(commitOf('jpt_x', 4n, point.at, point.salt)).not.toBe(point.commit);
      expect(commitOf('jpt_x', 3n, point.at + 1n, point.salt)).not.toBe(point.commit);
    }
  });

  it('a must-drop-by-time point falls before the daily deadline, at least an hour on', () => {
    const start = new Date('2026-11-27T21:30:00Z');
    // 22:00 is half an hour away: the cycle runs to tomorrow's
    expect(nextDeadline(start, 22 * 60).toISOString()).toBe('2026-11-28T22:00:00.000Z');
    expect(nextDeadline(new Date('2026-11-27T08:00:00Z'), 22 * 60).toISOString()).toBe(
      '2026-11-27T22:00:00.000Z',
    );
    const rng = createSeededRng(3);
    for (let i = 0; i < 200; i++) {
      const point = drawTimeDrop(rng, 'jpt_t', 1n, start, 22 * 60);
      expect(Number(point.at)).toBeGreaterThanOrEqual(start.getTime());
      expect(Number(point.at)).toBeLessThan(Date.parse('2026-11-28T22:00:00Z'));
    }
  });

  it("a next cycle's point drawn without its commitment is the same point, from the same draws", () => {
    const [a, b] = [createSeededRng(11), createSeededRng(11)];
    const start = new Date('2026-11-27T21:30:00Z');
    for (let i = 0; i < 100; i++) {
      const value = drawValueDrop(a, 'jpt_x', 5n, 100n, 150n);
      expect(drawValuePoint(b, 100n, 150n)).toEqual({ at: value.at, salt: value.salt });
      const time = drawTimeDrop(a, 'jpt_t', 5n, start, 22 * 60);
      expect(drawTimePoint(b, start, 22 * 60)).toEqual({ at: time.at, salt: time.salt });
    }
    expect(() => drawValuePoint(b, 100n, 100n)).toThrow(RangeError);
  });
});

describe('figures', () => {
  it('the jackpot RTP is the contribution and reserve rates together', () => {
    expect(jackpotRtpPpm([tier(), tier({ contributionPpm: 2_000n, reservePpm: 0n })])).toBe(8_000n);
  });

  it('expected hits per million spins follow the stake', () => {
    expect(
      hitsPerMillionSpins(tier({ kind: 'progressive', oddsStake: 1_000_000n, ceiling: null }), 100n),
    ).toBe(100);
    // climbs (500,000 − 100,000)/2 = 200,000 cents on average, 0.5 cent a €1 spin: 1 in 400,000
    expect(hitsPerMillionSpins(tier(), 100n)).toBeCloseTo(2.5, 10);
  });

  it('tier parameters are checked field by field', () => {
    expect(tierProblem(tier())).toBeNull();
    expect(tierProblem(tier({ ceiling: 100_000n }))?.field).toBe('ceiling');
    expect(tierProblem(tier({ contributionPpm: 200_000n }))?.field).toBe('contribution_rate');
    expect(tierProblem(tier({ kind: 'progressive', oddsStake: null, ceiling: null }))?.field).toBe(
      'odds_stake',
    );
    expect(tierProblem(tier({ kind: 'must_drop_time', deadlineMinute: 1440 }))?.field).toBe('deadline');
    expect(tierProblem(tier({ name: 'Grand Prize' }))?.field).toBe('name');
  });
});

describe('Merkle proofs', () => {
  it('every entry of a block proves its way to the root, and a changed entry does not', () => {
    for (let size = 1; size <= 9; size++) {
      const leaves = Array.from({ length: size }, (_, i) => commitOf('leaf', BigInt(i), 0n, 'x'));
      const root = merkleRoot(leaves);
      for (let i = 0; i < size; i++) {
        expect(rootFromPath(leaves[i] as string, merklePath(leaves, i))).toBe(root);
      }
      if (size > 1)
        expect(rootFromPath(commitOf('other', 0n, 0n, 'x'), merklePath(leaves, 0))).not.toBe(root);
    }
  });
});

describe('rates for the rules screen', () => {
  it('states parts per million as an exact percentage with at least one decimal', () => {
    expect(ppmAsPercent(10_000n)).toBe('1.0');
    expect(ppmAsPercent(2_000n)).toBe('0.2');
    expect(ppmAsPercent(12_500n)).toBe('1.25');
    expect(ppmAsPercent(1n)).toBe('0.0001');
    expect(ppmAsPercent(0n)).toBe('0.0');
    expect(ppmAsPercent(1_000_000n)).toBe('100.0');
  });
});

describe("a pending entry's text in the ledger", () => {
  const at = new Date('2026-11-28T08:00:00.123Z');
  const parsedWay = (kind: string, roundId: string | null, body: string) =>
    JSON.stringify({ kind, round_id: roundId, at, ...(JSON.parse(body) as object) });

  it("joins a statement's entry as the node wrote it into the same text the parsed way makes", () => {
    const body = JSON.stringify({
      rounds: [
        {
          round_id: 'rnd_"1"',
          operator_id: 'op_a',
          currency: 'EUR',
          stake: '200',
          rate: ['3', '2'],
          tiers: [{ tier_id: 'jpt_0', position: 0, meter: '10', reserve: '1', dust: '3' }],
        },
      ],
    });
    const joined = ledgerBody('contributions', null, at, body);
    expect(joined).toBe(parsedWay('contributions', null, body));
    expect(JSON.parse(joined)).toMatchObject({ kind: 'contributions', round_id: null, at: at.toISOString() });
  });

  it("takes every other body the parsed way: the store's jsonb text, and other kinds", () => {
    const spaced = '{"rounds": [{"stake": "5", "round_id": "rnd_a"}]}';
    expect(ledgerBody('contributions', null, at, spaced)).toBe(parsedWay('contributions', null, spaced));
    expect(ledgerBody('contributions', null, at, spaced)).not.toContain(': ');
    const win = '{"tier_id":"jpt_0","amount":"12"}';
    expect(ledgerBody('win', 'rnd_a', at, win)).toBe(parsedWay('win', 'rnd_a', win));
  });
});
