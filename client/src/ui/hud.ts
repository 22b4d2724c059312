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
  private readonly balance: HTMLOutputElement;
  private readonly win: HTMLOutputElement;
  private readonly winLabel: HTMLElement;
  private readonly totalBet: HTMLOutputElement;
  private readonly betDetail: HTMLElement;
  private readonly freeSpins: HTMLElement;
  private readonly bannerBox: HTMLElement;
  private readonly live: HTMLElement;
  /** Full-stage screens: win celebrations and the free-spins intro and outro. */
  readonly overlay: HTMLElement;
  private readonly keysHint: HTMLElement;
  private readonly logo: HTMLElement;
  private busy = false;
  private locked = false;

  constructor(host: HTMLElement, options: HudOptions) {
    this.root = host;
    const button = (label: string, text: string, extra: Record<string, string> = {}) =>
      h('button', { type: 'button', 'aria-label': label, title: label, ...extra }, text);
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
    this.balance = h('output', { 'data-testid': 'balance', 'aria-live': 'off' });
    this.win = h('output', { 'data-testid': 'last-win' });
    this.winLabel = h('span', { class: 'label' }, t('hud.last_win'));
    this.totalBet = h('output', { 'data-testid': 'total-bet' });
    this.betDetail = h('small', { 'data-testid': 'bet-detail' });
    this.betSettings = h(
      'button',
      { type: 'button', class: 'bet-box', 'aria-label': t('hud.bet_settings') },
      h('span', { class: 'label' }, t('hud.total_bet')),
      this.totalBet,
      this.betDetail,
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
    this.keysHint = h('p', { class: 'sr-only', id: 'keys-hint' });
    this.spin.setAttribute('aria-describedby', 'keys-hint');

    host.replaceChildren(
      h(
        'header',
        { class: 'top' },
        this.lobby ?? h('span'),
        this.logo,
        h('nav', { class: 'menu', 'aria-label': t('hud.menu') }, this.paytable, this.history, this.mute),
      ),
      h('main', { class: 'stage-wrap' }, this.stage, this.freeSpins, this.bannerBox, this.overlay),
      h(
        'footer',
        { class: 'bar' },
        h(
          'div',
          { class: 'meters' },
          h('div', { class: 'meter' }, h('span', { class: 'label' }, t('hud.balance')), this.balance),
          h('div', { class: 'meter' }, this.winLabel, this.win),
        ),
        h('div', { class: 'bet' }, this.betDown, this.betSettings, this.betUp),
        h('div', { class: 'actions' }, this.special ?? '', this.buy ?? '', this.spin),
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
    this.spin.disabled = off;
    this.betUp.disabled = off || free || this.betUp.dataset.limit === 'true';
    this.betDown.disabled = off || free || this.betDown.dataset.limit === 'true';
    this.betSettings.disabled = off || free;
    if (this.special) this.special.disabled = off || free;
    if (this.buy) this.buy.disabled = off || free;
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
