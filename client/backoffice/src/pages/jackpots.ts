// Jackpots (issue 28; NJ 13:69E-1.39A/C): the pools with their live meters, refreshed every few
// seconds; a pool's meters, parameters, pending changes and history, with a link to its public
// record; and, for admins, a new pool and parameter changes. From a staff session a change waits
// for a second admin (Approvals); the page says so.

import type { TierParamsView } from '../../../../src/domain/jackpot-params.ts';
import type { ApprovalView } from '../../../../src/services/approvals.ts';
import type { PoolAdminView, PoolDetailView, TierAdminView } from '../../../../src/services/jackpot-admin.ts';
import { games, gameTitle, get, json, operatorNames, operators } from '../api.ts';
import { formatTime, h, table } from '../dom.ts';
import {
  action,
  allowed,
  badge,
  clear,
  confirmButton,
  field,
  heading,
  input,
  type Notice,
  needs,
  notice,
  select,
} from '../ui.ts';

const EVERY_MS = 3_000;
const KINDS: Array<[string, string]> = [
  ['progressive', 'Progressive (random hit)'],
  ['must_drop_value', 'Must drop by value'],
  ['must_drop_time', 'Must drop by time'],
];
const KIND_FIELDS: Record<string, ReadonlyArray<keyof TierParamsView>> = {
  progressive: ['odds_stake'],
  must_drop_value: ['ceiling'],
  must_drop_time: ['deadline'],
};
const PARAM_LABELS: Record<keyof TierParamsView, [string, string]> = {
  seed: ['Seed', 'Where each cycle starts, in the pool currency'],
  contribution_rate: ['Contribution %', 'Percent of every stake added to the meter'],
  reserve_rate: ['Reserve %', 'Percent of every stake put aside for the next seeds'],
  ceiling: ['Ceiling', 'Must drop before the meter reaches it'],
  odds_stake: ['Stake per hit', 'One hit expected per this much stake'],
  deadline: ['Deadline (UTC)', 'HH:MM, the daily time it must drop by'],
};

type Gated<T> = T | { approval: ApprovalView };
const waiting = (answer: object): answer is { approval: ApprovalView } => 'approval' in answer;

const ACTION_TEXT: Record<string, string> = {
  'jackpot.create': 'New pool',
  'jackpot.tier_change': 'Tier parameters',
  'jackpot.rate': 'Currency rate',
  'jackpot.member_add': 'Add game',
  'jackpot.member_remove': 'Remove game',
  'jackpot.close': 'Close pool',
};

function describeChange(approval: ApprovalView): string {
  const change = (approval.change ?? {}) as Record<string, unknown>;
  if (approval.action === 'jackpot.create') return `“${String(change.name)}” (${String(change.currency)})`;
  const fields = Object.entries(change)
    .filter(([key]) => key !== 'tier_id')
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ');
  return fields || '—';
}

function meterCell(tier: TierAdminView, currency: string): HTMLElement {
  return h(
    'span',
    { class: 'meter' },
    h('span', { class: 'meter-name' }, tier.name),
    h(
      'span',
      { class: 'meter-value', 'data-testid': `meter-${tier.name}` },
      `${tier.meters.display} ${currency}`,
    ),
  );
}

function paramsText(params: TierParamsView, kind: string): string {
  const parts = [`seed ${params.seed}`, `${params.contribution_rate} % to the meter`];
  if (params.reserve_rate !== '0') parts.push(`${params.reserve_rate} % to the reserve`);
  if (kind === 'progressive' && params.odds_stake) parts.push(`one hit per ${params.odds_stake} staked`);
  if (params.ceiling) parts.push(`ceiling ${params.ceiling}`);
  if (params.deadline) parts.push(`drops by ${params.deadline} UTC`);
  return parts.join(' · ');
}

