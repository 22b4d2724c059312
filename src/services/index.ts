// The domain services of one process, built from its configuration and store.
import type { Config } from '../config.ts';
import type { CatalogOptions } from '../domain/catalog.ts';
import { coinValuesFor, rtpOf } from '../domain/game-facts.ts';
import type { Store } from '../store/db.ts';
import { operatorsRepo } from '../store/operators.repo.ts';
import { thumbnailsRepo } from '../store/thumbnails.repo.ts';
import { type RetryPolicy, retryPolicyFor } from '../wallet/retry-policy.ts';
import { createWallets, type Wallets } from '../wallet/wallets.ts';
import { createAccess } from './access.ts';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limit.ts';
import { createRoundPlayer, type RoundPlayer } from './rounds.ts';
import { createRuntimeSessions, type RuntimeSessions } from './sessions.ts';

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
  /**
   * Symbols with uploaded artwork, kept in memory: changed at once by this node's uploads, and
   * re-read every ARTWORK_REFRESH_MS for uploads made by other nodes or the CLI.
   * `version` moves with every change.
   */
  artwork: {
    symbols: Set<string>;
    version: number;
    refresh(): Promise<void>;
    changed(symbol: string, uploaded: boolean): void;
    stop(): void;
  };
  /** Runtime API sessions (by token), rounds, and both wallet modes with the retry worker. */
  sessions: RuntimeSessions;
  rounds: RoundPlayer;
  wallets: Wallets;
  /** Provider API requests per key and minute; null when RATE_LIMIT_PER_MINUTE is 0. */
  rateLimiter: RateLimiter | null;
}

export const ARTWORK_REFRESH_MS = 10_000;

export interface ServiceOptions {
  /** Overrides of the wallet retry schedule (tests use short ones). */
  walletRetry?: Partial<RetryPolicy>;
}

export async function createServices(
  config: Config,
  store: Store,
  clock: Clock = systemClock,
  options: ServiceOptions = {},
): Promise<Services> {
  const thumbnails = thumbnailsRepo(store.db);
  const artwork = {
    symbols: new Set<string>(),
    version: 0,
    async refresh() {
      const symbols = new Set(await thumbnails.symbols());
      const same = symbols.size === artwork.symbols.size && [...symbols].every((s) => artwork.symbols.has(s));
      if (same && artwork.version > 0) return;
      artwork.symbols = symbols;
      artwork.version++;
    },
    changed(symbol: string, uploaded: boolean) {
      if (uploaded) artwork.symbols.add(symbol);
      else artwork.symbols.delete(symbol);
      artwork.version++;
    },
    stop() {
      clearInterval(refresher);
    },
  };
  const refresher = setInterval(() => artwork.refresh().catch(() => {}), ARTWORK_REFRESH_MS);
  refresher.unref();
  await artwork.refresh();
  const access = createAccess(store.db, () => clock.now().getTime());
  const now = () => clock.now();
  const sessions = createRuntimeSessions(store.db, access, now);
  const operators = operatorsRepo(store.db);
  const wallets = createWallets({
    db: store.db,
    policy: retryPolicyFor(config.appEnv, options.walletRetry),
    timeoutMs: config.walletTimeoutMs,
    findOperator: async (id) => (await access.operatorAccess(id))?.operator ?? operators.find(id),
  });
  return {
    config,
    store,
    clock,
    access,
    catalog: {
      publicBaseUrl: config.publicBaseUrl,
      rtpOf,
      hasUploadedArt: (symbol) => artwork.symbols.has(symbol),
    },
    coinValues: coinValuesFor,
    artwork,
    rateLimiter: rateLimiterFor(config),
    sessions,
    wallets,
    rounds: createRoundPlayer({
      db: store.db,
      sessions,
      wallets,
      sessionTtlSeconds: config.sessionTtlSeconds,
      walletTimeoutMs: config.walletTimeoutMs,
      now,
    }),
  };
}

function rateLimiterFor(config: Config): RateLimiter | null {
  if (config.rateLimitPerMinute === 0) return null;
  if (!config.redisUrl) return memoryRateLimiter(config.rateLimitPerMinute);
  return redisRateLimiter(config.redisUrl, config.rateLimitPerMinute, (error) => {
    process.emitWarning(`rate limiter: Redis did not answer (${error.message}); requests pass unlimited`);
  });
}
