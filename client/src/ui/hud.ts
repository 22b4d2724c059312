// The game's DOM around the reels: balance, win, bet, Spin and the feature and menu buttons,
// laid out by CSS for desktop/mobile and portrait/landscape.
import { h } from './dom.ts';

export interface HudOptions {
  title: string;
  device: 'desktop' | 'mobile';
  hasLobby: boolean;
  hasSpecial: boolean;
  hasBuy: boolean;
  specialLabel: string;
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
  private busy = false;
  private locked = false;

  constructor(host: HTMLElement, options: HudOptions) {
    this.root = host;
    const button = (label: string, text: string, extra: Record<string, string> = {}) =>
      h('button', { type: 'button', 'aria-label': label, title: label, ...extra }, text);
    this.lobby = options.hasLobby ? button('Lobby', '‹ Lobby', { class: 'lobby' }) : null;
    this.paytable = button('Paytable', 'i', { class: 'round' });
    this.history = button('History', '☰', { class: 'round' });
    this.mute = button('Mute sound', '♪', {
      class: 'round',
      'aria-pressed': String(options.muted),
    });
    this.spin = button('Spin', 'SPIN', { class: 'spin' });
    this.betDown = button('Bet −', '−', { class: 'round bet-step' });
    this.betUp = button('Bet +', '+', { class: 'round bet-step' });
    this.special = options.hasSpecial
      ? button('Special bet', options.specialLabel, { class: 'toggle', 'aria-pressed': 'false' })
      : null;
    this.buy = options.hasBuy ? button('Buy feature', 'BUY', { class: 'buy' }) : null;
    this.balance = h('output', { 'data-testid': 'balance', 'aria-live': 'off' });
    this.win = h('output', { 'data-testid': 'last-win' });
    this.winLabel = h('span', { class: 'label' }, 'Last win');
    this.totalBet = h('output', { 'data-testid': 'total-bet' });
    this.betDetail = h('small', { 'data-testid': 'bet-detail' });
    this.betSettings = h(
      'button',
      { type: 'button', class: 'bet-box', 'aria-label': 'Bet settings' },
      h('span', { class: 'label' }, 'Total bet'),
      this.totalBet,
      this.betDetail,
    );
    this.freeSpins = h('div', { class: 'free-spins', 'data-testid': 'free-spins', hidden: true });
    this.bannerBox = h('div', { class: 'banner', hidden: true, 'aria-hidden': 'true' });
    this.live = h('div', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'announcer' });
    this.stage = h('div', { class: 'stage', 'data-testid': 'stage' });

    host.replaceChildren(
      h(
        'header',
        { class: 'top' },
        this.lobby ?? h('span'),
        h('h1', { class: 'title' }, options.title),
        h('nav', { class: 'menu', 'aria-label': 'Game menu' }, this.paytable, this.history, this.mute),
      ),
      h('main', { class: 'stage-wrap' }, this.stage, this.freeSpins, this.bannerBox),
      h(
        'footer',
        { class: 'bar' },
        h(
          'div',
          { class: 'meters' },
          h('div', { class: 'meter' }, h('span', { class: 'label' }, 'Balance'), this.balance),
          h('div', { class: 'meter' }, this.winLabel, this.win),
        ),
        h('div', { class: 'bet' }, this.betDown, this.betSettings, this.betUp),
        h('div', { class: 'actions' }, this.special ?? '', this.buy ?? '', this.spin),
      ),
      this.live,
    );
    host.classList.add(`device-${options.device}`);
  }

  setState(state: 'loading' | 'idle' | 'spinning' | 'presenting' | 'bonus' | 'error' | 'ended'): void {
    this.root.dataset.state = state;
  }

  setBalance(decimal: string, text: string): void {
    this.balance.dataset.amount = decimal;
    this.balance.textContent = text;
  }

  setWin(text: string, decimal: string, label = 'Last win'): void {
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
    this.freeSpins.textContent = `Free spins ${played} · ${left} left · won ${win}`;
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
