// The composition of one process: every repository and service is built here, from the
// configuration and the store, and nowhere else. Handlers and CLI commands receive services;
// none of them sees the store.
import { type Config, loadConfig, type Secrets } from '../config.ts';
import type { CatalogOptions } from '../domain/catalog.ts';
import type { Actor } from '../domain/staff.ts';
import type { WalletAddressPolicy } from '../domain/wallet-address.ts';
import { certifiedHooks, certifiedRtp, gameInfos } from '../games/index.ts';
import { choosePlayRng, type PlayRngSource } from '../games/play-rng.ts';
import { approvalsRepo, auditRepo } from '../store/audit.repo.ts';
import { campaignPrizesRepo } from '../store/campaign-prizes.repo.ts';
import { campaignsRepo } from '../store/campaigns.repo.ts';
import { clustersRepo } from '../store/clusters.repo.ts';
import { pingStore, type Store } from '../store/db.ts';
import { demoRepo } from '../store/demo.repo.ts';
import { freeRoundsRepo } from '../store/free-rounds.repo.ts';
import { gamesRepo } from '../store/games.repo.ts';
import { jackpotAdminRepo } from '../store/jackpot-admin.repo.ts';
import { jackpotFiguresRepo } from '../store/jackpot-figures.repo.ts';
import { jackpotsRepo } from '../store/jackpots.repo.ts';
import { ledgerRepo } from '../store/ledger.repo.ts';
import { apiKeysRepo, operatorsRepo } from '../store/operators.repo.ts';
import {
  type ReadRouter,
  type ReadSide,
  type ReplicaState,
  type RouteReason,
  readRouter,
  replicaMonitor,
} from '../store/replica.ts';
import { reportsRepo } from '../store/reports.repo.ts';
import { roundsRepo } from '../store/rounds.repo.ts';
import { sessionsRepo } from '../store/sessions.repo.ts';
import { signingKeysRepo } from '../store/signing-keys.repo.ts';
import { staffRepo } from '../store/staff.repo.ts';
import { thumbnailsRepo } from '../store/thumbnails.repo.ts';
import { walletRepo } from '../store/wallet.repo.ts';
import type { WalletAttemptEvent } from '../wallet/callback-client.ts';
import { type RetryPolicy, retryPolicyFor } from '../wallet/retry-policy.ts';
import type { RoundStep } from '../wallet/settlement.ts';
import { createWallets, type Wallets } from '../wallet/wallets.ts';
import { ACCESS_CACHE_MS, type AccessService, createAccessService } from './access.ts';
import { type ApprovalService, createApprovalService } from './approvals.ts';
import { ARTWORK_REFRESH_MS, type ArtworkService, createArtworkService } from './artwork.ts';
import { type AuditService, createAuditService } from './audit.ts';
import { checkpointFile, checkpointSigner } from './audit-checkpoints.ts';
import { auditedActions, type StaffActions } from './audited.ts';
import { type CampaignAdminService, createCampaignAdminService } from './campaign-admin.ts';
import { type CampaignPrizeService, createCampaignPrizeService } from './campaign-prizes.ts';
import { type CampaignService, createCampaignService } from './campaigns.ts';
import { createChanges } from './changes.ts';
import { type ClusterDirectory, clusterDirectory } from './cluster-directory.ts';
import { fannedReplay, fannedReports } from './cluster-reads.ts';
import { createFreeRoundService, type FreeRoundService } from './free-rounds.ts';
import { createGameSwitchService, type GameSwitchService } from './game-switches.ts';
import { createJackpotAdminService, type JackpotAdminService } from './jackpot-admin.ts';
import { createJackpotFiguresService, type JackpotFiguresService } from './jackpot-figures.ts';
import { createJackpotService, type JackpotService } from './jackpots.ts';
import { createLaunchService, type LaunchService } from './launcher.ts';
import { memoryLeaderboard, redisLeaderboard } from './leaderboard.ts';
import { createOperatorService, type OperatorService } from './operators.ts';
import { createPlacementService, type PlacementService } from './placement.ts';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limit.ts';
import { createReportService, type ReportService } from './reports.ts';
import { createRoundDetailsService, type RoundDetailsService } from './round-details.ts';
import { createRoundReplayService, type RoundReplayService } from './round-replay.ts';
import { createRoundService, type RoundService } from './rounds.ts';
import { createSessionRounds } from './session-rounds.ts';
import { createSessionService, type SessionService } from './sessions.ts';
import { createStaffService, resealTotpSecrets, type StaffService } from './staff.ts';
import { createStaffRoundService, type StaffRoundService } from './staff-rounds.ts';
import { type TotpBox, totpBox } from './totp.ts';
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
  /** Staff replay of any stored round under the certificate it was played under. */
  roundReplay: RoundReplayService;
  /** Free-round campaigns and grants (operators), and the offers a game shows. */
  freeRounds: FreeRoundService;
  /** Round lookups for support and the signed round details page. */
  roundDetails: RoundDetailsService;
  /** Reconciliation reports: a day's wallet transactions, and totals by day, game and currency. */
  reports: ReportService;
  /** Both wallet modes and the retry worker (the node starts and stops it). */
  wallets: Wallets;
  /** Jackpot pools: what rounds feed, the meters, the public ledger and its sealer (the node starts it). */
  jackpots: JackpotService;
  /** Tournaments and prize drops (issue 29): campaigns, live leaderboards, drops, the freeze. */
  campaigns: CampaignService;
  /** Staff's campaigns: a staff session's waits for a second admin; every change audited. */
  campaignAdmin: CampaignAdminService;
  /** Certified figures of games with a jackpot: base, jackpot and total RTP, tiers' hit frequencies. */
  jackpotFigures: JackpotFiguresService;
  /** Staff's pools: NJ meters, and changes behind the two-person rule. */
  jackpotAdmin: JackpotAdminService;
  /** Staff accounts, sign-in and sessions of the back office. */
  staff: StaffService;
  /** The hash-chained audit trail of every staff, token and CLI change. */
  audit: AuditService;
  /** The changing services as `actor` uses them: every change written to the audit trail. */
  actingAs(actor: Actor): StaffActions;
  /** Changes that need a second admin when a staff session asks for them. */
  approvals: ApprovalService;
  /** Staff's live switch per game. */
  gameSwitches: GameSwitchService;
  /** Campaign prizes paid after the round, their receipts and staff's parked ones (the node starts it). */
  campaignPrizes: CampaignPrizeService;
  /** Every callback attempt as it ends, for the logs and the metrics. */
  walletAttempts: { listen(listener: (event: WalletAttemptEvent) => void): void };
  /** How long each store step of a callback round took, for the metrics. */
  roundSteps: { listen(listener: (step: RoundStep, seconds: number) => void): void };
  /** Provider API requests per key and minute; null when RATE_LIMIT_PER_MINUTE is 0. */
  rateLimiter: RateLimiter | null;
  /** Per client address on the public endpoints (artwork, round details pages); null when off. */
  publicRateLimiter: RateLimiter | null;
  /** Whether the store answers. */
  storeReachable(): Promise<boolean>;
  /** With several clusters: whether each answers, by id (undefined on one cluster). */
  clustersReachable?(): Promise<Record<string, boolean>>;
  /**
   * The read replica (DATABASE_REPLICA_URL), for /health and the metrics: its last probed state
   * (undefined without one) and every routed read, where it went and why.
   */
  replica: {
    state(): ReplicaState | undefined;
    listen(listener: (side: ReadSide, reason: RouteReason) => void): void;
  };
  /** The node's clusters with their state and operators, and where one operator plays (staff's view). */
  clusters: ClusterDirectory;
  /** The store's connection pool, for the metrics. */
  poolUsage(): PoolUsage;
  /** Stops timers, the retry worker and outgoing connections (the store is closed by its owner). */
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** Overrides of the wallet retry schedule (tests use short ones). */
  walletRetry?: Partial<RetryPolicy>;
  /** A test harness's round generator (seeded); refused outside development and test. */
  testPlayRng?: PlayRngSource;
  /** How long after its end a campaign is frozen (tests use a short one). */
  campaignFreezeGraceMs?: number;
  /**
   * The store of DATABASE_REPLICA_URL (its owner closes it): history, round look-ups, staff search
   * and reports read there when src/store/replica.ts allows; everything else uses `store`.
   */
  replica?: Store;
  /**
   * This services' cluster when `store` is not the control cluster (DATABASE_CLUSTERS): operators,
   * keys, staff, the audit trail, artwork and the game switches are the control cluster's
   * (`control`, the control cluster's own services); play, wallets, jackpots and campaigns are
   * `store`'s. Without it, `store` is the control cluster.
   */
  cell?: { id: string; control: Services; controlStore: Store };
  /** Where each operator plays (src/services/placement.ts); without it every operator plays here. */
  placement?: PlacementService;
}

