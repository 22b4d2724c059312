// Sign-in: e-mail and password, then a TOTP code when the account asks for one.
import { HttpError, json, type SignedIn } from '../api.ts';
import { clear, field, h } from '../dom.ts';

export function signInPage(
  root: HTMLElement,
  message: string | undefined,
  done: (answer: SignedIn) => void,
): void {
  const email = h('input', { name: 'email', type: 'email', autocomplete: 'username', required: true });
  const password = h('input', {
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
  });
  const totp = h('input', {
    name: 'totp',
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    pattern: '[0-9]{6}',
    maxlength: 6,
  });
  const totpField = field('Authenticator code', totp, 'The 6-digit code from your authenticator app.');
  totpField.hidden = true;
  const status = h('p', { class: 'notice ok', role: 'status', 'aria-live': 'polite' }, message ?? '');
  const alert = h('p', { class: 'notice error', role: 'alert' });
  const submit = h('button', { type: 'submit' }, 'Sign in');
  const form = h(
    'form',
    { class: 'sign-in', 'aria-labelledby': 'sign-in-title' },
    field('E-mail', email),
    field('Password', password),
    totpField,
    submit,
    status,
    alert,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    submit.disabled = true;
    alert.textContent = '';
    status.textContent = 'Signing in…';
    try {
      const body: Record<string, string> = { email: email.value.trim(), password: password.value };
      if (!totpField.hidden && totp.value.trim()) body.totp = totp.value.trim();
      const answer = await json<SignedIn>('POST', '/api/admin/v1/auth/sign-in', body);
      status.textContent = '';
      done(answer);
    } catch (error) {
      status.textContent = '';
      if (error instanceof HttpError && error.code === 'totp_required') {
        totpField.hidden = false;
        status.textContent = 'Enter the code from your authenticator app.';
        totp.focus();
      } else if (error instanceof HttpError && error.code === 'locked') {
        const seconds = Number(error.body.retry_after_seconds ?? 0);
        alert.textContent = `Too many attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`;
      } else if (error instanceof HttpError && error.code === 'invalid_credentials') {
        alert.textContent = totpField.hidden
          ? 'The e-mail or password is not right.'
          : 'The e-mail, password or code is not right.';
      } else {
        alert.textContent = error instanceof HttpError ? `${error.detail} (${error.status})` : String(error);
      }
    } finally {
      submit.disabled = false;
    }
  });
  clear(
    root,
    h(
      'main',
      { class: 'sign-in-page' },
      h('h1', { id: 'sign-in-title' }, 'Reelforge back office'),
      h('p', { class: 'intro' }, 'Staff sign-in'),
      form,
    ),
  );
  email.focus();
}
