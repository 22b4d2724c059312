// Operators: list, create, edit (status, wallet, RTP variant, demo, language, default market), and
// wallet-secret rotation with a switch time.
import { games, get, json, type Operator, operators } from '../api.ts';
import { type Child, checkbox, formatTime, h, table } from '../dom.ts';
import {
  action,
  allowed,
  badge,
  clear,
  field,
  heading,
  input,
  needs,
  notice,
  select,
  shownOnce,
} from '../ui.ts';

interface Saved {
  operator?: Operator;
  wallet_secret?: string;
  approval?: { id: string; action: string; status: string };
}

interface Market {
  code: string;
  name: string;
  version: string;
}

/** The market profiles the server knows, for the default-market picker. */
async function marketList(): Promise<Market[]> {
  return (await get<{ jurisdictions: Market[] }>('/api/admin/v1/jurisdictions')).jurisdictions;
}

/** Every RTP variant any game has, for the operator's variant picker. */
async function variantNames(): Promise<string[]> {
  const names = new Set<string>();
  for (const game of await games()) for (const v of game.variants) names.add(v.variant);
  return [...names].sort();
}

function operatorForm(
  op: Operator | null,
  variants: string[],
  markets: Market[],
  editable: boolean,
): HTMLFormElement {
  const disabled = !editable;
  const wallet = select(
    'wallet_mode',
    [
      ['internal', 'Internal (Reelforge keeps balances)'],
      ['callback', "Callback (the operator's wallet)"],
    ],
    op?.wallet_mode ?? 'internal',
  );
  const url = input('wallet_base_url', {
    type: 'url',
    value: op?.wallet_base_url ?? '',
    placeholder: 'https://',
  });
  const rtp = select(
    'rtp_variant',
    [['', 'Default variant'], ...variants.map((v): [string, string] => [v, v])],
    op?.rtp_variant ?? '',
  );
  const demo = h('input', { name: 'demo_enabled', checked: op?.demo_enabled ?? false });
  const fields: HTMLElement[] = [
    field('Name', input('name', { value: op?.name ?? '', required: true, maxlength: 200 })),
    field(
      'Currency',
      input('currency', { value: op?.currency ?? 'EUR', maxlength: 3, pattern: '[A-Z]{3}' }),
      'ISO 4217, e.g. EUR',
    ),
    field('Wallet mode', wallet),
    field('Wallet URL', url, 'Callback mode only: the base URL of the operator’s wallet API.'),
    field('RTP variant', rtp),
    field(
      'Language',
      input('language', { value: op?.language ?? '', maxlength: 10 }),
      'Players’ default language, e.g. en',
    ),
    checkbox('Demo play allowed', demo),
  ];
  if (markets.length > 0)
    fields.push(
      field(
        'Default market',
        select(
          'default_jurisdiction',
          markets.map((m): [string, string] => [m.code, `${m.name} (${m.code}, ${m.version})`]),
          op?.default_jurisdiction ?? 'default',
        ),
        'The rules a launch without `jurisdiction` plays under (docs/jurisdictions.md).',
      ),
    );
  const form = h('form', { class: 'grid-form' }, fields);
  if (disabled)
    for (const el of form.querySelectorAll('input, select, textarea')) el.setAttribute('disabled', '');
  return form;
}

function readForm(form: HTMLFormElement, original: Operator | null): Record<string, unknown> {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const body: Record<string, unknown> = {
    name: text('name'),
    currency: text('currency').toUpperCase(),
    wallet_mode: text('wallet_mode'),
    wallet_base_url: text('wallet_base_url') || null,
    rtp_variant: text('rtp_variant') || null,
    language: text('language') || null,
    demo_enabled: (form.elements.namedItem('demo_enabled') as HTMLInputElement).checked,
  };
  if (form.elements.namedItem('default_jurisdiction'))
    body.default_jurisdiction = text('default_jurisdiction');
  if (!original) return body;
  // Only what changed: an unchanged RTP variant must not ask for an approval.
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const before = original[key as keyof Operator];
    if (JSON.stringify(before ?? null) !== JSON.stringify(value ?? null)) changed[key] = value;
  }
  return changed;
}

function savedMessage(saved: Saved, what: string): string {
  if (saved.approval)
    return `${what}: the change waits for a second admin's approval (approval ${saved.approval.id}).`;
  return `${what}: saved.`;
}

export async function operatorsPage(main: HTMLElement): Promise<void> {
  await render(main, {});
}

/** A badge after an operator being moved to another cluster (no launch or new round meanwhile). */
function moving(op: Operator, text: string): Child[] {
  return op.cluster?.state === 'read_only' ? [' ', badge(text, 'warn')] : [];
}

