// Reconciliation reports for operators and staff: a day's wallet transactions, streamed as NDJSON
// or CSV a page at a time, and summaries by day, game and currency (rules: domain/reports.ts).
import { stringify } from 'csv-stringify/sync';
import { errors, type Outcome } from '../domain/errors.ts';
import {
  type ReportDay,
  SUMMARY_COLUMNS,
  type SummaryRow,
  summaryRows,
  TRANSACTION_COLUMNS,
  type TransactionLine,
  transactionLine,
} from '../domain/reports.ts';
import { type ReadRouter, readRouter, upTo } from '../store/replica.ts';
import type { ReportsRepo, TotalsRow } from '../store/reports.repo.ts';

export type TransactionsFormat = 'ndjson' | 'csv';

/** A summary row of one operator, as staff read it across operators. */
export type StaffSummaryRow = { operator_id: string } & SummaryRow;

export interface ReportService {
  /**
   * The operator's wallet transactions of the UTC day, in (created_at, id) order, as text chunks:
   * NDJSON (one JSON object a line) or CSV (a header line, then one line a transaction).
   */
  transactions(operatorId: string, day: ReportDay, format: TransactionsFormat): AsyncIterable<string>;
  /** The operator's totals by day, game and currency over [from, to] (inclusive days). */
  summary(operatorId: string, from: ReportDay, to: ReportDay): Promise<SummaryRow[]>;
  /** The same for staff: one operator, or every operator when `operatorId` is null; 404 for an unknown one. */
  staffSummary(
    operatorId: string | null,
    from: ReportDay,
    to: ReportDay,
  ): Promise<Outcome<StaffSummaryRow[]>>;
  /** Whether the operator exists (staff name one by id). */
  operatorExists(operatorId: string): Promise<boolean>;
}

/** Lines written to the answer at once: one page of the store's keyset reads. */
const CHUNK_LINES = 500;

/** CSV of records with these columns (a header first, even with no record); booleans as true/false. */
export function toCsv<T extends object>(
  records: readonly T[],
  columns: ReadonlyArray<keyof T & string>,
  header = true,
): string {
  return stringify(records as T[], {
    header,
    columns: [...columns],
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
}

export function createReportService(deps: {
  reports: ReportsRepo;
  now: () => Date;
  /** Where the day's rows are read (a replica when configured: src/store/replica.ts); default `reports`. */
  reads?: ReadRouter<ReportsRepo>;
}): ReportService {
  const repo = deps.reports;
  const reads = deps.reads ?? readRouter(repo);
  // A report must hold every row of its days: the replica answers once it has replayed past their end.
  const totals = (operatorId: string | null, from: ReportDay, to: ReportDay) =>
    reads.read(upTo(to.end), (reports) => reports.totals(operatorId, from.start, to.end));

  async function* transactions(
    operatorId: string,
    day: ReportDay,
    format: TransactionsFormat,
  ): AsyncGenerator<string> {
    let chunk: TransactionLine[] = [];
    let first = true;
    const flush = (): string => {
      const text =
        format === 'csv'
          ? toCsv(chunk, TRANSACTION_COLUMNS, first)
          : chunk.map((line) => `${JSON.stringify(line)}\n`).join('');
      first = false;
      chunk = [];
      return text;
    };
    const rows = reads.stream(upTo(day.end), (reports) =>
      reports.transactions(operatorId, day.start, day.end),
    );
    for await (const row of rows) {
      chunk.push(transactionLine(row));
      if (chunk.length >= CHUNK_LINES) yield flush();
    }
    // The last (or only) chunk; for CSV, the header even when the day has no transaction.
    if (chunk.length > 0 || (format === 'csv' && first)) yield flush();
  }

  async function summary(operatorId: string, from: ReportDay, to: ReportDay): Promise<SummaryRow[]> {
    return summaryRows(await totals(operatorId, from, to), deps.now());
  }

  return {
    transactions,
    summary,
    operatorExists: (operatorId) => repo.operatorExists(operatorId),
    async staffSummary(operatorId, from, to) {
      if (operatorId !== null && !(await repo.operatorExists(operatorId))) {
        return { ok: false, error: errors.notFound(`operator_id ${operatorId}: no such operator`) };
      }
      // One statement for every operator; each operator's days are then judged final on its own.
      const byOperator = new Map<string, TotalsRow[]>();
      for (const row of await totals(operatorId, from, to)) {
        const mine = byOperator.get(row.operator_id);
        if (mine) mine.push(row);
        else byOperator.set(row.operator_id, [row]);
      }
      const rows: StaffSummaryRow[] = [];
      const now = deps.now();
      for (const [id, totals] of byOperator) {
        for (const row of summaryRows(totals, now)) rows.push({ operator_id: id, ...row });
      }
      const byte = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
      rows.sort(
        (a, b) =>
          byte(a.date, b.date) ||
          byte(a.operator_id, b.operator_id) ||
          byte(a.game_symbol, b.game_symbol) ||
          byte(a.currency, b.currency),
      );
      return { ok: true, value: rows };
    },
  };
}

export const STAFF_SUMMARY_COLUMNS: ReadonlyArray<keyof StaffSummaryRow & string> = [
  'operator_id',
  ...SUMMARY_COLUMNS,
];
