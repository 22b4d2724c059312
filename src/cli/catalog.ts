// reelforge catalog set|get: an operator's allowlist of games.
import type { Command } from 'commander';
import type { GameInfo } from '../games/types.ts';
import { orFail, outputFor, table, usageError, withStore } from './context.ts';

function catalogLines(
  operatorId: string,
  symbols: readonly string[],
  findGameInfo: (symbol: string) => GameInfo | undefined,
): string[] {
  if (symbols.length === 0) return [`Operator ${operatorId} has no games allowed.`];
  return [
    `Operator ${operatorId} allows ${symbols.length} game${symbols.length === 1 ? '' : 's'}:`,
    ...table(
      ['SYMBOL', 'SLUG', 'TITLE'],
      symbols.map((symbol) => {
        const game = findGameInfo(symbol);
        return [symbol, game?.slug ?? '-', game?.title ?? '(no longer in the portfolio)'];
      }),
    ).map((line) => `  ${line}`),
  ];
}

export function registerCatalogCommand(program: Command): void {
  const catalog = program.command('catalog').description("read and replace an operator's game allowlist");

  catalog
    .command('set')
    .description('replace the allowlist (an unknown game rejects the whole list)')
    .argument('<operator-id>', 'operator id')
    .argument('[symbols...]', 'game symbols or slugs; stored as symbols')
    .option('--none', 'allow no games at all')
    .action(async (operatorId: string, symbols: string[], options: { none?: boolean }, command: Command) => {
      if (options.none && symbols.length > 0) usageError(command, 'give games or --none, not both');
      if (!options.none && symbols.length === 0)
        usageError(command, 'give at least one game symbol or slug (or --none to allow none)');
      const output = outputFor(command);
      const { findGameInfo } = await import('../games/index.ts');
      const result = await withStore(async ({ staff }) => {
        return orFail(await staff.operators.setCatalog(operatorId, symbols));
      });
      output.result(result, () => catalogLines(operatorId, result.symbols, findGameInfo));
    });

  catalog
    .command('get')
    .description('show the allowlist')
    .argument('<operator-id>', 'operator id')
    .action(async (operatorId: string, _options: unknown, command: Command) => {
      const output = outputFor(command);
      const { findGameInfo } = await import('../games/index.ts');
      const result = await withStore(async ({ staff }) => {
        return orFail(await staff.operators.getCatalog(operatorId));
      });
      output.result(result, () => catalogLines(operatorId, result.symbols, findGameInfo));
    });
}
