// The store a process is configured for: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR.
// Kept apart from server.ts so the CLI can open the store without loading the HTTP stack.
import type { Config } from '../config.ts';
import { openStore, type Store } from './db.ts';
import { type EmbeddedOptions, type EmbeddedServer, startEmbeddedPostgres } from './embedded.ts';

/** Opens the configured store, or starts the embedded one when DATABASE_URL is unset. */
export async function openConfiguredStore(
  config: Config,
  options: EmbeddedOptions = {},
): Promise<{ store: Store; embedded?: EmbeddedServer }> {
  if (config.databaseUrl) return { store: openStore(config.databaseUrl) };
  const embedded = await startEmbeddedPostgres(config.dataDir, options);
  return { store: openStore(embedded.url), embedded };
}
