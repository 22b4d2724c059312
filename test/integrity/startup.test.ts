// Both audit attacks against the real server and CLI, each in its own copy of the checkout:
// `node src/main.ts` in production refuses to start, with one clear line, before it opens a store.
// A node whose integrity holds gets past the check to its store (here an address nothing listens
// on), which shows the refusal is the check's and not any start-up failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyIdOf, readManifestKey } from '../../src/games/manifest.ts';
import { runCli } from '../cli/run.ts';
import { type CheckoutCopy, copyCheckout, forceFixedSeed } from '../helpers/checkout-copy.ts';
import { strictSecrets } from '../helpers/secrets.ts';

const trusted = keyIdOf(readManifestKey());
const NODE = ['sh', `${process.cwd()}/scripts/node24.sh`, 'node'];

const production = (fingerprint: string | undefined) => ({
  APP_ENV: 'production',
  PORT: '0',
  ADMIN_TOKEN: 'rf_admin_integrity_0123456789',
  GAME_BASE_URL: 'https://play.example.com',
  DATABASE_URL: 'postgres://127.0.0.1:1/nothing_listens_here',
  DATABASE_START_WAIT_MS: '0', // the store is the point, not a minute's wait for it
  MANIFEST_KEY_FINGERPRINT: fingerprint,
  METRICS_TOKEN: 'rf_metrics_integrity_0123456789',
  ...strictSecrets(),
});

const startNode = (copy: CheckoutCopy, env: Record<string, string | undefined>) =>
  runCli([], env, [...NODE, 'src/main.ts'], copy.dir);
const cli = (copy: CheckoutCopy, args: string[], env: Record<string, string | undefined> = {}) =>
  runCli(args, env, [...NODE, 'src/cli/main.ts'], copy.dir);

// Each test starts node processes, several seconds each on a busy machine.
describe('a production node', { timeout: 120_000 }, () => {
  let signed: CheckoutCopy;
  let tampered: CheckoutCopy;
  beforeAll(() => {
    signed = copyCheckout();
    tampered = copyCheckout();
    forceFixedSeed(tampered);
  });
  afterAll(() => {
    signed?.remove();
    tampered?.remove();
  });

  it('gets past the integrity check with the signed tree and the configured key', async () => {
    const run = await startNode(signed, production(trusted));
    expect(run.code).not.toBe(0);
    expect(run.stderr).not.toContain('refusing to start');
    expect(run.stderr).toMatch(/ECONNREFUSED|connect/);
  });

  it('refuses to start without MANIFEST_KEY_FINGERPRINT', async () => {
    const run = await startNode(signed, production(undefined));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^reelforge: refusing to start in production: trust anchor: MANIFEST_KEY_FINGERPRINT is not set/,
    );
  });

  it('refuses to start on a play path forced to a fixed seed (attack a), and verify names the file', async () => {
    const run = await startNode(tampered, production(trusted));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/refusing to start in production: .*changed: src\/services\/rounds\.ts/);
    const verify = await cli(tampered, ['verify']);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toMatch(
      /manifest: FAILED \(files_differ\)\n {2}changed: src\/services\/rounds\.ts/,
    );
  });
});

describe('a retuned certificate re-signed with a new key (attack b)', { timeout: 120_000 }, () => {
  let copy: CheckoutCopy;
  let attackerKey: string;
  beforeAll(() => {
    copy = copyCheckout();
    attackerKey = `${copy.dir}/attacker/key.pem`;
    const file = 'certification/copper-sevens.json';
    // The forgery: a model paying 99.46 % offered as certified at 96.50 %.
    const certificate = JSON.parse(copy.read(file));
    for (const variant of Object.values(certificate.variants) as Array<{ modes: { base: object } }>)
      Object.assign(variant.modes.base, { rtp: '96.50', exactRtp: '99.4600' });
    copy.write(file, `${JSON.stringify(certificate, null, 2)}\n`);
  });
  afterAll(() => copy?.remove());

  it('keygen refuses to replace the key without the flag, and says what the flag costs', async () => {
    const run = await cli(copy, ['manifest', 'keygen', '--key', attackerKey]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`certification/manifest-key.pem (fingerprint ${trusted})`);
    expect(run.stderr).toContain('--replace-key-invalidating-all-signatures');
  });

  it('with the flag, keygen replaces it and says every signature died; verify shows the new fingerprint', async () => {
    const made = await cli(copy, [
      'manifest',
      'keygen',
      '--key',
      attackerKey,
      '--replace-key-invalidating-all-signatures',
    ]);
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(`REPLACED key ${trusted}: every signature it made is now invalid.`);
    expect((await cli(copy, ['manifest', 'sign', '--key', attackerKey])).code).toBe(0);
    const verify = await cli(copy, ['verify']);
    expect(verify.stdout).toContain('manifest: ok');
    expect(verify.stdout).not.toContain(trusted);
    expect(verify.stdout).toMatch(
      /certificate certification\/copper-sevens\.json sha256 [0-9a-f]{64} signed/,
    );
    // A lab comparing with its records, or staff with the anchor set, see the key is not theirs.
    const anchored = await cli(copy, ['verify'], { MANIFEST_KEY_FINGERPRINT: trusted });
    expect(anchored.code).toBe(1);
    expect(anchored.stdout).toContain('trust anchor: FAILED (fingerprint_mismatch)');
  });

  it('a production node refuses it: the key is not the configured fingerprint', async () => {
    const run = await startNode(copy, production(trusted));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /refusing to start in production: trust anchor: .* not the configured MANIFEST_KEY_FINGERPRINT/,
    );
  });
});
