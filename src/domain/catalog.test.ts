import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { certifiedHooks, certifiedRtp, gameInfos } from '../games/index.ts';
import { describeCatalogGame, volatilityOf } from './catalog.ts';

const options = {
  publicBaseUrl: 'https://rgs.example',
  rtpOf: (game: { symbol: string }, variant: string) => certifiedRtp(game.symbol, variant),
  hooksOf: (game: { symbol: string }, variant: string) => certifiedHooks(game.symbol, variant),
  hasUploadedArt: () => false,
};

describe('volatilityOf', () => {
  it.each([
    ['0', 1, 'low'],
    ['2.999', 1, 'low'],
    ['3', 2, 'medium_low'],
    ['4.103', 2, 'medium_low'],
    ['7.999', 3, 'medium'],
    ['8', 4, 'high'],
    ['11.99', 4, 'high'],
    ['12', 5, 'very_high'],
    ['40.5', 5, 'very_high'],
  ])('sd %s -> level %i (%s)', (sd, level, band) => {
    expect(volatilityOf(sd)).toEqual({ level, band, sd });
  });

  it('has no level for a figure that is not one', () => {
    expect(volatilityOf('n/a')).toBeNull();
    expect(volatilityOf('-1')).toBeNull();
  });
});

describe('the catalog hooks a lobby shows', () => {
  it.each(gameInfos.map((game) => [game.slug, game] as const))(
    '%s: max win and volatility are the certificate figures of the variant the operator plays',
    (slug, game) => {
      const certificate = JSON.parse(
        readFileSync(new URL(`../../certification/${slug}.json`, import.meta.url), 'utf8'),
      );
      for (const variant of game.rtpVariants.map((v) => v.id)) {
        const certified = certificate.variants[variant];
        const scope = {
          kind: 'operator' as const,
          operatorId: 'op',
          allowlist: new Set([game.symbol]),
          rtpVariant: variant,
        };
        const item = describeCatalogGame(game, scope, options);
        expect(item.max_win).toEqual({
          multiplier: certified.maxWin.multiplier,
          kind: certified.maxWin.kind,
        });
        expect(item.volatility?.sd).toBe(certified.modes.base.sd);
        expect(item.volatility?.level).toBe(volatilityOf(certified.modes.base.sd)?.level);
      }
    },
  );

  it('shows no hooks for a variant that is not certified', () => {
    const game = gameInfos[0] as (typeof gameInfos)[number];
    const item = describeCatalogGame(game, { kind: 'all' }, { ...options, hooksOf: () => null });
    expect(item.max_win).toBeNull();
    expect(item.volatility).toBeNull();
  });
});
