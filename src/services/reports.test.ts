import { describe, expect, it } from 'vitest';
import type { ReportDay } from '../domain/reports.ts';
import type { ReportsRepo, TotalsRow } from '../store/reports.repo.ts';
import { createReportService } from './reports.ts';

const day: ReportDay = {
  date: '2026-03-01',
  start: new Date('2026-03-01T00:00:00Z'),
  end: new Date('2026-03-02T00:00:00Z'),
};

const totals = (operator_id: string, open: number): TotalsRow => ({
  operator_id,
  date: day.date,
  game_symbol: 'rf_ember_crown',
  currency: 'EUR',
  rounds: 3,
  stakes: 300n,
  wins: 120n,
  free_round_wins: 0n,
  jackpot_wins: 0n,
  jackpot_contributions: 0n,
  promo_wins: 0n,
  promo_win_count: 0,
  rollbacks: 0,
  open,
});

/** A store answering fixed totals, and counting its statements. */
function fakeRepo(rows: TotalsRow[]) {
  const calls: Array<string | null> = [];
  const repo = {
    async totals(operatorId: string | null) {
      calls.push(operatorId);
      return rows.filter((row) => operatorId === null || row.operator_id === operatorId);
    },
    async operatorExists(id: string) {
      return rows.some((row) => row.operator_id === id);
    },
  } as unknown as ReportsRepo;
  return { repo, calls };
}

describe('staff summary', () => {
  it('reads every operator in one statement and judges each operator’s day final on its own', async () => {
    const { repo, calls } = fakeRepo([totals('op_b', 1), totals('op_a', 0)]);
    const service = createReportService({ reports: repo, now: () => new Date('2026-03-05T00:00:00Z') });
    const result = await service.staffSummary(null, day, day);
    expect(calls).toEqual([null]);
    if (!result.ok) throw result.error;
    expect(result.value.map((row) => [row.operator_id, row.final, row.ggr])).toEqual([
      ['op_a', true, '1.80'],
      ['op_b', false, '1.80'],
    ]);
  });

  it('one operator: its rows only; an unknown one is 404', async () => {
    const { repo } = fakeRepo([totals('op_b', 1), totals('op_a', 0)]);
    const service = createReportService({ reports: repo, now: () => new Date('2026-03-05T00:00:00Z') });
    const one = await service.staffSummary('op_a', day, day);
    if (!one.ok) throw one.error;
    expect(one.value.map((row) => row.operator_id)).toEqual(['op_a']);
    const unknown = await service.staffSummary('op_nobody', day, day);
    expect(unknown.ok).toBe(false);
  });
});
