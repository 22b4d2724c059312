import { describe, expect, it } from 'vitest';
import { allGames, modelOf } from '../../../../src/games/index.ts';
import { ICONS } from './index.ts';
import { FALLBACK_ICON, ICON_RULES, iconNameFor } from './resolve.ts';
import { highSymbols, WIN_FX, winFxFor, winFxOf } from './win-fx.ts';

describe('symbol win animations', () => {
  it('every icon has its art and a known win animation', () => {
    for (const name of [...ICON_RULES.map(([, icon]) => icon), FALLBACK_ICON]) {
      expect(typeof ICONS[name], name).toBe('function');
      expect(WIN_FX, name).toContain(winFxOf(name));
    }
  });

  for (const game of allGames()) {
    const model = modelOf(game);
    const highs = highSymbols(model.symbols);

    it(`${game.title}: each high symbol has its own animation, the lows share the pulse`, () => {
      const kinds = highs.map((s) => winFxFor(s));
      for (const [i, s] of highs.entries()) expect(kinds[i], `${s.name}`).not.toBe('pulse');
      expect(new Set(kinds).size, kinds.join(', ')).toBe(kinds.length);
      const lows = model.symbols.filter((s) => s.kind === 'regular').slice(0, 2);
      for (const s of lows) expect(winFxFor(s), s.name).toBe('pulse');
      for (const s of model.symbols) expect(iconNameFor(s), s.name).not.toBe(FALLBACK_ICON);
    });

    it(`${game.title}: the high regular symbols are the two that pay most`, () => {
      const regular = model.symbols.filter((s) => s.kind === 'regular');
      const top = (s: (typeof regular)[number]) => Math.max(...s.pays);
      const byPay = [...regular].sort((a, b) => top(b) - top(a)).slice(0, 2);
      const chosen = highs.filter((s) => s.kind === 'regular');
      expect(chosen.map((s) => s.id).sort()).toEqual(byPay.map((s) => s.id).sort());
    });
  }
});
