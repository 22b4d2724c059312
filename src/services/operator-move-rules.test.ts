import { describe, expect, it } from 'vitest';
import type { Census } from '../store/operator-move.repo.ts';
import {
  censusDifferences,
  censusRows,
  describeBacklog,
  drained,
  parseDrainTimeout,
  refusalMessage,
} from './operator-move-rules.ts';

const census = (): Census => ({
  tables: [
    { table: 'rounds', rows: 3, digest: 'abc' },
    { table: 'wallet_transactions', rows: 6, digest: 'def' },
  ],
  money: [
    { what: 'round stakes', currency: 'EUR', amount: 300n },
    { what: 'round stakes', currency: 'USD', amount: 9_007_199_254_740_993n },
  ],
});

const nothingOpen = { open_rounds: 0, unfinished_transactions: 0, unpaid_prizes: 0, live_sessions: 0 };

describe('an operator move', () => {
  it('finds two equal censuses equal, and names every difference of rows, content and money', () => {
    expect(censusDifferences(census(), census())).toEqual([]);
    const target = census();
    target.tables[0] = { table: 'rounds', rows: 2, digest: 'abc' };
    target.tables[1] = { table: 'wallet_transactions', rows: 6, digest: 'xyz' };
    // One minor unit past 2^53 is a difference: the sums are bigint, never a float.
    target.money[1] = { what: 'round stakes', currency: 'USD', amount: 9_007_199_254_740_992n };
    target.money.push({ what: 'balances', currency: 'EUR', amount: 5n });
    expect(censusDifferences(census(), target)).toEqual([
      'rounds: 3 rows, 2 copied',
      "wallet_transactions: the rows' content differs",
      'round stakes USD: 9007199254740993 on the source, 9007199254740992 on the target (minor units)',
      'balances EUR: 0 on the source, 5 on the target (minor units)',
    ]);
    expect(censusDifferences(census(), { ...census(), tables: census().tables.slice(1) })).toEqual([
      'rounds: missing on the target',
    ]);
    expect(censusRows(census())).toBe(9);
  });

  it('is drained only when nothing at all is open, and says what is', () => {
    expect(drained(nothingOpen)).toBe(true);
    expect(describeBacklog(nothingOpen)).toBe('nothing');
    for (const key of Object.keys(nothingOpen) as Array<keyof typeof nothingOpen>)
      expect(drained({ ...nothingOpen, [key]: 1 })).toBe(false);
    expect(describeBacklog({ ...nothingOpen, open_rounds: 1, unfinished_transactions: 2 })).toBe(
      '1 open round, 2 unfinished wallet transactions',
    );
  });

  it('names what it refuses', () => {
    expect(refusalMessage({ reason: 'unknown_cluster', cluster: 'mars', known: ['main', 'b'] })).toBe(
      'cluster mars is not configured (known: main, b)',
    );
    expect(refusalMessage({ reason: 'shared_running', pools: ['jp_1'], campaigns: ['cmp_2'] })).toMatch(
      /^the operator takes part in jackpot pool jp_1, campaign cmp_2, not closed or ended/,
    );
    expect(
      refusalMessage({
        reason: 'drain_timeout',
        cluster: 'main',
        open: { ...nothingOpen, live_sessions: 2 },
      }),
    ).toBe(
      'still open on cluster main after the drain timeout: 2 live sessions; the operator is active there again',
    );
  });

  it('takes a drain timeout of 1 to 3600 whole seconds', () => {
    expect(parseDrainTimeout('120')).toBe(120_000);
    expect(parseDrainTimeout('3600')).toBe(3_600_000);
    for (const bad of ['0', '3601', '1.5', '-5', '', '12s', '0120'])
      expect(parseDrainTimeout(bad)).toBeNull();
  });
});
