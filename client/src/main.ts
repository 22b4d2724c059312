// Game page entry: takes the session token out of the address bar first, themes the loader, loads
// the player's message catalog (the launch URL's `lang`), then the game (Pixi and the controller, a
// separate chunk) while the progress bar fills.
import './styles/game.css';
import './styles/layout.css';
import { t, useLanguage } from './i18n/i18n.ts';
import { applyIdentity } from './identity/identity.ts';
import { dressSplash } from './identity/splash.ts';
import { takeToken, tokenStorageKey } from './logic/token.ts';

interface ShellData {
  symbol: string;
  /** The game's slug: its skin, typeface and frame (absent from a server before issue 26). */
  slug?: string;
  title: string;
  tagline: string;
  palette: { background: string; accent: string; text: string };
}

const taken = takeToken(window.location.href);
if (taken.token) window.history.replaceState(null, '', taken.cleanUrl);

const shell = JSON.parse(document.getElementById('rf-shell')?.textContent ?? '{}') as ShellData;
const storageKey = tokenStorageKey(shell.symbol);
let token = taken.token;
try {
  if (token) sessionStorage.setItem(storageKey, token);
  else token = sessionStorage.getItem(storageKey);
} catch {
  // storage disabled: the token lives in memory only and a reload needs a new launch
}

const rootStyle = document.documentElement.style;
rootStyle.setProperty('--bg', shell.palette.background);
rootStyle.setProperty('--accent', shell.palette.accent);
rootStyle.setProperty('--text', shell.palette.text);
applyIdentity(document.documentElement, shell.slug ?? '');

const app = document.getElementById('app') as HTMLElement;
const bar = document.getElementById('loader-bar');
const loader = document.getElementById('loader');
if (loader) dressSplash(loader, shell);
const progress = (percent: number) => {
  loader?.setAttribute('aria-valuenow', String(percent));
  bar?.style.setProperty('width', `${percent}%`);
  // The game is drawn: the splash fades out over it (at once where motion is reduced).
  if (percent >= 100 && loader?.isConnected) {
    loader.classList.add('done');
    const quick = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    setTimeout(() => loader.remove(), quick ? 0 : 400);
  }
};

function fatal(title: string, text: string): void {
  loader?.remove();
  app.dataset.state = 'ended';
  const box = document.createElement('div');
  box.className = 'fatal';
  box.setAttribute('role', 'alert');
  const heading = document.createElement('h1');
  heading.textContent = title;
  const body = document.createElement('p');
  body.textContent = text;
  box.append(heading, body);
  app.replaceChildren(box);
}

const query = new URLSearchParams(window.location.search);
const device = query.get('device') === 'mobile' ? 'mobile' : 'desktop';

async function boot(): Promise<void> {
  await useLanguage(query.get('lang'));
  loader?.setAttribute('aria-label', t('app.loading_game'));
  const title = loader?.querySelector('.loader-title');
  if (title) title.textContent = t('app.loading');
  progress(15);
  if (!token) {
    fatal(t('app.no_session.title'), t('app.no_session.text'));
    return;
  }
  const { startGame } = await import('./game.ts');
  progress(40);
  const { RuntimeFailure } = await import('./api/runtime.ts');
  const { loadMessageFor } = await import('./logic/messages.ts');
  try {
    await startGame({ root: app, shell, token, device, progress });
    progress(100);
  } catch (error) {
    if (error instanceof RuntimeFailure) {
      const message = loadMessageFor(error.failure);
      fatal(message.title, message.text);
    } else {
      fatal(t('app.failed.title'), t('app.failed.text'));
      throw error;
    }
  }
}

void boot();
