// The composition of one process: every repository and service is built here, from the
// configuration and the store, and nowhere else. Handlers and CLI commands receive services;
// none of them sees the store.
import type { Config } from '../config.ts';
import type { CatalogOptions } from '../domain/catalog.ts';
import { certifiedRtp } from '../games/index.ts';
import { pingStore, type Store } from '../store/db.ts';
import { demoRepo } from '../store/demo.repo.ts';
import { freeRoundsRepo } from '../store/free-rounds.repo.ts';
import { ledgerRepo } from '../store/ledger.repo.ts';
import { apiKeysRepo, operatorsRepo } from '../store/operators.repo.ts';
import { roundsRepo } from '../store/rounds.repo.ts';
import { sessionsRepo } from '../store/sessions.repo.ts';
import { signingKeysRepo } from '../store/signing-keys.repo.ts';
import { thumbnailsRepo } from '../store/thumbnails.repo.ts';
import { walletRepo } from '../store/wallet.repo.ts';
import type { WalletAttemptEvent } from '../wallet/callback-client.ts';
import { type RetryPolicy, retryPolicyFor } from '../wallet/retry-policy.ts';
import { createWallets, type Wallets } from '../wallet/wallets.ts';
import { type AccessService, createAccessService } from './access.ts';
import { ARTWORK_REFRESH_MS, type ArtworkService, createArtworkService } from './artwork.ts';
import { createChanges } from './changes.ts';
import { createFreeRoundService, type FreeRoundService } from './free-rounds.ts';
import { createLaunchService, type LaunchService } from './launcher.ts';
import { createOperatorService, type OperatorService } from './operators.ts';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limit.ts';
import { createRoundDetailsService, type RoundDetailsService } from './round-details.ts';
import { createRoundService, type RoundService } from './rounds.ts';
import { createSessionService, type SessionService } from './sessions.ts';
import { createStaffRoundService, type StaffRoundService } from './staff-rounds.ts';
import { createWalletQueueService, type WalletQueueService } from './wallet-queue.ts';

export interface PoolUsage {
  total: number;
  idle: number;
  waiting: number;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface Services {
  config: Config;
  clock: Clock;
  /** Who a provider API request acts as, and which catalog it may see. */
  access: AccessService;
  catalog: CatalogOptions;
  artwork: ArtworkService;
  launcher: LaunchService;
  /** Runtime API sessions (by token). */
  sessions: SessionService;
  rounds: RoundService;
  operators: OperatorService;
  walletQueue: WalletQueueService;
  staffRounds: StaffRoundService;
  /** Free-round campaigns and grants (operators), and the offers a game shows. */
  freeRounds: FreeRoundService;
  /** Round lookups for support and the signed round details page. */
  roundDetails: RoundDetailsService;
  /** Both wallet modes and the retry worker (the node starts and stops it). */
  wallets: Wallets;
  /** Every callback attempt as it ends, for the logs and the metrics. */
  walletAttempts: { listen(listener: (event: WalletAttemptEvent) => void): void };
  /** Provider API requests per key and minute; null when RATE_LIMIT_PER_MINUTE is 0. */
  rateLimiter: RateLimiter | null;
  /** Whether the store answers. */
  storeReachable(): Promise<boolean>;
  /** The store's connection pool, for the metrics. */
  poolUsage(): PoolUsage;
  /** Stops timers, the retry worker and outgoing connections (the store is closed by its owner). */
  close(): Promise<void>;
}

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
  const { db } = store;
  const repos = {
    operators: operatorsRepo(db),
    keys: apiKeysRepo(db),
    thumbnails: thumbnailsRepo(db),
    sessions: sessionsRepo(db),
    rounds: roundsRepo(db),
    wallet: walletRepo(db),
    ledger: ledgerRepo(db),
    demo: demoRepo(db),
    demoRounds: roundsRepo(db, 'demo_rounds'),
    freeRounds: freeRoundsRepo(db),
  };
  const now = () => clock.now();
  const changes = createChanges();
  const access = createAccessService({ ...repos, changes, now: () => clock.now().getTime() });
  const artwork = await createArtworkService({ ...repos, changes, refreshEvery: ARTWORK_REFRESH_MS });
  const sessions = createSessionService({ sessions: repos.sessions, access, now });
  const attemptListeners: Array<(event: WalletAttemptEvent) => void> = [];
  const wallets = createWallets({
    ...repos,
    observe: (event) => {
      for (const listener of attemptListeners) listener(event);
    },
    policy: retryPolicyFor(config.appEnv, options.walletRetry),
    timeoutMs: config.walletTimeoutMs,
    findOperator: async (id) => (await access.operatorAccess(id))?.operator ?? repos.operators.find(id),
  });
  const walletQueue = createWalletQueueService({ ...repos, policy: wallets.policy, worker: wallets.worker });
  const rateLimiter = rateLimiterFor(config);
  const freeRounds = createFreeRoundService({ freeRounds: repos.freeRounds, now });
  const roundDetails = createRoundDetailsService({
    ...repos,
    secret: await signingKeysRepo(db).get('round_details'),
    // Read at each use: PUBLIC_BASE_URL may be known only once the node listens (port 0).
    publicBaseUrl: () => config.publicBaseUrl,
    now,
  });
  return {
    config,
    clock,
    access,
    catalog: {
      publicBaseUrl: config.publicBaseUrl,
      rtpOf: (game, variant) => certifiedRtp(game.symbol, variant),
      hasUploadedArt: (symbol) => artwork.hasUpload(symbol),
    },
    artwork,
    launcher: createLaunchService({ sessions: repos.sessions, config, now }),
    sessions,
    rounds: createRoundService({
      rounds: repos.rounds,
      demoRounds: repos.demoRounds,
      freeRounds,
      detailsUrl: roundDetails.urlOf,
      sessions,
      wallets,
      sessionTtlSeconds: config.sessionTtlSeconds,
      walletTimeoutMs: config.walletTimeoutMs,
      now,
    }),
    operators: createOperatorService({ ...repos, changes }),
    walletQueue,
    staffRounds: createStaffRoundService({ ...repos, queue: walletQueue }),
    freeRounds,
    roundDetails,
    wallets,
    walletAttempts: { listen: (listener) => attemptListeners.push(listener) },
    rateLimiter,
    storeReachable: () => pingStore(store),
    poolUsage: () => ({
      total: store.pool.totalCount,
      idle: store.pool.idleCount,
      waiting: store.pool.waitingCount,
    }),
    async close() {
      await wallets.close(); // the retry worker finishes its pass; no new wallet work starts
      await rateLimiter?.close();
      artwork.stop();
    },
  };
}

/** What staff commands on the store need (the CLI): no timers, no wallets, no connections out. */
export interface StaffServices {
  operators: OperatorService;
  artwork: ArtworkService;
}

export async function createStaffServices(store: Store): Promise<StaffServices> {
  const changes = createChanges();
  return {
    operators: createOperatorService({
      operators: operatorsRepo(store.db),
      keys: apiKeysRepo(store.db),
      changes,
    }),
    artwork: await createArtworkService({ thumbnails: thumbnailsRepo(store.db), changes }),
  };
}

function rateLimiterFor(config: Config): RateLimiter | null {
  if (config.rateLimitPerMinute === 0) return null;
  if (!config.redisUrl) return memoryRateLimiter(config.rateLimitPerMinute);
  return redisRateLimiter(config.redisUrl, config.rateLimitPerMinute, (error) => {
    process.emitWarning(`rate limiter: Redis did not answer (${error.message}); requests pass unlimited`);
  });
}