/** The inputs of one tier's parameters, the kind's own fields only. */
function paramInputs(kind: string, values: Partial<TierParamsView> = {}): HTMLElement[] {
  const shown: Array<keyof TierParamsView> = [
    'seed',
    'contribution_rate',
    'reserve_rate',
    ...(KIND_FIELDS[kind] ?? []),
  ];
  return shown.map((name) => {
    const [label, hint] = PARAM_LABELS[name];
    const attrs: Record<string, unknown> = {
      value: values[name] ?? '',
      inputmode: name === 'deadline' ? 'text' : 'decimal',
      autocomplete: 'off',
    };
    if (name === 'seed' || name === 'contribution_rate') attrs.required = true;
    if (name === 'deadline') attrs.placeholder = '22:00';
    return field(label, input(name, attrs), hint);
  });
}

function readParams(form: HTMLElement): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const el of form.querySelectorAll<HTMLInputElement>('input[name]')) {
    if (!(el.name in PARAM_LABELS)) continue;
    const value = el.value.trim();
    out[el.name] = value === '' ? null : value;
  }
  return out;
}

/** A tier editor row of the new-pool form: name, kind and the kind's fields. */
function tierEditor(index: number, onRemove: (row: HTMLElement) => void): HTMLElement {
  const names = ['mini', 'minor', 'major', 'grand'];
  const kind = select('kind', KINDS, index === 0 ? 'progressive' : 'must_drop_value');
  const params = h('div', { class: 'grid-form tier-params' });
  const row = h('fieldset', { class: 'tier-editor' });
  const legend = h('legend', null, `Tier ${index + 1}`);
  const remove = h('button', { type: 'button', class: 'secondary' }, 'Remove tier');
  remove.addEventListener('click', () => onRemove(row));
  const draw = () =>
    clear(
      params,
      field(
        'Name',
        input('name', { value: names[index] ?? `tier_${index + 1}`, required: true, maxlength: 24 }),
      ),
      field('Kind', kind),
      paramInputs(kind.value, {
        seed: ['10.00', '100.00', '1000.00', '10000.00'][index] ?? '10.00',
        contribution_rate: '0.5',
        reserve_rate: '0.1',
        odds_stake: '5000.00',
        ceiling: '500.00',
        deadline: '22:00',
      }),
    );
  kind.addEventListener('change', draw);
  draw();
  row.append(legend, params, index > 0 ? remove : '');
  return row;
}

async function gameTitles(): Promise<Map<string, string>> {
  return new Map((await games()).map((game) => [game.symbol, gameTitle(game)]));
}

/** An operator and one of the games its catalog allows, the game list following the operator. */
async function gamePicker(
  out: Notice,
  ops: Array<{ id: string; name: string }>,
): Promise<{ operator: HTMLSelectElement; game: HTMLSelectElement; load(): Promise<void> }> {
  const titleOf = await gameTitles();
  const operator = select(
    'member_operator',
    ops.map((op): [string, string] => [op.id, `${op.name} (${op.id})`]),
  );
  const game = h('select', { name: 'member_game' });
  const load = async () => {
    const { symbols } = await get<{ symbols: string[] }>(
      `/api/admin/v1/operators/${encodeURIComponent(operator.value)}/catalog`,
    );
    clear(
      game,
      symbols.map((symbol) => h('option', { value: symbol }, `${titleOf.get(symbol) ?? symbol} (${symbol})`)),
    );
  };
  operator.addEventListener('change', () => void load().catch(out.error));
  if (ops[0]) await load();
  return { operator, game, load };
}

