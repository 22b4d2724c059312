// What every store-backed command shares: the store opened from the server's configuration,
// migrated first and always closed; result output (text or --json); errors with exit codes.
// The store and domain modules are imported when a command runs, not at start-up, so that
// --help and usage errors answer at once.
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import type { Config } from '../config.ts';
import type { ApiError, Outcome } from '../domain/errors.ts';
import type { Actor } from '../domain/staff.ts';
import type { StaffServices } from '../services/index.ts';
import type { Store } from '../store/db.ts';

/** Who runs a command, as the audit trail names them: `cli:<os user>`. */
export function cliActor(): Actor {
  let user = process.env.USER ?? 'unknown';
  try {
    user = userInfo().username;
  } catch {}
  return { kind: 'cli', user };
}

/** Exit codes: 1 for a failed operation, 2 for a command line that cannot be run as written. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A failure the CLI reports in one line on stderr, without a stack trace. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = EXIT_FAILURE) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/** The value of a domain outcome, or a CliError carrying the same detail the Admin API answers with. */
export function orFail<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw cliErrorOf(outcome.error);
  return outcome.value;
}

function cliErrorOf(error: ApiError): CliError {
  return new CliError(error.code === 'not_found' ? error.detail : `invalid input: ${error.detail}`);
}

export function usageError(command: Command, message: string): never {
  command.error(`error: ${message}`, { exitCode: EXIT_USAGE, code: 'reelforge.usage' });
}

export interface StoreContext {
  store: Store;
  /** The staff services on this store (operators, keys, catalogs, artwork). */
  staff: StaffServices;
  config: Config;
  /** Migrations applied by this run (normally none). */
  applied: string[];
  /** Every cluster's store by id, the control cluster's (`store`) among them (DATABASE_CLUSTERS). */
  clusterStores: ReadonlyMap<string, Store>;
}

/**
 * Opens the configured store (DATABASE_URL, or the embedded one in DATA_DIR unless a running
 * server owns it), applies pending migrations, runs `work`, and closes everything, even on
 * failure or Ctrl-C.
 */
export async function withStore<T>(work: (context: StoreContext) => Promise<T>): Promise<T> {
  const [{ loadConfig }, { openConfiguredStore }] = await Promise.all([
    import('../config.ts'),
    import('../store/configured.ts'),
  ]);
  const config = loadConfig(process.env);
  // The services are the slowest import: load them while the embedded PostgreSQL starts.
  const modules = Promise.all([
    import('../store/migrate.ts'),
    import('../services/index.ts'),
    import('../store/db.ts'),
  ]);
  modules.catch(() => {}); // awaited below, under the store's try/finally
  const created = !config.databaseUrl && !existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'));
  const { store, embedded, shared } = await openConfiguredStore(config, {
    takeOver: false,
    shareRunning: true,
  });
  // ./data depends on where the command runs: say which store that was.
  if (!config.databaseUrl && !process.env.DATA_DIR) {
    const which = shared
      ? `the PostgreSQL of the running Reelforge process ${shared.ownerPid}`
      : 'started for this command';
    process.stderr.write(
      `reelforge: DATA_DIR is unset: using the embedded store in ${config.dataDir} (${which})\n`,
    );
  }
  if (created) {
    process.stderr.write(
      `reelforge: warning: there was no store in ${config.dataDir}: created a new, empty one. The server's store is in the DATA_DIR it runs with (./data where npm start ran); set DATA_DIR to it, or DATABASE_URL.\n`,
    );
  }
  const clusterStores = new Map<string, Store>([[config.clusterId, store]]);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      for (const [id, each] of clusterStores) if (id !== config.clusterId) await each.close().catch(() => {});
      await store.close().catch(() => {});
      await embedded?.stop().catch(() => {});
    })();
    return closing;
  };
  const interrupt = (signal: NodeJS.Signals) => {
    process.stderr.write(`reelforge: ${signal}: closing the store\n`);
    close().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const [{ migrate }, { createStaffServices }, { openStore }] = await modules;
    const applied = await migrate(store.pool);
    // Every cluster operators play on, migrated as a node would: staff's reads span them all.
    for (const cluster of config.clusters) {
      const opened = openStore(cluster.url, { max: 4 });
      clusterStores.set(cluster.id, opened);
      await migrate(opened.pool);
    }
    const result = await work({
      store,
      config,
      applied,
      clusterStores,
      staff: await createStaffServices(store, cliActor(), {
        secrets: config.secrets,
        addresses: config.walletAddresses,
        clusters:
          config.clusters.length > 0 ? { control: config.clusterId, stores: clusterStores } : undefined,
      }),
    });
    // Checked after the command, so that the first `operator create` is not warned about.
    if (!created && !config.databaseUrl) await warnWhenEmpty(store, config.dataDir);
    return result;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await close();
  }
}

/** An existing embedded store without operators is most likely not the server's. */
async function warnWhenEmpty(store: Store, dataDir: string): Promise<void> {
  const { rows } = await store.pool.query<{ n: number }>('select count(*)::int as n from operators');
  if ((rows[0]?.n ?? 0) > 0) return;
  process.stderr.write(
    `reelforge: warning: the store in ${dataDir} has no operators. If a server runs elsewhere, set DATA_DIR to its folder (or DATABASE_URL).\n`,
  );
}

export interface Output {
  json: boolean;
  /** Prints `data` as JSON with --json, else the human lines. */
  result(data: unknown, lines: () => string[]): void;
}

export function outputFor(command: Command): Output {
  const json = Boolean(command.optsWithGlobals().json);
  return {
    json,
    result(data, lines) {
      process.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : `${lines().join('\n')}\n`);
    },
  };
}

/** Rows as aligned columns, the header first. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
