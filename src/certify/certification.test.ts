import { describe, expect, it } from 'vitest';
import type { BetMode } from '../engine/model.ts';
import { readCertificate } from '../games/certificates.ts';
import { allGames, certifiedRtp } from '../games/index.ts';
import { exactMode } from './exact.ts';
import { percent, simulateRounds, summarize } from './tally.ts';

const variants = allGames().flatMap((game) =>
  Object.values(game.variants).map((model) => [`${game.slug} ${model.variant}`, game, model] as const),
);

/** Games whose exact figures take seconds to recompute (the walks of Ember and Dune take a minute). */
const QUICK = new Set(['copper-sevens', 'jade-paths', 'harbor-haul']);

describe.each(variants)('%s', (_name, game, model) => {
  const certified = readCertificate(game.slug)?.variants[model.variant];
  const modes = (['base', 'special', 'buy'] as BetMode[]).filter((m) => m === 'base' || model.modes[m]);

  it('has a certificate whose base figure the catalog shows', () => {
    expect(certified, 'no certificate').toBeDefined();
    expect(certifiedRtp(game.symbol, model.variant)).toBe(certified?.modes.base?.rtp);
  });

  it('certifies every mode, each exact or within ±0.1 pp at 99 %, on its target, and the engine agrees', () => {
    const target = Number(game.rtpVariants.find((v) => v.id === model.variant)?.target);
    expect(Object.keys(certified?.modes ?? {}).sort()).toEqual([...modes].sort());
    for (const [mode, figure] of Object.entries(certified?.modes ?? {})) {
      expect(figure.meetsPrecision, `${mode} misses ±0.1 pp`).toBe(true);
      expect(figure.crossCheck.agrees, `${mode}: the plain simulation disagrees`).toBe(true);
      const off = Math.abs(Number(figure.rtp) - target);
      if (figure.method === 'exact') {
        // Tuned on exact figures: only the integer lever weights keep it off the target.
        expect(off, `${mode}: exact ${figure.exactRtp}%`).toBeLessThanOrEqual(0.01);
        expect(figure.halfWidth99).toBe('0.000');
      } else {
        expect(Number(figure.halfWidth99)).toBeLessThanOrEqual(0.1);
        // Tuned on the estimator: the figure is on the target within its own precision.
        expect(off, `${mode}: ${figure.rtp}% ± ${figure.halfWidth99} vs ${target}%`).toBeLessThanOrEqual(
          Number(figure.halfWidth99) + 0.005,
        );
      }
    }
  });

  it('states its maximum win and the chance of a base round paying it', () => {
    const max = certified?.maxWin;
    expect(Number(max?.multiplier)).toBeGreaterThan(0);
    expect(Number(max?.multiplier)).toBeLessThanOrEqual(model.maxWinMultiplier);
    if (max?.kind === 'cap') expect(Number(max.multiplier)).toBe(model.maxWinMultiplier);
    expect(max?.probability?.oneIn).toMatch(/^[1-9][0-9]*$/);
    expect(['exact', 'bound', 'estimate']).toContain(max?.probability?.kind);
  });

  it.runIf(QUICK.has(game.slug)).each(modes)(
    '%s: the exact figure on the certificate is the one the model gives now',
    (mode) => {
      const figure = certified?.modes[mode];
      const exact = exactMode(model, mode);
      expect(figure?.method).toBe('exact');
      expect(figure?.exactRtp).toBe(percent(exact.rtp, 4));
      expect(figure?.sd).toBe(exact.sd.toPrecision(4));
    },
  );

  // CI-sized check: the design target must lie inside the 99 % interval of a fixed-seed simulation
  // (400k rounds of paid modes, 60k bought features) through the engine's play path.
  it.each(modes)('%s mode returns its target within the 99 percent interval of a simulation', (mode) => {
    const target = Number(game.rtpVariants.find((v) => v.id === model.variant)?.target) / 100;
    const s = summarize(simulateRounds(model, mode, mode === 'buy' ? 60_000 : 400_000, 2024, 0));
    expect(
      Math.abs(s.rtp - target),
      `RTP ${s.rtp} vs target ${target}, half-width ${s.halfWidth99}`,
    ).toBeLessThanOrEqual(s.halfWidth99);
  });
});
