// The months the round tables are partitioned by (migration 029): a month is 'YYYY-MM' in UTC. Which
// months a retention run may retire is decided here; the store carries it out
// (src/store/partitions.repo.ts).

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' of a moment, in UTC. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** A month given on the command line, or null when it is not 'YYYY-MM'. */
export function parseMonth(text: string): string | null {
  return MONTH.test(text) ? text : null;
}

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: string, count: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, number - 1 + count, 1)));
}

/** `from`, the months after it, through `through` (empty when through is before from). */
export function monthsBetween(from: string, through: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= through; month = addMonths(month, 1)) months.push(month);
  return months;
}

/**
 * The attached months a retention run with `before` would retire: those before it, and never the
 * current month or a later one, which still take new rounds.
 */
export function monthsToRetire(attached: readonly string[], before: string, now: Date): string[] {
  const limit = before < monthOf(now) ? before : monthOf(now);
  return attached.filter((month) => month < limit).sort();
}
