// The game's DOM around the reels: balance, win, bet, Spin and the feature and menu buttons,
// laid out by CSS for desktop/mobile and portrait/landscape.
import { t } from '../i18n/i18n.ts';
import { h } from './dom.ts';

export interface HudOptions {
  title: string;
  /** The game's emblem (its scatter or wild drawn by the reels' renderer), as an image URL, or ''. */
  emblem: string;
  device: 'desktop' | 'mobile';
  hasLobby: boolean;
  hasSpecial: boolean;
  hasBuy: boolean;
  muted: boolean;
  /** Controls the market allows (all true under the default profile). */
  autoplay?: boolean;
  speeds?: number;
  fullscreen?: boolean;
  /** What the market requires on screen: the session clock and the net position. */
  showSessionTime?: boolean;
  showNetPosition?: boolean;
}

/** Spin speeds the turbo button steps through: normal, turbo, super turbo. */
export const SPEEDS = [1, 2, 4] as const;
const SPEED_NAMES = ['speed.normal', 'speed.turbo', 'speed.super'] as const;

/**
 * A button's accessible name: what it does, led by its visible text where that text is not already
 * in it, so a speech user can say what they see ("TURBO, Spin speed: normal").
 */
export function nameWithText(label: string, text: string): string {
  const plain = (value: string) =>
    value
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  // An icon ("+", "i", "☰") is not a word a speech user would say: the label alone names it.
  if ([...plain(text)].length <= 1) return label;
  // Whole words: "Autoplay" does not name a button that reads AUTO.
  return ` ${plain(label)} `.includes(` ${plain(text)} `) ? label : `${text}, ${label}`;
}

export class Hud {
  readonly root: HTMLElement;
  readonly stage: HTMLElement;
  readonly spin: HTMLButtonElement;
  readonly betUp: HTMLButtonElement;
  readonly betDown: HTMLButtonElement;
  readonly betSettings: HTMLButtonElement;
  readonly special: HTMLButtonElement | null;
  readonly buy: HTMLButtonElement | null;
  readonly paytable: HTMLButtonElement;
  readonly history: HTMLButtonElement;
  readonly lobby: HTMLButtonElement | null;
  readonly mute: HTMLButtonElement;
  /** Autoplay (its settings, or Stop while it runs); null where the market bans it. */
  readonly auto: HTMLButtonElement | null;
  /** Turbo: steps through the allowed speeds; null where the market bans turbo. */
  readonly speed: HTMLButtonElement | null;
  readonly fullscreen: HTMLButtonElement | null;
  private readonly cycleWait: HTMLElement;
  private readonly noticeBox: HTMLElement;
  private noticeTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly sessionTime: HTMLOutputElement | null;
  private readonly netPosition: HTMLOutputElement | null;
  private readonly speeds: number;
  private speedIndex = 0;
  private waitUntil = 0;
  private waitTimer: ReturnType<typeof setInterval> | null = null;
  private autoRunning = false;
  private slammable = false;
  private readonly balance: HTMLOutputElement;
  private readonly win: HTMLOutputElement;
  private readonly winLabel: HTMLElement;
  private readonly totalBet: HTMLOutputElement;
  private readonly betDetail: HTMLElement;
  /** RTP and maximum win beside the stake, where the market requires them there. */
  private readonly betFacts: HTMLElement;
  private readonly freeSpins: HTMLElement;
  private readonly bannerBox: HTMLElement;
  private readonly live: HTMLElement;
  /** Full-stage screens: win celebrations and the free-spins intro and outro. */
  readonly overlay: HTMLElement;
  /** The jackpot meters' bar above the reels (filled by game/jackpot-meters.ts; hidden without jackpots). */
  readonly jackpots: HTMLElement;
  private readonly keysHint: HTMLElement;
  private readonly logo: HTMLElement;
  private busy = false;
  private locked = false;

