// The game controller: session → bet → spin → presentation (anticipation, win tiers, the free-spins
// intro and outro), the pick bonus, errors shown to the player, and a reloaded page picking up the
// round it finds. Every word the player sees comes from the message catalog (i18n).

import { createRuntimeClient, newClientRoundId, type RuntimeClient, RuntimeFailure } from './api/runtime.ts';
import type { FreeRoundOffer, GameRules, PickStep, Round, SessionInfo, SpinRequest } from './api/types.ts';
import { Sound } from './audio/sound.ts';
import { language, type MessageKey, symbolName, t, tagline } from './i18n/i18n.ts';
import {
  type BetChoice,
  buildLadder,
  canStep,
  defaultBet,
  type Ladder,
  type Mode,
  stepBet,
  totalBet,
} from './logic/bet.ts';
import { messageFor } from './logic/messages.ts';
import { formatAmount, formatDecimal, formatMoney, toMinor } from './logic/money.ts';
import { anticipationReels, finalScreen, planPresentation, type Step } from './logic/presentation.ts';
import { mountBackdrop } from './scene/backdrop.ts';
import { ReelsView } from './scene/reels.ts';
import { createStage } from './scene/stage.ts';
import type { Palette } from './scene/symbols.ts';
import { motion, tween, wait } from './scene/tween.ts';
import { celebrateWin, freeSpinsIntro, freeSpinsOutro } from './ui/celebrate.ts';
import { chooseBet, confirmBuy, pickBonus, showHistory, showMessage, showPaytable } from './ui/dialogs.ts';
import { demoBadge, FreeRoundsStrip, freeRoundsDone, offerFreeRounds } from './ui/free-rounds.ts';
import { Hud } from './ui/hud.ts';
import './styles/free-rounds.css';

const BADGES: Record<string, MessageKey> = {
  wild: 'badge.wild',
  scatter: 'badge.scatter',
  bonus: 'badge.bonus',
  collector: 'badge.collector',
};

/** Elements that handle Space themselves; anywhere else on the page Space spins. */
const OWN_SPACE = 'button, input, select, textarea, a[href], [contenteditable="true"]';

export interface Shell {
  symbol: string;
  title: string;
  tagline: string;
  palette: Palette;
}

export interface GameStart {
  root: HTMLElement;
  shell: Shell;
  token: string;
  device: 'desktop' | 'mobile';
  progress: (percent: number) => void;
}

const REPLAY_RECENT_MS = 120_000;

export async function startGame(start: GameStart): Promise<void> {
  const client = createRuntimeClient({ token: start.token });
  const session = await client.session();
  start.progress(60);
  const game = new Game(start, client, session);
  await game.mount();
  start.progress(100);
}

class Game {
  private readonly start: GameStart;
  private readonly client: RuntimeClient;
  private info: SessionInfo;
  private readonly rules: GameRules;
  private readonly ladder: Ladder;
  private readonly currency: string;
  private readonly sound: Sound;
  private hud!: Hud;
  private reels!: ReelsView;
  private bet: BetChoice;
  private special = false;
  private balance: bigint;
  private freeSpinsLeft: number;
  private freeSpinsPlayed = 0;
  private pending: SpinRequest | null = null;
  /** The base total bet of the round on screen (tiers are multiples of it), and whether it is a free spin. */
  private stake = 0n;
  private inFeature = false;
  private busy = false;
  private ended = false;
  /** The free-rounds grant being played (its rounds replace paid spins until used), else null. */
  private freeRound: FreeRoundOffer | null = null;
  private freeRoundsStrip: FreeRoundsStrip | null = null;

  constructor(start: GameStart, client: RuntimeClient, info: SessionInfo) {
    this.start = start;
    this.client = client;
    this.info = info;
    this.rules = info.game.rules;
    this.currency = info.session.currency;
    this.ladder = buildLadder(info);
    this.bet = defaultBet(this.ladder, info);
    this.balance = toMinor(info.balance, this.currency);
    this.freeSpinsLeft = info.state.free_spins_left;
    let muted = false;
    try {
      muted = localStorage.getItem('rf.muted') === '1';
    } catch {
      // storage may be disabled; sound then starts on
    }
    this.sound = new Sound(muted);
  }

