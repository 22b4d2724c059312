// One schema for the environment, validated at boot; every bad variable is listed at once.
import path from 'node:path';

export type AppEnv = 'development' | 'test' | 'staging' | 'production';

export interface Config {
  port: number;
  host: string;
  appEnv: AppEnv;
  databaseUrl: string | undefined;
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
  redisUrl: string | undefined;
  /** Provider API requests per key and minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Whether `/` serves the demo lobby (default: on in development only). */
  demoLobby: boolean;
  /**
   * SHA-256 fingerprint of the trusted manifest key (64 hex digits, lower case), kept outside the
   * repository: staging and production start only when the repository's key has it.
   */
  manifestKeyFingerprint: string | undefined;
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

  const rateLimitPerMinute = integer('RATE_LIMIT_PER_MINUTE', 6000, 0, 10_000_000);

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
    dataDir,
    publicBaseUrl,
    gameBaseUrl,
    gameBaseUrlProblem,
    adminToken,
    sessionTtlSeconds,
    walletTimeoutMs,
    redisUrl,
    rateLimitPerMinute,
    demoLobby,
    manifestKeyFingerprint,
  };
}
