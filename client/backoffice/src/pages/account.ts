// My account: change the password; set up the TOTP second factor.
import { json, session } from '../api.ts';
import { h } from '../dom.ts';
import { action, clear, field, heading, input, notice, shownOnce } from '../ui.ts';

export async function accountPage(main: HTMLElement): Promise<void> {
  const out = notice();
  const staff = session.staff;
  const current = input('current', { type: 'password', autocomplete: 'current-password', required: true });
  const next = input('next', {
    type: 'password',
    autocomplete: 'new-password',
    required: true,
    minlength: 12,
  });
  const password = h(
    'form',
    { class: 'grid-form', 'aria-labelledby': 'pw-title' },
    field('Current password', current),
    field(
      'New password',
      next,
      'At least 12 characters and hard to guess: several uncommon words work well. If it is refused, the notice says why.',
    ),
    h('button', { type: 'submit' }, 'Change password'),
  );
  password.addEventListener(
    'submit',
    action(out, async () => {
      await json('POST', '/api/admin/v1/auth/password', { current: current.value, next: next.value });
      password.reset();
      out.ok('Password changed.');
    }),
  );
  const totpArea = h('div');
  const setup = h('button', { type: 'button' }, 'Set up an authenticator app');
  setup.addEventListener(
    'click',
    action(out, async () => {
      const answer = await json<{ secret: string; otpauth_url: string }>(
        'POST',
        '/api/admin/v1/auth/totp/setup',
      );
      const code = input('code', {
        inputmode: 'numeric',
        pattern: '[0-9]{6}',
        maxlength: 6,
        autocomplete: 'one-time-code',
        required: true,
      });
      const enable = h(
        'form',
        { class: 'inline-form', 'aria-label': 'Turn on the second factor' },
        field('Code from the app', code),
        h('button', { type: 'submit' }, 'Turn on'),
      );
      enable.addEventListener(
        'submit',
        action(out, async () => {
          await json('POST', '/api/admin/v1/auth/totp/enable', { code: code.value.trim() });
          if (session.staff) session.staff.totp_enabled = true;
          clear(totpArea, h('p', null, 'The second factor is on: sign-in asks for a code.'));
          out.ok('Second factor turned on.');
        }),
      );
      clear(
        totpArea,
        shownOnce('Secret for your authenticator app', answer.secret),
        h('p', { class: 'meta' }, 'Or add it with this link: ', h('code', null, answer.otpauth_url)),
        enable,
      );
    }),
  );
  clear(
    main,
    heading('My account', `${staff?.email} · ${staff?.role}`),
    out.element,
    h(
      'section',
      { class: 'panel', 'aria-labelledby': 'pw-title' },
      h('h2', { id: 'pw-title' }, 'Password'),
      password,
    ),
    h(
      'section',
      { class: 'panel', 'aria-labelledby': 'totp-title' },
      h('h2', { id: 'totp-title' }, 'Second factor'),
      staff?.totp_enabled ? h('p', null, 'The second factor is on.') : [setup, totpArea],
    ),
  );
}
