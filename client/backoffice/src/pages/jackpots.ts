// Jackpots (issue 28; NJ 13:69E-1.39A/C): the pools with their live meters, refreshed every few
// seconds; a pool's meters, parameters, pending changes and history, with a link to its public
// record; and, for admins, a new pool and parameter changes. From a staff session a change waits
// for a second admin (Approvals); the page says so.
import type { TierParamsView } from '../../../../src/domain/jackpot-params.ts';
import type { ApprovalView } from '../../../../src/services/approvals.ts';
import type { PoolAdminView, PoolDetailView, TierAdminView } from '../../../../src/services/jackpot-admin.ts';
import { get, json, operatorNames } from '../api.ts';
import { formatTime, h, table } from '../dom.ts';
import { action, allowed, badge, clear, confirmButton, heading, needs, notice } from '../ui.ts';
import { createForm, type Gated, membersSection, tierChangeForm, waiting } from './jackpot-forms.ts';

const EVERY_MS = 3_000;

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
