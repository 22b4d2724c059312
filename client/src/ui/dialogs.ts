// Modal screens: messages, paytable and rules, history, the buy-feature price, bet settings and the
// pick bonus. Native <dialog> elements, so focus, Escape and screen readers behave.
import type { RuntimeClient } from '../api/runtime.ts';
import type { GameRules, PickStep, Round } from '../api/types.ts';
import type { BetChoice, Ladder } from '../logic/bet.ts';
import { h } from './dom.ts';

function open(dialog: HTMLDialogElement, onClose?: () => void): HTMLDialogElement {
  document.body.append(dialog);
  dialog.addEventListener('close', () => {
    onClose?.();
    dialog.remove();
  });
  dialog.showModal();
  return dialog;
}

export interface MessageAction {
  id: string;
  label: string;
}

/** A message with buttons; resolves with the chosen action id ('close' on Escape). */
export function showMessage(
  title: string,
  text: string,
  actions: MessageAction[],
  testId = 'message',
): Promise<string> {
  return new Promise((resolve) => {
    let chosen = 'close';
    const dialog = h(
      'dialog',
      { class: 'message', role: 'alertdialog', 'aria-labelledby': 'msg-title', 'data-testid': testId },
      h('h2', { id: 'msg-title' }, title),
      h('p', {}, text),
      h(
        'div',
        { class: 'dialog-actions' },
        ...actions.map((action, i) =>
          h(
            'button',
            {
              type: 'button',
              class: i === 0 ? 'primary' : '',
              onclick: () => {
                chosen = action.id;
                dialog.close();
              },
            },
            action.label,
          ),
        ),
      ),
    );
    open(dialog, () => resolve(chosen));
  });
}

export interface PaytableFacts {
  rules: GameRules;
  tagline: string;
  rtp: string;
  maxWin: string;
  coinWorth: (coins: number) => string;
  /** The symbol's icon as an image URL (data:), or '' to show the name alone. */
  iconOf?: (id: number) => string;
}

const KIND_NAMES: Record<string, string> = {
  wild: 'wild',
  scatter: 'scatter',
  money: 'carries a cash value',
  collector: 'collects the cash values',
  multiplier: 'multiplies wins',
  bonus: 'bonus',
};

function symbolIcon(url: string): HTMLElement | '' {
  return url
    ? h('img', { class: 'sym-icon', src: url, alt: '', width: 40, height: 40, draggable: 'false' })
    : '';
}

export function showPaytable(facts: PaytableFacts): void {
  const { rules } = facts;
  const rows = rules.symbols
    .filter((s) => s.pays.length > 0)
    .map((s) =>
      h(
        'tr',
        {},
        h(
          'th',
          { scope: 'row' },
          h(
            'span',
            { class: 'sym-name' },
            symbolIcon(facts.iconOf?.(s.id) ?? ''),
            s.name,
            s.kind !== 'regular' ? h('small', {}, ` (${s.kind})`) : '',
          ),
        ),
        h('td', {}, s.pays.map((p) => `${p.count}× ${facts.coinWorth(p.coins)}`).join(' · ')),
      ),
    );
  const special = rules.symbols.filter((s) => s.kind !== 'regular' && s.pays.length === 0);
  const dialog = h(
    'dialog',
    { class: 'sheet', 'aria-labelledby': 'pt-title', 'data-testid': 'paytable' },
    h('h2', { id: 'pt-title' }, `${rules.title}: paytable and rules`),
    h('p', { class: 'tagline' }, facts.tagline),
    h(
      'p',
      { 'data-testid': 'rtp' },
      `Return to player: ${facts.rtp}%${rules.rtpMeetsPrecision ? '' : ` (simulated to ±${rules.rtpHalfWidth ?? '?'} percentage points)`}. Maximum win: ${facts.maxWin} (${rules.maxWinMultiplier}× the total bet${rules.maxWinKind === 'cap' ? ', the cap' : ''}).`,
    ),
    h('table', {}, h('caption', {}, 'Pays at the current bet'), h('tbody', {}, ...rows)),
    special.length > 0
      ? h(
          'ul',
          { class: 'specials', 'aria-label': 'Special symbols' },
          ...special.map((s) =>
            h(
              'li',
              {},
              symbolIcon(facts.iconOf?.(s.id) ?? ''),
              h('span', {}, h('strong', {}, s.name), ` (${KIND_NAMES[s.kind] ?? s.kind})`),
            ),
          ),
        )
      : '',
    h('h3', {}, 'Rules'),
    h('ul', {}, ...rules.rules.map((rule) => h('li', {}, rule))),
    h(
      'p',
      { class: 'small' },
      'Malfunction voids all pays and plays. Wins are paid in the currency of the session.',
    ),
    h(
      'div',
      { class: 'dialog-actions' },
      h('button', { type: 'button', class: 'primary', onclick: () => dialog.close() }, 'Close'),
    ),
  );
  open(dialog);
}

export interface HistoryFormat {
  money: (decimal: string) => string;
  onReplay: (round: Round) => void;
}

