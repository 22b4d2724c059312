// The bet panel: the game's list of total bets (curateLadder, logic/bet.ts) as a grid of buttons.
// One press chooses a total and closes the panel; the − / + buttons of the HUD step through the
// same list. The server still receives the coin and level behind the total.
import { betUnit } from '../../../src/games/stake.ts';
import { t } from '../i18n/i18n.ts';
import type { BetChoice, Ladder } from '../logic/bet.ts';
import { h } from './dom.ts';
import { showModal } from './modal.ts';

const unit = (bet: BetChoice) => betUnit(bet.coinMinor, bet.level);

/** Opens the panel at the current bet; resolves with the chosen step, or null when closed unchanged. */
export function chooseTotalBet(
  ladder: Ladder,
  current: BetChoice,
  totalText: (bet: BetChoice) => string,
): Promise<BetChoice | null> {
  return new Promise((resolve) => {
    let chosen: BetChoice | null = null;
    const buttons = ladder.steps.map((step) => {
      const selected = unit(step) === unit(current);
      return h(
        'button',
        {
          type: 'button',
          class: 'bet-choice',
          'aria-pressed': String(selected),
          'data-testid': 'bet-choice',
          onclick: () => {
            chosen = step;
            dialog.close();
          },
        },
        totalText(step),
      );
    });
    const dialog = h(
      'dialog',
      { class: 'sheet narrow bet-panel', 'aria-labelledby': 'bet-title', 'data-testid': 'bet-settings' },
      h('h2', { id: 'bet-title' }, t('bet.title')),
      h('p', { class: 'small', id: 'bet-hint' }, t('bet.choose')),
      h(
        'div',
        { class: 'bet-grid', role: 'group', 'aria-labelledby': 'bet-title', 'aria-describedby': 'bet-hint' },
        ...buttons,
      ),
      h(
        'div',
        { class: 'dialog-actions' },
        h('button', { type: 'button', onclick: () => dialog.close() }, t('action.cancel')),
      ),
    );
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(chosen);
    });
    showModal(dialog);
  });
}