async function createForm(out: Notice, done: (message: string) => Promise<void>): Promise<HTMLElement> {
  const ops = await operators();
  const [nameOf, titleOf] = await Promise.all([operatorNames(), gameTitles()]);
  const scope = select(
    'scope',
    [
      ['operator', "Operator (one operator's games)"],
      ['game', 'Game (one game of one operator)'],
      ['network', 'Network (games of several operators)'],
    ],
    'operator',
  );
  const owner = select(
    'owner_operator_id',
    ops.map((op): [string, string] => [op.id, `${op.name} (${op.id})`]),
  );
  const picker = await gamePicker(out, ops);
  const memberOperator = picker.operator;
  const memberGame = picker.game;
  owner.addEventListener('change', () => {
    if (scope.value !== 'network') {
      memberOperator.value = owner.value;
      void picker.load().catch(out.error);
    }
  });

  const members: Array<{ operator_id: string; game_symbol: string }> = [];
  const memberList = h('ul', { class: 'chips', 'aria-live': 'polite', 'data-testid': 'members' });
  const drawMembers = () =>
    clear(
      memberList,
      members.length === 0
        ? h('li', { class: 'meta' }, 'No games yet: add at least one.')
        : members.map((member, index) => {
            const remove = h(
              'button',
              {
                type: 'button',
                class: 'link',
                'aria-label': `Remove ${member.game_symbol} of ${member.operator_id}`,
              },
              'remove',
            );
            remove.addEventListener('click', () => {
              members.splice(index, 1);
              drawMembers();
            });
            return h(
              'li',
              null,
              `${titleOf.get(member.game_symbol) ?? member.game_symbol} · ${nameOf(member.operator_id)} `,
              remove,
            );
          }),
    );
  drawMembers();
  const addMember = h('button', { type: 'button', class: 'secondary' }, 'Add game');
  addMember.addEventListener('click', () => {
    if (!memberGame.value) return;
    const member = { operator_id: memberOperator.value, game_symbol: memberGame.value };
    if (!members.some((m) => m.operator_id === member.operator_id && m.game_symbol === member.game_symbol))
      members.push(member);
    drawMembers();
  });

  const tiers = h('div', { class: 'tiers' });
  const renumber = () =>
    tiers.querySelectorAll('legend').forEach((legend, index) => {
      legend.textContent = `Tier ${index + 1}`;
    });
  const removeTier = (row: HTMLElement) => {
    row.remove();
    renumber();
  };
  tiers.append(tierEditor(0, removeTier));
  const addTier = h('button', { type: 'button', class: 'secondary' }, 'Add tier');
  addTier.addEventListener('click', () => {
    if (tiers.children.length < 8) tiers.append(tierEditor(tiers.children.length, removeTier));
  });

  const poolName = input('name', { required: true, maxlength: 80, placeholder: 'Ember Crown Treasure' });
  const form = h(
    'form',
    { 'aria-label': 'New jackpot pool' },
    h(
      'div',
      { class: 'grid-form' },
      field('Name', poolName),
      field('Scope', scope),
      field(
        'Currency',
        input('currency', { value: ops[0]?.currency ?? 'EUR', maxlength: 3, required: true }),
        'ISO 4217',
      ),
      field('Owner', owner, 'Game and operator pools belong to one operator'),
    ),
    h('h3', null, 'Games that feed it'),
    h(
      'div',
      { class: 'inline-form' },
      field('Operator', memberOperator),
      field('Game', memberGame),
      addMember,
    ),
    memberList,
    h('h3', null, 'Tiers'),
    tiers,
    h('div', { class: 'actions' }, addTier, h('button', { type: 'submit' }, 'Create pool')),
  );
  form.addEventListener(
    'submit',
    action(out, async () => {
      const data = new FormData(form);
      const body = {
        name: poolName.value.trim(),
        scope: scope.value,
        currency: String(data.get('currency') ?? '')
          .trim()
          .toUpperCase(),
        owner_operator_id: scope.value === 'network' ? null : owner.value,
        members,
        tiers: [...tiers.querySelectorAll<HTMLElement>('fieldset')].map((row) => {
          const params = readParams(row);
          return {
            name: (row.querySelector('input[name="name"]') as HTMLInputElement).value.trim(),
            kind: (row.querySelector('select[name="kind"]') as HTMLSelectElement).value,
            ...Object.fromEntries(Object.entries(params).filter(([, value]) => value !== null)),
          };
        }),
      };
      const answer = await json<Gated<{ pool: PoolDetailView }>>('POST', '/api/admin/v1/jackpots', body);
      form.reset();
      members.length = 0;
      drawMembers();
      panel.open = false;
      await done(
        waiting(answer)
          ? `“${body.name}” is waiting for a second admin's approval (${answer.approval.id}).`
          : `Created “${answer.pool.name}” (${answer.pool.pool_id}).`,
      );
    }),
  );
  const panel = h(
    'details',
    { class: 'panel', 'data-testid': 'new-pool' },
    h('summary', null, 'New pool'),
    form,
  );
  return panel;
}

