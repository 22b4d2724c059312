// The back office: sign-in, then a shell with the sections the signed-in role may use.
import './backoffice.css';
import {
  can,
  HttpError,
  json,
  onSignedOut,
  type Permission,
  roleFor,
  type SignedIn,
  type Staff,
  session,
  signedIn,
} from './api.ts';
import { clear, h } from './dom.ts';
import { accountPage } from './pages/account.ts';
import { approvalsPage } from './pages/approvals.ts';
import { auditPage } from './pages/audit.ts';
import { campaignsPage } from './pages/campaigns.ts';
import { catalogPage } from './pages/catalog.ts';
import { gamesPage } from './pages/games.ts';
import { jackpotsPage } from './pages/jackpots.ts';
import { keysPage } from './pages/keys.ts';
import { livePage } from './pages/live.ts';
import { operatorsPage } from './pages/operators.ts';
import { reportsPage } from './pages/reports.ts';
import { roundsPage } from './pages/rounds.ts';
import { signInPage } from './pages/sign-in.ts';
import { staffPage } from './pages/staff.ts';
import { walletPage } from './pages/wallet.ts';

export interface Route {
  path: string;
  title: string;
  /** The permission needed to open the page (its actions check their own). */
  permission: Permission;
  render(main: HTMLElement): Promise<(() => void) | undefined> | Promise<void>;
}

const ROUTES: Route[] = [
  { path: 'operators', title: 'Operators', permission: 'read', render: operatorsPage },
  { path: 'keys', title: 'API keys', permission: 'read', render: keysPage },
  { path: 'catalog', title: 'Catalog', permission: 'read', render: catalogPage },
  { path: 'games', title: 'Games', permission: 'read', render: gamesPage },
  { path: 'rounds', title: 'Rounds', permission: 'read', render: roundsPage },
  { path: 'wallet', title: 'Wallet queue', permission: 'read', render: walletPage },
  { path: 'reports', title: 'Reports', permission: 'reports', render: reportsPage },
  { path: 'jackpots', title: 'Jackpots', permission: 'read', render: jackpotsPage },
  { path: 'campaigns', title: 'Tournaments & drops', permission: 'read', render: campaignsPage },
  { path: 'live', title: 'Live', permission: 'read', render: livePage },
  { path: 'audit', title: 'Audit trail', permission: 'read', render: auditPage },
  { path: 'approvals', title: 'Approvals', permission: 'read', render: approvalsPage },
  { path: 'staff', title: 'Staff', permission: 'admin', render: staffPage },
  { path: 'account', title: 'My account', permission: 'read', render: accountPage },
];

const app = document.getElementById('app') as HTMLElement;
let leave: (() => void) | undefined;
/**
 * The navigation ticket: bumped by every visit (and by signing out). A page whose render finishes
 * after the ticket moved on is stale: its cleanup runs at once and it touches nothing else.
 */
let visit = 0;

