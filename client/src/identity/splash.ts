// The loading splash: the game's key art (the server's own rendering, the shape that fits the
// screen), its title lettered in the game's face until the art arrives, and a progress bar in the
// game's skin that fills as the game's code and session load. The page's loader element stays the
// progressbar screen readers follow; what is added here is decoration (aria-hidden).
import { h } from '../ui/dom.ts';

export interface SplashShell {
  symbol: string;
  title: string;
}

/** The key art's address for a screen of this shape (portrait art on a portrait screen). */
export function keyArtUrl(symbol: string, portrait: boolean): string {
  const size = portrait ? 'portrait' : 'banner';
  return `/api/provider/v1/game-art/${encodeURIComponent(symbol)}?size=${size}&format=webp`;
}

/** Dresses the loader as the game's splash. */
export function dressSplash(loader: HTMLElement, shell: SplashShell): void {
  loader.classList.add('splash');
  loader.dataset.testid = 'splash';
  const portrait = window.innerHeight > window.innerWidth;
  const art = h('img', {
    class: 'splash-art',
    alt: '',
    src: keyArtUrl(shell.symbol, portrait),
    decoding: 'async',
    'data-testid': 'splash-art',
    draggable: 'false',
  });
  art.addEventListener('load', () => loader.classList.add('art-ready'), { once: true });
  art.addEventListener('error', () => art.remove(), { once: true });
  const lettering = h(
    'p',
    { class: 'splash-logo logo', 'data-testid': 'splash-logo' },
    h('span', { class: 'logo-text' }, shell.title),
  );
  const picture = h('div', { class: 'splash-picture', 'aria-hidden': 'true' }, art, lettering);
  loader.prepend(picture);
}
