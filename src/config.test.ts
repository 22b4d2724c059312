import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ed25519PemFromSeed, loadConfig } from './config.ts';

const TOKEN = 'a-long-enough-admin-token';
/** The keys staging and production require (any valid values). */
const KEYS = {
  TOTP_KEY: 't'.repeat(32),
  AUDIT_CHAIN_KEY: 'c'.repeat(32),
  AUDIT_SIGNING_KEY: ed25519PemFromSeed(Buffer.alloc(32, 7)),
  AUDIT_CHECKPOINT_FILE: '/var/lib/reelforge/audit-checkpoints.jsonl',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return [...(error as ConfigError).problems];
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig defaults', () => {
  it('starts a development node from an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      appEnv: 'development',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      publicBaseUrl: 'http://localhost:8080',
      gameBaseUrl: 'http://localhost:8080',
      gameBaseUrlProblem: undefined,
      adminToken: undefined,
      sessionTtlSeconds: 1800,
      walletTimeoutMs: 5000,
      redisUrl: undefined,
    });
  });

  it('treats blank values as unset and trims the rest', () => {
    const config = loadConfig({ PORT: '  ', HOST: ' 0.0.0.0 ', APP_ENV: '', ADMIN_TOKEN: `  ${TOKEN}  ` });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.appEnv).toBe('development');
    expect(config.adminToken).toBe(TOKEN);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      APP_ENV: 'production',
      DATABASE_URL: 'postgresql://rf:pw@db:5432/rf',
      DATABASE_REPLICA_URL: 'postgresql://rf:pw@db-replica:5432/rf',
      DATABASE_REPLICA_MAX_LAG_MS: '2500',
      CLUSTER_ID: 'eu1',
      DATABASE_CLUSTERS: 'eu2=postgresql://rf:pw@db-eu2:5432/rf, us1=postgres://rf:pw@db-us1/rf',
      DATABASE_CLUSTER_REPLICAS: 'eu2=postgresql://rf:pw@db-eu2-replica:5432/rf',
      DATABASE_REPLICA_STATEMENT_TIMEOUT_MS: '15000',
      DATABASE_START_WAIT_MS: '5000',
      DATA_DIR: '/var/lib/reelforge',
      PUBLIC_BASE_URL: 'https://cdn.example.com/',
      GAME_BASE_URL: 'https://games.example.com//',
      ADMIN_TOKEN: TOKEN,
      ...KEYS,
      SESSION_TTL_SECONDS: '600',
      WALLET_TIMEOUT_MS: '2500',
      REDIS_URL: 'rediss://cache:6380',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      TRUSTED_PROXIES: '10.0.0.5, 192.168.0.0/16,loopback,fd00::/8',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '120',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      appEnv: 'production',
      databaseUrl: 'postgresql://rf:pw@db:5432/rf',
      databaseReplicaUrl: 'postgresql://rf:pw@db-replica:5432/rf',
      replicaMaxLagMs: 2500,
      replicaStatementTimeoutMs: 15000,
      databaseStartWaitMs: 5000,
      clusterId: 'eu1',
      clusters: [
        {
          id: 'eu2',
          url: 'postgresql://rf:pw@db-eu2:5432/rf',
          replicaUrl: 'postgresql://rf:pw@db-eu2-replica:5432/rf',
        },
        { id: 'us1', url: 'postgres://rf:pw@db-us1/rf' },
      ],
      dataDir: '/var/lib/reelforge',
      publicBaseUrl: 'https://cdn.example.com',
      gameBaseUrl: 'https://games.example.com',
      gameBaseUrlProblem: undefined,
      adminToken: TOKEN,
      sessionTtlSeconds: 600,
      walletTimeoutMs: 2500,
      redisUrl: 'rediss://cache:6380',
      metricsToken: 'a-long-enough-metrics-token',
      trustedProxies: ['10.0.0.5', '192.168.0.0/16', 'loopback', 'fd00::/8'],
      publicRateLimitPerMinute: 120,
    });
  });

  it('trusts no proxy, limits public endpoints and leaves /metrics open outside production by default', () => {
    expect(loadConfig({})).toMatchObject({
      trustedProxies: [],
      publicRateLimitPerMinute: 600,
      metricsToken: undefined,
    });
  });

  it('derives the base URLs from PORT', () => {
    const config = loadConfig({ PORT: '3000', APP_ENV: 'test' });
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.gameBaseUrl).toBe('http://localhost:3000');
  });

  it('resolves a relative DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: 'var/rf' }).dataDir).toBe(path.resolve('var/rf'));
  });
});

