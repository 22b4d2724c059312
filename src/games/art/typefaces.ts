// Each game's display typeface for its logo lettering, read from the open font packages (@fontsource,
// SIL Open Font License) once, on first use. librsvg cannot load web fonts, so the key art draws the
// title as outlines from these files (`lettering.ts`) instead of naming a font it would not find.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype, { type Font } from 'opentype.js';

export interface Typeface {
  /** The family's name, as the in-game identity names it. */
  family: string;
  /** Package-relative WOFF file (opentype.js reads WOFF, not WOFF2). */
  file: string;
  /** Lettered in capitals (a serif or slab), or as written (a script or blackletter reads in mixed case). */
  caps: boolean;
}

export const GAME_TYPEFACES: Readonly<Record<string, Typeface>> = {
  'ember-crown': {
    family: 'Cinzel Decorative',
    file: '@fontsource/cinzel-decorative/files/cinzel-decorative-latin-900-normal.woff',
    caps: false,
  },
  'dune-lantern': {
    family: 'Marcellus',
    file: '@fontsource/marcellus/files/marcellus-latin-400-normal.woff',
    caps: true,
  },
  'orbit-orchard': {
    family: 'Orbitron',
    file: '@fontsource/orbitron/files/orbitron-latin-900-normal.woff',
    caps: true,
  },
  'harbor-haul': {
    family: 'Pirata One',
    file: '@fontsource/pirata-one/files/pirata-one-latin-400-normal.woff',
    caps: false,
  },
  'jade-paths': {
    family: 'Kaushan Script',
    file: '@fontsource/kaushan-script/files/kaushan-script-latin-400-normal.woff',
    caps: false,
  },
  'copper-sevens': {
    family: 'Alfa Slab One',
    file: '@fontsource/alfa-slab-one/files/alfa-slab-one-latin-400-normal.woff',
    caps: true,
  },
};

/**
 * For a symbol that is not one of our games, and for a title the game's face has no glyph for.
 * (Not Inter: opentype.js throws on its contextual substitutions when it sets a whole word.)
 */
export const FALLBACK_TYPEFACE: Typeface = {
  family: 'Marcellus',
  file: '@fontsource/marcellus/files/marcellus-latin-400-normal.woff',
  caps: true,
};

/** The small "REELFORGE" mark under every logo, set one glyph at a time. */
export const BRAND_TYPEFACE: Typeface = {
  family: 'Inter',
  file: '@fontsource/inter/files/inter-latin-600-normal.woff',
  caps: true,
};

const require = createRequire(import.meta.url);
const fonts = new Map<string, Font>();

/** The parsed font of a typeface (read from disk once). */
export function fontOf(face: Typeface): Font {
  let font = fonts.get(face.file);
  if (!font) {
    const bytes = readFileSync(require.resolve(face.file));
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    fonts.set(face.file, font);
  }
  return font;
}

/** The game's face, or the fallback for a game without one. */
export function typefaceFor(slug: string | undefined): Typeface {
  return (slug !== undefined ? GAME_TYPEFACES[slug] : undefined) ?? FALLBACK_TYPEFACE;
}
