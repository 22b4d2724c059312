// One schema for the environment, validated at boot; every bad variable is listed at once.
import { createHash, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

/** Where wallets may be called: internal addresses only outside production or when their host is allowed. */
export interface WalletAddressPolicy {
  /** false in production: internal addresses are refused unless their host is allowed. */
  allowInternal: boolean;
  /** Host names and IP addresses (lower case) allowed even when internal: on-site wallets. */
  allowedHosts: ReadonlySet<string>;
}

export type AppEnv = 'development' | 'test' | 'staging' | 'production';

export interface Config {
  port: number;
  host: string;
  appEnv: AppEnv;
  databaseUrl: string | undefined;
  /**
   * A streaming replica of DATABASE_URL for history, round look-ups and reports (docs/operations.md,
   * "Read replicas"); undefined: every read goes to the primary.
   */
  databaseReplicaUrl: string | undefined;
  /** Replay lag beyond which the replica is passed over and reads go to the primary. */
  replicaMaxLagMs: number;
  /**
   * How long one read may run on a replica (PostgreSQL's statement_timeout on its connections): a
   * replica that hangs, or a query its replay cancels late, falls back to the primary instead of
   * holding the request.
   */
  replicaStatementTimeoutMs: number;
  /**
   * How long a starting node waits for a cluster that refuses connections (failing over, restarting)
   * before it exits: 0 exits at once.
   */
  databaseStartWaitMs: number;
  /**
   * The cluster DATABASE_URL is (CLUSTER_ID, default `main`): it also holds the control tables (the
   * operator → cluster map, operators, keys, staff, audit). docs/operations.md, "Several clusters".
   */
  clusterId: string;
  /**
   * The other PostgreSQL clusters operators' play may live on (DATABASE_CLUSTERS=id=url,id=url), each
   * with its streaming replica when DATABASE_CLUSTER_REPLICAS names one (id=url,id=url).
   */
  clusters: Array<{ id: string; url: string; replicaUrl?: string }>;
  dataDir: string;
  publicBaseUrl: string;
  /** Base of launch URLs; undefined when missing, which staging/production answer with 500 on launch. */
  gameBaseUrl: string | undefined;
  /** Why gameBaseUrl cannot be used in this environment, if it cannot. */
  gameBaseUrlProblem: string | undefined;
  /** Undefined in development/test when unset: start-up then reuses or creates one in DATA_DIR. */
  adminToken: string | undefined;
  sessionTtlSeconds: number;
  walletTimeoutMs: number;
  /**
   * Which addresses wallet callbacks may reach: in production loopback, private, link-local and
   * metadata addresses are refused, except the hosts of WALLET_ALLOWED_HOSTS (on-site wallets).
   */
  walletAddresses: WalletAddressPolicy;
  redisUrl: string | undefined;
  /** Provider API requests per key and minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Requests to the public endpoints (artwork, round details pages) per client address and minute; 0: off. */
  publicRateLimitPerMinute: number;
  /**
   * Proxies whose X-Forwarded-For names the client (addresses, CIDR ranges, or loopback, linklocal,
   * uniquelocal); empty: the socket's peer is the client and X-Forwarded-For is ignored.
   */
  trustedProxies: string[];
  /** Bearer token /metrics asks for; required in production, /metrics open without it elsewhere. */
  metricsToken: string | undefined;
  /** Whether `/` serves the demo lobby (default: on in development only). */
  demoLobby: boolean;
  /**
   * SHA-256 fingerprint of the trusted manifest key (64 hex digits, lower case), kept outside the
   * repository: staging and production start only when the repository's key has it.
   */
  manifestKeyFingerprint: string | undefined;
  /** Keys kept outside the database (staff second factors, the audit trail). */
  secrets: Secrets;
}

/** The keys a database reader must not hold; in development/test a missing one is derived (and says so). */
export interface Secrets {
  /** Encrypts staff TOTP secrets (TOTP_KEY or TOTP_KEY_FILE). */
  totpKey: string;
  /** Keys the audit chain's HMAC (AUDIT_CHAIN_KEY or AUDIT_CHAIN_KEY_FILE). */
  auditChainKey: string;
  /** Ed25519 private key (PKCS#8 PEM) that signs audit checkpoints (AUDIT_SIGNING_KEY or AUDIT_SIGNING_KEY_FILE). */
  auditSigningKey: string;
  /** The append-only file of signed checkpoints; undefined (development/test only) writes none. */
  auditCheckpointFile: string | undefined;
  /** The variables that were missing and replaced by a well-known development value. */
  derived: string[];
}

/** Development stand-ins: public, so a chain or a sealed secret made with them protects nothing. */
const DEV_SEED = 'reelforge-development-only-not-a-secret';
const devKey = (name: string) => createHash('sha256').update(`${DEV_SEED}:${name}`).digest('hex');
/** An Ed25519 PKCS#8 key from a 32-byte seed (the fixed DER prefix of RFC 8410). */
export function ed25519PemFromSeed(seed: Buffer): string {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).export({
    format: 'pem',
    type: 'pkcs8',
  }) as string;
}

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const APP_ENVS: readonly AppEnv[] = ['development', 'test', 'staging', 'production'];

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** The entries of an `id=url,id=url` list (DATABASE_CLUSTERS, DATABASE_CLUSTER_REPLICAS); an entry without `=` has id ''. */
function clusterEntries(list: string): Array<{ id: string; url: URL | undefined; text: string }> {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('=');
      const text = entry.slice(at + 1);
      return { id: at > 0 ? entry.slice(0, at) : '', url: parseUrl(text), text };
    });
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Reads the configuration from an environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const text = read(name);
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${text}")`);
      return fallback;
    }
    return Number(text);
  };

  const port = integer('PORT', 8080, 0, 65535);
  const host = read('HOST') ?? '127.0.0.1';

  const envText = read('APP_ENV') ?? 'development';
  let appEnv: AppEnv = 'development';
  if ((APP_ENVS as readonly string[]).includes(envText)) appEnv = envText as AppEnv;
  else problems.push(`APP_ENV must be one of ${APP_ENVS.join(', ')} (got "${envText}")`);

  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined) {
    const url = parseUrl(databaseUrl);
    if (!url || !['postgres:', 'postgresql:'].includes(url.protocol)) {
      problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string');
    }
  }

  const databaseReplicaUrl = read('DATABASE_REPLICA_URL');
  if (databaseReplicaUrl !== undefined) {
    const url = parseUrl(databaseReplicaUrl);
    if (!url || !['postgres:', 'postgresql:'].includes(url.protocol)) {
      problems.push('DATABASE_REPLICA_URL must be a postgres:// or postgresql:// connection string');
    } else if (databaseUrl === undefined) {
      problems.push('DATABASE_REPLICA_URL needs DATABASE_URL (the primary it replicates)');
    }
  }
  const replicaMaxLagMs = integer('DATABASE_REPLICA_MAX_LAG_MS', 5_000, 100, 3_600_000);
  const replicaStatementTimeoutMs = integer('DATABASE_REPLICA_STATEMENT_TIMEOUT_MS', 30_000, 100, 3_600_000);
  const databaseStartWaitMs = integer('DATABASE_START_WAIT_MS', 60_000, 0, 600_000);

  const clusterId = read('CLUSTER_ID') ?? 'main';
  if (!CLUSTER_ID.test(clusterId))
    problems.push(`CLUSTER_ID must match ${CLUSTER_ID} (it goes into session tokens)`);
  const clusters: Config['clusters'] = [];
  const clustersText = read('DATABASE_CLUSTERS');
  if (clustersText !== undefined) {
    if (databaseUrl === undefined)
      problems.push('DATABASE_CLUSTERS needs DATABASE_URL (the control cluster)');
    for (const { id, url, text: urlText } of clusterEntries(clustersText)) {
      if (!CLUSTER_ID.test(id))
        problems.push(`DATABASE_CLUSTERS: each entry is id=postgres://…, the id matching ${CLUSTER_ID}`);
      else if (!url || !['postgres:', 'postgresql:'].includes(url.protocol))
        problems.push(
          `DATABASE_CLUSTERS: cluster ${id} needs a postgres:// or postgresql:// connection string`,
        );
      else if (id === clusterId || clusters.some((c) => c.id === id))
        problems.push(`DATABASE_CLUSTERS: cluster ${id} is named twice (CLUSTER_ID is ${clusterId})`);
      else clusters.push({ id, url: urlText });
    }
  }
  const replicasText = read('DATABASE_CLUSTER_REPLICAS');
  if (replicasText !== undefined) {
    const named = new Set<string>();
    for (const { id, url, text: urlText } of clusterEntries(replicasText)) {
      const cluster = clusters.find((c) => c.id === id);
      if (!CLUSTER_ID.test(id))
        problems.push(
          `DATABASE_CLUSTER_REPLICAS: each entry is id=postgres://…, the id matching ${CLUSTER_ID}`,
        );
      else if (id === clusterId)
        problems.push(
          `DATABASE_CLUSTER_REPLICAS: ${id} is the control cluster: its replica is DATABASE_REPLICA_URL`,
        );
      else if (!url || !['postgres:', 'postgresql:'].includes(url.protocol))
        problems.push(
          `DATABASE_CLUSTER_REPLICAS: cluster ${id} needs a postgres:// or postgresql:// connection string`,
        );
      else if (named.has(id)) problems.push(`DATABASE_CLUSTER_REPLICAS: cluster ${id} is named twice`);
      else if (!cluster) problems.push(`DATABASE_CLUSTER_REPLICAS: no cluster ${id} in DATABASE_CLUSTERS`);
      else cluster.replicaUrl = urlText;
      named.add(id);
    }
  }

  const dataDir = path.resolve(read('DATA_DIR') ?? './data');

  const localBase = `http://localhost:${port}`;
  const publicText = read('PUBLIC_BASE_URL');
  let publicBaseUrl = localBase;
  if (publicText !== undefined) {
    const url = parseUrl(publicText);
    if (!url || !['http:', 'https:'].includes(url.protocol)) {
      problems.push(`PUBLIC_BASE_URL must be an absolute http(s) URL (got "${publicText}")`);
    } else publicBaseUrl = trimSlash(publicText);
  }

  // GAME_BASE_URL problems in staging/production do not stop the process: the contract
  // answers launch-url with 500 instead, and start-up logs the error.
  const gameText = read('GAME_BASE_URL');
  let gameBaseUrl: string | undefined;
  let gameBaseUrlProblem: string | undefined;
  const strict = appEnv === 'staging' || appEnv === 'production';
  if (gameText === undefined) {
    if (strict) gameBaseUrlProblem = `GAME_BASE_URL is required in ${appEnv}`;
    else gameBaseUrl = localBase;
  } else {
    const url = parseUrl(gameText);
    if (!url || !['http:', 'https:'].includes(url.protocol)) {
      if (strict) gameBaseUrlProblem = 'GAME_BASE_URL is not a valid HTTPS address';
      else problems.push(`GAME_BASE_URL must be an absolute http(s) URL (got "${gameText}")`);
    } else if (strict && url.protocol !== 'https:') {
      gameBaseUrlProblem = 'GAME_BASE_URL must be an HTTPS address in staging and production';
    } else gameBaseUrl = trimSlash(gameText);
  }

  const adminToken = read('ADMIN_TOKEN');
  if (adminToken === undefined) {
    if (strict) problems.push(`ADMIN_TOKEN is required in ${appEnv}`);
  } else if (adminToken.length < 16) {
    problems.push('ADMIN_TOKEN must be at least 16 characters');
  }

  const sessionTtlSeconds = integer('SESSION_TTL_SECONDS', 1800, 60, 86_400 * 7);
  const walletTimeoutMs = integer('WALLET_TIMEOUT_MS', 5000, 100, 120_000);

  const allowedHosts = new Set<string>();
  for (const entry of (read('WALLET_ALLOWED_HOSTS') ?? '').split(',')) {
    const host = entry
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1');
    if (host === '') continue;
    if (
      isIP(host) === 0 &&
      !/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(host)
    )
      problems.push(
        `WALLET_ALLOWED_HOSTS must be a comma-separated list of host names or IP addresses (got "${entry.trim()}")`,
      );
    else allowedHosts.add(host);
  }
  const walletAddresses: WalletAddressPolicy = { allowInternal: appEnv !== 'production', allowedHosts };

  const rateLimitPerMinute = integer('RATE_LIMIT_PER_MINUTE', 6000, 0, 10_000_000);

  const publicRateLimitPerMinute = integer('PUBLIC_RATE_LIMIT_PER_MINUTE', 600, 0, 10_000_000);

  const trustedProxies = (read('TRUSTED_PROXIES') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const badProxies = trustedProxies.filter((entry) => !isProxyEntry(entry));
  if (badProxies.length > 0)
    problems.push(
      `TRUSTED_PROXIES must be a comma-separated list of IP addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal (got "${badProxies.join(', ')}")`,
    );

  const metricsToken = read('METRICS_TOKEN');
  if (metricsToken === undefined) {
    if (appEnv === 'production')
      problems.push(
        'METRICS_TOKEN is required in production (/metrics shows operator ids and wallet figures)',
      );
  } else if (metricsToken.length < 16) {
    problems.push('METRICS_TOKEN must be at least 16 characters');
  }

  const redisUrl = read('REDIS_URL');
  if (redisUrl !== undefined) {
    const url = parseUrl(redisUrl);
    if (!url || !['redis:', 'rediss:'].includes(url.protocol)) {
      problems.push('REDIS_URL must be a redis:// or rediss:// URL');
    }
  }

  const lobbyText = read('DEMO_LOBBY');
  let demoLobby = appEnv === 'development';
  if (lobbyText !== undefined) {
    if (['true', '1'].includes(lobbyText.toLowerCase())) demoLobby = true;
    else if (['false', '0'].includes(lobbyText.toLowerCase())) demoLobby = false;
    else problems.push(`DEMO_LOBBY must be true or false (got "${lobbyText}")`);
  }

  const secrets = readSecrets(read, strict, appEnv, problems);
  const fingerprintText = read('MANIFEST_KEY_FINGERPRINT');
  let manifestKeyFingerprint: string | undefined;
  if (fingerprintText !== undefined) {
    if (/^[0-9a-fA-F]{64}$/.test(fingerprintText)) manifestKeyFingerprint = fingerprintText.toLowerCase();
    else
      problems.push(
        "MANIFEST_KEY_FINGERPRINT must be the 64 hex digits of the manifest key's SHA-256 fingerprint (`reelforge verify` prints it)",
      );
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    appEnv,
    databaseUrl,
    databaseReplicaUrl,
    replicaMaxLagMs,
    replicaStatementTimeoutMs,
    databaseStartWaitMs,
    clusterId,
    clusters,
    dataDir,
    publicBaseUrl,
    gameBaseUrl,
    gameBaseUrlProblem,
    adminToken,
    sessionTtlSeconds,
    walletTimeoutMs,
    walletAddresses,
    redisUrl,
    rateLimitPerMinute,
    publicRateLimitPerMinute,
    trustedProxies,
    metricsToken,
    demoLobby,
    secrets,
    manifestKeyFingerprint,
  };
}