describe('loadConfig errors', () => {
  it.each([
    [{ PORT: '70000' }, /^PORT must be a whole number from 0 to 65535 \(got "70000"\)$/],
    [{ PORT: '80.5' }, /^PORT must be a whole number/],
    [{ PORT: '-1' }, /^PORT must be a whole number/],
    [{ APP_ENV: 'prod' }, /^APP_ENV must be one of development, test, staging, production \(got "prod"\)$/],
    [{ DATABASE_URL: 'mysql://db/rf' }, /^DATABASE_URL must be a postgres/],
    [{ DATABASE_URL: 'not a url' }, /^DATABASE_URL must be a postgres/],
    [
      { DATABASE_URL: 'postgres://db/rf', DATABASE_REPLICA_URL: 'mysql://replica/rf' },
      /^DATABASE_REPLICA_URL must be a postgres:\/\/ or postgresql:\/\/ connection string$/,
    ],
    [{ DATABASE_REPLICA_URL: 'postgres://replica/rf' }, /^DATABASE_REPLICA_URL needs DATABASE_URL/],
    [{ CLUSTER_ID: 'EU_1' }, /^CLUSTER_ID must match/],
    [{ DATABASE_CLUSTERS: 'east=postgres://db/rf' }, /^DATABASE_CLUSTERS needs DATABASE_URL/],
    [
      { DATABASE_URL: 'postgres://db/rf', DATABASE_CLUSTERS: 'postgres://db2/rf' },
      /^DATABASE_CLUSTERS: each entry is id=postgres:/,
    ],
    [
      { DATABASE_URL: 'postgres://db/rf', DATABASE_CLUSTERS: 'east=mysql://db2/rf' },
      /^DATABASE_CLUSTERS: cluster east needs a postgres:\/\/ or postgresql:\/\/ connection string$/,
    ],
    [
      { DATABASE_URL: 'postgres://db/rf', DATABASE_CLUSTERS: 'main=postgres://db2/rf' },
      /^DATABASE_CLUSTERS: cluster main is named twice \(CLUSTER_ID is main\)$/,
    ],
    [
      { DATABASE_URL: 'postgres://db/rf', DATABASE_CLUSTERS: 'a=postgres://x/rf,a=postgres://y/rf' },
      /^DATABASE_CLUSTERS: cluster a is named twice/,
    ],
    [
      { DATABASE_URL: 'postgres://db/rf', DATABASE_CLUSTER_REPLICAS: 'east=postgres://r/rf' },
      /^DATABASE_CLUSTER_REPLICAS: no cluster east in DATABASE_CLUSTERS$/,
    ],
    [
      { DATABASE_URL: 'postgres://db/rf', DATABASE_CLUSTER_REPLICAS: 'main=postgres://r/rf' },
      /^DATABASE_CLUSTER_REPLICAS: main is the control cluster: its replica is DATABASE_REPLICA_URL$/,
    ],
    [
      {
        DATABASE_URL: 'postgres://db/rf',
        DATABASE_CLUSTERS: 'east=postgres://e/rf',
        DATABASE_CLUSTER_REPLICAS: 'east=http://r/rf',
      },
      /^DATABASE_CLUSTER_REPLICAS: cluster east needs a postgres:\/\/ or postgresql:\/\/ connection string$/,
    ],
    [
      {
        DATABASE_URL: 'postgres://db/rf',
        DATABASE_CLUSTERS: 'east=postgres://e/rf',
        DATABASE_CLUSTER_REPLICAS: 'east=postgres://r1/rf,east=postgres://r2/rf',
      },
      /^DATABASE_CLUSTER_REPLICAS: cluster east is named twice$/,
    ],
    [
      { DATABASE_CLUSTER_REPLICAS: 'postgres://r/rf' },
      /^DATABASE_CLUSTER_REPLICAS: each entry is id=postgres:/,
    ],
    [
      { DATABASE_REPLICA_STATEMENT_TIMEOUT_MS: '10' },
      /^DATABASE_REPLICA_STATEMENT_TIMEOUT_MS must be a whole number from 100 to 3600000/,
    ],
    [
      { DATABASE_REPLICA_MAX_LAG_MS: '50' },
      /^DATABASE_REPLICA_MAX_LAG_MS must be a whole number from 100 to 3600000/,
    ],
    [{ PUBLIC_BASE_URL: 'ftp://cdn' }, /^PUBLIC_BASE_URL must be an absolute http\(s\) URL/],
    [{ PUBLIC_BASE_URL: '/relative' }, /^PUBLIC_BASE_URL must be an absolute http\(s\) URL/],
    [{ GAME_BASE_URL: 'games.example.com' }, /^GAME_BASE_URL must be an absolute http\(s\) URL/],
    [{ ADMIN_TOKEN: 'short' }, /^ADMIN_TOKEN must be at least 16 characters$/],
    [{ SESSION_TTL_SECONDS: '59' }, /^SESSION_TTL_SECONDS must be a whole number from 60 to 604800/],
    [{ SESSION_TTL_SECONDS: '604801' }, /^SESSION_TTL_SECONDS must be a whole number/],
    [{ WALLET_TIMEOUT_MS: '99' }, /^WALLET_TIMEOUT_MS must be a whole number from 100 to 120000/],
    [{ WALLET_TIMEOUT_MS: '5s' }, /^WALLET_TIMEOUT_MS must be a whole number/],
    [{ REDIS_URL: 'http://cache' }, /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL$/],
    [{ APP_ENV: 'staging', ...KEYS }, /^ADMIN_TOKEN is required in staging$/],
    [{ APP_ENV: 'production', METRICS_TOKEN: TOKEN, ...KEYS }, /^ADMIN_TOKEN is required in production$/],
    [{ APP_ENV: 'production', ADMIN_TOKEN: TOKEN, ...KEYS }, /^METRICS_TOKEN is required in production/],
    [{ METRICS_TOKEN: 'short' }, /^METRICS_TOKEN must be at least 16 characters$/],
    [{ TRUSTED_PROXIES: '10.0.0.1,nginx' }, /^TRUSTED_PROXIES must be .* \(got "nginx"\)$/],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, /^TRUSTED_PROXIES must be/],
    [{ TRUSTED_PROXIES: '10.0.0.0/8/1' }, /^TRUSTED_PROXIES must be/],
    [{ PUBLIC_RATE_LIMIT_PER_MINUTE: 'lots' }, /^PUBLIC_RATE_LIMIT_PER_MINUTE must be a whole number/],
  ])('%j is refused', (env, message) => {
    const problems = problemsOf(env as Record<string, string>);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('lists every bad variable at once, in the message too', () => {
    const env = {
      PORT: 'eighty',
      APP_ENV: 'qa',
      DATABASE_URL: 'sqlite://x',
      PUBLIC_BASE_URL: 'nope',
      GAME_BASE_URL: 'nope',
      ADMIN_TOKEN: 'x',
      SESSION_TTL_SECONDS: '0',
      WALLET_TIMEOUT_MS: '0',
      REDIS_URL: 'memcached://x',
    };
    const problems = problemsOf(env);
    const names = problems.map((problem) => problem.split(' ')[0]);
    expect(names).toEqual(Object.keys(env));
    let message = '';
    try {
      loadConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const problem of problems) expect(message).toContain(`  - ${problem}`);
  });
});

describe('GAME_BASE_URL in staging and production', () => {
  it.each(['staging', 'production'])('%s: a missing one is a problem to report, not a crash', (appEnv) => {
    const config = loadConfig({ APP_ENV: appEnv, ADMIN_TOKEN: TOKEN, METRICS_TOKEN: TOKEN, ...KEYS });
    expect(config.gameBaseUrl).toBeUndefined();
    expect(config.gameBaseUrlProblem).toBe(`GAME_BASE_URL is required in ${appEnv}`);
  });

  it('plain HTTP is a problem in production', () => {
    const config = loadConfig({
      APP_ENV: 'production',
      ADMIN_TOKEN: TOKEN,
      METRICS_TOKEN: TOKEN,
      ...KEYS,
      GAME_BASE_URL: 'http://games.example.com',
    });
    expect(config.gameBaseUrl).toBeUndefined();
    expect(config.gameBaseUrlProblem).toBe(
      'GAME_BASE_URL must be an HTTPS address in staging and production',
    );
  });

  it('a malformed one is a problem in production', () => {
    const config = loadConfig({
      APP_ENV: 'production',
      ADMIN_TOKEN: TOKEN,
      METRICS_TOKEN: TOKEN,
      ...KEYS,
      GAME_BASE_URL: 'games.example.com',
    });
    expect(config.gameBaseUrl).toBeUndefined();
    expect(config.gameBaseUrlProblem).toBe('GAME_BASE_URL is not a valid HTTPS address');
  });

  it('HTTPS is used as given, without trailing slashes', () => {
    const config = loadConfig({
      APP_ENV: 'staging',
      ADMIN_TOKEN: TOKEN,
      ...KEYS,
      GAME_BASE_URL: 'https://games.example.com/',
    });
    expect(config.gameBaseUrl).toBe('https://games.example.com');
    expect(config.gameBaseUrlProblem).toBeUndefined();
  });

  it('plain HTTP is fine in development and test', () => {
    expect(loadConfig({ APP_ENV: 'test', GAME_BASE_URL: 'http://127.0.0.1:9/' }).gameBaseUrl).toBe(
      'http://127.0.0.1:9',
    );
  });
});

describe('wallet addresses', () => {
  it('production refuses internal addresses except WALLET_ALLOWED_HOSTS; elsewhere all are reachable', () => {
    const production = loadConfig({
      APP_ENV: 'production',
      ADMIN_TOKEN: 'x'.repeat(32),
      METRICS_TOKEN: TOKEN,
      ...KEYS,
      WALLET_ALLOWED_HOSTS: ' Wallet.Onsite.Example , 10.1.2.3,[fd00::5]',
    });
    expect(production.walletAddresses).toEqual({
      allowInternal: false,
      allowedHosts: new Set(['wallet.onsite.example', '10.1.2.3', 'fd00::5']),
    });
    expect(
      loadConfig({ APP_ENV: 'staging', ADMIN_TOKEN: 'x'.repeat(32), ...KEYS }).walletAddresses.allowInternal,
    ).toBe(true);
    expect(() => loadConfig({ APP_ENV: 'test', WALLET_ALLOWED_HOSTS: 'http://x/' })).toThrow(
      /WALLET_ALLOWED_HOSTS must be a comma-separated list/,
    );
  });
});

describe('keys kept outside the database (issue 25)', () => {
  it.each(['staging', 'production'])('%s refuses to start without each of them', (appEnv) => {
    const problems = problemsOf({ APP_ENV: appEnv, ADMIN_TOKEN: TOKEN, METRICS_TOKEN: TOKEN });
    expect(problems).toEqual([
      `TOTP_KEY (or TOTP_KEY_FILE) is required in ${appEnv}`,
      `AUDIT_CHAIN_KEY (or AUDIT_CHAIN_KEY_FILE) is required in ${appEnv}`,
      `AUDIT_SIGNING_KEY (or AUDIT_SIGNING_KEY_FILE) is required in ${appEnv}`,
      `AUDIT_CHECKPOINT_FILE is required in ${appEnv}`,
    ]);
  });

  it('development and test derive well-known stand-ins and say which', () => {
    const config = loadConfig({ APP_ENV: 'test' });
    expect(config.secrets.derived).toEqual(['TOTP_KEY', 'AUDIT_CHAIN_KEY', 'AUDIT_SIGNING_KEY']);
    expect(config.secrets.auditCheckpointFile).toBeUndefined();
    expect(loadConfig({ APP_ENV: 'test' }).secrets.auditChainKey).toBe(config.secrets.auditChainKey);
  });

  it('reads keys from files, and refuses short keys, unreadable files and a wrong key type', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rf-config-'));
    writeFileSync(path.join(dir, 'totp'), `${'z'.repeat(40)}\n`);
    writeFileSync(path.join(dir, 'signing.pem'), KEYS.AUDIT_SIGNING_KEY);
    const config = loadConfig({
      ...KEYS,
      TOTP_KEY: undefined,
      AUDIT_SIGNING_KEY: undefined,
      TOTP_KEY_FILE: path.join(dir, 'totp'),
      AUDIT_SIGNING_KEY_FILE: path.join(dir, 'signing.pem'),
    } as unknown as Record<string, string>);
    expect(config.secrets).toMatchObject({ totpKey: 'z'.repeat(40), derived: [] });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    }) as string;
    expect(
      problemsOf({
        ...KEYS,
        AUDIT_CHAIN_KEY: 'short',
        AUDIT_SIGNING_KEY: rsa,
        TOTP_KEY: undefined,
        TOTP_KEY_FILE: '/nope',
      } as unknown as Record<string, string>),
    ).toEqual([
      'TOTP_KEY_FILE: cannot read /nope (ENOENT)',
      'AUDIT_CHAIN_KEY must be at least 32 characters',
      'AUDIT_SIGNING_KEY must be an Ed25519 private key',
    ]);
  });
});
