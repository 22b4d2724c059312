// API keys: every key (never the key itself), create one for an operator (shown once), revoke.
import type { KeyView } from '../../../../src/services/operators.ts';
import { get, json, operatorNames, query } from '../api.ts';
import { formatTime, h, table } from '../dom.ts';
import {
  action,
  allowed,
  badge,
  clear,
  confirmButton,
  field,
  heading,
  needs,
  notice,
  operatorSelect,
  shownOnce,
} from '../ui.ts';

export async function keysPage(main: HTMLElement): Promise<void> {
  const out = notice();
  const isAdmin = allowed('admin');
  const filter = await operatorSelect({ all: 'All operators' });
  const list = h('div', { 'aria-live': 'polite' });
  const once = h('div');
  const nameOf = await operatorNames();

  const load = async () => {
    const { keys } = await get<{ keys: KeyView[] }>(
      `/api/admin/v1/api-keys${query({ operator_id: filter.value })}`,
    );
    const rows = keys.map((key) => [
      h('code', null, key.key_id),
      key.kind,
      key.operator_id ? nameOf(key.operator_id) : '—',
      h('code', null, `${key.prefix}…`),
      formatTime(key.created_at),
      formatTime(key.last_used_at),
      key.revoked_at
        ? badge(`revoked ${formatTime(key.revoked_at)}`, 'off')
        : isAdmin
          ? confirmButton(
              'Revoke',
              `Confirm: revoke ${key.prefix}…`,
              async () => {
                await json('DELETE', `/api/admin/v1/api-keys/${encodeURIComponent(key.key_id)}`);
                out.ok(`Key ${key.prefix}… revoked.`);
                await load();
              },
              out,
              `Revoke key ${key.prefix}…`,
            )
          : badge('active', 'ok'),
    ]);
    clear(list, table(['Key id', 'Kind', 'Operator', 'Prefix', 'Created', 'Last used', 'State'], rows));
  };
  filter.addEventListener('change', () => void load().catch((e) => out.error(e)));

  let create: HTMLElement = needs('admin', 'Creating or revoking keys');
  if (isAdmin) {
    const forOperator = await operatorSelect();
    const form = h(
      'form',
      { class: 'inline-form', 'aria-label': 'Create an API key' },
      field('Operator', forOperator),
      h('button', { type: 'submit' }, 'Create key'),
    );
    form.addEventListener(
      'submit',
      action(out, async () => {
        if (!forOperator.value) throw new Error('Choose an operator first.');
        const created = await json<{ key_id: string; api_key: string }>(
          'POST',
          `/api/admin/v1/operators/${encodeURIComponent(forOperator.value)}/api-keys`,
        );
        clear(once, shownOnce('New API key', created.api_key));
        out.ok(`Key ${created.key_id} created.`);
        await load();
      }),
    );
    create = h('section', { class: 'panel', 'aria-label': 'New key' }, h('h2', null, 'New key'), form, once);
  }
  clear(
    main,
    heading('API keys', 'Keys operators call the provider API with. Stored as hashes: a key is shown once.'),
    out.element,
    create,
    h('div', { class: 'filters' }, field('Show keys of', filter)),
    list,
  );
  await load();
}