  private money(minor: bigint): string {
    return formatMoney(minor, this.currency, language());
  }

  private nameOf(symbol: { code: string; name: string }): string {
    return symbolName(this.rules.slug, symbol);
  }

  private symbolById(id: number | null): { code: string; name: string } | undefined {
    return id === null ? undefined : this.rules.symbols[id];
  }

  /** The symbols that start a feature by count, and how many start it (scatters or pick symbols). */
  private triggerOf(inFeature: boolean): { ids: Set<number>; count: number; name: string } | null {
    for (const fact of this.rules.ruleFacts) {
      const wanted =
        fact.id === 'scatter' && !inFeature
          ? { code: fact.symbol, count: fact.count }
          : fact.id === 'pick' && !inFeature
            ? { code: fact.symbol, count: fact.count }
            : null;
      if (!wanted) continue;
      const symbols = this.rules.symbols.filter((s) => s.code === wanted.code);
      if (symbols.length === 0) continue;
      return {
        ids: new Set(symbols.map((s) => s.id)),
        count: wanted.count,
        name: this.nameOf(symbols[0] as { code: string; name: string }),
      };
    }
    if (inFeature) {
      const scatter = this.rules.ruleFacts.find((f) => f.id === 'scatter');
      const retrigger = this.rules.ruleFacts.find((f) => f.id === 'retrigger');
      if (scatter?.id === 'scatter' && retrigger?.id === 'retrigger') {
        const symbols = this.rules.symbols.filter((s) => s.code === scatter.symbol);
        const first = symbols[0];
        if (first)
          return { ids: new Set(symbols.map((s) => s.id)), count: retrigger.count, name: this.nameOf(first) };
      }
    }
    return null;
  }

  /** The rules in the player's words, from the server's rule facts. */
  private ruleTexts(): string[] {
    const facts = this.rules.ruleFacts;
    const name = (code: string) => {
      const symbol = this.rules.symbols.find((s) => s.code === code);
      return symbol ? this.nameOf(symbol) : code;
    };
    return facts.map((fact) => {
      switch (fact.id) {
        case 'wild':
        case 'multiplier':
        case 'pick':
          return t(`rule.${fact.id}`, { ...fact, symbol: name(fact.symbol) });
        case 'scatter':
          return t('rule.scatter', { ...fact, symbol: name(fact.symbol) });
        case 'collect':
          return t('rule.collect', { collector: name(fact.collector), money: name(fact.money) });
        case 'hold':
          return t('rule.hold', { ...fact, money: name(fact.money) });
        default: {
          const { id, ...values } = fact;
          return t(`rule.${id}`, values);
        }
      }
    });
  }

  private decimal(text: string): string {
    return this.money(toMinor(text, this.currency));
  }

