// Every game has its own identity: a display face that is bundled and named in its skin, a skin
// block of its own, a reel frame that draws cleanly at any size, and an intro screen with features
// worded by the rules and titled in every language.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeGame, type Game, gameInfos, getGame } from '../../../src/games/index.ts';
import { RULE_MESSAGES_EN, ruleTexts } from '../../../src/games/rule-text.ts';
import { en } from '../i18n/catalogs/en.ts';
import { keyFeatures } from './features.ts';
import { frameSvg, parseGrid, ringOf } from './frame.ts';
import { IDENTITIES, identityOf } from './identity.ts';
import { keyArtUrl } from './splash.ts';

const here = import.meta.dirname;
const skins = readFileSync(path.join(here, '../styles/skins.css'), 'utf8');
const identitySource = readFileSync(path.join(here, 'identity.ts'), 'utf8');

/** The declarations of one game's skin block. */
function skinOf(slug: string): string {
  const start = skins.indexOf(`:root[data-game="${slug}"] {`);
  if (start < 0) return '';
  return skins.slice(start, skins.indexOf('\n}', start));
}

describe('game identities', () => {
  it('covers exactly the games there are', () => {
    expect(Object.keys(IDENTITIES).sort()).toEqual(gameInfos.map((g) => g.slug).sort());
    expect(identityOf('no-such-game')).toBe(null);
    expect(identityOf('toString')).toBe(null);
  });

  for (const info of gameInfos) {
    describe(info.slug, () => {
      const identity = identityOf(info.slug);

      it('has a display face of its own, bundled as a Latin subset and named first in its skin', () => {
        expect(identity).not.toBe(null);
        const family = identity?.face.family ?? '';
        const pkg = family.toLowerCase().replaceAll(' ', '-');
        expect(identitySource).toContain(`import '@fontsource/${pkg}/latin-${identity?.face.weight}.css';`);
        expect(skinOf(info.slug)).toMatch(new RegExp(`--face-display: "${family}",`));
      });

      it('has a skin block that sets the HUD, Spin, dialog, logo and frame variables', () => {
        const skin = skinOf(info.slug);
        for (const variable of [
          '--skin-panel',
          '--skin-meter-bg',
          '--skin-button-bg',
          '--skin-spin-face',
          '--skin-spin-rim',
          '--skin-dialog-bg',
          '--logo-fill',
          '--frame-glow',
          '--frame-feature-glow',
        ])
          expect(skin, variable).toContain(`${variable}:`);
      });

      it('has a face and a frame no other game has', () => {
        const others = Object.entries(IDENTITIES).filter(([slug]) => slug !== info.slug);
        for (const [, other] of others) {
          expect(other.face.family).not.toBe(identity?.face.family);
          expect(other.frame).not.toBe(identity?.frame);
        }
      });

      it('draws its frame around any grid: a ring the size of the grid plus two rings, no inline style', () => {
        const rows = describeGame(getGame(info.slug) as Game).rows;
        for (const grid of [
          { x: 40, y: 30, width: 900, height: 540 },
          { x: 4, y: 10, width: 340, height: 204 },
        ]) {
          const { svg, ring } = frameSvg(identity?.frame ?? 'forged-iron', grid, rows);
          expect(ring).toBe(ringOf(grid, rows).ring);
          expect(svg).toContain(`width="${grid.width + 2 * ring}" height="${grid.height + 2 * ring}"`);
          expect(svg).toContain('fill-rule="evenodd"');
          expect(svg).not.toMatch(/NaN|undefined|Infinity/);
          // The game page's CSP refuses inline styles: colours are attributes or classes.
          expect(svg).not.toContain('style=');
        }
      });

      it('opens with two or three key features, each titled and worded from the rules', () => {
        const rules = describeGame(getGame(info.slug) as Game);
        const features = keyFeatures(rules);
        expect(features.length).toBeGreaterThanOrEqual(2);
        expect(features.length).toBeLessThanOrEqual(3);
        for (const feature of features) {
          expect(en).toHaveProperty([`intro.feature.${feature.id}`]);
          expect(rules.symbols.some((s) => s.code === feature.symbol)).toBe(true);
          const words = ruleTexts(
            [feature.fact],
            {
              language: 'en',
              message: (key, values) =>
                RULE_MESSAGES_EN[key].replace(/\{(\w+)\}/g, (_, name) => String(values?.[name] ?? '')),
              symbol: (code) => code,
            },
            { maxWinChance: false },
          );
          expect(words.join(' ').length).toBeGreaterThan(10);
        }
        expect(rules.volatility).not.toBe(null);
      });
    });
  }

  it('puts the features a player comes for first', () => {
    const ember = keyFeatures(describeGame(getGame('ember-crown') as Game)).map((f) => f.id);
    expect(ember).toEqual(['free_spins', 'wild_multiplier', 'wild']);
    const harbor = keyFeatures(describeGame(getGame('harbor-haul') as Game)).map((f) => f.id);
    expect(harbor[0]).toBe('hold');
  });
});

describe('frame placement', () => {
  it('reads the grid the reels publish, and refuses anything else', () => {
    expect(parseGrid('10,20,300,180')).toEqual({ x: 10, y: 20, width: 300, height: 180 });
    expect(parseGrid(undefined)).toBe(null);
    expect(parseGrid('10,20,300')).toBe(null);
    expect(parseGrid('10,20,0,180')).toBe(null);
    expect(parseGrid('a,b,c,d')).toBe(null);
  });
});

describe('splash', () => {
  it('asks for the key art in the shape of the screen', () => {
    expect(keyArtUrl('rf_ember_crown', false)).toBe(
      '/api/provider/v1/game-art/rf_ember_crown?size=banner&format=webp',
    );
    expect(keyArtUrl('rf_ember_crown', true)).toContain('size=portrait');
  });
});