function tierChangeForm(
  pool: PoolDetailView,
  out: Notice,
  done: (message: string) => Promise<void>,
): HTMLElement {
  const tierSelect = select(
    'tier',
    pool.tiers.map((tier): [string, string] => [tier.tier_id, tier.name]),
  );
  const params = h('div', { class: 'grid-form' });
  const draw = () => {
    const tier = pool.tiers.find((t) => t.tier_id === tierSelect.value) as TierAdminView;
    clear(params, paramInputs(tier.kind, tier.pending_parameters ?? tier.parameters));
  };
  tierSelect.addEventListener('change', draw);
  draw();
  const form = h(
    'form',
    { 'aria-label': 'Change tier parameters' },
    h('div', { class: 'inline-form' }, field('Tier', tierSelect)),
    params,
    h(
      'p',
      { class: 'hint' },
      'The new parameters apply from the tier’s next cycle: the one running now ends under its rules.',
    ),
    h('button', { type: 'submit' }, 'Change parameters'),
  );
  form.addEventListener(
    'submit',
    action(out, async () => {
      const tier = pool.tiers.find((t) => t.tier_id === tierSelect.value) as TierAdminView;
      const before = tier.pending_parameters ?? tier.parameters;
      const after = readParams(form);
      const changed = Object.fromEntries(
        Object.entries(after).filter(
          ([key, value]) => (before[key as keyof TierParamsView] ?? null) !== value,
        ),
      );
      if (Object.keys(changed).length === 0) return out.ok('Nothing changed.');
      const answer = await json<Gated<{ from_cycle: string }>>(
        'PATCH',
        `/api/admin/v1/jackpots/${encodeURIComponent(pool.pool_id)}/tiers/${encodeURIComponent(tier.tier_id)}`,
        changed,
      );
      await done(
        waiting(answer)
          ? `The change to ${tier.name} is waiting for a second admin's approval (${answer.approval.id}).`
          : `${tier.name}: the new parameters apply from cycle ${answer.from_cycle}.`,
      );
    }),
  );
  return form;
}

function metersTable(pool: PoolAdminView): HTMLElement {
  return table(
    ['Tier', 'Kind', 'Cycle', 'Meter', 'Coin-in share', 'Hits', 'Wins paid', 'Reserve', 'Overflow'],
    pool.tiers.map((tier) => [
      h('strong', null, tier.name),
      tier.kind.replaceAll('_', ' '),
      tier.cycle,
      h('span', { class: 'figure', 'data-testid': `detail-meter-${tier.name}` }, tier.meters.display),
      tier.meters.coin_in_share,
      tier.meters.hits,
      tier.meters.wins_paid,
      tier.meters.reserve,
      tier.meters.overflow,
    ]),
    `Meters in ${pool.currency}, live (every ${EVERY_MS / 1000} s)`,
  );
}

function parametersTable(pool: PoolAdminView): HTMLElement {
  return table(
    ['Tier', 'Now', 'From the next cycle'],
    pool.tiers.map((tier) => [
      h('strong', null, tier.name),
      paramsText(tier.parameters, tier.kind),
      tier.pending_parameters
        ? h(
            'span',
            null,
            badge(`cycle ${tier.pending_parameters.from_cycle}`, 'warn'),
            ' ',
            paramsText(tier.pending_parameters, tier.kind),
          )
        : '—',
    ]),
    'Parameters',
  );
}

