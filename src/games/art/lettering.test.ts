import { describe, expect, it } from 'vitest';
import { gameInfos } from '../index.ts';
import { KEY_ART_SIZES, type KeyArtSize, keyArtLayout, renderKeyArtSvg } from './key-art.ts';
import { letterTitle } from './lettering.ts';
import { FALLBACK_TYPEFACE, fontOf, GAME_TYPEFACES } from './typefaces.ts';

interface Bounds {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The box of every point of absolute path data (control points included, so it holds the curve). */
function boundsOf(paths: string[]): Bounds {
  const b = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  for (const d of paths) {
    expect(d).toMatch(/^M/);
    expect(d).not.toMatch(/NaN|[a-y]/); // absolute commands only, every number finite
    const numbers = (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      b.x1 = Math.min(b.x1, numbers[i] as number);
      b.x2 = Math.max(b.x2, numbers[i] as number);
      b.y1 = Math.min(b.y1, numbers[i + 1] as number);
      b.y2 = Math.max(b.y2, numbers[i + 1] as number);
    }
  }
  return b;
}

function titleOf(svg: string): { paths: string[]; outline: number } {
  const paths = [...svg.matchAll(/<path id="kl-line-\d" class="kl-title" d="([^"]*)"/g)].map(
    (m) => m[1] as string,
  );
  const outline = Number(svg.match(/class="kl-outline"[^>]*stroke-width="([\d.]+)"/)?.[1]);
  return { paths, outline };
}

const sizes = Object.entries(KEY_ART_SIZES) as Array<[KeyArtSize, { width: number; height: number }]>;
const cases = gameInfos.flatMap((game) => sizes.map(([size, shape]) => ({ game, size, shape })));

describe('logo lettering in the game typeface', () => {
  it('gives every game its own face', () => {
    for (const game of gameInfos) expect(GAME_TYPEFACES[game.slug], game.slug).toBeDefined();
    expect(new Set(Object.values(GAME_TYPEFACES).map((f) => f.family)).size).toBe(gameInfos.length);
  });

  it.each(cases.map((c) => [c.game.slug, c.size, c] as const))(
    '%s %s: the title is outlines, whole inside the logo box and the picture, clear of the hero',
    (_slug, _size, { game, shape }) => {
      const svg = renderKeyArtSvg(game.symbol, game.title, game, shape.width, shape.height);
      expect(svg).not.toContain('<text'); // no default font anywhere: title and brand are outlines
      const { paths, outline } = titleOf(svg);
      expect(paths.length).toBeGreaterThan(0);
      expect(outline).toBeGreaterThan(0);
      const ink = boundsOf(paths);
      const drawn = {
        x1: ink.x1 - outline / 2,
        y1: ink.y1 - outline / 2,
        x2: ink.x2 + outline / 2,
        y2: ink.y2 + outline / 2,
      };
      const { logo, hero } = keyArtLayout(shape.width, shape.height);
      const slack = 0.5; // tenths-of-a-pixel rounding of the path data
      expect(drawn.x1).toBeGreaterThanOrEqual(logo.x - slack);
      expect(drawn.y1).toBeGreaterThanOrEqual(logo.y - slack);
      expect(drawn.x2).toBeLessThanOrEqual(logo.x + logo.width + slack);
      expect(drawn.y2).toBeLessThanOrEqual(logo.y + logo.height + slack);
      const margin = Math.min(shape.width, shape.height) * 0.03;
      expect(drawn.x1).toBeGreaterThan(margin);
      expect(drawn.y1).toBeGreaterThan(margin);
      expect(drawn.x2).toBeLessThan(shape.width - margin);
      expect(drawn.y2).toBeLessThan(shape.height - margin);
      const clear =
        drawn.x2 <= hero.x ||
        drawn.x1 >= hero.x + hero.width ||
        drawn.y2 <= hero.y ||
        drawn.y1 >= hero.y + hero.height;
      expect(clear).toBe(true);
      // A logo, not a caption: it fills its box in one direction at least.
      const filled = Math.max((drawn.x2 - drawn.x1) / logo.width, (drawn.y2 - drawn.y1) / logo.height);
      expect(filled).toBeGreaterThan(0.9);
    },
  );

  it('keeps every word of a long title, breaking it into lines rather than cutting it', () => {
    const font = fontOf(FALLBACK_TYPEFACE);
    const box = { x: 0, y: 0, width: 300, height: 300 };
    const lettered = letterTitle(font, 'THE GREAT MIDNIGHT LIGHTHOUSE', box);
    expect(lettered.lines.join(' ')).toBe('THE GREAT MIDNIGHT LIGHTHOUSE');
    expect(lettered.lines.length).toBeGreaterThan(1);
    expect(lettered.ink.x).toBeGreaterThanOrEqual(0);
    expect(lettered.ink.x + lettered.ink.width).toBeLessThanOrEqual(300);
  });

  it('letters a title no typeface of ours can draw in a system font instead of dropping it', () => {
    const { width, height } = KEY_ART_SIZES.card;
    const svg = renderKeyArtSvg('rf_other', '歡迎光臨', undefined, width, height);
    expect(svg).toContain('歡迎光臨</tspan>');
    expect(svg).not.toContain('class="kl-title"');
  });
});
