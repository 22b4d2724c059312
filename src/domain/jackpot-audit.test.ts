import { describe, expect, it } from 'vitest';
import { checkPool, type PublishedEntry } from './jackpot-audit.ts';
import { commitOf, entryHash, merkleRoot } from './jackpots.ts';

const POOL = 'jp_test';
const TIER = 'jpt_a';
const salt = 'ab'.repeat(16);
const point = 1_500_000n;
const commit = commitOf(TIER, 1n, point, salt);

const share = (roundId: string) => ({
  round_id: roundId,
  tiers: [{ tier_id: TIER, meter: '300000', reserve: '10', dust: '0' }],
});

/** Chains bodies as the sealer does, from the first entry. */
function chained(bodies: Array<[string, Record<string, unknown>]>): PublishedEntry[] {
  let previous = '0'.repeat(64);
  return bodies.map(([kind, body], index) => {
    const seq = String(index + 1);
    const text = JSON.stringify({ kind, at: '2026-11-27T00:00:00.000Z', ...body });
    const hash = entryHash(previous, `${POOL}|${seq}|${text}`);
    const entry = { seq, block: '1', kind, body: text, prev_hash: previous, hash };
    previous = hash;
    return entry;
  });
}

/**
 * A small pool's ledger as the sealer writes it: seed, commitment, two contributions (each a round's
 * own entry, as until 2026-11-28, or both in one statement's entry, as since), the drop.
 */
function ledger(contributions: 'each' | 'together' = 'each'): PublishedEntry[] {
  const shares: Array<[string, Record<string, unknown>]> =
    contributions === 'each'
      ? [
          ['contribution', share('r1')],
          ['contribution', share('r2')],
        ]
      : [['contributions', { round_id: null, rounds: [share('r1'), share('r2')] }]];
  return chained([
    ['seed', { tier_id: TIER, cycle: '1', seed: '1000000', from_reserve: '0', from_house: '1000000' }],
    ['parameters', { commitment: { tier_id: TIER, cycle: '1', commit } }],
    ...shares,
    [
      'win',
      {
        tier_id: TIER,
        cycle: '1',
        meter: '1600000',
        consumed: '1000000',
        amount: '1',
        drop_at: point.toString(),
        drop_salt: salt,
        drop_commit: commit,
      },
    ],
    ['seed', { tier_id: TIER, cycle: '2', seed: '1000000', from_reserve: '20', from_house: '999980' }],
  ]);
}

const block = (entries: PublishedEntry[]) => [
  {
    block: '1',
    first_seq: '1',
    last_seq: String(entries.length),
    merkle_root: merkleRoot(entries.map((e) => e.hash)),
  },
];
// seeds 2,000,000 + contributions 600,000 − wins 1,000,000; reserve 20 in, 20 used for the seed
const tiers = [{ tier_id: TIER, kind: 'must_drop_value', meter: '1600000', reserve: '0' }];

describe('checkPool: what anyone can check from a pool’s public record', () => {
  it('finds nothing wrong with an honest ledger, and counts the drop it checked', () => {
    const entries = ledger();
    const check = checkPool(POOL, entries, block(entries), tiers, 0);
    expect(check.problems).toEqual([]);
    expect(check.dropsChecked).toBe(1);
    expect(check.totals[TIER]).toMatchObject({ meter: '1600000', reserve: '0' });
  });

  it("sums a statement's entry of several rounds as it sums each round's own entry", () => {
    const entries = ledger('together');
    expect(entries.map((entry) => entry.kind)).toEqual([
      'seed',
      'parameters',
      'contributions',
      'win',
      'seed',
    ]);
    const check = checkPool(POOL, entries, block(entries), tiers, 0);
    expect(check.problems).toEqual([]);
    expect(check.totals[TIER]).toEqual(checkPool(POOL, ledger(), block(ledger()), tiers, 0).totals[TIER]);
  });

  it("finds a round's share changed inside a statement's entry, by its hash and, re-chained, by the meter", () => {
    const honest = ledger('together');
    const changed = honest.map((entry) =>
      entry.kind === 'contributions' ? { ...entry, body: entry.body.replace('300000', '300001') } : entry,
    );
    expect(checkPool(POOL, changed, block(honest), tiers, 0).problems.join()).toMatch(/entry 3: hash/);
    const rechained = chained(
      changed.map((entry) => {
        const { kind, at: _at, ...body } = JSON.parse(entry.body) as Record<string, unknown>;
        return [kind as string, body];
      }),
    );
    expect(checkPool(POOL, rechained, block(rechained), tiers, 0).problems.join()).toMatch(
      /adds up to 1600001, the meter shows 1600000/,
    );
  });

  it('finds a changed body, a removed entry and a block root that does not match', () => {
    const changed = ledger();
    (changed[2] as PublishedEntry).body = (changed[2] as PublishedEntry).body.replace('300000', '300001');
    expect(checkPool(POOL, changed, block(ledger()), tiers, 0).problems.join()).toMatch(/entry 3: hash/);
    const removed = ledger().filter((entry) => entry.seq !== '3');
    expect(checkPool(POOL, removed, block(removed), tiers, 0).problems.join()).toMatch(/expected seq 3/);
    const entries = ledger();
    const wrongRoot = [{ ...block(entries)[0], merkle_root: '0'.repeat(64) }] as ReturnType<typeof block>;
    expect(checkPool(POOL, entries, wrongRoot, tiers, 0).problems.join()).toMatch(/Merkle root/);
  });

  it('finds a meter that is not seeds + contributions − wins, but only when nothing is pending', () => {
    const entries = ledger();
    const off = [{ ...tiers[0], meter: '1600001' }] as typeof tiers;
    expect(checkPool(POOL, entries, block(entries), off, 0).problems.join()).toMatch(/adds up to 1600000/);
    expect(checkPool(POOL, entries, block(entries), off, 3).problems).toEqual([]);
  });

  it('finds a drop whose revealed point does not hash to its commitment', () => {
    const lied = ledger().map((entry) =>
      entry.kind === 'win'
        ? { ...entry, body: entry.body.replace(`"drop_at":"${point}"`, '"drop_at":"1400000"') }
        : entry,
    );
    // re-chained, so only the drop itself is wrong
    let previous = '0'.repeat(64);
    const rechained = lied.map((entry) => {
      const hash = entryHash(previous, `${POOL}|${entry.seq}|${entry.body}`);
      const next = { ...entry, prev_hash: previous, hash };
      previous = hash;
      return next;
    });
    expect(checkPool(POOL, rechained, block(rechained), tiers, 0).problems.join()).toMatch(
      /does not hash to its commitment/,
    );
  });
});
