// Moving an operator to another cluster (issue 30, part 3): the rules the move decides by, pure,
// apart from its SQL (src/store/operator-move.repo.ts) and its steps (operator-move.ts). Here, not
// in src/domain: that folder is in the signed manifest's scope (the play path builds on it), and
// nothing of a move decides or pays a round.
import type { Backlog, Census } from '../store/operator-move.repo.ts';

/** The steps of a move, in order; each is logged as it starts. */
export const MOVE_STEPS = [
  'check',
  'read_only',
  'wait',
  'drain',
  'copy',
  'verify',
  'flip',
  'remove',
  'resume',
] as const;
export type MoveStep = (typeof MOVE_STEPS)[number];

/** Why a move did not happen; nothing is left changed (the operator plays where it did). */
export type MoveRefusal =
  | { reason: 'unknown_operator'; operator: string }
  | { reason: 'move_running'; operator: string }
  | { reason: 'unknown_cluster'; cluster: string; known: string[] }
  | { reason: 'shared_running'; pools: string[]; campaigns: string[] }
  | { reason: 'drain_timeout'; cluster: string; open: Backlog }
  | { reason: 'census_mismatch'; differences: string[] };

export function refusalMessage(refusal: MoveRefusal): string {
  switch (refusal.reason) {
    case 'unknown_operator':
      return `operator ${refusal.operator} does not exist`;
    case 'move_running':
      return `another run is moving operator ${refusal.operator} now`;
    case 'unknown_cluster':
      return `cluster ${refusal.cluster} is not configured (known: ${refusal.known.join(', ')})`;
    case 'shared_running': {
      const parts = [
        ...refusal.pools.map((id) => `jackpot pool ${id}`),
        ...refusal.campaigns.map((id) => `campaign ${id}`),
      ];
      return `the operator takes part in ${parts.join(', ')}, not closed or ended: a network jackpot or campaign is homed on one cluster, so its operators move only once it has finished`;
    }
    case 'drain_timeout':
      return `still open on cluster ${refusal.cluster} after the drain timeout: ${describeBacklog(refusal.open)}; the operator is active there again`;
    case 'census_mismatch':
      return `the copy differs from the source (${refusal.differences.join('; ')}); the operator is active on its cluster again`;
  }
}

/** True when nothing of the operator's play is still under way. */
export function drained(open: Backlog): boolean {
  return (
    open.open_rounds === 0 &&
    open.unfinished_transactions === 0 &&
    open.unpaid_prizes === 0 &&
    open.live_sessions === 0
  );
}

export function describeBacklog(open: Backlog): string {
  const parts = [
    [open.open_rounds, 'open round'],
    [open.unfinished_transactions, 'unfinished wallet transaction'],
    [open.unpaid_prizes, 'unpaid campaign prize'],
    [open.live_sessions, 'live session'],
  ] as const;
  const named = parts
    .filter(([count]) => count > 0)
    .map(([count, what]) => `${count} ${what}${count === 1 ? '' : 's'}`);
  return named.length === 0 ? 'nothing' : named.join(', ');
}

/** Each way two censuses differ, in words; empty when they are equal. */
export function censusDifferences(source: Census, target: Census): string[] {
  const differences: string[] = [];
  const targetTables = new Map(target.tables.map((t) => [t.table, t]));
  for (const table of source.tables) {
    const other = targetTables.get(table.table);
    if (!other) differences.push(`${table.table}: missing on the target`);
    else if (other.rows !== table.rows)
      differences.push(`${table.table}: ${table.rows} rows, ${other.rows} copied`);
    else if (other.digest !== table.digest) differences.push(`${table.table}: the rows' content differs`);
  }
  for (const table of target.tables)
    if (!source.tables.some((t) => t.table === table.table))
      differences.push(`${table.table}: only on the target`);
  const key = (m: Census['money'][number]) => `${m.what} ${m.currency}`;
  const sourceMoney = new Map(source.money.map((m) => [key(m), m.amount]));
  const targetMoney = new Map(target.money.map((m) => [key(m), m.amount]));
  for (const name of new Set([...sourceMoney.keys(), ...targetMoney.keys()])) {
    const a = sourceMoney.get(name) ?? 0n;
    const b = targetMoney.get(name) ?? 0n;
    if (a !== b) differences.push(`${name}: ${a} on the source, ${b} on the target (minor units)`);
  }
  return differences;
}

/** Rows of the census in all (the move's summary line). */
export function censusRows(census: Census): number {
  return census.tables.reduce((sum, table) => sum + table.rows, 0);
}

/** `--drain-timeout <seconds>`: a whole number of seconds, 1 to 3600, in milliseconds; null otherwise. */
export function parseDrainTimeout(text: string): number | null {
  if (!/^[1-9]\d{0,3}$/.test(text)) return null;
  const seconds = Number(text);
  return seconds <= 3600 ? seconds * 1000 : null;
}
