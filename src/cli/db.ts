// reelforge db migrate: applies pending migrations (every store command does so first, too).
import type { Command } from 'commander';
import { outputFor, withStore } from './context.ts';

export function registerDbCommand(program: Command): void {
  const db = program.command('db').description('database maintenance');

  db.command('migrate')
    .description('apply pending migrations to the configured store')
    .action(async (_options: unknown, command: Command) => {
      const output = outputFor(command);
      const applied = await withStore(async (context) => context.applied);
      const { listMigrations } = await import('../store/migrate.ts');
      const known = await listMigrations();
      output.result({ applied, total: known.length }, () =>
        applied.length === 0
          ? [`The database is up to date (${known.length} migrations).`]
          : [
              `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}:`,
              ...applied.map((name) => `  ${name}`),
            ],
      );
    });
}