/** A cluster's id: short, lower case, and free of `_` (a session token's prefix ends at one). */
const CLUSTER_ID = /^[a-z][a-z0-9]{0,11}$/;

const MIN_KEY_CHARS = 32;

/** NAME, else the first line of the file NAME_FILE names; undefined when neither is set. */
function secretOf(
  read: (name: string) => string | undefined,
  name: string,
  problems: string[],
  whole = false,
): string | undefined {
  const value = read(name);
  const file = read(`${name}_FILE`);
  if (value !== undefined && file !== undefined) {
    problems.push(`set ${name} or ${name}_FILE, not both`);
    return undefined;
  }
  if (value !== undefined) return value;
  if (file === undefined) return undefined;
  try {
    const text = readFileSync(file, 'utf8');
    return whole ? text.trim() : (text.split(/\r?\n/)[0] ?? '').trim();
  } catch (error) {
    problems.push(`${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return undefined;
  }
}

function readSecrets(
  read: (name: string) => string | undefined,
  strict: boolean,
  appEnv: AppEnv,
  problems: string[],
): Secrets {
  const derived: string[] = [];
  const symmetric = (name: string): string => {
    const value = secretOf(read, name, problems);
    if (value === undefined) {
      if (strict && !problems.some((p) => p.startsWith(`${name}_FILE`)))
        problems.push(`${name} (or ${name}_FILE) is required in ${appEnv}`);
      derived.push(name);
      return devKey(name);
    }
    if (value.length < MIN_KEY_CHARS) problems.push(`${name} must be at least ${MIN_KEY_CHARS} characters`);
    return value;
  };
  const totpKey = symmetric('TOTP_KEY');
  const auditChainKey = symmetric('AUDIT_CHAIN_KEY');

  let auditSigningKey = secretOf(read, 'AUDIT_SIGNING_KEY', problems, true);
  if (auditSigningKey === undefined) {
    if (strict && !problems.some((p) => p.startsWith('AUDIT_SIGNING_KEY_FILE')))
      problems.push(`AUDIT_SIGNING_KEY (or AUDIT_SIGNING_KEY_FILE) is required in ${appEnv}`);
    derived.push('AUDIT_SIGNING_KEY');
    auditSigningKey = ed25519PemFromSeed(Buffer.from(devKey('AUDIT_SIGNING_KEY'), 'hex'));
  } else {
    // A PEM given inline in one environment line may carry literal \n.
    auditSigningKey = auditSigningKey.replace(/\\n/g, '\n');
    try {
      const key = createPrivateKey(auditSigningKey);
      if (key.asymmetricKeyType !== 'ed25519')
        problems.push('AUDIT_SIGNING_KEY must be an Ed25519 private key');
    } catch {
      problems.push('AUDIT_SIGNING_KEY must be an Ed25519 private key in PEM (PKCS#8)');
    }
  }

  const checkpointText = read('AUDIT_CHECKPOINT_FILE');
  if (checkpointText === undefined && strict) problems.push(`AUDIT_CHECKPOINT_FILE is required in ${appEnv}`);
  return {
    totpKey,
    auditChainKey,
    auditSigningKey,
    auditCheckpointFile: checkpointText === undefined ? undefined : path.resolve(checkpointText),
    derived,
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range with a prefix that fits its family, or one of proxy-addr's names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