async function render(main: HTMLElement, flash: { message?: string; secret?: HTMLElement }): Promise<void> {
  const out = notice();
  if (flash.message) out.ok(flash.message);
  const isAdmin = allowed('admin');
  const [list, variants, markets] = await Promise.all([operators(true), variantNames(), marketList()]);
  const detail = h('section', { class: 'panel', 'aria-labelledby': 'op-detail-title', hidden: true });
  const secrets = h('div', { class: 'secrets' }, flash.secret ?? null);

  const refresh = async (message?: string, secret?: HTMLElement) => {
    await render(main, { message, secret });
  };

  const openOperator = (op: Operator) => {
    detail.hidden = false;
    const form = operatorForm(op, variants, markets, isAdmin);
    const save = h('button', { type: 'submit' }, 'Save changes');
    if (isAdmin) form.append(save);
    form.addEventListener(
      'submit',
      action(out, async () => {
        const body = readForm(form, op);
        if (Object.keys(body).length === 0) return out.ok('Nothing changed.');
        const saved = await json<Saved>('PATCH', `/api/admin/v1/operators/${op.id}`, body);
        if (saved.wallet_secret) secrets.replaceChildren(shownOnce('New wallet secret', saved.wallet_secret));
        out.ok(savedMessage(saved, op.name));
        if (saved.operator) Object.assign(op, saved.operator);
        await operators(true);
      }),
    );
    const active = op.status === 'active';
    const toggle = h(
      'button',
      { type: 'button', class: active ? 'danger' : '' },
      active ? 'Deactivate' : 'Activate',
    );
    toggle.addEventListener(
      'click',
      action(out, async () => {
        const saved = await json<Saved>('PATCH', `/api/admin/v1/operators/${op.id}`, {
          status: active ? 'inactive' : 'active',
        });
        await refresh(savedMessage(saved, `${op.name} ${active ? 'deactivated' : 'activated'}`));
      }),
    );
    const switchAt = input('switch_at', { type: 'datetime-local', required: true });
    const inOneHour = new Date(Date.now() + 3600_000);
    switchAt.value = new Date(inOneHour.getTime() - inOneHour.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 16);
    const rotate = h(
      'form',
      { class: 'inline-form', 'aria-label': 'Rotate the wallet secret' },
      field('Switch to the new secret at (your local time)', switchAt, 'Both secrets are valid until then.'),
      h('button', { type: 'submit' }, 'Rotate wallet secret'),
    );
    rotate.addEventListener(
      'submit',
      action(out, async () => {
        const at = new Date(switchAt.value);
        if (Number.isNaN(at.getTime())) throw new Error('Choose a switch time.');
        const answer = await json<Saved & { secret?: string }>(
          'POST',
          `/api/admin/v1/operators/${op.id}/wallet-secret`,
          {
            switch_at: at.toISOString(),
          },
        );
        const secret = answer.wallet_secret ?? answer.secret;
        if (secret) secrets.replaceChildren(shownOnce('New wallet secret', secret));
        out.ok(savedMessage(answer, 'Wallet secret rotation'));
      }),
    );
    clear(
      detail,
      h(
        'h2',
        { id: 'op-detail-title', tabindex: -1 },
        `${op.name} `,
        badge(op.status, active ? 'ok' : 'off'),
      ),
      h(
        'p',
        { class: 'meta' },
        `Id ${op.id} · created ${formatTime(op.created_at)} · wallet secret ${op.wallet_secret_set ? 'set' : 'not set'}`,
        op.cluster ? ` · plays on cluster ${op.cluster.id}` : '',
        moving(op, 'being moved: no new play'),
      ),
      form,
      isAdmin ? h('div', { class: 'actions' }, toggle) : needs('admin', 'Changing an operator'),
      isAdmin && op.wallet_mode === 'callback' ? rotate : null,
    );
    detail.querySelector<HTMLElement>('h2')?.focus();
  };

  const rows = list.map((op) => {
    const open = h(
      'button',
      { type: 'button', class: 'link' },
      isAdmin ? `Edit ${op.name}` : `View ${op.name}`,
    );
    open.addEventListener('click', () => openOperator(op));
    return [
      open,
      h('code', null, op.id),
      op.currency,
      badge(op.status, op.status === 'active' ? 'ok' : 'off'),
      op.wallet_mode,
      op.rtp_variant ?? 'default',
      op.default_jurisdiction,
      op.demo_enabled ? 'on' : 'off',
      h('span', null, op.cluster?.id ?? '—', moving(op, 'moving')),
    ];
  });

  let create: HTMLElement;
  if (isAdmin) {
    const form = operatorForm(null, variants, markets, true);
    form.append(h('button', { type: 'submit' }, 'Create operator'));
    form.addEventListener(
      'submit',
      action(out, async () => {
        const saved = await json<Saved>('POST', '/api/admin/v1/operators', readForm(form, null));
        await refresh(
          `Created ${saved.operator?.name} (${saved.operator?.id}).`,
          saved.wallet_secret ? shownOnce('Wallet secret', saved.wallet_secret) : undefined,
        );
      }),
    );
    create = h('details', { class: 'panel' }, h('summary', null, 'New operator'), form);
  } else {
    create = needs('admin', 'Creating or changing operators');
  }

  clear(
    main,
    heading('Operators', 'Casinos that launch Reelforge games: their wallet, RTP variant and demo play.'),
    out.element,
    table(
      ['Operator', 'Id', 'Currency', 'Status', 'Wallet', 'RTP variant', 'Market', 'Demo', 'Cluster'],
      rows,
    ),
    create,
    secrets,
    detail,
  );
}
