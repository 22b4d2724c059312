// Modal screens: messages, paytable and rules, history and the buy-feature price (the pick bonus is
// a scene of its own: pick-scene.ts; the bet, bet-panel.ts). Native <dialog> elements, so focus,
// Escape and screen readers behave.
import type { RuntimeClient } from '../api/runtime.ts';
import type { GameRules, Round } from '../api/types.ts';
import { formatDateTime, language, type MessageKey, t } from '../i18n/i18n.ts';
import type { JackpotRules } from '../logic/jackpots.ts';
import { h } from './dom.ts';
import { showModal } from './modal.ts';

function open(dialog: HTMLDialogElement, onClose?: () => void): HTMLDialogElement {
  document.body.append(dialog);
  dialog.addEventListener('close', () => {
    onClose?.();
    dialog.remove();
  });
  showModal(dialog);
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
  /** Symbol names and rule sentences in the player's language. */
  nameOf: (symbol: GameRules['symbols'][number]) => string;
  ruleTexts: string[];
  rtp: string;
  maxWin: string;
  coinWorth: (coins: number) => string;
  /** The symbol's icon as an image URL (data:), or '' to show the name alone. */
  iconOf?: (id: number) => string;
  /** The jackpots the session feeds, or that the market has none (RTS 9A). */
  jackpot?: JackpotRules;
}

/** The rules' jackpot section: each pool, its tiers, its public record; or why there is none. */
function jackpotSection(rules: JackpotRules | undefined): HTMLElement | '' {
  if (!rules || rules.kind === 'none') return '';
  if (rules.kind === 'unavailable')
    return h('p', { class: 'jackpot-rules', 'data-testid': 'jackpot-rules' }, rules.text);
  return h(
    'section',
    { class: 'jackpot-rules', 'aria-labelledby': 'pt-jackpot', 'data-testid': 'jackpot-rules' },
    h('h3', { id: 'pt-jackpot' }, t('jackpot.rules.title')),
    ...rules.pools.flatMap((pool) => [
      h('p', {}, pool.intro),
      h('ul', {}, ...pool.tiers.map((line) => h('li', {}, line))),
      h(
        'p',
        {},
        `${pool.record} `,
        h('a', { href: pool.href, target: '_blank', rel: 'noopener noreferrer' }, pool.poolName),
      ),
    ]),
    ...rules.notes.map((note) => h('p', {}, note)),
  );
}

const KIND_KEYS: Record<string, MessageKey> = {
  wild: 'kind.wild',
  scatter: 'kind.scatter',
  money: 'kind.money',
  collector: 'kind.collector',
  multiplier: 'kind.multiplier',
  bonus: 'kind.bonus',
};

/** The simulated RTP's half width to two significant digits ("1.096" → "1.1"): it is an estimate. */
function halfWidthText(halfWidth: string | null): string {
  return halfWidth === null ? '?' : Number(Number(halfWidth).toPrecision(2)).toString();
}

