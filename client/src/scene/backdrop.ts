// The illustrated background behind the reels: the game's own key-art scene (the same drawing the
// lobby shows), with a layer of motion in its theme — embers rising, stars twinkling, petals
// falling, foam drifting, a lighthouse beam, copper rays turning. CSS transforms and opacity only,
// so the compositor animates it without the reels' renderer; reduced motion stills it.
import { sceneFor } from '../../../src/games/art/scenes.ts';
import { h } from '../ui/dom.ts';

type Motion = 'rise' | 'fall' | 'twinkle' | 'drift';

interface Theme {
  particles: Motion;
  count: number;
  color: string;
  /** An extra moving piece of the scene: a sweeping beam or turning rays. */
  feature?: 'beam' | 'rays' | 'glow';
}

const THEMES: Record<string, Theme> = {
  'ember-crown': { particles: 'rise', count: 26, color: '#ffb347', feature: 'glow' },
  'dune-lantern': { particles: 'twinkle', count: 24, color: '#fff8e0', feature: 'glow' },
  'orbit-orchard': { particles: 'twinkle', count: 30, color: '#ffffff' },
  'harbor-haul': { particles: 'drift', count: 16, color: '#d8f6ff', feature: 'beam' },
  'jade-paths': { particles: 'fall', count: 18, color: '#ffc4dc' },
  'copper-sevens': { particles: 'twinkle', count: 18, color: '#ffd9a8', feature: 'rays' },
};

const FALLBACK: Theme = { particles: 'twinkle', count: 18, color: '#ffffff' };

/** Builds the backdrop of a game into `host` (behind everything else in it). */
export function mountBackdrop(
  host: HTMLElement,
  slug: string,
  palette: { background: string; accent: string; text: string },
): HTMLElement {
  const scene = sceneFor(slug, palette);
  const theme = THEMES[slug] ?? FALLBACK;
  const picture = h('div', { class: 'backdrop-scene' });
  // Our own constant drawing (no player or operator text in it).
  picture.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1200" preserveAspectRatio="xMidYMid slice" width="100%" height="100%"><defs>${scene.defs}</defs>${scene.background}</svg>`;
  const particles = h('div', { class: `backdrop-particles ${theme.particles}` });
  particles.style.setProperty('--p', theme.color);
  for (let i = 0; i < theme.count; i++) {
    const dot = h('span', {});
    dot.style.setProperty('--x', `${(i * 61) % 100}%`);
    dot.style.setProperty('--y', `${(i * 37) % 100}%`);
    dot.style.setProperty('--d', `${-((i * 7) % 13)}s`);
    dot.style.setProperty('--t', `${7 + ((i * 5) % 9)}s`);
    dot.style.setProperty('--s', `${0.5 + ((i * 3) % 7) / 6}`);
    particles.append(dot);
  }
  const backdrop = h(
    'div',
    { class: 'backdrop', 'aria-hidden': 'true', 'data-theme': slug },
    picture,
    theme.feature ? h('div', { class: `backdrop-${theme.feature}` }) : '',
    particles,
    h('div', { class: 'backdrop-shade' }),
  );
  host.prepend(backdrop);
  return backdrop;
}