function historyTables(pool: PoolDetailView): HTMLElement[] {
  return [
    table(
      ['When (UTC)', 'Tier', 'Cycle', 'Amount', 'Operator', 'Player', 'Round', 'Status'],
      pool.history.wins.map((win) => [
        formatTime(win.at),
        win.tier,
        win.cycle,
        `${win.amount} ${win.currency}`,
        win.operator_id,
        win.player_id,
        h('code', null, win.round_id),
        badge(win.status, win.status === 'won' ? 'ok' : 'off'),
      ]),
      'Last wins',
    ),
    table(
      ['When (UTC)', 'Ledger entry', 'Change'],
      pool.history.changes.map((change) => {
        const { change: kind, by, ...rest } = change.entry as Record<string, unknown>;
        return [
          formatTime(change.at),
          change.seq ?? 'sealing…',
          h(
            'span',
            null,
            h('strong', null, String(kind ?? 'created').replaceAll('_', ' ')),
            by ? ` by ${String(by)}` : '',
            h('span', { class: 'meta' }, ` ${summarise(rest)}`),
          ),
        ];
      }),
      'Parameter changes (the public ledger’s “parameters” entries)',
    ),
  ];
}

function summarise(entry: Record<string, unknown>): string {
  const keep = [
    'tier',
    'from_cycle',
    'cycle',
    'currency',
    'rate',
    'operator_id',
    'game_symbol',
    'name',
    'approval_id',
  ];
  return keep
    .filter((key) => entry[key] !== undefined && entry[key] !== null)
    .map((key) => `${key.replaceAll('_', ' ')} ${String(entry[key])}`)
    .join(' · ');
}

function pendingPanel(approvals: ApprovalView[], nameOf: (id: string) => string): HTMLElement | null {
  if (approvals.length === 0) return null;
  return h(
    'section',
    {
      class: 'panel waiting',
      'aria-label': 'Waiting for a second admin',
      'data-testid': 'jackpot-approvals',
    },
    h('h2', null, 'Waiting for a second admin'),
    h(
      'ul',
      null,
      approvals.map((approval) =>
        h(
          'li',
          null,
          badge('pending', 'warn'),
          ' ',
          h('strong', null, ACTION_TEXT[approval.action] ?? approval.action),
          approval.entity_id !== 'new' ? ` · ${nameOf(approval.entity_id)}` : '',
          ` · ${describeChange(approval)} · asked by ${approval.requested_by} ${formatTime(approval.requested_at)} `,
          h('a', { href: '#/approvals' }, 'Approvals'),
        ),
      ),
    ),
  );
}

