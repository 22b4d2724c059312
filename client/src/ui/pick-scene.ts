// The pick bonus as a scene of its own: the whole screen turns to the game's feature backdrop (Jade's
// moonlit lotus pond) with a grid of jade lotus tiles; each pick flips a tile to show its prize, the
// running total (cash × multiplier) grows above the grid, and the award closes the scene. Keyboard:
// arrows move between the tiles still closed, Enter or Space picks; every reveal is announced; with
// reduced motion the tiles turn at once. The prizes are the round's, already drawn by the server.
import type { PickStep } from '../api/types.ts';
import { t } from '../i18n/i18n.ts';
import { pickTallies } from '../logic/feature-counters.ts';
import { featureArtOf } from '../scene/feature-backdrops.ts';
import { motion } from '../scene/tween.ts';
import { h } from './dom.ts';
import { showModal } from './modal.ts';

const COLUMNS = 4;
const TILES = 12;

/** A jade tile with a lotus carved in it (our own drawing). */
const LOTUS = `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><defs><linearGradient id="pk-jade" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8af5c8"/><stop offset="0.5" stop-color="#23a86f"/><stop offset="1" stop-color="#0b4d33"/></linearGradient><linearGradient id="pk-petal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff0f7"/><stop offset="1" stop-color="#ff9cc8"/></linearGradient></defs><rect x="4" y="4" width="92" height="92" rx="16" fill="url(#pk-jade)" stroke="#e8d08a" stroke-width="4"/><rect x="12" y="12" width="76" height="76" rx="11" fill="none" stroke="#d9ffe9" stroke-opacity="0.35" stroke-width="2"/><path d="M50 24 Q62 42 50 62 Q38 42 50 24 Z" fill="url(#pk-petal)"/><path d="M30 36 Q48 44 48 64 Q30 58 30 36 Z M70 36 Q52 44 52 64 Q70 58 70 36 Z" fill="url(#pk-petal)" opacity="0.9"/><path d="M22 56 Q38 56 46 68 Q30 70 22 56 Z M78 56 Q62 56 54 68 Q70 70 78 56 Z" fill="#ffc7e0" opacity="0.85"/><ellipse cx="50" cy="72" rx="24" ry="5" fill="#0b4d33" opacity="0.6"/><path d="M16 18 Q30 12 44 16" stroke="#fff" stroke-opacity="0.5" stroke-width="3" fill="none" stroke-linecap="round"/></svg>`;

export interface PickScene {
  slug: string;
  picks: PickStep[];
  /** A prize in the player's words: "+€5.00", "×2 more", "Collect". */
  describe: (step: PickStep) => string;
  /** Coins of the bet as money. */
  coinsToMoney: (coins: number) => string;
  /** The bonus's paid total as money. */
  total: string;
  onReveal: (step: PickStep) => void;
  announce: (text: string) => void;
}

