// Starting and stopping one Reelforge node: store, migrations, services, HTTP server.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { gameCertifications } from './games/index.ts';
import { verifyManifest } from './games/manifest.ts';
import { buildApp } from './http/app.ts';
import { type Clock, createServices, type Services, systemClock } from './services/index.ts';
import { openConfiguredStore } from './store/configured.ts';
import type { Store } from './store/db.ts';
import { migrate } from './store/migrate.ts';
import type { RetryPolicy } from './wallet/retry-policy.ts';

export { openConfiguredStore };

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  /** The node's store (tests read the tables directly; the services never hand it out). */
  store: Store;
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
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const { store, embedded } = await openConfiguredStore(config);
  let app: FastifyInstance | undefined;
  let started: Services | undefined;
  try {
    await migrate(store.pool);
    const services = await createServices(config, store, options.clock ?? systemClock, {
      walletRetry: options.walletRetry,
    });
    started = services;
    app = await buildApp(services, { logLevel: options.logLevel ?? 'info', logStream: options.logStream });
    checkGameIntegrity(app, config);
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
    // Rounds a crash left in flight are finished before the node takes new play.
    await services.wallets.worker.recover(app.log);
    const url = await app.listen({ port: config.port, host: config.host });
    services.wallets.worker.start(app.log);
    const running = app;
    let stopping: Promise<void> | undefined;
    return {
      app,
      services,
      store,
      url: url.replace('[::1]', 'localhost'),
      stop() {
        stopping ??= (async () => {
          await running.close(); // stops accepting and waits for in-flight requests
          await services.close();
          await store.close();
          await embedded?.stop();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await started?.close().catch(() => {});
    await store.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
}

/**
 * The signed manifest of game and engine files, and every variant's certificate (checked as the
 * models loaded: an uncertified variant takes its game out of the live catalog). Staging and
 * production refuse to start on a manifest that does not verify; development and test log it.
 */
function checkGameIntegrity(app: FastifyInstance, config: Config): void {
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
  const manifest = verifyManifest();
  if (manifest.ok) return;
  const line = `game manifest check failed (${manifest.reason}): ${manifest.problems.slice(0, 10).join('; ')}`;
  if (config.appEnv === 'production' || config.appEnv === 'staging') throw new Error(line);
  app.log.error({ reason: manifest.reason, problems: manifest.problems }, line);
}
