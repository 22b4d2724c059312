import { describe, expect, it } from 'vitest';
import { addMonths, monthOf, monthsBetween, monthsToRetire, parseMonth } from './partitions.ts';

describe('months of the round tables', () => {
  it('reads a month in UTC and steps across years', () => {
    expect(monthOf(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12');
    expect(monthOf(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01');
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthsBetween('2026-11', '2027-01')).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(monthsBetween('2027-01', '2026-11')).toEqual([]);
  });

  it('takes only YYYY-MM from the command line', () => {
    expect(parseMonth('2026-07')).toBe('2026-07');
    for (const bad of ['2026-7', '2026-13', '2026-00', '26-07', '2026-07-01', ' 2026-07']) {
      expect(parseMonth(bad)).toBeNull();
    }
  });

  it('retires the months before the cut-off, oldest first, never the current month or a later one', () => {
    const attached = ['2026-12', '2026-09', '2026-10', '2026-11', '2027-01'];
    const now = new Date('2026-11-27T14:00:00Z');
    expect(monthsToRetire(attached, '2026-11', now)).toEqual(['2026-09', '2026-10']);
    expect(monthsToRetire(attached, '2027-06', now)).toEqual(['2026-09', '2026-10']);
    expect(monthsToRetire(attached, '2026-09', now)).toEqual([]);
  });
});
