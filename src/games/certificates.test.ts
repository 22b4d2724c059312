// A certificate binds the model data and the code: these tests plant the changes an auditor plants
// (an edited weight, an engine off-by-one) and require every variant to lose its certification.
import { describe, expect, it } from 'vitest';
import {
  type Certificate,
  certificateFileHash,
  checkCertificateSigned,
  checkCertification,
  gameSources,
  modeWithheld,
  readCertificate,
} from './certificates.ts';
import { allGames, gameCertifications, gameInfos } from './index.ts';
import { signedListing } from './manifest.ts';
import { betLadder } from './play.ts';

const variants = allGames().flatMap((game) =>
  Object.values(game.variants).map((model) => [`${game.slug} ${model.variant}`, game, model] as const),
);

describe.each(variants)('%s', (_name, game, model) => {
  const certificate = readCertificate(game.slug);
  const sources = gameSources(game.slug);

  it('is certified for exactly this model and code, and live (re-run `reelforge certify` after a change)', () => {
    const result = checkCertification(model, certificate, sources);
    expect(result.ok, result.ok ? '' : result.detail).toBe(true);
    expect(gameInfos.find((g) => g.slug === game.slug)?.live).toBe(true);
  });

  it('loses its certification when a weight of the model changes', () => {
    // One reel-set weight off by one: the kind of edit that made a game pay 115%.
    const edited = structuredClone(model) as typeof model & {
      modes: { base: { reelSets: { weights: number[] } } };
    };
    edited.modes.base.reelSets.weights[0] = (edited.modes.base.reelSets.weights[0] as number) + 1;
    const result = checkCertification(edited, certificate, sources);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toBe('model_changed');
  });

  it.each(['engine/machine.ts', 'engine/round.ts', 'engine/rng.ts', `games/${game.slug}/weights.json`])(
    'loses its certification when %s changes by one character',
    (path) => {
      const planted = new Map(sources);
      const text = planted.get(path);
      expect(text, `${path} is hashed`).toBeDefined();
      // An off-by-one planted in the source: the first "0" becomes "1".
      planted.set(path, (text as string).replace('0', '1'));
      const result = checkCertification(model, certificate, planted);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toBe('code_changed');
    },
  );

  it('loses its certification when the base figure misses its precision (never published or played)', () => {
    const loose = structuredClone(certificate) as Certificate;
    const base = loose.variants[model.variant]?.modes.base;
    if (!base) throw new Error('no base figure');
    Object.assign(base, { meetsPrecision: false, halfWidth99: '1.100' });
    const result = checkCertification(model, loose, sources);
    expect(result).toMatchObject({ ok: false, reason: 'precision_missed' });
    if (!result.ok) expect(result.detail).toContain('± 1.100 pp');
  });

  it.each(['special', 'buy'] as const)(
    'offers its %s mode only while that figure meets the precision',
    (mode) => {
      const ok = checkCertification(model, certificate, sources);
      expect(ok.ok).toBe(true);
      if (!ok.ok) return;
      if (!model.modes[mode]) {
        expect(modeWithheld(model, mode, ok)).toBeNull();
        return;
      }
      expect(modeWithheld(model, mode, ok), 'the certified mode is offered').toBeNull();
      expect(game.features[mode === 'buy' ? 'buy_feature' : 'special_bet']).toBe(true);
      const loose = structuredClone(ok.certified);
      Object.assign(loose.modes[mode] ?? {}, { meetsPrecision: false, halfWidth99: '0.210' });
      expect(modeWithheld(model, mode, { ...ok, certified: loose })).toMatchObject({
        mode,
        reason: 'precision_missed',
      });
      delete loose.modes[mode];
      expect(modeWithheld(model, mode, { ...ok, certified: loose })).toMatchObject({
        mode,
        reason: 'mode_not_certified',
      });
    },
  );

  it('loses its certification when an engine file is added', () => {
    const planted = new Map(sources);
    planted.set('engine/extra.ts', 'export const x = 1;\n');
    expect(checkCertification(model, certificate, planted).ok).toBe(false);
  });
});

describe('a withheld mode', () => {
  it('leaves the bet ladder, so a spin in it is refused as not offered', () => {
    const game = allGames().find((g) => g.features.buy_feature);
    if (!game) throw new Error('no game with a buy');
    expect(betLadder(game, 'EUR').modes.buy).toBeDefined();
    const withheld = { ...game, features: { ...game.features, buy_feature: false } };
    expect(betLadder(withheld, 'EUR').modes.buy).toBeUndefined();
  });
});

describe('without a certificate', () => {
  it('a game is not certified', () => {
    const model = allGames()[0]?.variants['96.5'];
    if (!model) throw new Error('no model');
    const result = checkCertification(model, null, gameSources(model.slug));
    expect(result).toMatchObject({ ok: false, reason: 'no_certificate' });
  });

  it('every variant was checked when the models loaded', () => {
    expect(gameCertifications()).toHaveLength(variants.length);
  });
});

describe('a certificate counts only as signed', () => {
  const hash = 'a'.repeat(64);
  it('passes when the signed listing has its bytes', () => {
    expect(
      checkCertificateSigned('copper-sevens', hash, new Map([['certification/copper-sevens.json', hash]])),
    ).toBeNull();
  });
  it('is refused when its bytes are not the signed ones (edited after signing)', () => {
    const signed = new Map([['certification/copper-sevens.json', 'b'.repeat(64)]]);
    expect(checkCertificateSigned('copper-sevens', hash, signed)).toMatchObject({
      ok: false,
      reason: 'certificate_not_signed',
    });
  });
  it('is refused when no manifest whose signature verifies lists it', () => {
    expect(checkCertificateSigned('copper-sevens', hash, new Map())).toMatchObject({
      ok: false,
      reason: 'certificate_not_signed',
    });
  });
  it('holds for every certificate on disk against the signed manifest', () => {
    for (const slug of [
      'copper-sevens',
      'dune-lantern',
      'ember-crown',
      'harbor-haul',
      'jade-paths',
      'orbit-orchard',
    ]) {
      expect(checkCertificateSigned(slug, certificateFileHash(slug) as string, signedListing())).toBeNull();
    }
  });
});