  constructor(host: HTMLElement, options: HudOptions) {
    this.root = host;
    const button = (label: string, text: string, extra: Record<string, string> = {}) =>
      h('button', { type: 'button', 'aria-label': nameWithText(label, text), title: label, ...extra }, text);
    this.lobby = options.hasLobby ? button(t('hud.lobby'), t('hud.lobby_button'), { class: 'lobby' }) : null;
    this.paytable = button(t('hud.paytable'), 'i', { class: 'round' });
    this.history = button(t('hud.history'), '☰', { class: 'round' });
    this.mute = button(t('hud.mute'), '♪', {
      class: 'round',
      'aria-pressed': String(options.muted),
    });
    this.spin = button(t('hud.spin'), t('hud.spin_button'), { class: 'spin', 'aria-keyshortcuts': 'Space' });
    this.betDown = button(t('hud.bet_down'), '−', { class: 'round bet-step' });
    this.betUp = button(t('hud.bet_up'), '+', { class: 'round bet-step' });
    this.special = options.hasSpecial
      ? button(t('hud.special'), t('hud.special_button'), { class: 'toggle', 'aria-pressed': 'false' })
      : null;
    this.buy = options.hasBuy ? button(t('hud.buy'), t('hud.buy_button'), { class: 'buy' }) : null;
    this.auto = options.autoplay
      ? button(t('autoplay.open'), t('autoplay.button'), {
          class: 'auto',
          'data-testid': 'autoplay',
          'aria-haspopup': 'dialog',
        })
      : null;
    this.speeds = Math.min(options.speeds ?? 1, SPEEDS.length);
    this.speed =
      this.speeds > 1
        ? button(t('speed.label', { speed: t('speed.normal') }), t('speed.button'), {
            class: 'toggle speed',
            'data-testid': 'turbo',
            'data-speed': '1',
            'aria-pressed': 'false',
          })
        : null;
    this.fullscreen = options.fullscreen
      ? h(
          'button',
          {
            type: 'button',
            class: 'round',
            'aria-label': t('hud.fullscreen'),
            title: t('hud.fullscreen'),
            'data-testid': 'fullscreen',
            'aria-pressed': 'false',
          },
          h('span', { class: 'fs-icon', 'aria-hidden': 'true' }),
        )
      : null;
    // The countdown shows on the Spin button itself; the full sentence is for screen readers.
    this.cycleWait = h('small', { class: 'sr-only', 'data-testid': 'cycle-wait', role: 'timer' });
    this.noticeBox = h('p', { class: 'notice', role: 'status', 'data-testid': 'notice', hidden: true });
    this.sessionTime = options.showSessionTime ? h('output', { 'data-testid': 'session-time' }) : null;
    this.netPosition = options.showNetPosition ? h('output', { 'data-testid': 'net-position' }) : null;
    const strip =
      this.sessionTime || this.netPosition
        ? h(
            'div',
            {
              class: 'session-strip',
              role: 'group',
              'aria-label': t('session.group'),
              'data-testid': 'session-strip',
            },
            this.sessionTime
              ? h(
                  'span',
                  { class: 'item' },
                  h('span', { class: 'label' }, t('session.time')),
                  this.sessionTime,
                )
              : '',
            this.netPosition
              ? h(
                  'span',
                  { class: 'item' },
                  h('span', { class: 'label' }, t('session.net')),
                  this.netPosition,
                )
              : '',
          )
        : null;
    // Each meter is named by its visible label, so a screen reader reads "Balance, €1,000.00".
    this.balance = h('output', {
      'data-testid': 'balance',
      'aria-live': 'off',
      'aria-labelledby': 'balance-label',
    });
    this.win = h('output', { 'data-testid': 'last-win', 'aria-labelledby': 'win-label' });
    this.winLabel = h('span', { class: 'label', id: 'win-label' }, t('hud.last_win'));
    this.totalBet = h('output', { 'data-testid': 'total-bet' });
    this.betDetail = h('small', { 'data-testid': 'bet-detail' });
    this.betFacts = h('small', { class: 'bet-facts', 'data-testid': 'bet-facts', hidden: true });
    // Named by what it shows (focusing it reads the stake), then what it opens.
    this.betSettings = h(
      'button',
      {
        type: 'button',
        class: 'bet-box',
        title: t('hud.bet_settings'),
        'aria-haspopup': 'dialog',
        'data-testid': 'bet-box',
      },
      h('span', { class: 'label' }, t('hud.total_bet')),
      this.totalBet,
      this.betDetail,
      this.betFacts,
      h('span', { class: 'sr-only' }, `, ${t('hud.bet_settings')}`),
    );
    this.freeSpins = h('div', { class: 'free-spins', 'data-testid': 'free-spins', hidden: true });
    this.bannerBox = h('div', { class: 'banner', hidden: true, 'aria-hidden': 'true' });
    this.live = h('div', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'announcer' });
    this.stage = h('div', { class: 'stage', 'data-testid': 'stage' });
    this.logo = h(
      'h1',
      { class: 'title logo', 'data-testid': 'logo' },
      h('span', { class: 'logo-text' }, options.title),
    );
    if (options.emblem) this.setEmblem(options.emblem);
    this.overlay = h('div', { class: 'overlay', hidden: true, 'data-testid': 'overlay' });
    this.jackpots = h('section', {
      class: 'jackpots',
      'aria-label': t('jackpot.bar'),
      'data-testid': 'jackpots',
      hidden: true,
    });
    this.keysHint = h('p', { class: 'sr-only', id: 'keys-hint' });
    this.spin.setAttribute('aria-describedby', 'keys-hint');

