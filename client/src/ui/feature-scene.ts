// The feature as a change of scene: entering free spins (or Harbor's hold-and-collect) swaps the
// backdrop for the feature's own, tints and reframes the reels, switches the music to the feature
// track, and puts the feature's counters on the reels as objects — spins left and played with the
// feature's total, respins left that refill when a value lands, a ×2 badge on every multiplied wild.
// DOM over the canvas (crisp text, found by tests, free for the renderer); the root carries
// data-scene="base|feature" and data-feature for tests and tools.
import { t } from '../i18n/i18n.ts';
import { featureArtOf } from '../scene/feature-backdrops.ts';
import { motion } from '../scene/tween.ts';
import { h } from './dom.ts';
import '../styles/feature.css';

export type FeatureKind = 'free_spins' | 'hold' | 'pick';

interface Mark {
  reel: number;
  row: number;
  text: string;
}

export interface FeatureSceneOptions {
  root: HTMLElement;
  /** The element the reels are drawn in: it carries the grid's place (`data-grid`). */
  stage: HTMLElement;
  slug: string;
  reels: number;
  rows: number;
  /** The HUD's free-spins strip, restyled here into the counter plaque. */
  freeSpinsStrip: HTMLElement | null;
  setMusic: (scene: 'base' | 'feature') => void;
}

export class FeatureScene {
  private readonly options: FeatureSceneOptions;
  private backdrop: HTMLElement | null = null;
  private readonly frame: HTMLElement;
  private readonly marksLayer: HTMLElement;
  private readonly respins: HTMLElement;
  private marks: Mark[] = [];
  private kind: FeatureKind | null = null;

  constructor(options: FeatureSceneOptions) {
    this.options = options;
    const art = featureArtOf(options.slug);
    options.root.dataset.scene = 'base';
    options.root.style.setProperty('--feature-glow', art.glow);
    this.frame = h('div', { class: 'feature-frame', 'aria-hidden': 'true', hidden: true });
    this.marksLayer = h('div', { class: 'reel-marks', 'aria-hidden': 'true' });
    this.respins = h('div', {
      class: 'fs-plaque respins-plaque',
      role: 'group',
      'data-testid': 'respins',
      hidden: true,
    });
    options.stage.after(this.frame, this.marksLayer, this.respins);
    options.freeSpinsStrip?.classList.add('fs-plaque');
    // A labelled group: its label reads the counter whole (an aria-label needs a role to be read).
    options.freeSpinsStrip?.setAttribute('role', 'group');
    // The reels publish their grid's place on every relayout: follow it.
    new MutationObserver(() => this.place()).observe(options.stage, {
      attributes: true,
      attributeFilter: ['data-grid'],
    });
  }

  /** The feature's backdrop drawing, for the screens staged in front of it. */
  get scenery(): string {
    return featureArtOf(this.options.slug).svg;
  }

  get active(): FeatureKind | null {
    return this.kind;
  }

  /** The feature's scene: its backdrop fades in over the base one, the frame lights, the music turns. */
  enter(kind: FeatureKind): void {
    if (this.kind === kind) return;
    this.kind = kind;
    const { root } = this.options;
    root.dataset.scene = 'feature';
    root.dataset.feature = kind;
    if (!this.backdrop) {
      const art = featureArtOf(this.options.slug);
      const layer = h('div', { class: 'backdrop-scene' });
      layer.innerHTML = art.svg; // our own constant drawing
      const motionLayer = h('div', { class: `feature-motion ${art.motion}` });
      for (let i = 0; i < 24; i++) {
        const drop = h('span', {});
        drop.style.setProperty('--x', `${(i * 43) % 100}%`);
        drop.style.setProperty('--d', `${-((i * 7) % 11) / 4}s`);
        drop.style.setProperty('--s', `${0.6 + ((i * 5) % 7) / 10}`);
        motionLayer.append(drop);
      }
      this.backdrop = h(
        'div',
        { class: 'backdrop feature-backdrop', 'data-testid': 'feature-backdrop', 'aria-hidden': 'true' },
        layer,
        motionLayer,
        h('div', { class: 'backdrop-shade' }),
      );
      root.querySelector('.backdrop')?.after(this.backdrop);
      if (!this.backdrop.isConnected) root.prepend(this.backdrop);
    }
    this.frame.hidden = false;
    this.place();
    this.options.setMusic('feature');
  }

