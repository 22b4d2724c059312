// The domain services of one process, built from its configuration and store.
import type { Config } from './config.ts';
import { createAccess } from './domain/access.ts';
import type { CatalogOptions } from './domain/catalog.ts';
import { coinValuesFor, rtpOf } from './domain/game-facts.ts';
import type { Store } from './store/db.ts';
import { thumbnailsRepo } from './store/thumbnails.repo.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface Services {
  config: Config;
  store: Store;
  clock: Clock;
  access: ReturnType<typeof createAccess>;
  catalog: CatalogOptions;
  coinValues: typeof coinValuesFor;
  /** Symbols with uploaded artwork, kept in memory; refreshed on upload/delete and periodically. */
  artwork: { symbols: Set<string>; refresh(): Promise<void> };
}

export async function createServices(
  config: Config,
  store: Store,
  clock: Clock = systemClock,
): Promise<Services> {
  const thumbnails = thumbnailsRepo(store.db);
  const artwork = {
    symbols: new Set<string>(),
    async refresh() {
      artwork.symbols = new Set(await thumbnails.symbols());
    },
  };
  await artwork.refresh();
  return {
    config,
    store,
    clock,
    access: createAccess(store.db, () => clock.now().getTime()),
    catalog: {
      publicBaseUrl: config.publicBaseUrl,
      rtpOf,
      hasUploadedArt: (symbol) => artwork.symbols.has(symbol),
    },
    coinValues: coinValuesFor,
    artwork,
  };
}
