// Starts one node (src/server.ts): config -> store -> services (built in src/services/index.ts) -> HTTP.
import { ConfigError, loadConfig } from './config.ts';
import { type DemoOperator, demoBanner, developmentAdminToken, ensureDemoOperator } from './demo.ts';
import { IntegrityRefusal, startServer } from './server.ts';

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
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config, {
      logLevel: process.env.LOG_LEVEL ?? 'info',
      beforeListen: async (services) => {
        if (config.appEnv === 'development') demo = await ensureDemoOperator(services);
      },
    });
  } catch (error) {
    const problem =
      error instanceof IntegrityRefusal ? error.message : listenProblem(error, config.port, config.host);
    if (!problem) throw error;
    process.stderr.write(`reelforge: ${problem}\n`);
    process.exit(1);
  }
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

/** A listen failure the person starting the server can fix, in one line; undefined for anything else. */
function listenProblem(error: unknown, port: number, host: string): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE')
    return `port ${port} on ${host} is already in use: stop what listens there, or set PORT to a free port`;
  if (code === 'EACCES')
    return `not allowed to listen on port ${port} on ${host}: set PORT to a port above 1023, or run with the right to bind it`;
  if (code === 'EADDRNOTAVAIL')
    return `HOST ${host} is not an address of this machine: set HOST (e.g. 127.0.0.1 or 0.0.0.0)`;
  return undefined;
}

main().catch((error) => {
  process.stderr.write(
    `reelforge: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
