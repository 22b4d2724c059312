import { describe, expect, it } from 'vitest';
import { allGames } from '../../../../src/games/index.ts';
import { badgeFor, FALLBACK_ICON, ICON_RULES, iconNameFor } from './resolve.ts';

const games = allGames();

describe('symbol icons', () => {
  it('covers the six games', () => {
    expect(games.length).toBeGreaterThanOrEqual(6);
  });

  for (const game of games) {
    it(`${game.title}: every symbol of every variant has its own icon, none shared`, () => {
      for (const [variant, model] of Object.entries(game.variants)) {
        const names = model.symbols.map((s) => iconNameFor(s));
        for (const [i, s] of model.symbols.entries())
          expect(names[i], `${game.slug} ${variant} ${s.code} ${s.name}`).not.toBe(FALLBACK_ICON);
        expect(new Set(names).size, `${game.slug} ${variant}: ${names.join(', ')}`).toBe(names.length);
      }
    });
  }

  it('picks by name, more specific names first, with the gem for unknown names', () => {
    expect(iconNameFor({ name: 'Jade Bell', code: 'JB' })).toBe('jade-bell');
    expect(iconNameFor({ name: 'Bell', code: 'BE' })).toBe('bell');
    expect(iconNameFor({ name: 'Ember Queen', code: 'QU' })).toBe('ember-queen');
    expect(iconNameFor({ name: 'Nomad Queen', code: 'NO' })).toBe('nomad-queen');
    expect(iconNameFor({ name: 'Nebula Plum', code: 'NP' })).toBe('nebula-plum');
    expect(iconNameFor({ name: 'Harbormaster', code: 'HM' })).toBe('harbormaster');
    expect(iconNameFor({ name: 'Mystery Thing', code: 'MT' })).toBe(FALLBACK_ICON);
  });

  it('has one rule per icon name', () => {
    const icons = ICON_RULES.map(([, icon]) => icon);
    expect(new Set(icons).size).toBe(icons.length);
  });

  it('labels the special symbols', () => {
    expect(badgeFor('wild')).toBe('WILD');
    expect(badgeFor('scatter')).toBe('FREE SPINS');
    expect(badgeFor('bonus')).toBe('BONUS');
    expect(badgeFor('collector')).toBe('COLLECT');
    expect(badgeFor('regular')).toBe('');
  });
});
