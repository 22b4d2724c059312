// A small element builder: h('button', { class: 'x', onclick }, 'Text').
export type Child = Node | string | number | null | undefined | false | Child[];
export type Attrs = Record<string, unknown>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value as EventListener);
    } else if (name === 'value' && 'value' in element) {
      (element as HTMLInputElement).value = String(value);
    } else if (name === 'checked' && element instanceof HTMLInputElement) {
      element.checked = Boolean(value);
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

export function clear(element: Element, ...children: Child[]): void {
  element.replaceChildren();
  append(element, children);
}

let ids = 0;
/** A unique id for label/for pairs. */
export function uid(prefix = 'f'): string {
  ids += 1;
  return `${prefix}-${ids}`;
}

/** A labelled form field; `input` gets the id the label points at. */
export function field(label: string, input: HTMLElement, hint?: string): HTMLElement {
  const id = input.id || uid();
  input.id = id;
  let hintEl: HTMLElement | null = null;
  if (hint) {
    hintEl = h('span', { class: 'hint', id: `${id}-hint` }, hint);
    input.setAttribute('aria-describedby', hintEl.id);
  }
  return h('div', { class: 'field' }, h('label', { for: id }, label), input, hintEl);
}

/** A checkbox with its label after it. */
export function checkbox(label: string, input: HTMLInputElement): HTMLElement {
  const id = input.id || uid();
  input.id = id;
  input.type = 'checkbox';
  return h('div', { class: 'field check' }, input, h('label', { for: id }, label));
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * A table in its own frame. On a wide screen it scrolls sideways inside the frame when it must; on
 * a phone's width (backoffice.css) each row is a card of its cells, each under its column's name,
 * so no column hides past the screen's edge. The roles are written out: a browser may drop a
 * table's semantics once its rows are laid out as blocks, and a screen reader then reads loose text.
 */
export function table(headers: string[], rows: Child[][], caption?: string): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { role: 'table' },
      caption ? h('caption', null, caption) : null,
      h(
        'thead',
        { role: 'rowgroup' },
        h(
          'tr',
          { role: 'row' },
          headers.map((text) => h('th', { scope: 'col', role: 'columnheader' }, text)),
        ),
      ),
      h(
        'tbody',
        { role: 'rowgroup' },
        rows.length === 0
          ? h(
              'tr',
              { role: 'row' },
              h('td', { colspan: headers.length, class: 'empty', role: 'cell' }, 'Nothing to show.'),
            )
          : rows.map((cells) =>
              h(
                'tr',
                { role: 'row' },
                // On a phone's width a row reads as a card: each cell under its column's name.
                cells.map((cell, i) => h('td', { 'data-label': headers[i] || null, role: 'cell' }, cell)),
              ),
            ),
      ),
    ),
  );
}
