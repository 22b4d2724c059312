// Wallet queue: pending (retried by the worker) and parked (waiting for staff) transactions; retry a
// parked one or resolve it with the reason it was settled by hand.
import type { TransactionView } from '../../../../src/domain/transactions.ts';
import { get, json, operatorNames, query } from '../api.ts';
import { formatTime, h, table } from '../dom.ts';
import { action, allowed, badge, clear, field, heading, input, latestLoad, needs, notice } from '../ui.ts';

export async function walletPage(main: HTMLElement): Promise<void> {
  const out = notice();
  const mayAct = allowed('support');
  const nameOf = await operatorNames();
  const list = h('div');
  let status: 'failed' | 'pending' = 'failed';
  const tabs = h('div', { class: 'tabs', role: 'group', 'aria-label': 'Which transactions' });
  const loads = latestLoad();
  const load = async () => {
    const current = loads.begin();
    const { transactions } = await get<{ transactions: TransactionView[] }>(
      `/api/admin/v1/wallet/transactions${query({ status, limit: 200 })}`,
    );
    if (!current()) return;
    const rows = transactions.map((tx) => {
      let actions: HTMLElement = h(
        'span',
        { class: 'meta' },
        status === 'pending' ? `next ${formatTime(tx.next_attempt_at)}` : '',
      );
      if (status === 'failed' && mayAct) {
        const retry = h('button', { type: 'button' }, 'Retry');
        retry.addEventListener(
          'click',
          action(out, async () => {
            await json('POST', `/api/admin/v1/wallet/transactions/${encodeURIComponent(tx.id)}/retry`);
            out.ok(`${tx.id}: sent again; it is pending now.`);
            await load();
          }),
        );
        const note = input('note', {
          maxlength: 1000,
          required: true,
          placeholder: 'e.g. credited by hand, ticket 123',
        });
        const resolve = h(
          'form',
          { class: 'inline-form', 'aria-label': `Resolve ${tx.id}` },
          field('How it was settled', note),
          h('button', { type: 'submit', class: 'secondary' }, 'Resolve'),
        );
        resolve.addEventListener(
          'submit',
          action(out, async () => {
            if (!note.value.trim()) throw new Error('Say how it was settled before resolving.');
            await json('POST', `/api/admin/v1/wallet/transactions/${encodeURIComponent(tx.id)}/resolve`, {
              note: note.value.trim(),
            });
            out.ok(`${tx.id}: resolved; the round is closed and the player unblocked.`);
            await load();
          }),
        );
        actions = h('div', { class: 'row-actions' }, retry, resolve);
      } else if (status === 'failed') {
        actions = needs('support', 'Retry or resolve');
      }
      return [
        h('code', null, tx.id),
        nameOf(tx.operator_id),
        tx.player_id,
        tx.type,
        `${tx.amount} ${tx.currency}`,
        badge(tx.status, tx.status === 'failed' ? 'warn' : 'info'),
        String(tx.attempts),
        tx.last_error ?? '—',
        actions,
      ];
    });
    clear(
      list,
      table(
        ['Transaction', 'Operator', 'Player', 'Type', 'Amount', 'Status', 'Attempts', 'Last error', 'Action'],
        rows,
        status === 'failed' ? 'Parked: waiting for staff' : 'Pending: the worker retries these',
      ),
    );
  };
  for (const [value, label] of [
    ['failed', 'Parked'],
    ['pending', 'Pending'],
  ] as const) {
    const tab = h(
      'button',
      { type: 'button', class: 'tab', 'aria-pressed': String(value === status) },
      label,
    );
    tab.addEventListener(
      'click',
      action(out, async () => {
        status = value;
        for (const other of tabs.querySelectorAll('button'))
          other.setAttribute('aria-pressed', String(other === tab));
        await load();
      }),
    );
    tabs.append(tab);
  }
  clear(
    main,
    heading('Wallet queue', 'Credits and rollbacks the operator’s wallet has not confirmed yet.'),
    out.element,
    tabs,
    list,
  );
  await load();
}