function currentPath(): string {
  return location.hash.replace(/^#\/?/, '').split('?')[0] || 'operators';
}

async function signOut(): Promise<void> {
  try {
    await json('POST', '/api/admin/v1/auth/sign-out');
  } catch {
    // already gone: show the sign-in page anyway
  }
  session.staff = null;
  session.csrf = '';
  showSignIn('You are signed out.');
}

function showSignIn(message?: string): void {
  visit++;
  leave?.();
  leave = undefined;
  app.dataset.state = 'signed-out';
  clear(app);
  signInPage(app, message, (answer) => {
    signedIn(answer);
    showShell();
  });
}

function showShell(): void {
  const staff = session.staff as Staff;
  const nav = h(
    'nav',
    { 'aria-label': 'Sections', class: 'sections' },
    h(
      'ul',
      null,
      ROUTES.filter((route) => route.path !== 'account' && can(route.permission)).map((route) =>
        h('li', null, h('a', { href: `#/${route.path}`, 'data-path': route.path }, route.title)),
      ),
    ),
  );
  const signOutButton = h('button', { type: 'button', class: 'secondary' }, 'Sign out');
  signOutButton.addEventListener('click', () => void signOut());
  const main = h('main', { id: 'main', tabindex: -1 });
  clear(
    app,
    h('a', { class: 'skip', href: '#main' }, 'Skip to content'),
    h(
      'header',
      { class: 'top' },
      h('p', { class: 'brand' }, 'Reelforge ', h('span', null, 'back office')),
      h(
        'div',
        { class: 'who' },
        h('a', { href: '#/account' }, staff.email),
        ' ',
        h('span', { class: 'role', 'data-testid': 'role' }, staff.role),
        ' ',
        signOutButton,
      ),
    ),
    h('div', { class: 'layout' }, nav, main),
  );
  // The skip link moves focus without changing the route.
  app.querySelector('.skip')?.addEventListener('click', (event) => {
    event.preventDefault();
    // Each visit draws into its own <main> (see route), so look up the current one.
    document.getElementById('main')?.focus();
  });
  app.dataset.state = 'ready';
  void route(false);
}

/**
 * On a phone's width the sections are one line that scrolls sideways (backoffice.css, the same
 * 800 px): the open page's link is brought into view when the page opens and when the screen
 * narrows to that width (a rotation, a resize).
 */
const NARROW = window.matchMedia('(max-width: 800px)');
function currentLinkInView(): void {
  if (!NARROW.matches) return;
  document
    .querySelector<HTMLAnchorElement>('nav.sections a[aria-current="page"]')
    ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}
NARROW.addEventListener('change', currentLinkInView);

async function route(focus = true): Promise<void> {
  if (!session.staff) return;
  const previous = document.getElementById('main');
  if (!previous) return;
  const ticket = ++visit;
  leave?.();
  leave = undefined;
  // A fresh <main> for every visit: a page still loading from an earlier visit keeps drawing into
  // its own, now detached, element and can never clear this one.
  const main = h('main', { id: 'main', tabindex: -1 });
  previous.replaceWith(main);
  const path = currentPath();
  const found = ROUTES.find((r) => r.path === path) ?? (ROUTES[0] as Route);
  for (const link of document.querySelectorAll<HTMLAnchorElement>('nav a')) {
    if (link.dataset.path === found.path) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  currentLinkInView();
  document.title = `${found.title} · Reelforge back office`;
  main.dataset.page = found.path;
  main.dataset.state = 'loading';
  clear(main, h('p', null, 'Loading…'));
  if (!can(found.permission)) {
    clear(
      main,
      h('h1', { tabindex: -1 }, found.title),
      h(
        'p',
        { class: 'notice error', role: 'alert' },
        `This page needs the ${roleFor(found.permission)} role; you are signed in as ${session.staff.role}.`,
      ),
    );
    main.dataset.state = 'denied';
  } else {
    try {
      clear(main);
      const cleanup = await found.render(main);
      if (ticket !== visit) {
        // The user moved on while this page loaded: stop it (e.g. Live's polling) and leave.
        if (typeof cleanup === 'function') cleanup();
        return;
      }
      if (typeof cleanup === 'function') leave = cleanup;
      main.dataset.state = 'ready';
    } catch (error) {
      if (ticket !== visit) return;
      const text =
        error instanceof HttpError && error.status === 403
          ? `Not allowed for your role (${session.staff?.role}): ${error.detail}`
          : `This page could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
      clear(
        main,
        h('h1', { tabindex: -1 }, found.title),
        h('p', { class: 'notice error', role: 'alert' }, text),
      );
      main.dataset.state = error instanceof HttpError && error.status === 403 ? 'denied' : 'error';
    }
  }
  if (focus) main.querySelector<HTMLElement>('h1')?.focus();
}

window.addEventListener('hashchange', () => void route());
onSignedOut((reason) =>
  showSignIn(reason === 'expired' ? 'Your session expired. Sign in again.' : 'You were signed out.'),
);

async function start(): Promise<void> {
  try {
    signedIn(await json<SignedIn>('GET', '/api/admin/v1/auth/me'));
    showShell();
  } catch {
    showSignIn();
  }
}

void start();
