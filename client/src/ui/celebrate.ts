// Full-stage screens over the reels: the big-win celebration (the amount counted up, its title
// rising through BIG, MEGA and EPIC as the count passes each threshold, the win meter counting with
// it; smaller wins stay on the reels; the free-spins intro and outro are staged in
// feature-screens.ts; a jackpot win after it, by celebrateJackpot). It can be skipped with a tap, a click or any key: the first skip jumps to the
// end, the next closes. The overlay carries data-screen and data-tier for tests and tools.
import { t } from '../i18n/i18n.ts';
import { type ScreenTier, TIER_FROM } from '../logic/presentation.ts';
import { motion } from '../scene/tween.ts';
import { h } from './dom.ts';

type Tier = ScreenTier;
const ORDER: Tier[] = ['big', 'mega', 'epic'];
const TITLE = { big: 'tier.big', mega: 'tier.mega', epic: 'tier.epic' } as const;
/** Count-up length by the tier reached: a bigger win is celebrated longer. */
const COUNT_MS: Record<Tier, number> = { big: 2600, mega: 3800, epic: 5200 };
const HOLD_MS = 1200;

/** Resolves on the first tap, click or key press on the page, or when `ms` have passed. */
function skippable(
  overlay: HTMLElement,
  ms: number,
  /** Reduced motion shortens what is only motion; a screen to be read keeps its time. */
  shortenWhenReduced = true,
): { done: Promise<'skipped' | 'time'>; cancel: () => void } {
  let cancel = () => {};
  const done = new Promise<'skipped' | 'time'>((resolve) => {
    const finish = (how: 'skipped' | 'time') => {
      clearTimeout(timer);
      overlay.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey, true);
      resolve(how);
    };
    const onPointer = (event: Event) => {
      event.preventDefault();
      finish('skipped');
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab' || event.key === 'Shift') return; // moving focus is not a skip
      event.preventDefault();
      event.stopPropagation();
      finish('skipped');
    };
    const timer = setTimeout(
      () => finish('time'),
      motion.reduced && shortenWhenReduced ? Math.min(ms, 400) : ms / motion.speed,
    );
    overlay.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey, true);
    cancel = () => finish('time');
  });
  return { done, cancel };
}

function coins(count: number): HTMLElement {
  const layer = h('div', { class: 'coins', 'aria-hidden': 'true' });
  for (let i = 0; i < count; i++) {
    const coin = h('span', { class: 'coin' });
    // Spread evenly with a little jitter from the index, so every celebration looks the same.
    coin.style.setProperty('--x', `${((i * 37) % 100) + ((i * 13) % 7) - 3}%`);
    coin.style.setProperty('--d', `${((i * 53) % 17) / 10}s`);
    coin.style.setProperty('--s', `${0.7 + ((i * 29) % 6) / 10}`);
    layer.append(coin);
  }
  return layer;
}

function show(overlay: HTMLElement, screen: string, ...children: Array<Node | string>): void {
  overlay.replaceChildren(h('div', { class: 'rays', 'aria-hidden': 'true' }), ...children);
  overlay.dataset.screen = screen;
  overlay.hidden = false;
}

function hide(overlay: HTMLElement): void {
  overlay.hidden = true;
  overlay.replaceChildren();
  delete overlay.dataset.screen;
  delete overlay.dataset.tier;
  delete overlay.dataset.tone;
}

/** The tier a count has reached, by the multiple of the stake (it starts as a big win). */
function reached(amount: bigint, stake: bigint): Tier {
  let tier: Tier = 'big';
  for (const candidate of ORDER) if (amount >= stake * TIER_FROM[candidate]) tier = candidate;
  return tier;
}

export interface Celebration {
  amount: bigint;
  stake: bigint;
  tier: Tier;
  money: (minor: bigint) => string;
  /** Read out once, with the final amount. */
  announce: (text: string) => void;
  /** Each time the count passes into a bigger tier (for sound). */
  onTier?: (tier: Tier) => void;
  /** Each amount the count shows, the final one last (the win meter counts with it). */
  onCount?: (minor: bigint) => void;
}

/** Counts a win up over the reels; resolves when it was shown or skipped. */
export async function celebrateWin(overlay: HTMLElement, c: Celebration): Promise<void> {
  const title = h('strong', { class: 'tier-title' });
  const amount = h('output', { class: 'tier-amount', 'data-testid': 'tier-amount' });
  const hint = h('small', { class: 'skip-hint' }, t('tier.skip'));
  show(overlay, 'win', coins(18), h('div', { class: 'tier-box' }, title, amount, hint));
  let shownTier: Tier | null = null;
  const render = (minor: bigint) => {
    const tier = reached(minor, c.stake);
    if (tier !== shownTier) {
      shownTier = tier;
      overlay.dataset.tier = tier;
      title.textContent = t(TITLE[tier]);
      title.classList.remove('bump');
      void title.offsetWidth; // restart the bump animation
      title.classList.add('bump');
      c.onTier?.(tier);
    }
    amount.textContent = c.money(minor);
    c.onCount?.(minor);
  };
  render(0n);
  c.announce(t('tier.announce', { tier: t(TITLE[c.tier]), amount: c.money(c.amount) }));
  const duration = motion.reduced ? 0 : COUNT_MS[c.tier] / motion.speed;
  const counting = skippable(overlay, duration + HOLD_MS);
  let running = duration > 0;
  const start = performance.now();
  const frame = (now: number) => {
    if (!running) return;
    const p = Math.min(1, (now - start) / duration);
    // Ease out: fast at first, slowing to the final amount.
    const eased = 1 - (1 - p) ** 2.2;
    render((c.amount * BigInt(Math.round(eased * 10_000))) / 10_000n);
    if (p < 1) requestAnimationFrame(frame);
    else running = false;
  };
  if (running) requestAnimationFrame(frame);
  else render(c.amount);
  const how = await counting.done;
  running = false;
  render(c.amount);
  if (how === 'skipped') {
    // The full amount stays a moment; a second tap or key closes it at once.
    hint.remove();
    await skippable(overlay, 700).done;
  }
  hide(overlay);
}

/** How long a jackpot win stays when the player does not close it (read at any motion setting). */
const JACKPOT_MS = 8_000;

export interface JackpotCelebration {
  /** The tier's name as the player reads it. */
  tier: string;
  /** Its colour on the meters (grand, major, minor, mini), or null. */
  tone: string | null;
  /** The amount won, in the player's money. */
  amount: string;
}

/**
 * A jackpot win over the reels, after the round's own win: the tier and the amount, read out at
 * once (role alert); closed by a tap, a click or any key, or by itself after a few seconds.
 */
export async function celebrateJackpot(overlay: HTMLElement, c: JackpotCelebration): Promise<void> {
  show(
    overlay,
    'jackpot',
    coins(28),
    h(
      'div',
      { class: 'tier-box jackpot-box', 'aria-hidden': 'true' },
      h('span', { class: 'jackpot-tier', 'data-testid': 'jackpot-won-tier' }, c.tier),
      h('strong', { class: 'tier-title jackpot-title' }, t('jackpot.title')),
      h('output', { class: 'tier-amount', 'data-testid': 'jackpot-amount' }, c.amount),
      h('small', { class: 'skip-hint' }, t('jackpot.continue')),
    ),
    h('p', { class: 'sr-only', role: 'alert' }, t('jackpot.won', { tier: c.tier, amount: c.amount })),
  );
  if (c.tone) overlay.dataset.tone = c.tone;
  await skippable(overlay, JACKPOT_MS, false).done;
  hide(overlay);
}
