// HAProxy (the Debian package) in front of PostgreSQL servers, sending every connection to the one
// that takes writes: an external check asks each server `select pg_is_in_recovery()` with psql and
// passes only on `f`, so after a replica's promotion the new primary is found within a check or two,
// and sessions on a server marked down are cut. docs/operations.md, "Failover", says why this one.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { freePort, pgBinDir, run } from './cluster.ts';

async function which(command: string): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin', '/usr/bin'])) {
    const full = path.join(dir, command);
    if (dir && existsSync(full)) return full;
  }
  return undefined;
}

/** Why HAProxy with the primary check cannot run here, or undefined. */
export async function haproxyProblem(): Promise<string | undefined> {
  const haproxy = await which('haproxy');
  if (!haproxy) return 'haproxy is not installed (apt-get install haproxy)';
  const bin = await pgBinDir();
  const psql =
    (bin && existsSync(path.join(bin, 'psql')) ? path.join(bin, 'psql') : undefined) ?? (await which('psql'));
  if (!psql) return 'psql is missing (the health check runs it)';
  const version = await run(haproxy, ['-v']);
  if (version.code !== 0) return `haproxy -v failed: ${version.stderr}`;
  return undefined;
}

export interface PrimaryProxy {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database>: always the server that takes writes. */
  url(database: string): string;
  stop(): Promise<void>;
}

/** The external check: exit 0 only when the server at ($3, $4) is a primary. */
const CHECK_SCRIPT = `#!/bin/sh
# HAProxy external check: arguments <proxy addr> <proxy port> <server addr> <server port>.
# Passes only on a PostgreSQL that is not in recovery (the primary); a standby or no answer fails.
answer=$(PGCONNECT_TIMEOUT=5 psql -X -q -t -A -h "$3" -p "$4" -U postgres -d postgres -c 'select pg_is_in_recovery()' 2>/dev/null)
[ "$answer" = "f" ]
`;

/** How often the primary check runs, how many failures mark a server down, how long one may take. */
export interface CheckTiming {
  interMs: number;
  fall: number;
  timeoutMs: number;
}

const QUICK_CHECKS: CheckTiming = { interMs: 250, fall: 2, timeoutMs: 3000 };

/**
 * HAProxy on a free loopback port, in `dir`, in front of `servers` (host:port). By default checks
 * every 250 ms; two failed checks mark a server down and cut its sessions, one passed check brings
 * it in. A loaded machine (psql forked for each check) may want slower, more forgiving checks.
 */
export async function startPrimaryProxy(
  dir: string,
  servers: ReadonlyArray<{ name: string; port: number }>,
  timing: CheckTiming = QUICK_CHECKS,
): Promise<PrimaryProxy> {
  const haproxy = (await which('haproxy')) as string;
  const home = path.join(dir, 'haproxy');
  await mkdir(home, { recursive: true });
  const script = path.join(home, 'pg-primary-check.sh');
  await writeFile(script, CHECK_SCRIPT);
  await chmod(script, 0o755);
  const port = await freePort();
  const bin = (await pgBinDir()) ?? '/usr/bin';
  const config = `global
  external-check
  insecure-fork-wanted
  maxconn 1000
  log stderr format short local0 notice

defaults
  log global
  mode tcp
  timeout connect 2s
  timeout client 1h
  timeout server 1h
  timeout check ${timing.timeoutMs}ms

listen postgres_primary
  bind 127.0.0.1:${port}
  option external-check
  external-check path "${bin}:/usr/bin:/bin"
  external-check command ${script}
  default-server inter ${timing.interMs} fall ${timing.fall} rise 1 on-marked-down shutdown-sessions
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
  const file = path.join(home, 'haproxy.cfg');
  await writeFile(file, config);
  const check = await run(haproxy, ['-c', '-f', file]);
  if (check.code !== 0) throw new Error(`haproxy refused its configuration: ${check.stderr || check.stdout}`);
  const child: ChildProcess = spawn(haproxy, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  // Server state changes (UP, DOWN and why) go to haproxy.log beside the configuration.
  const log = createWriteStream(path.join(home, 'haproxy.log'));
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
    log.write(chunk);
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not listen: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const late = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(late);
    },
  };
}
