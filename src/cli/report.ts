// reelforge report summary: the reconciliation summary (docs/reports.md) for one operator or all,
// as a table, --json, or --csv (the Admin API's CSV).
import type { Command } from 'commander';
import { ApiError } from '../domain/errors.ts';
import { orFail, outputFor, table, usageError, withStore } from './context.ts';

export function registerReportCommand(program: Command): void {
  const report = program.command('report').description('reconciliation reports (UTC days)');

  report
    .command('summary')
    .description(
      'rounds, stakes, wins, free-round wins, jackpot wins and contributions, campaign prizes, GGR and realised RTP by day, game and currency',
    )
    .requiredOption('--from <date>', 'first UTC day, YYYY-MM-DD')
    .requiredOption('--to <date>', 'last UTC day, YYYY-MM-DD (at most 92 days after --from)')
    .option('--operator <id>', 'one operator (default: every operator)')
    .option('--csv', 'print CSV (the columns of the Admin API) instead of a table')
    .action(
      async (options: { from: string; to: string; operator?: string; csv?: boolean }, command: Command) => {
        const { parseReportRange } = await import('../domain/reports.ts');
        let range: ReturnType<typeof parseReportRange>;
        try {
          range = parseReportRange(options.from, options.to);
        } catch (error) {
          if (error instanceof ApiError) usageError(command, `--${error.detail}`);
          throw error;
        }
        const output = outputFor(command);
        const { STAFF_SUMMARY_COLUMNS, toCsv } = await import('../services/reports.ts');
        const days = await withStore(async ({ staff }) =>
          orFail(await staff.reports.staffSummary(options.operator ?? null, range.from, range.to)),
        );
        if (options.csv) {
          process.stdout.write(toCsv(days, STAFF_SUMMARY_COLUMNS));
          return;
        }
        output.result({ from: range.from.date, to: range.to.date, days }, () =>
          days.length === 0
            ? [`No transactions from ${range.from.date} to ${range.to.date}.`]
            : table(
                [
                  'DATE',
                  'OPERATOR',
                  'GAME',
                  'CUR',
                  'ROUNDS',
                  'STAKES',
                  'WINS',
                  'FREE WINS',
                  'GGR',
                  'RTP',
                  'FINAL',
                  'JP WINS',
                  'JP CONTRIB',
                  'PROMO WINS',
                  'PROMOS',
                ],
                days.map((row) => [
                  row.date,
                  row.operator_id,
                  row.game_symbol,
                  row.currency,
                  String(row.rounds),
                  row.stakes,
                  row.wins,
                  row.free_round_wins,
                  row.ggr,
                  row.rtp ?? '-',
                  row.final ? 'yes' : 'no',
                  row.jackpot_wins,
                  row.jackpot_contributions,
                  row.promo_wins,
                  String(row.promo_win_count),
                ]),
              ),
        );
      },
    );
}