  async mount(): Promise<void> {
    const { root, shell } = this.start;
    const device = this.info.session.device ?? this.start.device;
    const returnUrl = this.info.session.return_url;
    const hud = new Hud(root, {
      title: this.info.game.title || shell.title,
      emblem: '',
      device,
      hasLobby: typeof returnUrl === 'string' && /^https?:\/\//i.test(returnUrl),
      hasSpecial: this.info.game.features.special_bet && this.ladder.modeCoins.special !== null,
      hasBuy: this.info.game.features.buy_feature && this.ladder.modeCoins.buy !== null,
      muted: this.sound.muted,
    });
    this.hud = hud;
    mountBackdrop(root, this.rules.slug, shell.palette);
    hud.setState('loading');
    const stage = await createStage(hud.stage);
    root.dataset.renderer = stage.renderer;
    this.start.progress(85);
    this.reels = new ReelsView({
      app: stage.app,
      rules: this.rules,
      palette: shell.palette,
      device,
      labelOf: (reel, row, screen) => this.cellLabel(reel, row, screen),
      badgeOf: (kind) => {
        const key = BADGES[kind];
        return key ? t(key) : '';
      },
    });
    this.reels.relayout();
    // The logo's emblem: the game's scatter (else its wild, else its top symbol) as drawn on the reels.
    const hero =
      this.rules.symbols.find((s) => s.kind === 'scatter') ??
      this.rules.symbols.find((s) => s.kind === 'wild') ??
      this.rules.symbols[this.rules.symbols.length - 1];
    if (hero) hud.setEmblem(this.reels.art.iconUrl(hero.id, 64));
    this.wire();

    const last = this.info.last_round;
    const feature = this.info.state.feature;
    if (feature && this.freeSpinsLeft > 0) {
      this.freeSpinsPlayed = feature.played;
      this.bet = this.betOf({ coin: feature.coin, bet_level: feature.bet_level }) ?? this.bet;
    }
    this.renderBet();
    this.renderBalance();
    hud.setWin(this.money(0n), '0');
    hud.setKeysHint(t('hud.keys'));
    this.reels.show(this.reels.randomScreen());
    hud.setState('idle');
    this.freeRoundsStrip = new FreeRoundsStrip(hud.root);
    if (this.info.session.play_mode === 'demo') demoBadge(hud.root, () => this.resetDemo());
    if (last) await this.resume(last);
    await this.offerFreeRounds();
  }

  /** A demo session's fun balance back to its start. */
  private async resetDemo(): Promise<void> {
    try {
      const answer = await this.client.resetDemo();
      this.balance = toMinor(answer.balance, this.currency);
      this.renderBalance();
      this.hud.announce(`Demo balance reset to ${this.money(this.balance)}`);
    } catch {
      this.hud.announce('The demo balance could not be reset; try again');
    }
  }

  /** Offers the first live free-rounds grant; accepted, its rounds play in place of paid spins. */
  private async offerFreeRounds(): Promise<void> {
    const offer = this.info.free_rounds?.[0];
    if (!offer || this.freeSpinsLeft > 0 || this.ended) return;
    if ((await offerFreeRounds(offer, (d) => this.decimal(d))) !== 'now') return;
    this.freeRound = offer;
    this.bet = this.betOf({ coin: offer.coin, bet_level: offer.bet_level }) ?? this.bet;
    this.special = false;
    this.renderBet();
    this.freeRoundsStrip?.show(offer.rounds_left, this.decimal(offer.win));
  }

  /** After a round of a grant: the strip, and the summary once its rounds and their features are over. */
  private async afterFreeRound(state: NonNullable<import('./api/types.ts').SpinResponse['free_round']>) {
    this.freeRound = state.rounds_left > 0 && state.status === 'active' ? state : null;
    if (this.freeRound || this.freeSpinsLeft > 0) {
      this.freeRoundsStrip?.show(state.rounds_left, this.decimal(state.win));
      return;
    }
    this.freeRoundsStrip?.hide();
    await freeRoundsDone(this.decimal(state.win));
    this.info = await this.client.session();
    await this.offerFreeRounds();
  }

  private cellLabel(reel: number, row: number, screen: import('./api/types.ts').Screen): string {
    const value = screen.values[reel]?.[row] ?? 0;
    const kind = this.rules.symbols[screen.symbols[reel]?.[row] ?? -1]?.kind;
    if (value <= 0) return '';
    if (kind === 'multiplier') return `×${value}`;
    if (kind === 'money') return this.money(BigInt(value) * this.bet.coinMinor * BigInt(this.bet.level));
    return '';
  }

  private betOf(round: Pick<Round, 'coin' | 'bet_level'>): BetChoice | null {
    const coin = this.ladder.coins.find((c) => c.minor === toMinor(round.coin, this.currency));
    return coin ? { coin: coin.text, coinMinor: coin.minor, level: round.bet_level } : null;
  }