/** The games that feed a pool and, for a network pool, its rates; admins add, remove and set them. */
async function membersSection(
  pool: PoolDetailView,
  editable: boolean,
  out: Notice,
  done: (message: string) => Promise<void>,
): Promise<HTMLElement> {
  const [nameOf, titleOf] = await Promise.all([operatorNames(), gameTitles()]);
  const base = `/api/admin/v1/jackpots/${encodeURIComponent(pool.pool_id)}`;
  const said = (answer: object, applied: string) =>
    waiting(answer)
      ? `${applied.replace(/\.$/, '')}: waiting for a second admin's approval (${answer.approval.id}).`
      : applied;
  const chips = h(
    'ul',
    { class: 'chips' },
    pool.members.map((member) => {
      const label = `${titleOf.get(member.game_symbol) ?? member.game_symbol} · ${nameOf(member.operator_id)}`;
      if (!editable || pool.members.length < 2) return h('li', null, label);
      const remove = h(
        'button',
        { type: 'button', class: 'link', 'aria-label': `Remove ${label}` },
        'remove',
      );
      remove.addEventListener(
        'click',
        action(out, async () => {
          const answer = await json<object>(
            'DELETE',
            `${base}/members/${encodeURIComponent(member.operator_id)}/${encodeURIComponent(member.game_symbol)}`,
          );
          await done(said(answer, `${label} no longer feeds the pool.`));
        }),
      );
      return h('li', null, `${label} `, remove);
    }),
  );
  const parts: HTMLElement[] = [h('h3', null, 'Games that feed it'), chips];
  if (editable) {
    const ops = (await operators()).filter(
      (op) => pool.scope === 'network' || op.id === pool.owner_operator_id,
    );
    const picker = await gamePicker(out, ops);
    const add = h(
      'form',
      { class: 'inline-form', 'aria-label': 'Add a game to the pool' },
      field('Operator', picker.operator),
      field('Game', picker.game),
      h('button', { type: 'submit', class: 'secondary' }, 'Add game'),
    );
    add.addEventListener(
      'submit',
      action(out, async () => {
        const answer = await json<object>('POST', `${base}/members`, {
          operator_id: picker.operator.value,
          game_symbol: picker.game.value,
        });
        await done(said(answer, `${picker.game.value} feeds the pool.`));
      }),
    );
    parts.push(add);
  }
  if (pool.scope === 'network') {
    parts.push(
      h('h3', null, 'Currency rates'),
      table(
        ['Currency', `Rate (1 unit = … ${pool.currency})`, 'Set by', 'When (UTC)'],
        pool.rates.map((rate) => [rate.currency, rate.rate, rate.set_by, formatTime(rate.set_at)]),
      ),
    );
    if (editable) {
      const currency = input('currency', { maxlength: 3, required: true, placeholder: 'EUR' });
      const rate = input('rate', { inputmode: 'decimal', required: true, placeholder: '1.08' });
      const form = h(
        'form',
        { class: 'inline-form', 'aria-label': 'Set a currency rate' },
        field('Currency', currency),
        field('Rate', rate, `1 unit of the currency in ${pool.currency}`),
        h('button', { type: 'submit', class: 'secondary' }, 'Set rate'),
      );
      form.addEventListener(
        'submit',
        action(out, async () => {
          const code = currency.value.trim().toUpperCase();
          const answer = await json<object>('PUT', `${base}/rates/${encodeURIComponent(code)}`, {
            rate: rate.value.trim(),
          });
          await done(said(answer, `1 ${code} = ${rate.value.trim()} ${pool.currency}.`));
        }),
      );
      parts.push(form);
    }
  }
  return h('div', null, parts);
}

