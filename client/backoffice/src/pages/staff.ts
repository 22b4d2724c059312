// Staff accounts (admin): list, create, change role, disable or enable.
import type { StaffView } from '../../../../src/services/staff.ts';
import { get, json, type Role, session } from '../api.ts';
import { formatTime, h, table } from '../dom.ts';
import { action, badge, clear, field, heading, input, notice, select } from '../ui.ts';

/** What each role is for, in the console's words; which roles there are, and their order, is the server's. */
const ROLE_WORDS: Record<Role, string> = {
  admin: 'Admin: everything',
  support: 'Support: rounds, replay, wallet queue',
  finance: 'Finance: reports, read elsewhere',
  viewer: 'Viewer: read only',
};

const roleOptions = (): Array<[Role, string]> => session.roles.map(({ role }) => [role, ROLE_WORDS[role]]);

export async function staffPage(main: HTMLElement): Promise<void> {
  const out = notice();
  const list = h('div');
  const load = async () => {
    const { staff } = await get<{ staff: StaffView[] }>('/api/admin/v1/staff');
    clear(
      list,
      table(
        ['E-mail', 'Role', 'Second factor', 'State', 'Created', 'Change'],
        staff.map((member) => {
          const self = member.id === session.staff?.id;
          const role = select('role', roleOptions(), member.role);
          role.setAttribute('aria-label', `Role of ${member.email}`);
          const saveRole = h('button', { type: 'button', class: 'secondary', disabled: self }, 'Set role');
          saveRole.addEventListener(
            'click',
            action(out, async () => {
              const answer = await json<{ approval?: unknown }>(
                'PATCH',
                `/api/admin/v1/staff/${encodeURIComponent(member.id)}`,
                { role: role.value },
              );
              await load();
              out.ok(
                answer.approval
                  ? `Making ${member.email} an admin waits for another admin's approval (Approvals).`
                  : `${member.email} is ${role.value} now.`,
              );
            }),
          );
          const toggle = h(
            'button',
            { type: 'button', class: member.disabled ? '' : 'danger', disabled: self },
            member.disabled ? 'Enable' : 'Disable',
          );
          toggle.addEventListener(
            'click',
            action(out, async () => {
              const answer = await json<{ approval?: unknown }>(
                'PATCH',
                `/api/admin/v1/staff/${encodeURIComponent(member.id)}`,
                { disabled: !member.disabled },
              );
              await load();
              out.ok(
                answer.approval
                  ? `Enabling the admin ${member.email} waits for another admin's approval (Approvals).`
                  : `${member.email} ${member.disabled ? 'enabled' : 'disabled'}.`,
              );
            }),
          );
          if (self) role.disabled = true;
          return [
            member.email,
            member.role,
            member.totp_enabled ? 'TOTP' : 'none',
            badge(member.disabled ? 'disabled' : 'active', member.disabled ? 'off' : 'ok'),
            formatTime(member.created_at),
            self
              ? h('span', { class: 'note' }, 'You')
              : h('div', { class: 'row-actions' }, role, saveRole, toggle),
          ];
        }),
      ),
    );
  };
  const email = input('email', { type: 'email', required: true, autocomplete: 'off' });
  const password = input('password', {
    type: 'password',
    required: true,
    minlength: 12,
    autocomplete: 'new-password',
  });
  const role = select('role', roleOptions(), 'viewer');
  const form = h(
    'form',
    { class: 'grid-form', 'aria-label': 'New staff account' },
    field('E-mail', email),
    field('Role', role),
    field(
      'First password',
      password,
      'At least 12 characters and hard to guess (no common words with digits, names or the address). They should change it after signing in.',
    ),
    h('button', { type: 'submit' }, 'Create account'),
  );
  form.addEventListener(
    'submit',
    action(out, async () => {
      const answer = await json<{ approval?: unknown }>('POST', '/api/admin/v1/staff', {
        email: email.value.trim(),
        role: role.value,
        password: password.value,
      });
      const created = email.value.trim();
      form.reset();
      await load();
      // A refused password comes back as a 400 whose detail says why: the notice shows it.
      out.ok(
        answer.approval
          ? `Account ${created} created disabled: another admin (one from before this request) must approve it in Approvals.`
          : `Account ${created} created.`,
      );
    }),
  );
  clear(
    main,
    heading('Staff', 'Who may sign in to the back office, and with which role.'),
    out.element,
    h('details', { class: 'panel' }, h('summary', null, 'New staff account'), form),
    list,
  );
  await load();
}
