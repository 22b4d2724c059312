// Free rounds and demo play in the game: the offer of a granted campaign ("10 free rounds at 0.20 —
// play now / later"), the status strip while they play, their summary, and the DEMO label with its
// fun-balance reset. Separate from the HUD so the game's own screens stay as they are.
import type { FreeRoundOffer } from '../api/types.ts';
import { formatDateTime, t } from '../i18n/i18n.ts';
import { h } from './dom.ts';
import { showModal } from './modal.ts';

function open(dialog: HTMLDialogElement, onClose: () => void): void {
  document.body.append(dialog);
  dialog.addEventListener('close', () => {
    onClose();
    dialog.remove();
  });
  showModal(dialog);
}

/** Offers a grant; resolves 'now' or 'later' (Escape is later: the offer comes back next visit). */
export function offerFreeRounds(
  offer: FreeRoundOffer,
  money: (decimal: string) => string,
): Promise<'now' | 'later'> {
  return new Promise((resolve) => {
    let chosen: 'now' | 'later' = 'later';
    const choose = (choice: 'now' | 'later') => () => {
      chosen = choice;
      dialog.close();
    };
    const dialog = h(
      'dialog',
      {
        class: 'message free-rounds-offer',
        'aria-labelledby': 'fr-title',
        'data-testid': 'free-rounds-offer',
      },
      h('h2', { id: 'fr-title' }, t('freerounds.title')),
      h(
        'p',
        { class: 'fr-headline' },
        t('freerounds.headline', { count: offer.rounds_left, bet: money(offer.bet) }),
      ),
      h(
        'p',
        {},
        t('freerounds.terms', { date: formatDateTime(new Date(offer.expires_at)) }) +
          (offer.max_win ? ` ${t('freerounds.cap', { amount: money(offer.max_win) })}` : ''),
      ),
      h(
        'div',
        { class: 'dialog-actions' },
        h(
          'button',
          { type: 'button', class: 'primary', 'data-testid': 'free-rounds-play', onclick: choose('now') },
          t('freerounds.play'),
        ),
        h(
          'button',
          { type: 'button', 'data-testid': 'free-rounds-later', onclick: choose('later') },
          t('freerounds.later'),
        ),
      ),
    );
    open(dialog, () => resolve(chosen));
  });
}

/** The strip shown while free rounds play: rounds left and won so far. */
export class FreeRoundsStrip {
  private readonly element: HTMLElement;
  constructor(host: HTMLElement) {
    this.element = h('div', {
      class: 'free-rounds-strip',
      role: 'status',
      'data-testid': 'free-rounds-status',
      hidden: true,
    });
    notesOf(host).append(this.element);
  }
  show(left: number, won: string): void {
    this.element.hidden = false;
    this.element.textContent = t('freerounds.strip', { left, won });
  }
  hide(): void {
    this.element.hidden = true;
  }
}

/**
 * The summary after the last free round; resolves when the player closes it. `cap` is the offer's
 * max_win when the grant ended by paying it (its remaining rounds are over).
 */
export function freeRoundsDone(won: string, cap: string | null = null): Promise<void> {
  return new Promise((resolve) => {
    const dialog = h(
      'dialog',
      { class: 'message', 'aria-labelledby': 'fr-done', 'data-testid': 'free-rounds-done' },
      h('h2', { id: 'fr-done' }, t('freerounds.done_title')),
      h('p', {}, t('freerounds.done_text', { won })),
      ...(cap === null
        ? []
        : [h('p', { 'data-testid': 'free-rounds-cap' }, t('freerounds.done_cap', { amount: cap }))]),
      h(
        'div',
        { class: 'dialog-actions' },
        h(
          'button',
          { type: 'button', class: 'primary', onclick: () => dialog.close() },
          t('freerounds.continue'),
        ),
      ),
    );
    open(dialog, resolve);
  });
}

/** The line above the reels where the session's notes go (the game's root when it has none). */
function notesOf(host: HTMLElement): HTMLElement {
  return host.querySelector<HTMLElement>('.notes') ?? host;
}

/** The DEMO label of a demo session, with a button that resets the fun balance. */
export function demoBadge(host: HTMLElement, onReset: () => Promise<void>): void {
  const button = h(
    'button',
    { type: 'button', class: 'demo-reset', 'data-testid': 'demo-reset' },
    t('demo.reset'),
  );
  button.addEventListener('click', () => {
    button.disabled = true;
    void onReset().finally(() => {
      button.disabled = false;
    });
  });
  notesOf(host).prepend(
    h(
      'div',
      {
        class: 'demo-badge',
        'data-testid': 'demo-badge',
        role: 'note',
        'aria-label': t('demo.label'),
      },
      h('strong', {}, t('demo.badge')),
      h('span', {}, t('demo.fun')),
      button,
    ),
  );
}
