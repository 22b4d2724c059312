import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import {
  addToTotals,
  dayIsOver,
  parseFormat,
  parseReportDate,
  parseReportRange,
  type ReportTx,
  realisedRtp,
  type SummaryTotals,
  summaryRows,
  transactionLine,
  txEffect,
} from './reports.ts';

function detailOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).detail;
  }
  throw new Error('expected a 400');
}

const tx = (fields: Partial<ReportTx>): ReportTx => ({
  id: 'tx_1',
  round_id: 'rd_1',
  player_id: 'p-1',
  game_symbol: 'rf_ember_crown',
  currency: 'USD',
  wallet_mode: 'callback',
  type: 'debit',
  action_type: 'bet',
  amount: 100n,
  status: 'acknowledged',
  original_transaction_id: null,
  round_stake: 100n,
  created_at: new Date('2025-01-31T23:59:59.999Z'),
  finished_at: null,
  ...fields,
});

describe('report dates', () => {
  it('reads a calendar day as [start, end) in UTC', () => {
    const day = parseReportDate('2024-02-29');
    expect(day.start.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(day.end.toISOString()).toBe('2024-03-01T00:00:00.000Z');
  });

  it.each(['', '2025-2-01', '2025-02-30', '2023-02-29', '2025-13-01', 'yesterday', '2025-01-01T00:00:00Z'])(
    'refuses %j naming the field',
    (value) => {
      expect(detailOf(() => parseReportDate(value))).toMatch(/^date /);
      expect(detailOf(() => parseReportRange(value, '2025-01-01'))).toMatch(/^from /);
      expect(detailOf(() => parseReportRange('2025-01-01', value))).toMatch(/^to /);
    },
  );

  it('requires from and to, in order, at most 92 days', () => {
    expect(detailOf(() => parseReportDate(undefined))).toBe('date is required (YYYY-MM-DD)');
    expect(detailOf(() => parseReportRange(undefined, '2025-01-01'))).toMatch(/^from is required/);
    expect(detailOf(() => parseReportRange('2025-01-02', '2025-01-01'))).toMatch(
      /^from \(2025-01-02\) is after to/,
    );
    expect(parseReportRange('2025-01-01', '2025-04-02').days).toBe(92);
    expect(detailOf(() => parseReportRange('2025-01-01', '2025-04-03'))).toMatch(/^to is 93 days from from/);
    expect(parseReportRange('2025-03-01', '2025-03-01').days).toBe(1);
  });

  it('reads format from the allowed list, the first by default', () => {
    expect(parseFormat(undefined, ['ndjson', 'csv'])).toBe('ndjson');
    expect(parseFormat('csv', ['ndjson', 'csv'])).toBe('csv');
    expect(detailOf(() => parseFormat('xml', ['ndjson', 'csv']))).toBe('format must be one of ndjson, csv');
    expect(detailOf(() => parseFormat('CSV', ['json', 'csv']))).toMatch(/^format /);
  });

  it('knows when a day is over', () => {
    expect(dayIsOver('2025-01-31', new Date('2025-01-31T23:59:59.999Z'))).toBe(false);
    expect(dayIsOver('2025-01-31', new Date('2025-02-01T00:00:00.000Z'))).toBe(true);
  });
});

describe('what a transaction counts for', () => {
  it.each([
    ['acknowledged debit', { type: 'debit', status: 'acknowledged' }, { rounds: 1, stakes: 100n }],
    ['rejected debit', { type: 'debit', status: 'rejected' }, {}],
    ['unknown debit (rolled back)', { type: 'debit', status: 'unknown' }, {}],
    ['pending debit', { type: 'debit', status: 'pending' }, { open: true }],
    ['acknowledged credit', { type: 'credit', status: 'acknowledged' }, { wins: 100n }],
    ['credit resolved by hand', { type: 'credit', status: 'resolved' }, { wins: 100n }],
    ['parked credit', { type: 'credit', status: 'failed' }, { open: true }],
    ['credit of a round without stake', { type: 'credit', round_stake: 0n }, { rounds: 1, wins: 100n }],
    [
      'free round credit',
      { type: 'credit', action_type: 'free_round', round_stake: 0n },
      { rounds: 1, free_round_wins: 100n },
    ],
    [
      'free round feature credit',
      { type: 'credit', action_type: 'free_round_feature', round_stake: 0n },
      {
        rounds: 1,
        free_round_wins: 100n,
      },
    ],
    [
      'jackpot win credit: a win, and of the wins a jackpot win',
      { type: 'credit', action_type: 'jackpot_win' },
      { wins: 100n, jackpot_wins: 100n },
    ],
    [
      'parked jackpot win credit',
      { type: 'credit', action_type: 'jackpot_win', status: 'failed' },
      { open: true },
    ],
    ['rollback', { type: 'rollback', status: 'acknowledged' }, { rollbacks: 1 }],
    ['pending rollback', { type: 'rollback', status: 'pending' }, { rollbacks: 1, open: true }],
  ] as const)('%s', (_name, fields, expected) => {
    expect(txEffect(tx(fields as Partial<ReportTx>))).toEqual({
      rounds: 0,
      stakes: 0n,
      wins: 0n,
      free_round_wins: 0n,
      jackpot_wins: 0n,
      rollbacks: 0,
      open: false,
      ...expected,
    });
  });

  it('names a free-round credit free_round_win and says which transaction opens a round', () => {
    const line = transactionLine(
      tx({
        type: 'credit',
        action_type: 'free_round',
        round_stake: 0n,
        amount: 1234n,
        finished_at: new Date(0),
      }),
    );
    expect(line).toMatchObject({
      type: 'free_round_win',
      amount: '12.34',
      created_at: '2025-01-31T23:59:59.999Z',
      completed_at: '1970-01-01T00:00:00.000Z',
      opens_round: true,
    });
    expect(transactionLine(tx({ type: 'credit' })).opens_round).toBe(false);
    expect(transactionLine(tx({ type: 'rollback', amount: 5n, currency: 'JPY' })).amount).toBe('5');
  });
});

describe('summary rows', () => {
  it('rounds the realised RTP half up to 6 decimals, null without stakes', () => {
    expect(realisedRtp(0n, 0n)).toBeNull();
    expect(realisedRtp(5n, 0n)).toBeNull();
    expect(realisedRtp(0n, 10n)).toBe('0.000000');
    expect(realisedRtp(1n, 3n)).toBe('0.333333');
    expect(realisedRtp(2n, 3n)).toBe('0.666667');
    expect(realisedRtp(1n, 2_000_000n)).toBe('0.000001');
    expect(realisedRtp(25n, 10n)).toBe('2.500000');
    expect(realisedRtp(9_223_372_036_854_775_807n, 3n)).toBe('3074457345618258602.333333');
  });

  it('groups by UTC day, game and currency, orders the rows, and says which days are final', () => {
    const totals = new Map<string, SummaryTotals>();
    addToTotals(totals, tx({ amount: 1000n }));
    addToTotals(totals, tx({ id: 'tx_2', type: 'credit', amount: 2500n }));
    addToTotals(
      totals,
      tx({ id: 'tx_3', type: 'credit', action_type: 'free_round', round_stake: 0n, amount: 7n }),
    );
    addToTotals(totals, tx({ id: 'tx_4', created_at: new Date('2025-02-01T00:00:00Z'), status: 'pending' }));
    addToTotals(totals, tx({ id: 'tx_6', type: 'credit', action_type: 'jackpot_win', amount: 500n }));
    addToTotals(totals, tx({ id: 'tx_5', game_symbol: 'rf_amber', currency: 'EUR', amount: 50n }));
    const rows = summaryRows([...totals.values()], new Date('2025-02-03T00:00:00Z'));
    expect(rows).toEqual([
      {
        date: '2025-01-31',
        game_symbol: 'rf_amber',
        currency: 'EUR',
        rounds: 1,
        stakes: '0.50',
        wins: '0.00',
        free_round_wins: '0.00',
        ggr: '0.50',
        rtp: '0.000000',
        rollbacks: 0,
        final: true,
        jackpot_wins: '0.00',
        jackpot_contributions: '0.00000000',
        promo_wins: '0.00',
        promo_win_count: 0,
      },
      {
        date: '2025-01-31',
        game_symbol: 'rf_ember_crown',
        currency: 'USD',
        rounds: 2,
        stakes: '10.00',
        wins: '30.00',
        free_round_wins: '0.07',
        ggr: '-20.00',
        rtp: '3.000000',
        rollbacks: 0,
        final: true,
        jackpot_wins: '5.00',
        jackpot_contributions: '0.00000000',
        promo_wins: '0.00',
        promo_win_count: 0,
      },
      {
        date: '2025-02-01',
        game_symbol: 'rf_ember_crown',
        currency: 'USD',
        rounds: 0,
        stakes: '0.00',
        wins: '0.00',
        free_round_wins: '0.00',
        ggr: '0.00',
        rtp: null,
        rollbacks: 0,
        final: false,
        jackpot_wins: '0.00',
        jackpot_contributions: '0.00000000',
        promo_wins: '0.00',
        promo_win_count: 0,
      },
    ]);
    // Not over yet: not final, though nothing is open.
    expect(summaryRows([...totals.values()], new Date('2025-01-31T12:00:00Z'))[0]?.final).toBe(false);
  });
});