export function showHistory(client: RuntimeClient, format: HistoryFormat): void {
  const body = h('tbody', {});
  const status = h('p', { role: 'status' }, 'Loading…');
  const more = h('button', { type: 'button', hidden: true }, 'Load more');
  let before: string | null = null;
  const load = async () => {
    more.disabled = true;
    try {
      const page = await client.history(before);
      for (const round of page.rounds) {
        const when = new Date(round.created_at);
        body.append(
          h(
            'tr',
            { 'data-round': round.id },
            h('td', {}, when.toLocaleString()),
            h(
              'td',
              {},
              round.kind === 'free_spin'
                ? 'Free spin'
                : round.mode === 'base'
                  ? 'Spin'
                  : round.mode === 'buy'
                    ? 'Bought feature'
                    : 'Special bet',
            ),
            h('td', {}, format.money(round.stake)),
            h('td', {}, format.money(round.win)),
            h('td', {}, round.status),
            h(
              'td',
              {},
              h(
                'button',
                {
                  type: 'button',
                  'aria-label': `Replay round ${round.id}`,
                  onclick: async () => {
                    dialog.close();
                    format.onReplay(await client.round(round.id));
                  },
                },
                'Replay',
              ),
            ),
          ),
        );
      }
      before = page.next_before;
      more.hidden = before === null;
      status.textContent = body.childElementCount === 0 ? 'No rounds yet.' : '';
    } catch {
      status.textContent = 'History could not be loaded.';
    } finally {
      more.disabled = false;
    }
  };
  more.addEventListener('click', () => void load());
  const dialog = h(
    'dialog',
    { class: 'sheet', 'aria-labelledby': 'hist-title', 'data-testid': 'history' },
    h('h2', { id: 'hist-title' }, 'Your rounds'),
    status,
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h('tr', {}, ...['Time', 'Type', 'Bet', 'Win', 'Status', ''].map((t) => h('th', { scope: 'col' }, t))),
      ),
      body,
    ),
    h(
      'div',
      { class: 'dialog-actions' },
      more,
      h('button', { type: 'button', class: 'primary', onclick: () => dialog.close() }, 'Close'),
    ),
  );
  open(dialog);
  void load();
}

/** The buy-feature price; resolves true when the player confirms. */
export function confirmBuy(title: string, price: string, what: string): Promise<boolean> {
  return showMessage(
    `Buy ${what}`,
    `${title}: start ${what} now for ${price}?`,
    [
      { id: 'buy', label: `Buy for ${price}` },
      { id: 'cancel', label: 'Cancel' },
    ],
    'buy-dialog',
  ).then((id) => id === 'buy');
}

export function chooseBet(
  ladder: Ladder,
  bet: BetChoice,
  total: (b: BetChoice) => string,
): Promise<BetChoice | null> {
  return new Promise((resolve) => {
    let result: BetChoice | null = null;
    const coin = h(
      'select',
      { id: 'bet-coin' },
      ...ladder.coins.map((c) => h('option', { value: c.text, selected: c.text === bet.coin }, c.text)),
    );
    const level = h(
      'select',
      { id: 'bet-level' },
      ...ladder.levels.map((l) => h('option', { value: String(l), selected: l === bet.level }, String(l))),
    );
    const shown = h('output', {});
    const current = (): BetChoice => {
      const c =
        ladder.coins.find((x) => x.text === coin.value) ??
        (ladder.coins[0] as { text: string; minor: bigint });
      return { coin: c.text, coinMinor: c.minor, level: Number(level.value) };
    };
    const update = () => (shown.textContent = total(current()));
    coin.addEventListener('change', update);
    level.addEventListener('change', update);
    update();
    const dialog = h(
      'dialog',
      { class: 'sheet narrow', 'aria-labelledby': 'bet-title', 'data-testid': 'bet-settings' },
      h('h2', { id: 'bet-title' }, 'Bet'),
      h('label', { for: 'bet-coin' }, 'Coin value'),
      coin,
      h('label', { for: 'bet-level' }, 'Bet level'),
      level,
      h('p', {}, 'Total bet: ', shown),
      h(
        'div',
        { class: 'dialog-actions' },
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            onclick: () => {
              result = current();
              dialog.close();
            },
          },
          'Apply',
        ),
        h('button', { type: 'button', onclick: () => dialog.close() }, 'Cancel'),
      ),
    );
    open(dialog, () => resolve(result));
  });
}

/**
 * The pick bonus: the prizes were drawn by the server; each tile the player picks reveals the next
 * one in order, until the end prize or the last pick.
 */
export function pickBonus(
  picks: PickStep[],
  describe: (step: PickStep) => string,
  total: string,
  onReveal: () => void,
): Promise<void> {
  return new Promise((resolve) => {
    let next = 0;
    const tiles = 12;
    const status = h(
      'p',
      { role: 'status', 'data-testid': 'pick-status' },
      `Pick a tile. ${picks.length} prizes wait.`,
    );
    const done = h(
      'button',
      { type: 'button', class: 'primary', hidden: true, onclick: () => dialog.close() },
      'Collect',
    );
    const grid = h('div', { class: 'pick-grid' });
    for (let i = 0; i < tiles; i++) {
      const tile = h('button', { type: 'button', class: 'pick', 'aria-label': `Pick ${i + 1}` }, '✿');
      tile.addEventListener('click', () => {
        const step = picks[next];
        if (!step || tile.disabled) return;
        next++;
        onReveal();
        tile.disabled = true;
        tile.classList.add(step.prize === 'end' ? 'end' : 'prize');
        tile.textContent = describe(step);
        if (next >= picks.length) {
          status.textContent = `Bonus won: ${total}`;
          for (const other of grid.querySelectorAll('button')) other.disabled = true;
          done.hidden = false;
          done.focus();
        } else status.textContent = `${describe(step)}. Pick again.`;
      });
      grid.append(tile);
    }
    const dialog = h(
      'dialog',
      { class: 'sheet pick-bonus', 'aria-labelledby': 'pick-title', 'data-testid': 'pick-bonus' },
      h('h2', { id: 'pick-title' }, 'Pick bonus'),
      status,
      grid,
      h('div', { class: 'dialog-actions' }, done),
    );
    // Escape must not skip the bonus before its prizes were shown.
    dialog.addEventListener('cancel', (event) => {
      if (next < picks.length) event.preventDefault();
    });
    open(dialog, () => resolve());
  });
}
