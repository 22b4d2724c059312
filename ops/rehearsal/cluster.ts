// Three Reelforge nodes (`node src/main.ts`, APP_ENV=staging) on one database and one Redis.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { cpuSeconds, freePort, onCleanup, sleep, stopChild } from './processes.ts';

export const ADMIN_TOKEN = 'rehearsal-admin-token-0123456789';
/** Keys staging requires, one set for the cluster (every node reads the same database). */
const CLUSTER_KEYS = {
  TOTP_KEY: randomBytes(32).toString('base64url'),
  AUDIT_CHAIN_KEY: randomBytes(32).toString('base64url'),
  AUDIT_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({
    format: 'pem',
    type: 'pkcs8',
  }) as string,
};

export interface NodeSettings {
  databaseUrl: string;
  /** DATABASE_CLUSTERS (id=url,…): the clusters besides the control one, when there are any. */
  databaseClusters?: string;
  redisUrl: string;
  walletTimeoutMs: number;
  rateLimitPerMinute: number;
  logDir: string;
  root: string;
}

export class ReelforgeNode {
  readonly name: string;
  readonly port: number;
  child: ChildProcess | undefined;
  /** Exits nobody asked for (a crash), with where its log is. */
  readonly crashes: string[] = [];
  private expectingExit = false;
  private starts = 0;
  private readonly settings: NodeSettings;

  constructor(name: string, port: number, settings: NodeSettings) {
    this.name = name;
    this.port = port;
    this.settings = settings;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get upstream(): string {
    return `127.0.0.1:${this.port}`;
  }

  async start(limitMs = 120_000): Promise<void> {
    this.starts += 1;
    const log = createWriteStream(path.join(this.settings.logDir, `${this.name}.${this.starts}.log`));
    const child = spawn(process.execPath, [path.join(this.settings.root, 'src/main.ts')], {
      cwd: this.settings.root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        // REHEARSE_APP_ENV=development rehearses a tree whose MANIFEST.json is not re-signed yet (a
        // staging node refuses to start on it); everything else is as in staging.
        APP_ENV: process.env.REHEARSE_APP_ENV ?? 'staging',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATABASE_URL: this.settings.databaseUrl,
        ...(this.settings.databaseClusters ? { DATABASE_CLUSTERS: this.settings.databaseClusters } : {}),
        REDIS_URL: this.settings.redisUrl,
        ADMIN_TOKEN,
        ...CLUSTER_KEYS,
        AUDIT_CHECKPOINT_FILE: path.join(this.settings.logDir, `${this.name}-audit-checkpoints.jsonl`),
        GAME_BASE_URL: 'https://play.rehearsal.invalid',
        PUBLIC_BASE_URL: 'https://api.rehearsal.invalid',
        DATA_DIR: path.join(this.settings.logDir, `${this.name}-data`),
        WALLET_TIMEOUT_MS: String(this.settings.walletTimeoutMs),
        RATE_LIMIT_PER_MINUTE: String(this.settings.rateLimitPerMinute),
        // nginx runs on this machine: the client is the address it forwards, as in production.
        TRUSTED_PROXIES: 'loopback',
        LOG_LEVEL: 'warn',
        MANIFEST_KEY_FINGERPRINT: rehearsalFingerprint(this.settings.root),
      },
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    this.expectingExit = false;
    const forget = onCleanup(`node ${this.name}`, () => {
      this.expectingExit = true;
      return stopChild(child, 'SIGTERM');
    });
    child.once('exit', (code, signal) => {
      forget();
      if (!this.expectingExit) this.crashes.push(`${this.name} exited (${code ?? signal}); log ${log.path}`);
    });
    const deadline = Date.now() + limitMs;
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`node ${this.name} exited with ${child.exitCode} (log in ${log.path})`);
      }
      if (await this.healthy()) return;
      if (Date.now() > deadline) throw new Error(`node ${this.name} not healthy within ${limitMs} ms`);
      await sleep(200);
    }
  }

  async healthy(): Promise<boolean> {
    try {
      const answer = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(2000) });
      await answer.arrayBuffer();
      return answer.status === 200;
    } catch {
      return false;
    }
  }

  /** SIGKILL: no shutdown, in-flight requests and wallet calls cut where they stand. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.expectingExit = true;
    await stopChild(child, 'SIGKILL');
  }

  async stop(): Promise<void> {
    this.expectingExit = true;
    if (this.child) await stopChild(this.child, 'SIGTERM');
  }

  pid(): number | undefined {
    const child = this.child;
    return child && child.exitCode === null && child.signalCode === null ? child.pid : undefined;
  }

  cpu() {
    const pid = this.pid();
    return pid ? cpuSeconds(pid) : undefined;
  }
}

export async function startNodes(count: number, settings: NodeSettings): Promise<ReelforgeNode[]> {
  const nodes: ReelforgeNode[] = [];
  for (let i = 1; i <= count; i++) nodes.push(new ReelforgeNode(`node${i}`, await freePort(), settings));
  // The first runs the migrations; the others start beside it (the advisory lock orders them).
  await Promise.all(nodes.map((node) => node.start()));
  return nodes;
}

/**
 * CPU seconds used by a changing set of processes between start() and stop(): sampled from /proc,
 * per process (pid and start time), so processes that come and go (a restarted node, PostgreSQL
 * backends) are counted while they live.
 */
export function cpuMeter(pids: () => Promise<number[]> | number[], everyMs = 500) {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  async function sample() {
    for (const pid of await pids()) {
      const cpu = cpuSeconds(pid);
      if (!cpu) continue;
      const key = `${pid}:${cpu.start}`;
      if (!first.has(key)) first.set(key, cpu.seconds);
      last.set(key, cpu.seconds);
    }
  }
  return {
    async start() {
      await sample();
      timer = setInterval(() => void sample(), everyMs);
    },
    /** Seconds used since start (a process first seen later counts from its first sample). */
    async stop(): Promise<number> {
      clearInterval(timer);
      await sample();
      let total = 0;
      for (const [key, seconds] of last) total += seconds - (first.get(key) ?? seconds);
      return total;
    },
  };
}

/**
 * The trust anchor a staging node needs: the operator's MANIFEST_KEY_FINGERPRINT when the rehearsal
 * is given one, else the fingerprint of the key in the checkout being rehearsed (a rehearsal tests
 * the nodes, not where the key came from).
 */
function rehearsalFingerprint(root: string): string {
  const given = process.env.MANIFEST_KEY_FINGERPRINT?.trim();
  if (given) return given;
  const pem = readFileSync(path.join(root, 'certification/manifest-key.pem'), 'utf8');
  const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex');
}
