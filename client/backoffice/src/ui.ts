// Pieces every page uses: its heading, a message area, operator pickers, secrets shown once.
import { can, describeError, operators, type Permission, roleFor } from './api.ts';
import { clear, field, h } from './dom.ts';

export interface Notice {
  element: HTMLElement;
  ok(message: string): void;
  error(error: unknown): void;
  clear(): void;
}

/** A polite status line for results and an alert line for failures. */
export function notice(): Notice {
  const status = h('p', { class: 'notice ok', role: 'status', 'aria-live': 'polite' });
  const alert = h('p', { class: 'notice error', role: 'alert' });
  const element = h('div', { class: 'notices' }, status, alert);
  return {
    element,
    ok(message) {
      alert.textContent = '';
      status.textContent = message;
    },
    error(error) {
      status.textContent = '';
      alert.textContent = describeError(error);
    },
    clear() {
      status.textContent = '';
      alert.textContent = '';
    },
  };
}

export function heading(title: string, intro?: string): HTMLElement[] {
  const out: HTMLElement[] = [h('h1', { tabindex: -1 }, title)];
  if (intro) out.push(h('p', { class: 'intro' }, intro));
  return out;
}

/** Says which role an action needs, where the action would be. */
export function needs(permission: Permission, what: string): HTMLElement {
  return h('p', { class: 'note' }, `${what} needs the ${roleFor(permission)} role.`);
}

export function allowed(permission: Permission): boolean {
  return can(permission);
}

/**
 * Runs a button's action: disabled while it runs, failures (403 included) shown in the notice.
 * Returns the listener to attach.
 */
export function action(out: Notice, run: (event: Event) => Promise<void>): (event: Event) => Promise<void> {
  return async (event) => {
    event.preventDefault();
    const target = event.currentTarget as HTMLButtonElement | HTMLFormElement | null;
    const button =
      target instanceof HTMLFormElement
        ? target.querySelector<HTMLButtonElement>('button[type="submit"]')
        : target;
    if (button) button.disabled = true;
    try {
      out.clear();
      await run(event);
    } catch (error) {
      out.error(error);
    } finally {
      if (button?.isConnected) button.disabled = false;
    }
  };
}

export async function operatorSelect(
  options: { all?: string; selected?: string } = {},
): Promise<HTMLSelectElement> {
  const list = await operators();
  const select = h('select', { name: 'operator_id' });
  if (options.all !== undefined) select.append(h('option', { value: '' }, options.all));
  for (const op of list) {
    select.append(
      h('option', { value: op.id, selected: op.id === options.selected }, `${op.name} (${op.id})`),
    );
  }
  return select;
}

/** A secret shown once, with a copy button. */
export function shownOnce(label: string, value: string): HTMLElement {
  const code = h('code', { class: 'secret', 'data-testid': 'shown-once' }, value);
  const copy = h('button', { type: 'button', class: 'secondary' }, 'Copy');
  copy.addEventListener('click', () => {
    navigator.clipboard?.writeText(value).then(
      () => {
        copy.textContent = 'Copied';
      },
      () => {
        copy.textContent = 'Select and copy by hand';
      },
    );
  });
  return h(
    'div',
    { class: 'once', role: 'group', 'aria-label': label },
    h('p', null, h('strong', null, label), ' — shown only now; store it safely.'),
    code,
    copy,
  );
}

export function input(name: string, attrs: Record<string, unknown> = {}): HTMLInputElement {
  return h('input', { name, type: 'text', ...attrs });
}

export function select(name: string, values: Array<[string, string]>, selected?: string): HTMLSelectElement {
  return h(
    'select',
    { name },
    values.map(([value, text]) => h('option', { value, selected: value === selected }, text)),
  );
}

export { clear, field, h };

/** A two-step button for actions that cannot be undone: first click asks, second does. */
export function confirmButton(
  label: string,
  confirmLabel: string,
  run: () => Promise<void>,
  out: Notice,
  accessibleName?: string,
): HTMLElement {
  const wrap = h('span', { class: 'confirm' });
  const first = h('button', { type: 'button', class: 'secondary', 'aria-label': accessibleName }, label);
  first.addEventListener('click', () => {
    const yes = h('button', { type: 'button', class: 'danger' }, confirmLabel);
    const no = h('button', { type: 'button', class: 'secondary' }, 'Cancel');
    yes.addEventListener('click', action(out, run));
    no.addEventListener('click', () => {
      clear(wrap, first);
      first.focus();
    });
    clear(wrap, yes, no);
    yes.focus();
  });
  wrap.append(first);
  return wrap;
}

export function badge(text: string, kind: 'ok' | 'warn' | 'off' | 'info' = 'info'): HTMLElement {
  return h('span', { class: `badge ${kind}` }, text);
}

/**
 * The latest of a page's loads: `begin()` at each load, and its answer is shown only while
 * `current()` still holds. A filter applied while the page's first load was on its way got its
 * answer, then the first load's, arriving last, put back what the filter left out.
 */
export function latestLoad(): { begin(): () => boolean } {
  let latest = 0;
  return {
    begin() {
      const mine = ++latest;
      return () => mine === latest;
    },
  };
}
