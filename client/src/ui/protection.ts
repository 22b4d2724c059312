// Player protection screens the market requires: the reality check (time played, net position,
// Continue or Leave, the operator's history link) and the autoplay settings with their limits.
// Native modal <dialog>s, with Tab kept inside and a label on every field.
import type { JurisdictionRules } from '../api/types.ts';
import { t } from '../i18n/i18n.ts';
import { type AutoplaySettings, readSettings, roundChoices } from '../logic/autoplay.ts';
import { h } from './dom.ts';
import { showModal } from './modal.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled])';

/** Keeps Tab and Shift+Tab inside the dialog (the page behind is inert while it is open). */
function trapFocus(dialog: HTMLDialogElement): void {
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => !e.hidden);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}

function openModal(dialog: HTMLDialogElement): void {
  trapFocus(dialog);
  showModal(dialog);
}

/** Only an operator's https page is linked (never a script or data URL). */
export function safeLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export interface RealityCheckView {
  time: string;
  net: string;
  historyUrl: string | null;
  /** Sends the answer; resolves true when the server took it. */
  answer: (action: 'continue' | 'leave') => Promise<boolean>;
}

/**
 * The reality check: it cannot be dismissed (Escape does nothing), only answered. Resolves with the
 * answer the server accepted.
 */
export function realityCheck(view: RealityCheckView): Promise<'continue' | 'leave'> {
  return new Promise((resolve) => {
    const problem = h('p', { class: 'form-error', role: 'alert', hidden: true });
    const history = safeLink(view.historyUrl);
    const choose = async (action: 'continue' | 'leave', button: HTMLButtonElement) => {
      for (const b of dialog.querySelectorAll('button')) b.disabled = true;
      problem.hidden = true;
      const ok = await view.answer(action);
      for (const b of dialog.querySelectorAll('button')) b.disabled = false;
      if (!ok) {
        problem.textContent = t('reality.failed');
        problem.hidden = false;
        button.focus();
        return;
      }
      dialog.close();
      dialog.remove();
      resolve(action);
    };
    const proceed: HTMLButtonElement = h(
      'button',
      {
        type: 'button',
        class: 'primary',
        'data-action': 'continue',
        onclick: () => void choose('continue', proceed),
      },
      t('reality.continue'),
    );
    const leave: HTMLButtonElement = h(
      'button',
      { type: 'button', 'data-action': 'leave', onclick: () => void choose('leave', leave) },
      t('reality.leave'),
    );
    const dialog = h(
      'dialog',
      {
        class: 'message reality',
        role: 'alertdialog',
        'aria-modal': 'true',
        'aria-labelledby': 'rc-title',
        'aria-describedby': 'rc-time rc-net',
        'data-testid': 'reality-check',
      },
      h('h2', { id: 'rc-title' }, t('reality.title')),
      h('p', { id: 'rc-time' }, t('reality.time', { time: view.time })),
      h('p', { id: 'rc-net' }, t('reality.net', { net: view.net })),
      history
        ? h(
            'p',
            {},
            h(
              'a',
              { href: history, target: '_blank', rel: 'noopener noreferrer', 'data-testid': 'history-link' },
              t('reality.history'),
            ),
          )
        : '',
      problem,
      h('div', { class: 'dialog-actions' }, proceed, leave),
    );
    dialog.addEventListener('cancel', (event) => event.preventDefault());
    openModal(dialog);
  });
}

export interface AutoplayView {
  rules: Pick<JurisdictionRules, 'autoplay'>;
  currency: string;
}

/** The autoplay settings; resolves with them when the player starts, null on cancel. */
export function autoplaySettings(view: AutoplayView): Promise<AutoplaySettings | null> {
  return new Promise((resolve) => {
    let result: AutoplaySettings | null = null;
    const { autoplay } = view.rules;
    const rounds = h(
      'select',
      { id: 'ap-rounds', name: 'rounds' },
      ...roundChoices(view.rules).map((n, i, all) =>
        h('option', { value: String(n), selected: i === Math.min(1, all.length - 1) }, String(n)),
      ),
    );
    const field = (id: string, label: string, required: boolean) => {
      const input = h('input', {
        id,
        name: id,
        type: 'text',
        inputmode: 'decimal',
        autocomplete: 'off',
        'aria-required': String(required),
        'aria-describedby': `${id}-error`,
      });
      const error = h('p', { id: `${id}-error`, class: 'form-error', hidden: true });
      const text = `${label} · ${required ? t('autoplay.required') : t('autoplay.optional')}`;
      return { input, error, nodes: [h('label', { for: id }, text), input, error] };
    };
    const loss = field(
      'ap-loss',
      t('autoplay.loss_limit', { currency: view.currency }),
      autoplay.requires_loss_limit,
    );
    const win = field(
      'ap-win',
      t('autoplay.win_limit', { currency: view.currency }),
      autoplay.requires_single_win_limit,
    );
    const start = () => {
      for (const f of [loss, win]) {
        f.error.hidden = true;
        f.input.removeAttribute('aria-invalid');
      }
      const read = readSettings(
        { rounds: rounds.value, loss: loss.input.value, win: win.input.value },
        view.rules,
        view.currency,
      );
      if (!read.ok) {
        const f = read.field === 'win' ? win : read.field === 'loss' ? loss : null;
        if (f) {
          f.error.textContent = t(
            read.problem === 'required' ? 'autoplay.error.required' : 'autoplay.error.invalid',
          );
          f.error.hidden = false;
          f.input.setAttribute('aria-invalid', 'true');
          f.input.focus();
        }
        return;
      }
      result = read.settings;
      dialog.close();
    };
    const dialog = h(
      'dialog',
      { class: 'sheet narrow', 'aria-labelledby': 'ap-title', 'data-testid': 'autoplay-settings' },
      h('h2', { id: 'ap-title' }, t('autoplay.title')),
      h('label', { for: 'ap-rounds' }, t('autoplay.rounds')),
      rounds,
      ...loss.nodes,
      ...win.nodes,
      h('p', { class: 'small' }, t('autoplay.hint')),
      h(
        'div',
        { class: 'dialog-actions' },
        h('button', { type: 'button', class: 'primary', onclick: start }, t('autoplay.start')),
        h('button', { type: 'button', onclick: () => dialog.close() }, t('action.cancel')),
      ),
    );
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
        event.preventDefault();
        start();
      }
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(result);
    });
    openModal(dialog);
  });
}