/** Plays the pick bonus; resolves when the player collects the award. */
export function pickBonus(scene: PickScene): Promise<void> {
  return new Promise((resolve) => {
    const tallies = pickTallies(scene.picks);
    let next = 0;
    const status = h(
      'p',
      { class: 'pick-status', role: 'status', 'data-testid': 'pick-status' },
      t('pick.status', { count: scene.picks.length }),
    );
    const cash = h('output', { 'data-testid': 'pick-cash' }, scene.coinsToMoney(0));
    const factor = h('output', { 'data-testid': 'pick-multiplier' }, '×1');
    const running = h('output', { class: 'pick-total', 'data-testid': 'pick-total' }, scene.coinsToMoney(0));
    const tally = h(
      'div',
      { class: 'pick-tally' },
      h('span', { class: 'tally-item' }, h('small', {}, t('pick.cash')), cash),
      h('span', { class: 'tally-item' }, h('small', {}, t('feature.multiplier')), factor),
      h('span', { class: 'tally-item grand' }, h('small', {}, t('pick.total')), running),
    );
    const done = h(
      'button',
      { type: 'button', class: 'primary stage-button', hidden: true, onclick: () => dialog.close() },
      t('pick.collect'),
    );
    const award = h('div', { class: 'pick-award', hidden: true, 'data-testid': 'pick-award' });
    const grid = h('div', { class: 'pick-grid', role: 'group', 'aria-label': t('feature.pick_sub') });
    const tiles: HTMLButtonElement[] = [];
    for (let i = 0; i < TILES; i++) {
      const back = h('span', { class: 'face back' });
      const front = h('span', { class: 'face front' });
      front.innerHTML = LOTUS;
      const tile = h(
        'button',
        {
          type: 'button',
          class: 'pick',
          tabindex: i === 0 ? 0 : -1,
          'aria-label': t('pick.tile', { number: i + 1 }),
        },
        h('span', { class: 'pick-card' }, front, back),
      );
      tile.addEventListener('click', () => reveal(tile, back));
      tile.addEventListener('keydown', (event) => move(event, i));
      grid.append(tile);
      tiles.push(tile);
    }

    const reveal = (tile: HTMLButtonElement, back: HTMLElement) => {
      const step = scene.picks[next];
      const tallied = tallies[next];
      if (!step || !tallied || tile.disabled) return;
      next++;
      scene.onReveal(step);
      back.textContent = scene.describe(step);
      tile.classList.add('revealed', step.prize);
      tile.disabled = true;
      tile.setAttribute(
        'aria-label',
        `${t('pick.tile', { number: tiles.indexOf(tile) + 1 })}: ${scene.describe(step)}`,
      );
      cash.textContent = scene.coinsToMoney(tallied.coins);
      factor.textContent = `×${tallied.multiplier}`;
      running.textContent = scene.coinsToMoney(tallied.total);
      for (const output of [step.prize === 'multiplier' ? factor : cash, running]) {
        output.classList.remove('bump');
        void output.offsetWidth;
        output.classList.add('bump');
      }
      if (next >= scene.picks.length) finish();
      else {
        const text = t('pick.again', { prize: scene.describe(step) });
        status.textContent = text;
        scene.announce(text);
        focusFrom(tiles.indexOf(tile), 1);
      }
    };

    const finish = () => {
      const text = t('pick.won', { amount: scene.total });
      status.textContent = text;
      scene.announce(text);
      for (const tile of tiles) {
        tile.disabled = true;
        if (!tile.classList.contains('revealed')) tile.classList.add('unpicked');
      }
      award.replaceChildren(
        h('strong', { class: 'stage-title small' }, t('pick.award')),
        h('output', { class: 'tier-amount stage-total' }, scene.total),
      );
      award.hidden = false;
      done.hidden = false;
      // The last tile's turn first, then the award (at once with reduced motion).
      setTimeout(() => done.focus(), motion.reduced ? 0 : 450);
    };

    /** Focus to the next closed tile from `from`, stepping by `step` (wrapping). */
    const focusFrom = (from: number, step: number): void => {
      for (let k = 1; k <= TILES; k++) {
        const index = (((from + step * k) % TILES) + TILES) % TILES;
        const tile = tiles[index];
        if (tile && !tile.disabled) {
          for (const other of tiles) other.tabIndex = -1;
          tile.tabIndex = 0;
          tile.focus();
          return;
        }
      }
    };

    const move = (event: KeyboardEvent, index: number) => {
      const steps: Record<string, number> = {
        ArrowRight: 1,
        ArrowLeft: -1,
        ArrowDown: COLUMNS,
        ArrowUp: -COLUMNS,
      };
      if (event.key === 'Home') focusFrom(-1, 1);
      else if (event.key === 'End') focusFrom(TILES, -1);
      else if (steps[event.key] !== undefined) focusFrom(index, steps[event.key] as number);
      else return;
      event.preventDefault();
    };

    const art = featureArtOf(scene.slug);
    const scenery = h('div', { class: 'pick-scenery', 'aria-hidden': 'true' });
    scenery.innerHTML = art.svg; // our own constant drawing
    const dialog = h(
      'dialog',
      {
        class: 'pick-scene',
        'aria-labelledby': 'pick-title',
        'aria-describedby': 'pick-help',
        'data-testid': 'pick-bonus',
      },
      scenery,
      h(
        'div',
        { class: 'pick-body' },
        h('h2', { id: 'pick-title', class: 'stage-title' }, t('feature.pick')),
        status,
        h('p', { id: 'pick-help', class: 'sr-only' }, t('pick.keys')),
        tally,
        grid,
        award,
        h('div', { class: 'dialog-actions' }, done),
      ),
    );
    dialog.style.setProperty('--feature-glow', art.glow);
    // Escape must not skip the bonus before its prizes were shown.
    dialog.addEventListener('cancel', (event) => {
      if (next < scene.picks.length) event.preventDefault();
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve();
    });
    document.body.append(dialog);
    showModal(dialog);
    scene.announce(`${t('feature.pick')}. ${t('pick.status', { count: scene.picks.length })}`);
  });
}
