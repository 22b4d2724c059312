// Attack (a) of the issue 24 audit: the play path forced onto a fixed-seed generator by one
// changed line in services/rounds.ts. Here on a copy of the checkout: the manifest names the file,
// and a production node refuses to start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutCopy, copyCheckout, forceFixedSeed } from '../../test/helpers/checkout-copy.ts';
import { checkStartupIntegrity, integrityVerdict } from './integrity.ts';
import { keyIdOf, readManifestKey, verifyManifest } from './manifest.ts';

const trusted = keyIdOf(readManifestKey());
const okManifest = { ok: true as const, files: 3, keyId: trusted };
const okAnchor = { ok: true as const, fingerprint: trusted };
const changed = { ok: false as const, reason: 'files_differ' as const, problems: ['changed: src/x.ts'] };
const missing = {
  ok: false as const,
  reason: 'fingerprint_missing' as const,
  fingerprint: trusted,
  detail: 'MANIFEST_KEY_FINGERPRINT is not set',
};

describe('integrityVerdict', () => {
  it.each(['development', 'test', 'staging', 'production'])('starts %s when both hold', (env) => {
    expect(integrityVerdict(env, okManifest, okAnchor)).toMatchObject({ refusal: null, warnings: [] });
  });
  it.each(['staging', 'production'])('refuses %s on a changed file or a missing anchor', (env) => {
    expect(integrityVerdict(env, changed, okAnchor).refusal).toMatch(
      /refusing to start.*changed: src\/x\.ts/,
    );
    expect(integrityVerdict(env, okManifest, missing).refusal).toMatch(/MANIFEST_KEY_FINGERPRINT is not set/);
  });
  it.each(['development', 'test'])('starts %s with a warning for each', (env) => {
    const verdict = integrityVerdict(env, changed, missing);
    expect(verdict.refusal).toBeNull();
    expect(verdict.warnings).toHaveLength(2);
    expect(verdict.warnings.join('\n')).toMatch(/tolerated in/);
  });
});

describe('a play path forced to a fixed seed (attack a)', () => {
  let copy: CheckoutCopy;
  beforeAll(() => {
    copy = copyCheckout();
  });
  afterAll(() => copy?.remove());

  it('verifies before the change (the copy is the signed tree)', () => {
    expect(verifyManifest(copy.root)).toMatchObject({ ok: true });
    expect(checkStartupIntegrity('production', trusted, copy.root).refusal).toBeNull();
  });

  it('fails verify naming the file, and production refuses to start', () => {
    forceFixedSeed(copy);
    expect(verifyManifest(copy.root)).toEqual({
      ok: false,
      reason: 'files_differ',
      problems: ['changed: src/services/rounds.ts'],
    });
    const verdict = checkStartupIntegrity('production', trusted, copy.root);
    expect(verdict.refusal).toMatch(/refusing to start in production: .*changed: src\/services\/rounds\.ts/);
  });

  it('catches the same change in the generator choice and in the free-round cap', () => {
    copy.write(
      'src/games/play-rng.ts',
      copy.read('src/games/play-rng.ts').replace("appEnv === 'test'", "appEnv !== ''"),
    );
    copy.write(
      'src/games/play-round.ts',
      copy.read('src/games/play-round.ts').replace('if (win <= left) return win;', 'return win;'),
    );
    const check = verifyManifest(copy.root);
    expect(check.ok).toBe(false);
    if (!check.ok)
      expect(check.problems).toEqual(
        expect.arrayContaining(['changed: src/games/play-rng.ts', 'changed: src/games/play-round.ts']),
      );
  });
});
