// Catalog allowlist: every game with its art; tick the ones an operator may list and launch.
import { games, gameTitle, get, json } from '../api.ts';
import { h } from '../dom.ts';
import { action, allowed, clear, field, heading, needs, notice, operatorSelect } from '../ui.ts';

export async function catalogPage(main: HTMLElement): Promise<void> {
  const out = notice();
  const isAdmin = allowed('admin');
  const operator = await operatorSelect();
  const all = await games();
  const grid = h('fieldset', { class: 'game-grid' });
  const save = h('button', { type: 'submit' }, 'Save allowlist');
  const form = h(
    'form',
    { 'aria-label': 'Allowlist' },
    grid,
    isAdmin ? save : needs('admin', 'Changing the allowlist'),
  );

  const load = async () => {
    if (!operator.value) {
      clear(grid, h('legend', null, 'No operator yet: create one first.'));
      return;
    }
    const { symbols } = await get<{ symbols: string[] }>(
      `/api/admin/v1/operators/${encodeURIComponent(operator.value)}/catalog`,
    );
    const allowedSet = new Set(symbols);
    clear(
      grid,
      h('legend', null, `Games ${operator.selectedOptions[0]?.textContent ?? ''} may offer`),
      all.map((game) =>
        h(
          'label',
          { class: 'game-tile' },
          h('img', {
            src: `/api/provider/v1/game-art/${encodeURIComponent(game.symbol)}`,
            alt: '',
            width: 160,
            height: 120,
            loading: 'lazy',
          }),
          h(
            'span',
            { class: 'tile-line' },
            h('input', {
              type: 'checkbox',
              name: 'symbol',
              value: game.symbol,
              checked: allowedSet.has(game.symbol),
              disabled: !isAdmin,
            }),
            ` ${gameTitle(game)}`,
          ),
          h('span', { class: 'meta' }, `${game.symbol}${game.live ? '' : ' · not live'}`),
        ),
      ),
    );
  };
  operator.addEventListener('change', () => void load().catch((e) => out.error(e)));
  form.addEventListener(
    'submit',
    action(out, async () => {
      const symbols = [...grid.querySelectorAll<HTMLInputElement>('input[name="symbol"]:checked')].map(
        (i) => i.value,
      );
      const saved = await json<{ symbols: string[] }>(
        'PUT',
        `/api/admin/v1/operators/${encodeURIComponent(operator.value)}/catalog`,
        { symbols },
      );
      out.ok(`Allowlist saved: ${saved.symbols.length} game(s).`);
    }),
  );
  clear(
    main,
    heading(
      'Catalog',
      'The games an operator may list and launch (one allowlist for catalog, lookup and launch).',
    ),
    out.element,
    h('div', { class: 'filters' }, field('Operator', operator)),
    form,
  );
  await load();
}
