// Game page entry: takes the session token out of the address bar first, themes the loader, then
// loads the game (Pixi and the controller, a separate chunk) while the progress bar fills.
import './styles/game.css';
import { takeToken, tokenStorageKey } from './logic/token.ts';

interface ShellData {
  symbol: string;
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

const app = document.getElementById('app') as HTMLElement;
const bar = document.getElementById('loader-bar');
const loader = document.getElementById('loader');
const progress = (percent: number) => {
  loader?.setAttribute('aria-valuenow', String(percent));
  bar?.style.setProperty('width', `${percent}%`);
};

function fatal(title: string, text: string): void {
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

const device = new URLSearchParams(window.location.search).get('device') === 'mobile' ? 'mobile' : 'desktop';

async function boot(): Promise<void> {
  progress(15);
  if (!token) {
    fatal('No game session', 'Open the game from the casino lobby to start a session.');
    return;
  }
  const { startGame } = await import('./game.ts');
  progress(40);
  const { RuntimeFailure } = await import('./api/runtime.ts');
  const { messageFor } = await import('./logic/messages.ts');
  try {
    await startGame({ root: app, shell, token, device, progress });
    loader?.remove();
  } catch (error) {
    if (error instanceof RuntimeFailure) {
      const message = messageFor(error.failure);
      fatal(message.title, message.text);
    } else {
      fatal('The game could not start', 'Please reload the page. If it happens again, contact the casino.');
      throw error;
    }
  }
}

void boot();
