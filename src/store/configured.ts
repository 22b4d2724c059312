// The store a process is configured for: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR.
// Kept apart from server.ts so the CLI can open the store without loading the HTTP stack.
import type { Config } from '../config.ts';
import { openStore, type Store } from './db.ts';
import {
  type EmbeddedOptions,
  type EmbeddedServer,
  findRunningEmbedded,
  type SharedEmbedded,
  startEmbeddedPostgres,
} from './embedded.ts';

export interface ConfiguredStoreOptions extends EmbeddedOptions {
  /** Connect to the embedded PostgreSQL another live process runs on DATA_DIR (the CLI beside a server). */
  shareRunning?: boolean;
}

/**
 * Opens the configured store, or the embedded one when DATABASE_URL is unset: `embedded` when this
 * process started it (and must stop it), `shared` when it uses the one a running server started.
 */
export async function openConfiguredStore(
  config: Config,
  options: ConfiguredStoreOptions = {},
): Promise<{ store: Store; embedded?: EmbeddedServer; shared?: SharedEmbedded }> {
  if (config.databaseUrl) return { store: openStore(config.databaseUrl) };
  if (options.shareRunning) {
    const shared = await findRunningEmbedded(config.dataDir);
    if (shared) return { store: openStore(shared.url, { max: 4 }), shared };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir, options);
  return { store: openStore(embedded.url), embedded };
}