  /** Back to the base game's scene and music. */
  exit(): void {
    if (!this.kind) return;
    this.kind = null;
    const { root } = this.options;
    root.dataset.scene = 'base';
    delete root.dataset.feature;
    const leaving = this.backdrop;
    this.backdrop = null;
    if (leaving) {
      leaving.classList.add('leaving');
      setTimeout(() => leaving.remove(), motion.reduced ? 0 : 600);
    }
    this.frame.hidden = true;
    this.hideRespins();
    this.clearMarks();
    this.options.setMusic('base');
  }

  /** The free-spins counter: spins left as the big number, played of awarded, the feature's win. */
  showFreeSpins(left: number, played: number, won: string): void {
    const strip = this.options.freeSpinsStrip;
    if (!strip) return;
    strip.hidden = false;
    strip.dataset.left = String(left);
    strip.dataset.played = String(played);
    strip.setAttribute('aria-label', t('fs.counter_label', { left, played, total: left + played, win: won }));
    strip.replaceChildren(
      h(
        'span',
        { class: 'plaque-count' },
        h('b', { 'data-testid': 'fs-left' }, String(left)),
        h('small', {}, t('fs.left', { count: left })),
      ),
      h(
        'span',
        { class: 'plaque-detail' },
        h('span', {}, t('fs.played', { played, total: left + played })),
        h('span', { class: 'plaque-win', 'data-testid': 'fs-won' }, t('fs.feature_win', { win: won })),
      ),
    );
    bump(strip);
  }

  /** Hold-and-collect: respins left as pips (refilled when a value lands) and what is held so far. */
  showRespins(left: number, of: number, held: string): void {
    const box = this.respins;
    const refilled = Number(box.dataset.left ?? of) < left;
    box.hidden = false;
    box.dataset.left = String(left);
    box.dataset.of = String(of);
    box.setAttribute('aria-label', t('hold.counter_label', { count: left, amount: held }));
    const pips = h('span', { class: 'pips' });
    for (let i = 0; i < of; i++) pips.append(h('i', { class: i < left ? 'on' : '' }));
    box.replaceChildren(
      h(
        'span',
        { class: 'plaque-count' },
        h('b', { 'data-testid': 'respins-left' }, String(left)),
        h('small', {}, t('hold.respins_left', { count: left })),
      ),
      h(
        'span',
        { class: 'plaque-detail' },
        pips,
        h('span', { class: 'plaque-win' }, t('hold.held', { amount: held })),
      ),
    );
    if (refilled) box.classList.add('refilled');
    else box.classList.remove('refilled');
    bump(box);
  }

  hideRespins(): void {
    this.respins.hidden = true;
    delete this.respins.dataset.left;
  }

  /** Badges on cells of the reels (a wild's ×2): shown until the next spin. */
  markCells(cells: Array<[number, number]>, text: string): void {
    this.marks = cells.map(([reel, row]) => ({ reel, row, text }));
    this.marksLayer.replaceChildren(
      ...this.marks.map((mark) =>
        h(
          'span',
          { class: 'reel-badge', 'data-testid': 'reel-badge', 'data-cell': `${mark.reel},${mark.row}` },
          mark.text,
        ),
      ),
    );
    this.place();
  }

  clearMarks(): void {
    this.marks = [];
    this.marksLayer.replaceChildren();
  }

  /** Puts the frame and the badges on the grid as the reels are laid out now. */
  private place(): void {
    const [x, y, width, height] = (this.options.stage.dataset.grid ?? '').split(',').map(Number);
    if (x === undefined || y === undefined || !width || !height) return;
    const { reels, rows } = this.options;
    const cell = width / (reels + (reels - 1) * 0.08);
    const pad = cell * 0.2;
    Object.assign(this.frame.style, {
      left: `${x - pad}px`,
      top: `${y - pad}px`,
      width: `${width + pad * 2}px`,
      height: `${height + pad * 2}px`,
    });
    this.marksLayer.style.setProperty('--cell', `${cell}px`);
    const across = reels > 1 ? (width - cell) / (reels - 1) : 0;
    const down = rows > 1 ? (height - cell) / (rows - 1) : 0;
    for (const badge of this.marksLayer.children) {
      const [reel = 0, row = 0] = ((badge as HTMLElement).dataset.cell ?? '').split(',').map(Number);
      const box = badge as HTMLElement;
      // On the symbol's top right corner, clear of its drawing and of its WILD banner.
      box.style.left = `${x + reel * across + cell * 0.8}px`;
      box.style.top = `${y + row * down + cell * 0.2}px`;
    }
  }
}

/** Restarts a short pop on a counter that changed. */
function bump(element: HTMLElement): void {
  element.classList.remove('bump');
  void element.offsetWidth;
  element.classList.add('bump');
}
