// Attack (b) of the issue 24 audit: Copper Sevens retuned, its certificate rewritten and everything
// re-signed with a NEW key. The manifest then verifies against the new key in the repository, so
// what stops it is the trust anchor: a production node trusts only MANIFEST_KEY_FINGERPRINT. And
// keygen no longer replaces a key unless told that every signature dies.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutCopy, copyCheckout } from '../../test/helpers/checkout-copy.ts';
import { checkStartupIntegrity } from '../games/integrity.ts';
import { keyIdOf, MANIFEST_KEY_PATH, readManifestKey, verifyManifest } from '../games/manifest.ts';
import { generateSigningKey, signManifest } from './sign-manifest.ts';

const trusted = keyIdOf(readManifestKey());

describe('manifest keygen', () => {
  let copy: CheckoutCopy;
  beforeAll(() => {
    copy = copyCheckout();
  });
  afterAll(() => copy?.remove());

  it('refuses to replace the key in the repository, naming it and the flag', () => {
    const privatePath = path.join(copy.dir, 'keys/new.pem');
    const made = generateSigningKey(privatePath, false, copy.root);
    expect(made).toMatchObject({ ok: false, reason: 'key_exists' });
    if (!made.ok) {
      expect(made.detail).toContain(trusted);
      expect(made.detail).toContain('--replace-key-invalidating-all-signatures');
      expect(made.detail).toMatch(/invalidates every signature/);
    }
    expect(existsSync(privatePath)).toBe(false);
    expect(keyIdOf(copy.read(MANIFEST_KEY_PATH))).toBe(trusted);
  });

  it('refuses to overwrite an existing private key even where the repository has no public key', () => {
    const fresh = copyCheckout();
    try {
      const privatePath = path.join(fresh.dir, 'keys/first.pem');
      rmSync(new URL(MANIFEST_KEY_PATH, fresh.root));
      expect(generateSigningKey(privatePath, false, fresh.root)).toMatchObject({ ok: true, replaced: null });
      const first = readFileSync(privatePath, 'utf8');
      rmSync(new URL(MANIFEST_KEY_PATH, fresh.root));
      const again = generateSigningKey(privatePath, false, fresh.root);
      expect(again).toMatchObject({ ok: false, reason: 'key_exists' });
      if (!again.ok) expect(again.detail).toContain(`the private key ${privatePath}`);
      expect(readFileSync(privatePath, 'utf8')).toBe(first);
    } finally {
      fresh.remove();
    }
  });
});

describe('a retuned certificate re-signed with a new key (attack b)', () => {
  let copy: CheckoutCopy;
  let newKey: string;
  beforeAll(() => {
    copy = copyCheckout();
    const file = 'certification/copper-sevens.json';
    const certificate = JSON.parse(copy.read(file));
    for (const variant of Object.values(certificate.variants) as Array<{ target: string }>)
      variant.target = '96.50';
    // The retune itself: the figures a lab would read say 96.50 % over a model paying 99.46 %.
    copy.write(file, `${JSON.stringify(certificate, null, 2)}\n`);
    const privatePath = path.join(copy.dir, 'keys/attacker.pem');
    const made = generateSigningKey(privatePath, true, copy.root);
    if (!made.ok) throw new Error(made.detail);
    newKey = made.keyId;
    expect(made.replaced).toBe(trusted);
    signManifest(readFileSync(privatePath, 'utf8'), copy.root);
  });
  afterAll(() => copy?.remove());

  it('verifies against the new key in the repository (what the audit saw)', () => {
    expect(newKey).not.toBe(trusted);
    expect(verifyManifest(copy.root)).toMatchObject({ ok: true, keyId: newKey });
  });

  it('is refused by a production node: the key is not the configured fingerprint', () => {
    const verdict = checkStartupIntegrity('production', trusted, copy.root);
    expect(verdict.anchor).toMatchObject({ ok: false, reason: 'fingerprint_mismatch', fingerprint: newKey });
    expect(verdict.refusal).toContain(
      `fingerprint ${newKey}, not the configured MANIFEST_KEY_FINGERPRINT ${trusted}`,
    );
  });

  it('is refused by a production node with no fingerprint configured', () => {
    expect(checkStartupIntegrity('production', undefined, copy.root).refusal).toMatch(
      /MANIFEST_KEY_FINGERPRINT is not set/,
    );
  });

  it('starts a development node with a warning only', () => {
    const verdict = checkStartupIntegrity('development', trusted, copy.root);
    expect(verdict.refusal).toBeNull();
    expect(verdict.warnings.join('\n')).toMatch(/fingerprint_mismatch|not the configured/);
  });
});
