// Starts one node (src/server.ts): config -> store -> services (built in src/services/index.ts) -> HTTP.
import { ConfigError, loadConfig } from './config.ts';
import { type DemoOperator, demoBanner, developmentAdminToken, ensureDemoOperator } from './demo.ts';
import { startServer } from './server.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`reelforge: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (config.adminToken === undefined)
    config = { ...config, adminToken: await developmentAdminToken(config.dataDir) };

  let demo: DemoOperator | undefined;
  const server = await startServer(config, {
    logLevel: process.env.LOG_LEVEL ?? 'info',
    beforeListen: async (services) => {
      if (config.appEnv === 'development') demo = await ensureDemoOperator(services);
    },
  });
  if (demo)
    process.stdout.write(
      demoBanner(server.url.replace('127.0.0.1', 'localhost'), demo, config.adminToken as string),
    );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      (error) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  process.stderr.write(
    `reelforge: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
