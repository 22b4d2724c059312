import { describe, expect, it } from 'vitest';
import { gameInfos } from '../index.ts';
import { bestLines, KEY_ART_SIZES, logoLines, renderKeyArtSvg } from './key-art.ts';

describe('logo lettering', () => {
  it.each([
    ['', 12, ['']],
    ['  Ember   Crown  ', 12, ['Ember Crown']],
    ['Lantern of the Dunes', 8, ['Lantern', 'of the', 'Dunes']],
    ['one two three four five six seven', 9, ['one two', 'three', 'four fiv…']],
  ])('%j in lines of %i -> %j', (title, width, lines) => {
    expect(logoLines(title, width)).toEqual(lines);
  });

  it('breaks a title where it letters largest, and never cuts one that fits uncut', () => {
    const wide = { x: 0, y: 0, width: 1000, height: 100 };
    const tall = { x: 0, y: 0, width: 300, height: 400 };
    expect(bestLines('Ember Crown', wide)).toEqual(['Ember Crown']);
    expect(bestLines('Ember Crown', tall)).toEqual(['Ember', 'Crown']);
    expect(bestLines('Lantern of the Dunes', tall).join(' ')).toBe('Lantern of the Dunes');
  });
});

describe('key art', () => {
  it('has the asked size, the title as its label, and a picture of its own for every game', () => {
    const pictures = new Set<string>();
    for (const game of gameInfos) {
      const svg = renderKeyArtSvg(game.symbol, game.title, game, 1280, 720);
      expect(svg).toContain('width="1280" height="720"');
      expect(svg).toContain(`aria-label="${game.title}"`);
      // Without the lettering and label the drawing itself still differs per game.
      pictures.add(svg.replace(/<text[\s\S]*?<\/text>/g, '').replace(/aria-label="[^"]*"/, ''));
    }
    expect(pictures.size).toBe(gameInfos.length);
  });

  it('draws a symbol we do not know in colours from its name, the same each time', () => {
    const { width, height } = KEY_ART_SIZES.square;
    const a = renderKeyArtSvg('rf_unknown', 'Unknown', undefined, width, height);
    expect(renderKeyArtSvg('rf_unknown', 'Unknown', undefined, width, height)).toBe(a);
    expect(a).not.toBe(renderKeyArtSvg('rf_other', 'Unknown', undefined, width, height));
    expect(a).not.toMatch(/hsl\(/); // librsvg reads hex colours everywhere
  });
});
