// Starting and stopping one Reelforge node: store, migrations, services, HTTP server.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { gameCertifications } from './games/index.ts';
import { checkStartupIntegrity } from './games/integrity.ts';
import type { PlayRngSource } from './games/play-rng.ts';
import { buildApp } from './http/app.ts';
import { type Cell, type Cells, createCells } from './services/cells.ts';
import { type Clock, createServices, type Services, systemClock } from './services/index.ts';
import { createPlacementService } from './services/placement.ts';
import { clustersRepo } from './store/clusters.repo.ts';
import { openConfiguredStore } from './store/configured.ts';
import { openStore, type Store } from './store/db.ts';
import { holdingsRepo } from './store/holdings.repo.ts';
import { createPartitionsAhead, migrateWhenReachable } from './store/migrate.ts';
import type { RetryPolicy } from './wallet/retry-policy.ts';

export { openConfiguredStore };

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  /** The node's store (tests read the tables directly; the services never hand it out). */
  store: Store;
  /** With DATABASE_CLUSTERS: every cluster's cell and store (the control cluster's are `services`' and `store`). */
  cells?: Cells;
  clusterStores?: ReadonlyMap<string, Store>;
  /** The address it listens on, e.g. http://127.0.0.1:8080. */
  url: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  logLevel?: string;
  logStream?: { write(line: string): void };
  clock?: Clock;
  /** Called before the HTTP server listens (e.g. to create the demo operator). */
  beforeListen?: (services: Services) => Promise<void>;
  /** Overrides of the wallet retry schedule (tests use short ones). */
  walletRetry?: Partial<RetryPolicy>;
  /** A test harness's seeded round generator; start-up refuses it outside development and test. */
  testPlayRng?: PlayRngSource;
  /** Routes a test harness adds (the seeded-RNG route); a production start passes none. */
  testRoutes?: (app: FastifyInstance, services: Services) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Thrown when a node must not start: its manifest or its trust anchor does not hold. */
