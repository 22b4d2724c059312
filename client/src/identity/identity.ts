// Each game's own identity: its display typeface (logo and headings), the reel frame it is drawn
// in and the HUD skin keyed by `data-game` on the root (client/src/styles/skins.css). Every game's
// @font-face is declared, but a browser fetches a face only when text uses it, so a game downloads
// its own display face and the shared UI face (Inter), nothing else. Faces are Latin subsets; other
// scripts (Japanese) fall back to the system's face through the font stacks in skins.css.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-700.css';
import '@fontsource/cinzel-decorative/latin-900.css';
import '@fontsource/marcellus/latin-400.css';
import '@fontsource/orbitron/latin-800.css';
import '@fontsource/pirata-one/latin-400.css';
import '@fontsource/kaushan-script/latin-400.css';
import '@fontsource/alfa-slab-one/latin-400.css';
import '../styles/skins.css';
import '../styles/identity.css';

/** The reel frame's drawing (client/src/identity/frame.ts). */
export type FrameKind =
  | 'forged-iron'
  | 'sandstone'
  | 'neon-glass'
  | 'ship-timber'
  | 'jade-lacquer'
  | 'copper-bulbs';

export interface Identity {
  /** The display face of the logo and headings, as CSS names it, and the weight it is drawn at. */
  face: { family: string; weight: number };
  frame: FrameKind;
}

export const IDENTITIES = {
  'ember-crown': { face: { family: 'Cinzel Decorative', weight: 900 }, frame: 'forged-iron' },
  'dune-lantern': { face: { family: 'Marcellus', weight: 400 }, frame: 'sandstone' },
  'orbit-orchard': { face: { family: 'Orbitron', weight: 800 }, frame: 'neon-glass' },
  'harbor-haul': { face: { family: 'Pirata One', weight: 400 }, frame: 'ship-timber' },
  'jade-paths': { face: { family: 'Kaushan Script', weight: 400 }, frame: 'jade-lacquer' },
  'copper-sevens': { face: { family: 'Alfa Slab One', weight: 400 }, frame: 'copper-bulbs' },
} as const satisfies Record<string, Identity>;

export type Slug = keyof typeof IDENTITIES;

export function identityOf(slug: string): Identity | null {
  return Object.hasOwn(IDENTITIES, slug) ? IDENTITIES[slug as Slug] : null;
}

/**
 * Marks the page as this game's (its skin applies at once) and starts fetching its display face,
 * so the splash's lettering swaps in as early as it can. Unknown games keep the shared look.
 */
export function applyIdentity(root: HTMLElement, slug: string): Identity | null {
  const identity = identityOf(slug);
  if (!identity) return null;
  root.dataset.game = slug;
  const { family, weight } = identity.face;
  void document.fonts?.load(`${weight} 1em "${family}"`).catch(() => {});
  return identity;
}
