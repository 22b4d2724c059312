// The audit trail: every change with who, when, what, before and after; each entry chained to the one
// before by its hash.
import type { AuditEntryView } from '../../../../src/services/audit.ts';
import { get, query } from '../api.ts';
import { formatTime, h, table } from '../dom.ts';
import { action, clear, field, heading, input, latestLoad, notice } from '../ui.ts';

function change(entry: AuditEntryView): HTMLElement {
  return h(
    'details',
    null,
    h('summary', null, 'Before and after'),
    h(
      'div',
      { class: 'diff' },
      h('pre', { 'aria-label': 'Before' }, JSON.stringify(entry.before, null, 2) ?? 'null'),
      h('pre', { 'aria-label': 'After' }, JSON.stringify(entry.after, null, 2) ?? 'null'),
    ),
  );
}

export async function auditPage(main: HTMLElement): Promise<void> {
  const out = notice();
  const actor = input('actor', { maxlength: 200 });
  const entity = input('entity', { maxlength: 100, placeholder: 'operator, game, staff…' });
  const results = h('div');
  let cursor: string | null = null;
  let rows: AuditEntryView[] = [];
  const form = h(
    'form',
    { class: 'filters', role: 'search', 'aria-label': 'Filter the audit trail' },
    field('Actor', actor),
    field('Entity', entity),
    h('button', { type: 'submit' }, 'Filter'),
  );
  const loads = latestLoad();
  const load = async (more: boolean) => {
    const current = loads.begin();
    const answer = await get<{ entries: AuditEntryView[]; next_cursor: string | null }>(
      `/api/admin/v1/audit${query({ limit: 50, actor: actor.value.trim(), entity: entity.value.trim(), cursor: more ? cursor : undefined })}`,
    );
    if (!current()) return;
    cursor = answer.next_cursor;
    rows = more ? [...rows, ...answer.entries] : answer.entries;
    const older = h('button', { type: 'button', class: 'secondary' }, 'Older entries');
    older.addEventListener(
      'click',
      action(out, () => load(true)),
    );
    clear(
      results,
      table(
        ['When (UTC)', 'Who', 'What', 'Entity', 'Change', 'Hash'],
        rows.map((e) => [
          formatTime(e.at),
          e.actor,
          e.action,
          `${e.entity}${e.entity_id ? ` ${e.entity_id}` : ''}`,
          change(e),
          h('code', { title: `previous ${e.prev_hash}` }, e.hash.slice(0, 12)),
        ]),
        'Newest first',
      ),
      cursor ? older : null,
    );
  };
  form.addEventListener(
    'submit',
    action(out, () => load(false)),
  );
  clear(
    main,
    heading(
      'Audit trail',
      'Every change by staff, the admin token or the CLI. `reelforge audit verify` checks the hash chain.',
    ),
    out.element,
    form,
    results,
  );
  await load(false);
}