export async function createServices(
  config: Config,
  store: Store,
  clock: Clock = systemClock,
  options: ServiceOptions = {},
): Promise<Services> {
  const { db } = store;
  const control = options.cell?.control;
  // Operators, keys and artwork are the control cluster's; an operator placed on this cluster has a
  // copy of its row here (written by `reelforge operator move`) for the play tables' keys only.
  const controlDb = options.cell?.controlStore.db ?? db;
  const playRng = choosePlayRng(config.appEnv, options.testPlayRng);
  if (!playRng.ok) throw new Error(playRng.detail);
  const repos = {
    operators: operatorsRepo(controlDb),
    keys: apiKeysRepo(controlDb),
    thumbnails: thumbnailsRepo(controlDb),
    sessions: sessionsRepo(db, store.pool),
    rounds: roundsRepo(db),
    wallet: walletRepo(db),
    ledger: ledgerRepo(db),
    demo: demoRepo(db),
    demoRounds: roundsRepo(db, 'demo_rounds'),
    freeRounds: freeRoundsRepo(db),
  };
  const now = () => clock.now();
  const readListeners: Array<(side: ReadSide, reason: RouteReason) => void> = [];
  const monitor = options.replica ? replicaMonitor(options.replica, () => clock.now().getTime()) : undefined;
  /** `primary` repositories, or a router to the same ones on the replica when there is one. */
  const routed = <R>(primary: R, onReplica: (replica: Store) => R): ReadRouter<R> =>
    readRouter(
      primary,
      options.replica && monitor
        ? {
            repos: onReplica(options.replica),
            monitor,
            maxLagMs: config.replicaMaxLagMs,
            now: () => clock.now().getTime(),
            observe: (side, reason) => {
              for (const listener of readListeners) listener(side, reason);
            },
          }
        : undefined,
    );
  const changes = createChanges();
  const gameSwitches =
    control?.gameSwitches ??
    createGameSwitchService({
      games: gamesRepo(db),
      changes,
      now: () => clock.now().getTime(),
      cacheMs: ACCESS_CACHE_MS,
    });
  const access =
    control?.access ??
    createAccessService({
      ...repos,
      changes,
      now: () => clock.now().getTime(),
      switchedOff: gameSwitches.switchedOff,
      cachedSwitchedOff: gameSwitches.cachedSwitchedOff,
    });
  const artwork =
    control?.artwork ?? (await createArtworkService({ ...repos, changes, refreshEvery: ARTWORK_REFRESH_MS }));
  const placement = options.placement;
  const here = options.cell?.id ?? config.clusterId;
  /** Where operators play, for what must keep to one cluster's operators (pools, campaigns). */
  const clusterPlacement = placement
    ? { here, clusterOf: async (operatorId: string) => (await placement.of(operatorId)).cluster }
    : undefined;
  const sessions = createSessionService({ sessions: repos.sessions, access, now, placement });
  const attemptListeners: Array<(event: WalletAttemptEvent) => void> = [];
  const stepListeners: Array<(step: RoundStep, seconds: number) => void> = [];
  const wallets = createWallets({
    ...repos,
    observe: (event) => {
      for (const listener of attemptListeners) listener(event);
    },
    observeStep: (step, seconds) => {
      for (const listener of stepListeners) listener(step, seconds);
    },
    policy: retryPolicyFor(config.appEnv, options.walletRetry),
    timeoutMs: config.walletTimeoutMs,
    addresses: config.walletAddresses,
    now,
    findOperator: async (id) => (await access.operatorAccess(id))?.operator ?? repos.operators.find(id),
    // A credit rebuilt by recovery links the round's page as the spin's own did (called after start-up).
    detailsUrl: (roundId, playedAt) => roundDetails.urlOf(roundId, playedAt),
  });
  const walletQueue = createWalletQueueService({ ...repos, policy: wallets.policy, worker: wallets.worker });
  const millis = () => now().getTime();
  // One count a key and a client address per node, whichever cluster's services take the request.
  const rateLimiter = control
    ? control.rateLimiter
    : rateLimiterFor(config, config.rateLimitPerMinute, 'rate', millis);
  const publicRateLimiter = control
    ? control.publicRateLimiter
    : rateLimiterFor(config, config.publicRateLimitPerMinute, 'public', millis);
  const freeRounds = createFreeRoundService({ freeRounds: repos.freeRounds, now });
  const jackpots = createJackpotService({
    repo: jackpotsRepo(db),
    rng: () => playRng.source.forSession('jackpot'),
    now,
  });
  const campaigns = createCampaignService({
    repo: campaignsRepo(db),
    // One board shared by every node through Redis; a single node keeps it in the process.
    board: config.redisUrl
      ? redisLeaderboard(config.redisUrl, (error) => {
          // Rounds stay queued on their node meanwhile; a board Redis lost is rebuilt from the rounds.
          process.emitWarning(`campaign leaderboards: Redis did not answer (${error.message})`);
        })
      : memoryLeaderboard(),
    rng: () => playRng.source.forSession('campaign'),
    games: () => gameInfos.map((game) => game.symbol),
    operatorExists: async (id) => (await repos.operators.find(id)) !== undefined,
    placement: clusterPlacement,
    now,
    // A callback round waits at most the wallet's time-out (and a lease's grace) for its debit's answer.
    freezeGraceMs:
      options.campaignFreezeGraceMs ??
      config.walletTimeoutMs +
        retryPolicyFor(config.appEnv).leaseGraceMs +
        (config.appEnv === 'test' ? 0 : 5_000),
  });
  const roundDetails = createRoundDetailsService({
    ...repos,
    reads: routed(repos, (replica) => ({
      rounds: roundsRepo(replica.db),
      wallet: walletRepo(replica.db),
      freeRounds: freeRoundsRepo(replica.db),
    })),
    secret: await signingKeysRepo(controlDb).get('round_details'),
    // Read at each use: PUBLIC_BASE_URL may be known only once the node listens (port 0).
    publicBaseUrl: () => config.publicBaseUrl,
    now,
  });
  const audit = control?.audit ?? (await sealedAudit(store, config.secrets, now));
  const staff =
    control?.staff ??
    createStaffService({
      staff: staffRepo(db),
      audit,
      totp: await staffTotpBox(store, config.secrets),
      now,
    });
  const operators =
    control?.operators ?? createOperatorService({ ...repos, changes, addresses: config.walletAddresses });
  const actingAs =
    control?.actingAs ??
    ((actor: Actor) =>
      auditedActions({ operators, artwork, walletQueue, games: gameSwitches }, audit, actor));
  const approvals =
    control?.approvals ??
    createApprovalService({
      approvals: approvalsRepo(db),
      staff: staffRepo(db),
      accounts: staff,
      operators: repos.operators,
      audit,
      actingAs,
      now,
    });
  const jackpotAdmin = createJackpotAdminService({
    repo: jackpotAdminRepo(db),
    pools: jackpotsRepo(db),
    jackpots,
    approvals,
    audit,
    now,
    placement: clusterPlacement,
  });
  // The control cluster's pools (a node on several clusters routes each change to its pool's: cells.ts).
  if (!control) approvals.applyJackpotChangesWith(jackpotAdmin.applyApproved);
  monitor?.start();
  const campaignPrizes = createCampaignPrizeService({
    repo: campaignPrizesRepo(db),
    operatorAccess: access.operatorAccess,
    freeRounds,
    audit,
    policy: wallets.policy,
    timeoutMs: config.walletTimeoutMs,
    addresses: config.walletAddresses,
    observe: (event) => {
      for (const listener of attemptListeners) listener(event);
    },
    now,
  });
  return {
    config,
    clock,
    access,
    staff,
    audit,
    actingAs,
    approvals,
    gameSwitches,
    campaignPrizes,
    catalog: {
      publicBaseUrl: config.publicBaseUrl,
      rtpOf: (game, variant) => certifiedRtp(game.symbol, variant),
      hooksOf: (game, variant) => certifiedHooks(game.symbol, variant),
      hasUploadedArt: (symbol) => artwork.hasUpload(symbol),
    },
    artwork,
    launcher: createLaunchService({
      sessions: repos.sessions,
      config,
      now,
      cluster: placement ? { id: here, placement } : undefined,
    }),
    sessions,
    rounds: createRoundService({
      rounds: repos.rounds,
      demoRounds: repos.demoRounds,
      freeRounds,
      playRng: playRng.source,
      detailsUrl: roundDetails.urlOf,
      sessions,
      wallets,
      jackpots,
      campaigns,
      sessionTtlSeconds: config.sessionTtlSeconds,
      walletTimeoutMs: config.walletTimeoutMs,
      now,
      sessionRounds: createSessionRounds({
        ...repos,
        reads: routed(repos, (replica) => ({
          rounds: roundsRepo(replica.db),
          demoRounds: roundsRepo(replica.db, 'demo_rounds'),
        })),
      }),
    }),
    operators,
    walletQueue,
    staffRounds: createStaffRoundService({
      ...repos,
      queue: walletQueue,
      reads: routed(repos, (replica) => ({ rounds: roundsRepo(replica.db), wallet: walletRepo(replica.db) })),
    }),
    roundReplay: createRoundReplayService(repos),
    freeRounds,
    roundDetails,
    reports: createReportService({
      reports: reportsRepo(db),
      now,
      reads: routed(reportsRepo(db), (replica) => reportsRepo(replica.db)),
    }),
    wallets,
    jackpots,
    campaigns,
    jackpotFigures: createJackpotFiguresService({
      repo: jackpotFiguresRepo(db),
      poolsFor: jackpots.poolsFor,
    }),
    jackpotAdmin,
    campaignAdmin: createCampaignAdminService({ campaigns, staff: staffRepo(controlDb), audit }),
    walletAttempts: { listen: (listener) => attemptListeners.push(listener) },
    roundSteps: { listen: (listener) => stepListeners.push(listener) },
    rateLimiter,
    publicRateLimiter,
    storeReachable: () => pingStore(store),
    // One cluster's view; a node on several has the whole node's (cells.ts).
    clusters: clusterDirectory({
      members: [{ id: here, reachable: () => pingStore(store), replica: () => monitor?.state() }],
      placement,
      operatorIds: async () => (await operators.listOperators()).map((operator) => operator.id),
    }),
    replica: {
      state: () => monitor?.state(),
      listen: (listener) => readListeners.push(listener),
    },
    poolUsage: () => ({
      total: store.pool.totalCount,
      idle: store.pool.idleCount,
      waiting: store.pool.waitingCount,
    }),
    async close() {
      monitor?.stop();
      await wallets.close(); // the retry worker finishes its pass; no new wallet work starts
      await campaignPrizes.stop();
      await jackpots.stop();
      await campaigns.stop();
      if (control) return; // what it shares is the control cluster's services' to close
      await rateLimiter?.close();
      await publicRateLimiter?.close();
      artwork.stop();
    },
  };
}

