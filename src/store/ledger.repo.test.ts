// The pools a statement's rounds feed, as the node sends them beside the rounds (jackpotPools): the
// statement writes them as they come when every fed round is played, so their sums must be exactly
// the sums of the entries they list, and the entry's text exactly the rounds' public shares.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jackpotPools } from './ledger.repo.ts';
import type { JackpotFeed } from './rounds.repo.ts';

const tier = (position: number, meter: bigint, reserve = 0n) => ({
  tier_id: `jpt_${position}`,
  position,
  meter: meter.toString(),
  reserve: reserve.toString(),
  dust: '3',
  hit: false,
  check: true,
  next: { at: '123', salt: 'secret' },
});

const round = (id: string, feeds: JackpotFeed[]) => ({
  id,
  operator_id: 'op_a',
  currency: 'EUR',
  stake: 200n,
  jackpot: feeds,
});

type Pool = { pool_id: string; meter: string; reserve: string; round_ids: string; body: string };

describe('jackpotPools', () => {
  it('is null when no round feeds a pool', () => {
    expect(jackpotPools([round('rnd_a', []), { ...round('rnd_b', []), jackpot: undefined }])).toBeNull();
  });

  it("lists each pool's rounds in order with their public shares only, and sums them per tier", () => {
    const a: JackpotFeed = { pool_id: 'jp_1', num: '3', den: '2', tiers: [tier(0, 10n, 1n), tier(2, 5n)] };
    const b: JackpotFeed = { pool_id: 'jp_2', num: '1', den: '1', tiers: [tier(0, 7n)] };
    const pools = JSON.parse(
      jackpotPools([round('rnd_a', [a, b]), round('rnd_b', []), round('rnd_c', [a])]) ?? '',
    ) as Pool[];
    expect(pools.map((pool) => [pool.pool_id, pool.round_ids, pool.meter, pool.reserve])).toEqual([
      ['jp_1', '{"rnd_a","rnd_c"}', '{20,0,10,0,0,0,0,0}', '{2,0,0,0,0,0,0,0}'],
      ['jp_2', '{"rnd_a"}', '{7,0,0,0,0,0,0,0}', '{0,0,0,0,0,0,0,0}'],
    ]);
    const body = JSON.parse(pools[0]?.body ?? '');
    expect(body.rounds[0]).toEqual({
      round_id: 'rnd_a',
      operator_id: 'op_a',
      currency: 'EUR',
      stake: '200',
      rate: ['3', '2'],
      tiers: [
        { tier_id: 'jpt_0', position: 0, meter: '10', reserve: '1', dust: '3' },
        { tier_id: 'jpt_2', position: 2, meter: '5', reserve: '0', dust: '3' },
      ],
    });
    // whether a hidden point is near, and the next cycle's point, stay out of the public record
    expect(pools[0]?.body).not.toMatch(/hit|check|next|secret/);
  });

  it('quotes round ids as PostgreSQL array elements', () => {
    const feed: JackpotFeed = { pool_id: 'jp_1', num: '1', den: '1', tiers: [tier(0, 1n)] };
    const pools = JSON.parse(jackpotPools([round('a"b\\c,d', [feed])]) ?? '') as Pool[];
    expect(pools[0]?.round_ids).toBe('{"a\\"b\\\\c,d"}');
  });

  it('refuses a tier outside the 8 a pool holds', () => {
    const feed: JackpotFeed = { pool_id: 'jp_1', num: '1', den: '1', tiers: [tier(8, 1n)] };
    expect(() => jackpotPools([round('rnd_a', [feed])])).toThrow(/position 8 is outside 0–7/);
  });

  it('sums exactly what its entries list, past 2^53 too (the statement trusts the sums)', () => {
    const share = fc.record({
      position: fc.integer({ min: 0, max: 7 }),
      meter: fc.bigInt({ min: 0n, max: 2n ** 62n / 64n }),
      reserve: fc.bigInt({ min: 0n, max: 2n ** 62n / 64n }),
    });
    const feed = fc.record({
      pool_id: fc.constantFrom('jp_1', 'jp_2', 'jp_3'),
      tiers: fc.uniqueArray(share, { selector: (s) => s.position, minLength: 1, maxLength: 8 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(feed, { selector: (f) => f.pool_id, maxLength: 3 }), { maxLength: 32 }),
        (rounds) => {
          const made = jackpotPools(
            rounds.map((feeds, i) =>
              round(
                `rnd_${i}`,
                feeds.map((f) => ({
                  pool_id: f.pool_id,
                  num: '1',
                  den: '1',
                  tiers: f.tiers.map((s) => tier(s.position, s.meter, s.reserve)),
                })),
              ),
            ),
          );
          const pools = made === null ? [] : (JSON.parse(made) as Pool[]);
          expect(pools.length).toBe(new Set(rounds.flat().map((f) => f.pool_id)).size);
          for (const pool of pools) {
            const entries = JSON.parse(pool.body).rounds as Array<{
              round_id: string;
              tiers: Array<{ position: number; meter: string; reserve: string }>;
            }>;
            const meter = Array<bigint>(8).fill(0n);
            const reserve = Array<bigint>(8).fill(0n);
            for (const entry of entries)
              for (const s of entry.tiers) {
                meter[s.position] = (meter[s.position] as bigint) + BigInt(s.meter);
                reserve[s.position] = (reserve[s.position] as bigint) + BigInt(s.reserve);
              }
            expect(pool.meter).toBe(`{${meter.join(',')}}`);
            expect(pool.reserve).toBe(`{${reserve.join(',')}}`);
            expect(pool.round_ids).toBe(`{${entries.map((entry) => `"${entry.round_id}"`).join(',')}}`);
            // the rounds that feed it, each once, in order
            const feeding = rounds.flatMap((feeds, i) =>
              feeds.some((f) => f.pool_id === pool.pool_id) ? [`rnd_${i}`] : [],
            );
            expect(entries.map((entry) => entry.round_id)).toEqual(feeding);
          }
        },
      ),
      { seed: 28, numRuns: 200 },
    );
  });
});