export async function jackpotsPage(main: HTMLElement): Promise<() => void> {
  const out = notice();
  const isAdmin = allowed('admin');
  const pending = h('div');
  const list = h('div', { 'data-testid': 'jackpots' });
  const detail = h('section', { class: 'panel', 'aria-labelledby': 'jp-detail-title', hidden: true });
  const detailMeters = h('div');
  let openId: string | null = null;
  let stopped = false;

  const openPool = async (id: string, focus = true) => {
    openId = id;
    const { pool } = await get<{ pool: PoolDetailView }>(`/api/admin/v1/jackpots/${encodeURIComponent(id)}`);
    detail.hidden = false;
    const active = pool.status === 'active';
    const close = confirmButton(
      'Close pool…',
      'Yes, close this pool',
      async () => {
        const answer = await json<Gated<{ pool: PoolDetailView }>>(
          'POST',
          `/api/admin/v1/jackpots/${encodeURIComponent(pool.pool_id)}/close`,
        );
        await reload(
          waiting(answer)
            ? `Closing “${pool.name}” is waiting for a second admin's approval (${answer.approval.id}).`
            : `“${pool.name}” is closed.`,
        );
      },
      out,
      `Close the pool ${pool.name}`,
    );
    drawDetailMeters(pool);
    clear(
      detail,
      h(
        'h2',
        { id: 'jp-detail-title', tabindex: -1 },
        `${pool.name} `,
        badge(pool.status, active ? 'ok' : 'off'),
      ),
      h(
        'p',
        { class: 'meta' },
        `${pool.pool_id} · ${pool.scope} pool in ${pool.currency} · created by ${pool.created_by} ${formatTime(pool.created_at)} · `,
        h('a', { href: pool.public_url, target: '_blank', rel: 'noopener' }, 'Public record and ledger ↗'),
      ),
      detailMeters,
      isAdmin && active
        ? h(
            'details',
            { class: 'panel' },
            h('summary', null, 'Change parameters'),
            tierChangeForm(pool, out, reload),
          )
        : null,
      await membersSection(pool, isAdmin && active, out, reload),
      isAdmin && active
        ? h(
            'div',
            { class: 'actions danger-zone' },
            close,
            h(
              'span',
              { class: 'hint' },
              'No more contributions or wins; the meters and ledger stay readable.',
            ),
          )
        : null,
      isAdmin ? null : needs('admin', 'Changing a pool'),
    );
    if (focus) detail.querySelector<HTMLElement>('h2')?.focus();
  };

  const drawDetailMeters = (pool: PoolDetailView) =>
    clear(
      detailMeters,
      metersTable(pool),
      parametersTable(pool),
      pendingPanel(pool.approvals, () => pool.name),
      historyTables(pool),
    );

  const load = async () => {
    const [{ jackpots, approvals }, nameOf] = await Promise.all([
      get<{ jackpots: PoolAdminView[]; approvals: ApprovalView[] }>('/api/admin/v1/jackpots'),
      operatorNames(),
    ]);
    const poolName = (id: string) => jackpots.find((p) => p.pool_id === id)?.name ?? id;
    clear(pending, pendingPanel(approvals, poolName));
    clear(
      list,
      table(
        ['Pool', 'Scope', 'Owner', 'Status', 'Meters', 'Pending'],
        jackpots.map((pool) => {
          const open = h('button', { type: 'button', class: 'link' }, pool.name);
          open.addEventListener(
            'click',
            action(out, () => openPool(pool.pool_id)),
          );
          const staged = pool.tiers.filter((tier) => tier.pending_parameters).length;
          return [
            open,
            pool.scope,
            pool.owner_operator_id ? nameOf(pool.owner_operator_id) : 'network',
            badge(pool.status, pool.status === 'active' ? 'ok' : 'off'),
            h(
              'div',
              { class: 'meters' },
              pool.tiers.map((tier) => meterCell(tier, pool.currency)),
            ),
            staged > 0 ? badge(`${staged} tier${staged > 1 ? 's' : ''} next cycle`, 'warn') : '—',
          ];
        }),
        `Pools and their live meters (every ${EVERY_MS / 1000} s)`,
      ),
    );
    if (openId && !detail.hidden) {
      const { pool } = await get<{ pool: PoolDetailView }>(
        `/api/admin/v1/jackpots/${encodeURIComponent(openId)}`,
      );
      drawDetailMeters(pool);
    }
  };

  const reload = async (message: string) => {
    await load();
    if (openId) await openPool(openId, false);
    out.ok(message);
  };

  const create = isAdmin
    ? await createForm(out, async (message) => {
        await reload(message);
      })
    : needs('admin', 'Creating or changing a jackpot pool');

  clear(
    main,
    heading(
      'Jackpots',
      'Pools, their meters and parameters, kept here and recorded in each pool’s public ledger. Changes from a staff session wait for a second admin; new parameters apply from a tier’s next cycle.',
    ),
    out.element,
    pending,
    list,
    detail,
    create,
  );
  await load();
  const timer = setInterval(() => {
    if (!stopped) void load().catch((error: unknown) => out.error(error));
  }, EVERY_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