/** What staff commands on the store need (the CLI): no timers, no wallets, no connections out. */
export interface StaffServices {
  operators: OperatorService;
  artwork: StaffActions['artwork'];
  reports: ReportService;
  jackpotFigures: JackpotFiguresService;
  roundReplay: RoundReplayService;
  staff: StaffService;
  audit: AuditService;
}

/** The audit trail under the configured keys, keyed and checkpointed before anything is recorded. */
async function sealedAudit(store: Store, secrets: Secrets, now: () => Date): Promise<AuditService> {
  const audit = createAuditService({
    audit: auditRepo(store.db),
    now,
    chainKey: secrets.auditChainKey,
    signer: checkpointSigner(secrets.auditSigningKey),
    checkpoints: secrets.auditCheckpointFile ? checkpointFile(secrets.auditCheckpointFile) : undefined,
  });
  await audit.seal({ kind: 'system' });
  return audit;
}

/**
 * The TOTP box under TOTP_KEY. While the store still holds its old 'staff_totp' key, every secret
 * sealed under it is sealed again under TOTP_KEY, then the old key is dropped from the store.
 */
async function staffTotpBox(store: Store, secrets: Secrets): Promise<TotpBox> {
  const keys = signingKeysRepo(store.db);
  const legacy = await keys.find('staff_totp');
  if (legacy === undefined) return totpBox(secrets.totpKey);
  await resealTotpSecrets(staffRepo(store.db), totpBox(secrets.totpKey, legacy));
  await keys.remove('staff_totp');
  return totpBox(secrets.totpKey);
}

