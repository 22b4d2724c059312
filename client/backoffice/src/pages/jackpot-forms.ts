// The Jackpots page's forms (issue 28): a new pool (games from each operator's catalog, tiers with
// their kind's fields), a tier's parameters from its next cycle, a pool's games and rates. Each says
// whether the change applied or waits for a second admin.
import type { TierParamsView } from '../../../../src/domain/jackpot-params.ts';
import type { ApprovalView } from '../../../../src/services/approvals.ts';
import type { PoolDetailView, TierAdminView } from '../../../../src/services/jackpot-admin.ts';
import { games, gameTitle, get, json, operatorNames, operators } from '../api.ts';
import { formatTime, h, table } from '../dom.ts';
import { action, clear, field, input, type Notice, select } from '../ui.ts';

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

export type Gated<T> = T | { approval: ApprovalView };
export const waiting = (answer: object): answer is { approval: ApprovalView } => 'approval' in answer;

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

export async function createForm(
  out: Notice,
  done: (message: string) => Promise<void>,
): Promise<HTMLElement> {
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

export function tierChangeForm(
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

/** The games that feed a pool and, for a network pool, its rates; admins add, remove and set them. */
export async function membersSection(
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