function kindName(kind: string): string {
  const key = KIND_KEYS[kind];
  return key ? t(key) : kind;
}

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
            facts.nameOf(s),
            s.kind !== 'regular' ? h('small', {}, ` (${kindName(s.kind)})`) : '',
          ),
        ),
        h(
          'td',
          {},
          // One pay a line, never broken inside, so "5× $1.25" stays whole on a phone.
          ...s.pays.map((p) => h('span', { class: 'pay' }, `${p.count}× ${facts.coinWorth(p.coins)}`)),
        ),
      ),
    );
  const special = rules.symbols.filter((s) => s.kind !== 'regular' && s.pays.length === 0);
  const dialog = h(
    'dialog',
    { class: 'sheet', 'aria-labelledby': 'pt-title', 'data-testid': 'paytable' },
    h('h2', { id: 'pt-title', tabindex: '-1' }, t('paytable.title', { game: rules.title })),
    h('p', { class: 'tagline' }, facts.tagline),
    h(
      'p',
      { 'data-testid': 'rtp' },
      `${t('paytable.rtp', { rtp: facts.rtp, amount: facts.maxWin, multiplier: new Intl.NumberFormat(language(), { maximumFractionDigits: 2 }).format(rules.maxWinMultiplier) })}${rules.rtpMeetsPrecision ? '' : ` ${t('paytable.simulated', { halfWidth: halfWidthText(rules.rtpHalfWidth) })}`}${rules.maxWinKind === 'cap' ? ` ${t('paytable.cap')}` : ''}`,
    ),
    h('table', { class: 'pays' }, h('caption', {}, t('paytable.pays')), h('tbody', {}, ...rows)),
    special.length > 0
      ? h(
          'ul',
          { class: 'specials', 'aria-label': t('paytable.specials') },
          ...special.map((s) =>
            h(
              'li',
              {},
              symbolIcon(facts.iconOf?.(s.id) ?? ''),
              h('span', {}, h('strong', {}, facts.nameOf(s)), ` (${kindName(s.kind)})`),
            ),
          ),
        )
      : '',
    h('h3', {}, t('paytable.rules')),
    h('ul', { 'data-testid': 'rules' }, ...facts.ruleTexts.map((rule) => h('li', {}, rule))),
    jackpotSection(facts.jackpot),
    h('p', { class: 'small' }, t('paytable.malfunction')),
    h(
      'div',
      { class: 'dialog-actions' },
      h('button', { type: 'button', class: 'primary', onclick: () => dialog.close() }, t('action.close')),
    ),
  );
  openAtTop(dialog);
}

/** Opens a long sheet scrolled to its start with the heading focused (as every dialog opens). */
function openAtTop(dialog: HTMLDialogElement): void {
  open(dialog);
}

export interface HistoryFormat {
  money: (decimal: string) => string;
  onReplay: (round: Round) => void;
}

export function showHistory(client: RuntimeClient, format: HistoryFormat): void {
  const body = h('tbody', {});
  const status = h('p', { role: 'status' }, t('history.loading'));
  const more = h('button', { type: 'button', hidden: true }, t('history.more'));
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
            h('td', {}, formatDateTime(when)),
            h(
              'td',
              {},
              round.kind === 'free_spin'
                ? t('history.free_spin')
                : round.mode === 'base'
                  ? t('history.spin')
                  : round.mode === 'buy'
                    ? t('history.bought')
                    : t('history.special'),
            ),
            h('td', {}, format.money(round.stake)),
            h('td', {}, format.money(round.win)),
            h('td', {}, t(`history.${round.status}`)),
            h(
              'td',
              {},
              h(
                'button',
                {
                  type: 'button',
                  'aria-label': t('history.replay_round', { id: round.id }),
                  onclick: async () => {
                    dialog.close();
                    format.onReplay(await client.round(round.id));
                  },
                },
                t('history.replay'),
              ),
            ),
          ),
        );
      }
      before = page.next_before;
      more.hidden = before === null;
      status.textContent = body.childElementCount === 0 ? t('history.empty') : '';
    } catch {
      status.textContent = t('history.failed');
    } finally {
      more.disabled = false;
    }
  };
  more.addEventListener('click', () => void load());
  const dialog = h(
    'dialog',
    { class: 'sheet', 'aria-labelledby': 'hist-title', 'data-testid': 'history' },
    h('h2', { id: 'hist-title', tabindex: '-1' }, t('history.title')),
    status,
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...[
            t('history.time'),
            t('history.type'),
            t('history.bet'),
            t('history.win'),
            t('history.status'),
            '',
          ].map((text) => h('th', { scope: 'col' }, text)),
        ),
      ),
      body,
    ),
    h(
      'div',
      { class: 'dialog-actions' },
      more,
      h('button', { type: 'button', class: 'primary', onclick: () => dialog.close() }, t('action.close')),
    ),
  );
  openAtTop(dialog);
  void load();
}

/** The buy-feature price; resolves true when the player confirms. */
export function confirmBuy(title: string, price: string, what: string): Promise<boolean> {
  return showMessage(
    t('buy.title', { what }),
    t('buy.text', { game: title, what, price }),
    [
      { id: 'buy', label: t('buy.confirm', { price }) },
      { id: 'cancel', label: t('action.cancel') },
    ],
    'buy-dialog',
  ).then((id) => id === 'buy');
}
