// reelforge partitions: the monthly partitions of rounds, wallet_transactions and wallet_attempts
// (migration 029). plan shows them and what a retention run would do; create-ahead makes the next
// months (every start makes three); retire archives the months before a given one, refusing any
// that still holds an open round or a transaction the wallet has not finished.
import type { Command } from 'commander';
import { monthsToRetire, parseMonth } from '../domain/partitions.ts';
import { CliError, outputFor, table, usageError, withStore } from './context.ts';

function monthOption(command: Command, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const month = parseMonth(text);
  if (month === null) usageError(command, `--before must be a month, YYYY-MM (got "${text}")`);
  return month;
}

export function registerPartitionsCommand(program: Command): void {
  const partitions = program
    .command('partitions')
    .description('monthly partitions of rounds, wallet transactions and attempts (UTC months)');

  partitions
    .command('plan')
    .description('the attached months, and which ones retire --before would archive or refuse')
    .option('--before <month>', 'the retention cut-off, YYYY-MM: months before it are retired')
    .action(async (options: { before?: string }, command: Command) => {
      const before = monthOption(command, options.before);
      const output = outputFor(command);
      const repo = await import('../store/partitions.repo.ts');
      const plan = await withStore(async ({ store }) => {
        const attached = await repo.attachedMonths(store.pool);
        const retire = before
          ? monthsToRetire(
              attached.map((m) => m.month),
              before,
              new Date(),
            )
          : [];
        const backlog = await Promise.all(
          retire.map(async (month) => ({ month, ...(await repo.monthBacklog(store.pool, month)) })),
        );
        return { attached, retire: backlog };
      });
      output.result(plan, () => [
        ...table(
          ['month', 'rounds (est.)', 'transactions (est.)'],
          plan.attached.map((m) => [
            m.month,
            String(Math.max(0, m.rounds_estimate)),
            String(Math.max(0, m.transactions_estimate)),
          ]),
        ),
        ...(before === undefined
          ? []
          : plan.retire.length === 0
            ? [`No month before ${before} to retire.`]
            : plan.retire.map((m) =>
                m.open_rounds + m.unfinished_transactions === 0
                  ? `${m.month}: would be archived`
                  : `${m.month}: refused (${m.open_rounds} open rounds, ${m.unfinished_transactions} unfinished transactions)`,
              )),
      ]);
    });

  partitions
    .command('create-ahead')
    .description('make the current month and the next ones, if missing')
    .option('--months <n>', 'months after the current one (default 3)', '3')
    .action(async (options: { months: string }, command: Command) => {
      const months = Number(options.months);
      if (!Number.isInteger(months) || months < 0 || months > 120) {
        usageError(command, '--months must be a whole number from 0 to 120');
      }
      const output = outputFor(command);
      const { createPartitionsAhead } = await import('../store/migrate.ts');
      const made = await withStore(async ({ store }) => createPartitionsAhead(store.pool, months));
      output.result({ made }, () =>
        made.length === 0 ? ['Every month is there already.'] : [`Made ${made.join(', ')}.`],
      );
    });

  partitions
    .command('retire')
    .description(
      'archive the months before --before (detached, moved to the archive schema), oldest first; never the current month',
    )
    .requiredOption('--before <month>', 'the retention cut-off, YYYY-MM')
    .action(async (options: { before: string }, command: Command) => {
      const before = monthOption(command, options.before) as string;
      const output = outputFor(command);
      const repo = await import('../store/partitions.repo.ts');
      const outcomes = await withStore(async ({ store }) => {
        const attached = (await repo.attachedMonths(store.pool)).map((m) => m.month);
        const results: Awaited<ReturnType<typeof repo.retireMonth>>[] = [];
        for (const month of monthsToRetire(attached, before, new Date())) {
          results.push(await repo.retireMonth(store.pool, month));
        }
        return results;
      });
      output.result({ outcomes }, () =>
        outcomes.length === 0
          ? [`No month before ${before} to retire.`]
          : outcomes.map((o) =>
              o.result === 'retired'
                ? `${o.month}: archived as ${o.archived.join(', ')}`
                : o.result === 'refused'
                  ? `${o.month}: refused (${o.open_rounds} open rounds, ${o.unfinished_transactions} unfinished transactions)`
                  : `${o.month}: not attached`,
            ),
      );
      const refused = outcomes.filter((o) => o.result === 'refused').length;
      if (refused > 0) throw new CliError(`${refused} month(s) refused: settle their rounds first`);
    });
}
