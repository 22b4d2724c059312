// Free rounds and demo play in the game: the offer of a granted campaign ("10 free rounds at 0.20 —
// play now / later"), the status strip while they play, their summary, and the DEMO label with its
// fun-balance reset. Separate from the HUD so the game's own screens stay as they are.
import type { FreeRoundOffer } from '../api/types.ts';
import { h } from './dom.ts';

function open(dialog: HTMLDialogElement, onClose: () => void): void {
  document.body.append(dialog);
  dialog.addEventListener('close', () => {
    onClose();
    dialog.remove();
  });
  dialog.showModal();
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
    const rounds = offer.rounds_left === 1 ? '1 free round' : `${offer.rounds_left} free rounds`;
    const dialog = h(
      'dialog',
      {
        class: 'message free-rounds-offer',
        'aria-labelledby': 'fr-title',
        'data-testid': 'free-rounds-offer',
      },
      h('h2', { id: 'fr-title' }, 'Free rounds for you'),
      h('p', { class: 'fr-headline' }, `${rounds} at ${money(offer.bet)}`),
      h(
        'p',
        {},
        `Each round is on the house; every win is yours. Offer ends ${new Date(offer.expires_at).toLocaleDateString()}.` +
          (offer.max_win ? ` Total win capped at ${money(offer.max_win)}.` : ''),
      ),
      h(
        'div',
        { class: 'dialog-actions' },
        h(
          'button',
          { type: 'button', class: 'primary', 'data-testid': 'free-rounds-play', onclick: choose('now') },
          'Play now',
        ),
        h(
          'button',
          { type: 'button', 'data-testid': 'free-rounds-later', onclick: choose('later') },
          'Later',
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
    host.append(this.element);
  }
  show(left: number, won: string): void {
    this.element.hidden = false;
    this.element.textContent = `FREE ROUNDS · ${left} left · won ${won}`;
  }
  hide(): void {
    this.element.hidden = true;
  }
}

/** The summary after the last free round; resolves when the player closes it. */
export function freeRoundsDone(won: string): Promise<void> {
  return new Promise((resolve) => {
    const dialog = h(
      'dialog',
      { class: 'message', 'aria-labelledby': 'fr-done', 'data-testid': 'free-rounds-done' },
      h('h2', { id: 'fr-done' }, 'Free rounds complete'),
      h('p', {}, `You won ${won}. It has been added to your balance.`),
      h(
        'div',
        { class: 'dialog-actions' },
        h('button', { type: 'button', class: 'primary', onclick: () => dialog.close() }, 'Continue'),
      ),
    );
    open(dialog, resolve);
  });
}

/** The DEMO label of a demo session, with a button that resets the fun balance. */
export function demoBadge(host: HTMLElement, onReset: () => Promise<void>): void {
  const button = h(
    'button',
    { type: 'button', class: 'demo-reset', 'data-testid': 'demo-reset' },
    'Reset balance',
  );
  button.addEventListener('click', () => {
    button.disabled = true;
    void onReset().finally(() => {
      button.disabled = false;
    });
  });
  host.append(
    h(
      'div',
      {
        class: 'demo-badge',
        'data-testid': 'demo-badge',
        role: 'note',
        'aria-label': 'Demo play: fun money, no real bets',
      },
      h('strong', {}, 'DEMO'),
      h('span', {}, 'fun money'),
      button,
    ),
  );
}