    host.replaceChildren(
      h(
        'header',
        { class: 'top' },
        this.lobby ?? h('span'),
        this.logo,
        h(
          'nav',
          { class: 'menu', 'aria-label': t('hud.menu') },
          this.paytable,
          this.history,
          this.mute,
          this.fullscreen ?? '',
        ),
      ),
      h(
        'main',
        { class: 'stage-wrap' },
        // Lines about the session (market clock, demo play, free rounds): above the reels, never on them.
        h('div', { class: 'notes', 'data-testid': 'notes' }, strip ?? ''),
        this.jackpots,
        this.stage,
        this.noticeBox,
        this.freeSpins,
        this.bannerBox,
        this.overlay,
      ),
      h(
        'footer',
        { class: 'bar' },
        h(
          'div',
          { class: 'meters' },
          h(
            'div',
            { class: 'meter' },
            h('span', { class: 'label', id: 'balance-label' }, t('hud.balance')),
            this.balance,
          ),
          h('div', { class: 'meter' }, this.winLabel, this.win),
        ),
        h('div', { class: 'bet' }, this.betDown, this.betSettings, this.betUp),
        h(
          'div',
          { class: 'actions' },
          h(
            'div',
            { class: 'options' },
            this.special ?? '',
            this.buy ?? '',
            this.speed ?? '',
            this.auto ?? '',
          ),
          h('div', { class: 'spin-box' }, this.spin, this.cycleWait),
        ),
      ),
      this.live,
      this.keysHint,
    );
    host.classList.add(`device-${options.device}`);
  }

  /** The game's emblem beside its lettered title (an image URL; '' leaves it out). */
  setEmblem(url: string): void {
    this.logo.querySelector('img.emblem')?.remove();
    if (url)
      this.logo.prepend(
        h('img', { class: 'emblem', src: url, alt: '', width: 40, height: 40, draggable: 'false' }),
      );
  }

  /** The keyboard help a screen reader reads with the Spin button. */
  setKeysHint(text: string): void {
    this.keysHint.textContent = text;
  }

  setState(state: 'loading' | 'idle' | 'spinning' | 'presenting' | 'bonus' | 'error' | 'ended'): void {
    this.root.dataset.state = state;
  }

  setBalance(decimal: string, text: string): void {
    this.balance.dataset.amount = decimal;
    this.balance.textContent = text;
  }

  setWin(text: string, decimal: string, label = t('hud.last_win')): void {
    this.win.dataset.amount = decimal;
    this.win.textContent = text;
    this.winLabel.textContent = label;
  }

  setBet(total: string, detail: string, special: boolean): void {
    this.totalBet.textContent = total;
    this.betDetail.textContent = detail;
    this.special?.setAttribute('aria-pressed', String(special));
  }

  /** The RTP and maximum win beside the stake ('' leaves either out; both empty hides the line). */
  setBetFacts(rtp: string, maxWin: string): void {
    const parts = [rtp, maxWin].filter((part) => part !== '');
    this.betFacts.textContent = parts.join(' · ');
    this.betFacts.hidden = parts.length === 0;
  }

  setLimits(canUp: boolean, canDown: boolean): void {
    this.betUp.dataset.limit = String(!canUp);
    this.betDown.dataset.limit = String(!canDown);
    this.refresh();
  }

  /** Busy: a round is on screen, nothing but the menu works. Locked: the session is over. */
  setBusy(busy: boolean): void {
    this.busy = busy;
    this.refresh();
  }

  lock(): void {
    this.locked = true;
    this.refresh();
  }

  setFeatureMode(free: boolean): void {
    this.root.classList.toggle('in-free-spins', free);
    this.refresh();
  }

  private refresh(): void {
    const off = this.busy || this.locked;
    const free = this.root.classList.contains('in-free-spins');
    const waiting = this.waitUntil > Date.now();
    this.spin.disabled = this.locked || (off && !this.slammable) || (!off && waiting) || this.autoRunning;
    if (this.auto) this.auto.disabled = this.locked || (!this.autoRunning && (off || free));
    if (this.speed) this.speed.disabled = this.locked;
    this.betUp.disabled = off || free || this.betUp.dataset.limit === 'true';
    this.betDown.disabled = off || free || this.betDown.dataset.limit === 'true';
    this.betSettings.disabled = off || free;
    if (this.special) this.special.disabled = off || free;
    if (this.buy) this.buy.disabled = off || free;
  }

  /**
   * Quick-stop: while the reels spin, Spin stays pressable and stops them (only where the market
   * allows it).
   */
  setSlammable(on: boolean): void {
    this.slammable = on;
    this.spin.setAttribute('aria-label', on ? t('hud.quick_stop') : t('hud.spin'));
    this.refresh();
  }

  /** Spin waits until `until` (local ms), counting down on the button; 0 clears the wait. */
  waitFor(until: number): void {
    this.waitUntil = until;
    if (this.waitTimer) clearInterval(this.waitTimer);
    this.waitTimer = null;
    const tick = () => {
      const left = this.waitUntil - Date.now();
      if (left <= 0) {
        this.cycleWait.textContent = '';
        this.spin.textContent = t('hud.spin_button');
        this.spin.classList.remove('waiting');
        if (this.waitTimer) clearInterval(this.waitTimer);
        this.waitTimer = null;
        delete this.root.dataset.cycleWait;
      } else {
        const seconds = (Math.ceil(left / 100) / 10).toFixed(1);
        this.cycleWait.textContent = t('cycle.wait', { seconds });
        this.spin.textContent = `${seconds} s`;
        this.spin.classList.add('waiting');
        this.root.dataset.cycleWait = 'true';
      }
      this.refresh();
    };
    tick();
    if (this.waitUntil > Date.now()) this.waitTimer = setInterval(tick, 100);
  }

  /** Autoplay running: its button reads Stop with the spins left, Spin is off. */
  setAutoplay(left: number | null): void {
    this.autoRunning = left !== null;
    if (this.auto) {
      this.auto.textContent =
        left === null ? t('autoplay.button') : t('autoplay.stop_button', { count: left });
      this.auto.setAttribute(
        'aria-label',
        nameWithText(left === null ? t('autoplay.open') : t('autoplay.stop'), this.auto.textContent),
      );
      this.auto.setAttribute(
        'title',
        left === null ? t('autoplay.open') : t('autoplay.left', { count: left }),
      );
      this.auto.classList.toggle('running', left !== null);
      if (left === null) this.auto.setAttribute('aria-haspopup', 'dialog');
      else this.auto.removeAttribute('aria-haspopup');
    }
    this.root.dataset.autoplay = left === null ? 'off' : String(left);
    this.refresh();
  }

  /** The next allowed speed (wrapping to normal); returns the speed factor. */
  nextSpeed(): number {
    return this.setSpeed((this.speedIndex + 1) % this.speeds);
  }

  /** The speed in use, as a place in SPEEDS (0 normal, 1 turbo, 2 super turbo). */
  speedIndexNow(): number {
    return this.speedIndex;
  }

  /** Sets the speed by its place in SPEEDS, within those allowed; returns the speed factor. */
  setSpeed(index: number): number {
    this.speedIndex = Math.max(0, Math.min(this.speeds - 1, index));
    const factor = SPEEDS[this.speedIndex] ?? 1;
    if (this.speed) {
      this.speed.dataset.speed = String(factor);
      this.speed.setAttribute('aria-pressed', String(this.speedIndex > 0));
      this.speed.textContent = this.speedIndex === 2 ? t('speed.button_super') : t('speed.button');
      const label = t('speed.label', { speed: t(SPEED_NAMES[this.speedIndex] ?? 'speed.normal') });
      this.speed.setAttribute('aria-label', nameWithText(label, this.speed.textContent));
      this.speed.setAttribute('title', label);
    }
    return factor;
  }

  /** A short line over the reels for a few seconds (why autoplay stopped, why a spin waits). */
  notice(text: string, ms = 4000): void {
    this.noticeBox.textContent = text;
    this.noticeBox.hidden = false;
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => {
      this.noticeBox.hidden = true;
    }, ms);
  }

  /** The session clock and net position, where the market requires them. */
  setSession(time: string, net: string, netDecimal: string): void {
    if (this.sessionTime) this.sessionTime.textContent = time;
    if (this.netPosition) {
      this.netPosition.textContent = net;
      this.netPosition.dataset.amount = netDecimal;
    }
  }

  /** The session is over for good: the whole game gives way to a closing message. */
  endScreen(title: string, text: string): void {
    if (this.waitTimer) clearInterval(this.waitTimer);
    this.root.dataset.state = 'ended';
    this.root.replaceChildren(
      h(
        'div',
        { class: 'fatal', role: 'status', 'data-testid': 'end-screen' },
        h('h1', {}, title),
        h('p', {}, text),
      ),
    );
  }

  setMuted(muted: boolean): void {
    this.mute.setAttribute('aria-pressed', String(muted));
  }

  showFreeSpins(left: number, played: number, win: string): void {
    this.freeSpins.hidden = false;
    this.freeSpins.textContent =
      played === 0
        ? t('hud.free_spins_ready', { count: left })
        : t('hud.free_spins', { played, total: played + left, win });
    this.freeSpins.dataset.left = String(left);
  }

  hideFreeSpins(): void {
    this.freeSpins.hidden = true;
    this.freeSpins.dataset.left = '0';
  }

  /** A large caption over the reels (also read out). */
  async banner(title: string, sub: string, ms: number, wait: (ms: number) => Promise<void>): Promise<void> {
    this.bannerBox.replaceChildren(h('strong', {}, title), sub ? h('span', {}, sub) : '');
    this.bannerBox.hidden = false;
    this.announce(sub ? `${title}. ${sub}` : title);
    await wait(ms);
    this.bannerBox.hidden = true;
  }

  announce(text: string): void {
    this.live.textContent = text;
  }
}