/**
 * `actor`: who runs the command (the audit trail names them on every change). `secrets`: the
 * configuration's keys (default: from the environment); `addresses`: where wallets may be called.
 */
export async function createStaffServices(
  store: Store,
  actor: Actor,
  options: {
    secrets?: Secrets;
    addresses?: WalletAddressPolicy;
    /** Every cluster's store (the control cluster's, `store`, among them): reports and replays span them. */
    clusters?: { control: string; stores: ReadonlyMap<string, Store> };
  } = {},
): Promise<StaffServices> {
  const secrets = options.secrets ?? loadConfig(process.env).secrets;
  const changes = createChanges();
  // The control cluster first; without clusters, the one store and every operator on it.
  const control = options.clusters?.control ?? 'main';
  const clusterList = [
    { id: control, store },
    ...[...(options.clusters?.stores ?? [])]
      .filter(([id]) => id !== control)
      .map(([id, each]) => ({ id, store: each })),
  ];
  const placement = createPlacementService({
    repo: clustersRepo(store.db),
    control,
    clusters: clusterList.map((cluster) => cluster.id),
    cacheMs: 0,
  });
  const now = () => new Date();
  const audit = await sealedAudit(store, secrets, now);
  const artwork = await createArtworkService({ thumbnails: thumbnailsRepo(store.db), changes });
  const actions = auditedActions(
    {
      operators: createOperatorService({
        operators: operatorsRepo(store.db),
        keys: apiKeysRepo(store.db),
        changes,
        addresses: options.addresses,
      }),
      artwork,
      games: createGameSwitchService({ games: gamesRepo(store.db), changes, now: Date.now, cacheMs: 0 }),
    },
    audit,
    actor,
  );
  return {
    operators: actions.operators,
    artwork: actions.artwork,
    audit,
    staff: createStaffService({
      staff: staffRepo(store.db),
      audit,
      totp: await staffTotpBox(store, secrets),
      now,
    }),
    reports: fannedReports(
      clusterList.map(({ id, store: each }) => ({
        id,
        reports: createReportService({ reports: reportsRepo(each.db), now }),
      })),
      placement,
    ),
    jackpotFigures: createJackpotFiguresService({ repo: jackpotFiguresRepo(store.db) }),
    roundReplay: fannedReplay(
      clusterList.map(({ store: each }) =>
        createRoundReplayService({
          rounds: roundsRepo(each.db),
          demoRounds: roundsRepo(each.db, 'demo_rounds'),
        }),
      ),
    ),
  };
}

/** Windows are counted on the services' clock, so a test can hold a request inside one window. */
function rateLimiterFor(config: Config, limit: number, name: string, now: () => number): RateLimiter | null {
  if (limit === 0) return null;
  if (!config.redisUrl) return memoryRateLimiter(limit, now);
  return redisRateLimiter(
    config.redisUrl,
    limit,
    name,
    (error) => {
      process.emitWarning(`rate limiter: Redis did not answer (${error.message}); requests pass unlimited`);
    },
    now,
  );
}