  private wire(): void {
    const hud = this.hud;
    const click = (button: HTMLButtonElement | null, action: () => void) =>
      button?.addEventListener('click', () => {
        this.sound.unlock();
        this.sound.play('click');
        action();
      });
    click(hud.spin, () => void this.play(this.special ? 'special' : 'base'));
    click(hud.betUp, () => this.changeBet(stepBet(this.ladder, this.bet, 1)));
    click(hud.betDown, () => this.changeBet(stepBet(this.ladder, this.bet, -1)));
    click(hud.betSettings, async () => {
      const chosen = await chooseBet(
        this.ladder,
        this.bet,
        (b) => this.money(totalBet(this.ladder, b, this.mode())),
        (coin) => formatDecimal(coin, language()),
      );
      if (chosen) this.changeBet(chosen);
    });
    click(hud.special, () => {
      this.special = !this.special;
      this.renderBet();
    });
    click(hud.buy, () => void this.buy());
    click(hud.paytable, () => this.openPaytable());
    click(hud.history, () =>
      showHistory(this.client, {
        money: (d) => this.decimal(d),
        onReplay: (round) => void this.replay(round),
      }),
    );
    click(hud.lobby, () => this.toLobby());
    hud.mute.addEventListener('click', () => {
      this.sound.muted = !this.sound.muted;
      hud.setMuted(this.sound.muted);
      try {
        localStorage.setItem('rf.muted', this.sound.muted ? '1' : '0');
      } catch {
        // not remembered across visits then
      }
    });
    document.addEventListener('keydown', (event) => {
      if (event.code !== 'Space' || event.repeat || document.querySelector('dialog[open]')) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(OWN_SPACE)) return; // a focused button answers Space itself
      event.preventDefault();
      if (!hud.spin.disabled) hud.spin.click();
    });
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
    motion.reduced = reduce.matches;
    reduce.addEventListener('change', () => (motion.reduced = reduce.matches));
  }

  private mode(): Mode {
    return this.special ? 'special' : 'base';
  }

  private changeBet(next: BetChoice): void {
    this.bet = next;
    this.renderBet();
  }

  private renderBet(): void {
    const total = totalBet(this.ladder, this.bet, this.mode());
    this.hud.setBet(
      this.money(total),
      t('hud.bet_detail', { coin: formatDecimal(this.bet.coin, language()), level: this.bet.level }),
      this.special,
    );
    this.hud.setLimits(canStep(this.ladder, this.bet, 1), canStep(this.ladder, this.bet, -1));
  }

  private renderBalance(): void {
    this.hud.setBalance(formatAmount(this.balance, this.currency), this.money(this.balance));
  }

  private openPaytable(): void {
    const unit = this.bet.coinMinor * BigInt(this.bet.level);
    showPaytable({
      rules: this.rules,
      tagline: tagline(this.rules.slug, this.start.shell.tagline),
      nameOf: (symbol) => this.nameOf(symbol),
      ruleTexts: this.ruleTexts(),
      rtp: this.info.game.rtp || this.rules.rtp,
      maxWin: this.money(BigInt(this.rules.maxWinCoins) * unit),
      coinWorth: (coins) => this.money(BigInt(coins) * unit),
      iconOf: (id) => this.reels.art.iconUrl(id),
    });
  }

  private async buy(): Promise<void> {
    const price = this.money(totalBet(this.ladder, this.bet, 'buy'));
    const what = this.info.game.features.free_spins ? t('buy.what_free_spins') : t('buy.what_bonus');
    if (await confirmBuy(this.info.game.title, price, what)) await this.play('buy');
  }

  private toLobby(): void {
    const url = this.info.session.return_url;
    if (!url || !/^https?:\/\//i.test(url)) return;
    try {
      if (window.top && window.top !== window) {
        window.top.location.href = url;
        return;
      }
    } catch {
      // a cross-origin parent may refuse; leave from this frame instead
    }
    window.location.assign(url);
  }

  /** Plays one call: a paid spin in `mode`, or the next free spin while any are left. */
  private async play(mode: Mode): Promise<void> {
    if (this.busy || this.ended) return;
    this.busy = true;
    this.hud.setBusy(true);
    this.hud.setState('spinning');
    const free = this.freeSpinsLeft > 0;
    const grant = !free && mode !== 'buy' ? this.freeRound : null;
    const body: SpinRequest = this.pending ?? {
      coin: grant ? grant.coin : this.bet.coin,
      bet_level: grant ? grant.bet_level : this.bet.level,
      special_bet: !free && !grant && mode === 'special',
      buy_feature: !free && mode === 'buy',
      client_round_id: newClientRoundId(),
      ...(grant ? { free_round_grant_id: grant.grant_id } : {}),
    };
    this.pending = body;
    this.reels.startSpin();
    this.sound.play('spin');
    let continueFree = false;
    let retry = false;
    try {
      const response = await this.client.spin(body, () => this.hud.announce(t('hud.retrying')));
      this.pending = null;
      const round = response.round;
      const stake = toMinor(round.stake, this.currency);
      this.balance -= stake;
      this.renderBalance();
      if (round.kind === 'free_spin') this.freeSpinsPlayed++;
      else this.freeSpinsPlayed = 0;
      this.hud.setState('presenting');
      await this.present(round, null);
      if (response.balance !== null) {
        this.balance = toMinor(response.balance, this.currency);
        this.renderBalance();
      } else await this.refreshBalance(); // the operator's wallet has not confirmed the credit yet
      const wasFree = this.freeSpinsLeft > 0 || round.kind === 'free_spin';
      this.freeSpinsLeft = response.state.free_spins_left;
      this.renderFreeSpins(round);
      if (wasFree && this.freeSpinsLeft === 0 && round.outcome) {
        const total = BigInt(round.outcome.sequenceWin);
        this.sound.play('feature');
        await freeSpinsOutro(this.hud.overlay, this.money(total), this.freeSpinsPlayed, (text) =>
          this.hud.announce(text),
        );
      }
      continueFree = this.freeSpinsLeft > 0;
      if (response.free_round) await this.afterFreeRound(response.free_round);
    } catch (error) {
      if (!(error instanceof RuntimeFailure)) throw error;
      await this.reels.land(this.reels.current ?? this.reels.randomScreen(), undefined, true);
      retry = (await this.fail(error)) === 'retry';
    } finally {
      this.busy = false;
      // Finished calls, for tests and tools that wait for a spin to be over.
      this.start.root.dataset.plays = String(Number(this.start.root.dataset.plays ?? '0') + 1);
      if (!this.ended) {
        const more = continueFree || retry;
        this.hud.setBusy(more);
        this.hud.setState(more ? 'presenting' : 'idle');
      }
    }
    // The same request again (same client_round_id), once this call is fully over.
    if (retry && !this.ended) return this.play(mode);
    if (continueFree && !this.ended) {
      await wait(500);
      await this.play('base');
    }
  }

  private renderFreeSpins(round: Round): void {
    if (this.freeSpinsLeft > 0 || round.kind === 'free_spin') {
      const sequence = round.outcome ? BigInt(round.outcome.sequenceWin) : 0n;
      if (this.freeSpinsLeft > 0)
        this.hud.showFreeSpins(this.freeSpinsLeft, this.freeSpinsPlayed, this.money(sequence));
      else this.hud.hideFreeSpins();
    } else this.hud.hideFreeSpins();
    this.hud.setFeatureMode(this.freeSpinsLeft > 0);
  }

  /** Tells the player what went wrong; answers 'retry' when they asked to send the spin again. */
  private async fail(error: RuntimeFailure): Promise<string> {
    const message = messageFor(error.failure);
    if (!message.retry) this.pending = null;
    this.sound.play('error');
    this.hud.setState('error');
    if (message.fatal) {
      this.ended = true;
      this.hud.lock();
      this.hud.setState('ended');
    }
    const actions = message.retry
      ? [
          { id: 'retry', label: t('action.retry') },
          { id: 'close', label: t('action.close') },
        ]
      : message.fatal && this.hud.lobby
        ? [{ id: 'lobby', label: t('action.lobby') }]
        : [{ id: 'close', label: t('action.ok') }];
    const chosen = await showMessage(
      message.title,
      message.text,
      actions,
      `error-${error.failure.kind === 'api' ? error.failure.code : 'network'}`,
    );
    if (chosen === 'lobby') this.toLobby();
    if (!message.retry && !message.fatal && error.failure.kind === 'api') await this.refreshBalance();
    return chosen;
  }

  private async refreshBalance(): Promise<void> {
    try {
      this.info = await this.client.session();
      this.balance = toMinor(this.info.balance, this.currency);
      this.renderBalance();
    } catch {
      // the shown balance stays; the next spin answers with the real one
    }
  }

  /** A reloaded page: show the last round again (animated when it just happened) and go on with free spins. */
  private async resume(last: Round): Promise<void> {
    if (last.status === 'open') {
      await showMessage(t('round.open.title'), t('round.open.text'), [
        { id: 'close', label: t('action.ok') },
      ]);
      await this.refreshBalance();
      return;
    }
    const recent = Date.now() - Date.parse(last.created_at) < REPLAY_RECENT_MS;
    if (recent && last.outcome) await this.replay(last, t('round.last_win'));
    else {
      const screen = last.outcome && finalScreen(last.outcome);
      if (screen) this.reels.show(screen);
      this.hud.setWin(this.decimal(last.win), last.win);
    }
    if (this.freeSpinsLeft > 0) {
      this.renderFreeSpins(last);
      await showMessage(t('fs.welcome'), t('fs.waiting', { count: this.freeSpinsLeft }), [
        { id: 'go', label: t('fs.continue') },
      ]);
      void this.play('base');
    }
  }

  /** Shows a round again without touching the balance (history replay, reload). */
  private async replay(round: Round, label = t('hud.replay_win')): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.hud.setBusy(true);
    this.hud.setState('presenting');
    try {
      // History rows carry no screens: the full round comes from rounds/{id}.
      const full = round.outcome?.screens ? round : await this.client.round(round.id);
      this.reels.startSpin();
      await this.present(full, label);
    } finally {
      this.busy = false;
      this.hud.setBusy(false);
      this.hud.setState(this.ended ? 'ended' : 'idle');
    }
  }

  /** Plays a round's steps; `replayLabel` (a replay or a reload) leaves the balance alone. */
  private async present(round: Round, replayLabel: string | null): Promise<void> {
    const outcome = round.outcome;
    if (!outcome) return;
    const unit = toMinor(round.coin, this.currency) * BigInt(round.bet_level);
    const baseBet = unit * BigInt(this.ladder.modeCoins.base ?? this.rules.lineCost);
    const saved = this.bet;
    this.bet = this.betOf(round) ?? this.bet; // money symbols show values at the round's bet
    const steps = planPresentation(outcome, baseBet, unit);
    const inFeature = round.kind === 'free_spin';
    const label = inFeature ? t('hud.feature_win') : t('hud.win');
    this.stake = baseBet;
    this.inFeature = inFeature;
    let shown = inFeature ? BigInt(outcome.sequenceWin) - BigInt(outcome.totalWin) : 0n;
    this.hud.setWin(this.money(shown), formatAmount(shown, this.currency), label);
    const countUp = (add: bigint): Promise<void> => {
      const from = shown;
      shown += add;
      return tween(500, (p) => {
        const now = from + (add * BigInt(Math.round(p * 1000))) / 1000n;
        this.hud.setWin(this.money(now), formatAmount(now, this.currency), label);
      });
    };
    for (const step of steps) await this.presentStep(step, outcome, unit, countUp);
    delete this.start.root.dataset.anticipation;
    this.bet = saved;
    if (BigInt(outcome.totalWin) === 0n) this.reels.clearHighlight();
    const win = toMinor(round.win, this.currency);
    const final = inFeature ? BigInt(outcome.sequenceWin) : win;
    this.hud.setWin(
      this.money(final),
      formatAmount(final, this.currency),
      replayLabel ?? (inFeature ? label : t('hud.last_win')),
    );
    this.hud.announce(win > 0n ? t('win.you_won', { amount: this.money(win) }) : t('win.none'));
  }

  private async presentStep(
    step: Step,
    outcome: NonNullable<Round['outcome']>,
    unit: bigint,
    add: (minor: bigint) => Promise<void>,
  ): Promise<void> {
    const screens = outcome.screens;
    switch (step.type) {
      case 'land': {
        const screen = screens[step.screen] ?? this.reels.randomScreen();
        const trigger = step.screen === 0 ? this.triggerOf(this.inFeature) : null;
        const suspense = trigger ? anticipationReels(screen, trigger.ids, trigger.count) : [];
        if (suspense.length > 0) {
          this.start.root.dataset.anticipation = suspense.join(',');
          this.hud.announce(t('anticipation', { name: trigger?.name ?? '' }));
        }
        await this.reels.land(
          screen,
          () => this.sound.play('stop'),
          false,
          suspense,
          () => this.sound.play('tension'),
        );
        return;
      }
      case 'tumble':
        await this.reels.tumble(step.removed, screens[step.screen] ?? this.reels.randomScreen());
        return;
      case 'expand':
      case 'respin':
        await this.reels.morph(screens[step.screen] ?? this.reels.randomScreen());
        return;
      case 'hold':
        this.sound.play('feature');
        await this.hud.banner(t('feature.hold'), t('feature.respins', { count: step.respins }), 1300, wait);
        return;
      case 'wins': {
        const counting = add(step.amount);
        this.sound.play('win');
        const positions = step.wins.flatMap((w) => w.positions);
        const only = step.wins.length === 1 ? step.wins[0] : undefined;
        const collected = step.wins.find((w) => w.kind === 'collect');
        if (collected)
          this.hud.announce(t('win.collected', { amount: this.money(BigInt(collected.amount)) }));
        await Promise.all([
          counting,
          this.reels.highlight(positions, only?.kind === 'line' ? only.line : null),
        ]);
        await wait(450);
        return;
      }
      case 'win': {
        const w = step.win;
        const symbol = this.rules.symbols[w.symbol];
        const name = symbol ? this.nameOf(symbol) : String(w.symbol);
        const amount = this.money(BigInt(w.amount));
        this.hud.announce(
          w.line !== null
            ? t('win.line', { count: w.count, name, line: w.line + 1, amount })
            : t('win.ways', { count: w.count, name, amount }),
        );
        await this.reels.highlight(w.positions, w.kind === 'line' ? w.line : null);
        await wait(300);
        return;
      }
      case 'multiplier':
        await this.hud.banner(`×${step.factor}`, t('feature.multiplier'), 900, wait);
        return;
      case 'pick': {
        this.sound.play('feature');
        this.hud.setState('bonus');
        await this.hud.banner(t('feature.pick'), t('feature.pick_sub'), 1000, wait);
        const describe = (p: PickStep) =>
          p.prize === 'coins'
            ? t('pick.coins', { amount: this.money(BigInt(p.value) * unit) })
            : p.prize === 'multiplier'
              ? t('pick.multiplier', { factor: p.value })
              : t('pick.end');
        await pickBonus(step.picks, describe, this.money(step.amount), () => this.sound.play('win'));
        await add(step.amount);
        this.hud.setState('presenting');
        return;
      }
      case 'free_spins': {
        this.sound.play('feature');
        const expanding = this.symbolById(step.expandingSymbol);
        await freeSpinsIntro(
          this.hud.overlay,
          step.awarded,
          step.retrigger,
          expanding ? this.nameOf(expanding) : null,
          (text) => this.hud.announce(text),
        );
        return;
      }
      case 'max_win':
        await this.hud.banner(t('feature.max_win'), t('feature.max_win_sub'), 1400, wait);
        return;
      case 'total': {
        // Below the stake nothing is celebrated: the meter and the highlighted symbols say enough.
        if (step.tier === 'none' || step.tier === 'small') return;
        this.start.root.dataset.lastTier = step.tier;
        await celebrateWin(this.hud.overlay, {
          amount: step.amount,
          stake: this.stake,
          tier: step.tier,
          money: (minor) => this.money(minor),
          announce: (text) => this.hud.announce(text),
          onTier: (tier) => this.sound.play(tier === 'win' ? 'win' : 'big'),
        });
        return;
      }
    }
  }
}
