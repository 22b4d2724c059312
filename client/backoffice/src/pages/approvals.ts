// Approvals: changes a regulator cares about (RTP variant, a game going live, a wallet secret) wait
// here until a second admin approves or rejects them.
import type { ApprovalView } from '../../../../src/services/approvals.ts';
import { get, json, query, session } from '../api.ts';
import { formatTime, h, table } from '../dom.ts';
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

export async function approvalsPage(main: HTMLElement): Promise<void> {
  const out = notice();
  const isAdmin = allowed('admin');
  const list = h('div');
  const once = h('div');
  const campaigns = h('div');
  const which = select('status', [
    ['pending', 'Pending'],
    ['approved', 'Approved'],
    ['rejected', 'Rejected'],
    ['all', 'All'],
  ]);
  const load = async () => {
    const { approvals } = await get<{ approvals: ApprovalView[] }>(
      `/api/admin/v1/approvals${query({ status: which.value })}`,
    );
    clear(
      list,
      table(
        ['Requested (UTC)', 'By', 'Change', 'Entity', 'Status', 'Decision'],
        approvals.map((a) => {
          let decide: HTMLElement | string = a.decided_by
            ? `${a.decided_by} ${formatTime(a.decided_at)}${a.reason ? ` — ${a.reason}` : ''}`
            : '—';
          if (a.status === 'pending' && isAdmin) {
            const own = a.requested_by === session.staff?.email || a.requested_by === session.staff?.id;
            const approve = h(
              'button',
              { type: 'button', disabled: own, title: own ? 'A different admin must approve' : undefined },
              'Approve',
            );
            const reason = input('reason', { maxlength: 1000 });
            const reject = h('button', { type: 'button', class: 'danger' }, 'Reject');
            approve.addEventListener(
              'click',
              action(out, async () => {
                const done = await json<{ result?: { wallet_secret?: string } | null }>(
                  'POST',
                  `/api/admin/v1/approvals/${encodeURIComponent(a.id)}/approve`,
                );
                const secret = done.result?.wallet_secret;
                await load();
                clear(once, secret ? shownOnce('New wallet secret (give it to the operator)', secret) : null);
                out.ok(`Approved ${a.action}.`);
              }),
            );
            reject.addEventListener(
              'click',
              action(out, async () => {
                await json(
                  'POST',
                  `/api/admin/v1/approvals/${encodeURIComponent(a.id)}/reject`,
                  reason.value.trim() ? { reason: reason.value.trim() } : {},
                );
                await load();
                out.ok(`Rejected ${a.action}.`);
              }),
            );
            decide = h(
              'div',
              { class: 'row-actions' },
              approve,
              field('Reason to reject (optional)', reason),
              reject,
              own ? h('span', { class: 'note' }, 'Your own request: another admin approves it') : null,
            );
          }
          return [
            formatTime(a.requested_at),
            a.requested_by,
            h('span', null, a.action, h('pre', { class: 'small' }, JSON.stringify(a.change))),
            `${a.entity} ${a.entity_id}`,
            badge(a.status, a.status === 'pending' ? 'warn' : a.status === 'approved' ? 'ok' : 'off'),
            decide,
          ];
        }),
      ),
    );
  };
  clear(
    main,
    heading(
      'Approvals',
      'Changes to an RTP variant, a game going live or a wallet secret apply once a second admin approves.',
    ),
    out.element,
    isAdmin ? null : needs('admin', 'Approving or rejecting'),
    campaigns,
    h('div', { class: 'filters' }, field('Show', which)),
    once,
    list,
  );
  which.addEventListener('change', action(out, load));
  await Promise.all([load(), pointToCampaigns(campaigns)]);
}

/** Campaigns wait on their own page (the campaign is its own request): say so here. */
async function pointToCampaigns(into: HTMLElement): Promise<void> {
  const { campaigns } = await get<{ campaigns: Array<{ name: string }> }>(
    '/api/admin/v1/campaigns?status=pending',
  );
  if (campaigns.length === 0) return;
  clear(
    into,
    h(
      'p',
      { class: 'notice ok', 'data-testid': 'pending-campaigns' },
      `${campaigns.length} tournament${campaigns.length === 1 ? ' or drop waits' : 's or drops wait'} for a second admin: `,
      h('a', { href: '#/campaigns' }, 'Tournaments & drops'),
      '.',
    ),
  );
}