export class IntegrityRefusal extends Error {
  override name = 'IntegrityRefusal';
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  // Before anything is opened: a node whose play code or key is not the signed one takes no play.
  const integrity = checkStartupIntegrity(config.appEnv, config.manifestKeyFingerprint);
  if (integrity.refusal) throw new IntegrityRefusal(integrity.refusal);
  const { store, embedded } = await openConfiguredStore(config);
  // Reads only (src/store/replica.ts): a smaller pool than the primary's, each read time-limited.
  const openReplica = (url: string | undefined) =>
    url ? openStore(url, { max: 10, statementTimeoutMs: config.replicaStatementTimeoutMs }) : undefined;
  const replica = openReplica(config.databaseReplicaUrl);
  // Every other cluster operators may play on (issue 30, part 3): a pool and the migrations each,
  // and its replica's pool when it has one.
  const clusterStores = new Map(config.clusters.map((cluster) => [cluster.id, openStore(cluster.url)]));
  const clusterReplicas = new Map(
    config.clusters.flatMap((cluster) => {
      const opened = openReplica(cluster.replicaUrl);
      return opened ? [[cluster.id, opened] as const] : [];
    }),
  );
  const every = [
    { name: 'the control cluster', store },
    ...[...clusterStores].map(([id, clusterStore]) => ({ name: `cluster ${id}`, store: clusterStore })),
  ];
  const closeReplicas = async () => {
    await replica?.close().catch(() => {});
    for (const each of clusterReplicas.values()) await each.close().catch(() => {});
  };
  let app: FastifyInstance | undefined;
  let started: Services | undefined;
  try {
    // A cluster failing over or restarting refuses connections for seconds: wait for it (a minute by
    // default, DATABASE_START_WAIT_MS) rather than exit and leave the load balancer a node short.
    const waitUntil = Date.now() + config.databaseStartWaitMs; // one wait for all of them
    for (const { name, store: each } of every)
      await migrateWhenReachable(each.pool, {
        waitMs: Math.max(0, waitUntil - Date.now()),
        onWait: (error) =>
          process.emitWarning(`${name} is not reachable yet (${(error as Error).message}): waiting`),
      });
    const clock = options.clock ?? systemClock;
    const serviceOptions = { walletRetry: options.walletRetry, testPlayRng: options.testPlayRng };
    const placement =
      clusterStores.size > 0
        ? createPlacementService({
            repo: clustersRepo(store.db),
            control: config.clusterId,
            clusters: [...clusterStores.keys()],
            now: () => clock.now().getTime(),
          })
        : undefined;
    const controlServices = await createServices(config, store, clock, {
      ...serviceOptions,
      replica,
      placement,
    });
    started = controlServices;
    let cells: Cells | undefined;
    if (placement) {
      const others: Cell[] = [];
      for (const [id, clusterStore] of clusterStores) {
        const cell: Cell = {
          id,
          holds: holdingsRepo(clusterStore.db).holds,
          services: await createServices(config, clusterStore, clock, {
            ...serviceOptions,
            replica: clusterReplicas.get(id),
            placement,
            cell: { id, control: controlServices, controlStore: store },
          }),
        };
        others.push(cell);
      }
      cells = createCells(
        { id: config.clusterId, services: controlServices, holds: holdingsRepo(store.db).holds },
        others,
        placement,
      );
      started = cells.services;
    }
    const services = cells?.services ?? controlServices;
    app = await buildApp(services, {
      logLevel: options.logLevel ?? 'info',
      logStream: options.logStream,
      cells,
    });
    options.testRoutes?.(app, services);
    logGameIntegrity(app, integrity.warnings);
    if (config.secrets.derived.length > 0)
      app.log.warn(
        `${config.secrets.derived.join(', ')} not set: using well-known development stand-ins (${config.appEnv} only; staging and production refuse to start without them)`,
      );
    if (!config.secrets.auditCheckpointFile)
      app.log.warn(
        'AUDIT_CHECKPOINT_FILE not set: no signed audit checkpoints (a removed tail of the audit trail would not show)',
      );
    if (config.gameBaseUrlProblem) {
      app.log.error(`${config.gameBaseUrlProblem}: launch-url answers 500 until it is fixed`);
    }
    await options.beforeListen?.(services);
    // Rounds a crash left in flight are finished before the node takes new play, on every cluster;
    // each cluster's workers run beside the others'.
    const perCluster = cells?.all.map((cell) => cell.services) ?? [controlServices];
    for (const each of perCluster) await each.wallets.worker.recover(app.log);
    const url = await app.listen({ port: config.port, host: config.host });
    for (const each of perCluster) {
      each.wallets.worker.start(app.log);
      each.campaignPrizes.start(app.log);
      each.jackpots.start(app.log);
      each.campaigns.start(app.log);
    }
    const running = app;
    // Start-up made the round tables' next months; a node that runs on for months makes them daily.
    const monthsAhead = setInterval(() => {
      for (const { store: each } of every)
        createPartitionsAhead(each.pool).catch((error: unknown) =>
          running.log.error({ err: error }, 'making the next months of the round tables failed'),
        );
    }, DAY_MS);
    monthsAhead.unref();
    let stopping: Promise<void> | undefined;
    return {
      app,
      services,
      store,
      cells,
      clusterStores: cells ? clusterStores : undefined,
      url: url.replace('[::1]', 'localhost'),
      stop() {
        stopping ??= (async () => {
          clearInterval(monthsAhead);
          await running.close(); // stops accepting and waits for in-flight requests
          await services.close();
          await store.close();
          for (const each of clusterStores.values()) await each.close();
          await closeReplicas();
          await embedded?.stop();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await started?.close().catch(() => {});
    await store.close().catch(() => {});
    for (const each of clusterStores.values()) await each.close().catch(() => {});
    await closeReplicas();
    await embedded?.stop().catch(() => {});
    throw error;
  }
}

/**
 * Every variant's certificate, as checked when the models loaded (an uncertified or unsigned one
 * takes its game out of the live catalog), and what development and test tolerate of the manifest.
 */
function logGameIntegrity(app: FastifyInstance, warnings: readonly string[]): void {
  for (const c of gameCertifications()) {
    if (!c.certified)
      app.log.error(
        { game: c.symbol, variant: c.variant, reason: c.reason },
        `game ${c.symbol} variant ${c.variant} is not certified (${c.reason}): not offered. ${c.detail}`,
      );
    for (const w of c.withheldModes)
      app.log.error(
        { game: c.symbol, variant: c.variant, mode: w.mode, reason: w.reason },
        `game ${c.symbol} mode ${w.mode} is not offered (${w.reason}). ${w.detail}`,
      );
  }
  for (const warning of warnings) app.log.error(warning);
}
