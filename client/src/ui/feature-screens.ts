// The free-spins intro and outro as staged screens over the reels, in front of the feature's own
// backdrop: the feature's name in lettering, the spins awarded on a medallion (and the expanding
// symbol), a Start button that waits for the player; the outro the feature's total with the spins it
// took. The intro starts by itself after a while (autoplay and an idle player are not held forever);
// a retrigger is a short pop-up that closes by itself. The overlay carries data-screen for tests.
import { t } from '../i18n/i18n.ts';
import { motion } from '../scene/tween.ts';
import { h } from './dom.ts';

/** An intro nobody answers starts by itself after this long. */
const INTRO_WAIT_MS = 12_000;
const OUTRO_MS = 6_000;
const RETRIGGER_MS = 1_800;

/** Resolves on the button, a tap on the screen, Enter, Space or Escape, or when `ms` have passed. */
function untilPressed(overlay: HTMLElement, button: HTMLButtonElement | null, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      overlay.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey, true);
      resolve();
    };
    const onPointer = (event: Event) => {
      event.preventDefault();
      finish();
    };
    const onKey = (event: KeyboardEvent) => {
      // A key held since the spin (its auto-repeat) is not an answer.
      if (event.repeat || !['Enter', ' ', 'Escape'].includes(event.key)) return;
      event.preventDefault();
      event.stopPropagation();
      finish();
    };
    const timer = setTimeout(finish, motion.reduced ? ms : ms / motion.speed);
    overlay.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey, true);
    button?.addEventListener('click', finish);
  });
}

function stage(
  overlay: HTMLElement,
  screen: string,
  scenery: string,
  ...children: Array<Node | string>
): void {
  const picture = h('div', { class: 'stage-scenery', 'aria-hidden': 'true' });
  picture.innerHTML = scenery; // the feature's own constant drawing (feature-backdrops.ts)
  overlay.replaceChildren(
    picture,
    h('div', { class: 'rays', 'aria-hidden': 'true' }),
    h('div', { class: 'feature-stage' }, ...children),
  );
  overlay.dataset.screen = screen;
  overlay.classList.add('staged');
  overlay.hidden = false;
}

function close(overlay: HTMLElement, returnFocus: Element | null): void {
  overlay.hidden = true;
  overlay.classList.remove('staged');
  overlay.replaceChildren();
  delete overlay.dataset.screen;
  if (returnFocus instanceof HTMLElement) returnFocus.focus({ preventScroll: true });
}

export interface IntroFacts {
  awarded: number;
  retrigger: boolean;
  /** The expanding symbol's name in the player's language, if the feature has one. */
  expanding: string | null;
  /** The expanding symbol's picture, if any. */
  expandingIcon?: string;
  announce: (text: string) => void;
  /** The feature's backdrop drawing (SVG markup), staged behind the screen. */
  scenery: string;
}

/** The free-spins intro (or a retrigger's "+n"): resolves when the player starts the feature. */
export async function freeSpinsIntro(overlay: HTMLElement, facts: IntroFacts): Promise<void> {
  const line = facts.retrigger
    ? t('fs.more', { count: facts.awarded })
    : t('fs.awarded', { count: facts.awarded });
  const before = document.activeElement;
  const start = facts.retrigger
    ? null
    : h('button', { type: 'button', class: 'stage-button', 'data-testid': 'fs-start' }, t('fs.start'));
  stage(
    overlay,
    facts.retrigger ? 'free-spins-more' : 'free-spins-intro',
    facts.retrigger ? '' : facts.scenery,
    h('strong', { class: 'stage-title' }, t('fs.title')),
    h('span', { class: 'intro-line' }, line),
    h(
      'span',
      { class: 'medallion', 'aria-hidden': 'true' },
      h('b', { class: 'medallion-count' }, facts.retrigger ? `+${facts.awarded}` : String(facts.awarded)),
    ),
    facts.expanding
      ? h(
          'span',
          { class: 'intro-sub' },
          facts.expandingIcon ? h('img', { src: facts.expandingIcon, alt: '', width: 56, height: 56 }) : '',
          t('fs.expanding', { name: facts.expanding }),
        )
      : '',
    start ?? '',
  );
  facts.announce(`${t('fs.title')}. ${line}`);
  start?.focus({ preventScroll: true });
  await untilPressed(overlay, start, facts.retrigger ? RETRIGGER_MS : INTRO_WAIT_MS);
  close(overlay, facts.retrigger ? null : before);
}

/** The free-spins outro: the whole feature's total and the spins it took; closes on a press. */
export async function freeSpinsOutro(
  overlay: HTMLElement,
  total: string,
  played: number,
  announce: (text: string) => void,
  /** False where the market bans celebrating a total at or below the stake: no shower, no rays. */
  celebrate = true,
  /** The feature's backdrop drawing (SVG markup), staged behind the total. */
  scenery = '',
): Promise<void> {
  const before = document.activeElement;
  const done = h(
    'button',
    { type: 'button', class: 'stage-button', 'data-testid': 'fs-collect' },
    t('fs.continue'),
  );
  stage(
    overlay,
    'free-spins-outro',
    scenery,
    h('strong', { class: 'stage-title small' }, t('fs.complete')),
    h('output', { class: 'tier-amount stage-total', 'data-testid': 'fs-total' }, total),
    played > 0 ? h('span', { class: 'intro-sub' }, t('fs.spins_played', { count: played })) : '',
    done,
  );
  overlay.classList.toggle('quiet', !celebrate);
  announce(`${t('fs.complete')}. ${t('fs.total', { amount: total })}`);
  done.focus({ preventScroll: true });
  await untilPressed(overlay, done, OUTRO_MS);
  overlay.classList.remove('quiet');
  close(overlay, before);
}
