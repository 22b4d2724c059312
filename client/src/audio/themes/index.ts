// Each game's sound theme is its own small chunk, fetched when audio starts (after the first
// gesture), so a game's first load carries only the synth core.

import type { Theme } from './theme.ts';

const LOADERS: Record<string, () => Promise<{ theme: Theme }>> = {
  'ember-crown': () => import('./ember-crown.ts'),
  'dune-lantern': () => import('./dune-lantern.ts'),
  'orbit-orchard': () => import('./orbit-orchard.ts'),
  'harbor-haul': () => import('./harbor-haul.ts'),
  'jade-paths': () => import('./jade-paths.ts'),
  'copper-sevens': () => import('./copper-sevens.ts'),
};

export const THEMED_GAMES: readonly string[] = Object.keys(LOADERS);

/** The game's theme, or null for a game without one (it plays effects in the default voice, no music). */
export async function loadTheme(slug: string): Promise<Theme | null> {
  const load = LOADERS[slug];
  if (!load) return null;
  try {
    return (await load()).theme;
  } catch {
    return null; // a chunk that failed to load: the game plays on with default effects
  }
}
