// The game controller: the session's state (balance, free spins, the request in flight, autoplay) and
// the spin flow (a call, its retry, the free-spins outro, errors shown to the player), and a reloaded
// page picking up the round it finds. The parts it wires are in ./game/: the table, the bet, the
// controls, the market's clock and reality check, a round's presentation, a free-rounds grant, and
// the player's words. Every word the player sees comes from the message catalog (i18n).

import { createRuntimeClient, newClientRoundId, type RuntimeClient, RuntimeFailure } from './api/runtime.ts';
import type {
  GameRules,
  JackpotWin,
  JurisdictionRules,
  Round,
  Screen,
  SessionInfo,
  SpinRequest,
} from './api/types.ts';
import { Sound } from './audio/sound.ts';
import { BetControl } from './game/bet-control.ts';
import { CampaignWidget } from './game/campaigns.ts';
import { GameControls } from './game/controls.ts';
import { FreeRoundFlow } from './game/free-round-flow.ts';
import { JackpotMeters } from './game/jackpot-meters.ts';
import { MarketSession } from './game/market-session.ts';
import { RoundPresenter } from './game/round-presenter.ts';
import { createHud, mountTable } from './game/table.ts';
import { GameWords } from './game/words.ts';
import { language, t, tagline } from './i18n/i18n.ts';
import { showIntro } from './identity/features.ts';
import { AutoplayRun, type StopReason } from './logic/autoplay.ts';
import type { BetChoice, Mode } from './logic/bet.ts';
import { jackpotRules, tierName } from './logic/jackpots.ts';
import { celebrates, rulesOf } from './logic/jurisdiction.ts';
import { messageFor } from './logic/messages.ts';
import { formatAmount, formatDecimal, formatMoney, toMinor } from './logic/money.ts';
import { loadPrefs, type Prefs } from './logic/prefs.ts';
import { finalScreen, paidSequence } from './logic/presentation.ts';
import type { ReelsView } from './scene/reels.ts';
import type { Palette } from './scene/symbols.ts';
import { wait } from './scene/tween.ts';
import { celebrateJackpot } from './ui/celebrate.ts';
import { confirmBuy, showHistory, showMessage, showPaytable } from './ui/dialogs.ts';
import type { FeatureScene } from './ui/feature-scene.ts';
import { freeSpinsOutro } from './ui/feature-screens.ts';
import { fitLabels } from './ui/fit.ts';
import { demoBadge } from './ui/free-rounds.ts';
import type { Hud } from './ui/hud.ts';
import { autoplaySettings } from './ui/protection.ts';
import './styles/free-rounds.css';
import './styles/jackpots.css';
import './styles/campaigns.css';

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
/** Features that stop autoplay: the player should see them start. */
const AUTOPLAY_STOPPING = new Set(['free_spins', 'pick', 'hold_and_collect']);

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
  private readonly currency: string;
  private readonly sound: Sound;
  private readonly words: GameWords;
  /** The player's settings as stored on this device when the game opened (the controls keep them after). */
  private readonly loadedPrefs: Prefs;
  /** The market's rules for this session (the permissive default when the server sends none). */
  private readonly market: JurisdictionRules;
  /** The minimum cycle, the session clock and the reality check. */
  private readonly session: MarketSession;
  private hud!: Hud;
  private reels!: ReelsView;
  /** The feature's scene: backdrop, frame, music and the counters on the reels. */
  private scene!: FeatureScene;
  private controls!: GameControls;
  private presenter!: RoundPresenter;
  /** What the free-spins feature under way has won so far (minor units). */
  private featureTotal = 0n;
  /** The ladder, the chosen bet and the ante. */
  private readonly bets: BetControl;
  /** The bet of the round on screen while it is presented (money symbols show values at it). */
  private shownBet: BetChoice | null = null;
  private balance: bigint;
  private freeSpinsLeft: number;
  private freeSpinsPlayed = 0;
  private pending: SpinRequest | null = null;
  private busy = false;
  private ended = false;
  /** The free-rounds grant offered and played. */
  private freeRounds!: FreeRoundFlow;
  /** The jackpot meters above the reels. */
  private jackpots!: JackpotMeters;
  /** Tournaments and prize drops: the badge, its panel and the prize banner. */
  private campaigns!: CampaignWidget;
  private autoplay: AutoplayRun | null = null;
  /** What the current call and everything it started staked and won (for autoplay). */
  private chain = { stake: 0n, win: 0n, feature: false, failed: null as string | null };
  /** The reels are spinning and may be stopped early (quick-stop, where allowed). */
  private slamWindow = false;

  constructor(start: GameStart, client: RuntimeClient, info: SessionInfo) {
    this.start = start;
    this.client = client;
    this.info = info;
    this.rules = info.game.rules;
    this.currency = info.session.currency;
    this.words = new GameWords(this.rules, this.currency);
    this.market = rulesOf(info);
    this.bets = new BetControl(info, this.market, this.words);
    this.balance = toMinor(info.balance, this.currency);
    this.freeSpinsLeft = info.state.free_spins_left;
    this.loadedPrefs = loadPrefs();
    this.sound = new Sound({
      muted: this.loadedPrefs.muted,
      music: this.loadedPrefs.music,
      effects: this.loadedPrefs.effects,
      game: this.rules.slug,
      onMusic: (track) => {
        this.start.root.dataset.music = track ?? 'off';
      },
    });
    this.session = new MarketSession({
      root: start.root,
      client,
      market: this.market,
      currency: this.currency,
      words: this.words,
      info: () => this.info,
      ended: () => this.ended,
      onDue: () => {
        if (this.autoplay) this.stopAutoplay('reality_check');
        else if (!this.busy) void this.session.realityCheck();
      },
      fail: (error) => this.fail(error),
      leave: (url) => this.leave(url),
    });
  }

  async mount(): Promise<void> {
    const { root, shell } = this.start;
    const device = this.info.session.device ?? this.start.device;
    const hud = createHud({
      root,
      title: shell.title,
      device,
      info: this.info,
      market: this.market,
      ladder: this.bets.ladder,
      muted: this.sound.muted,
    });
    this.hud = hud;
    this.bets.showOn(hud);
    this.controls = new GameControls({
      hud,
      sound: this.sound,
      market: this.market,
      ladder: this.bets.ladder,
      prefs: this.loadedPrefs,
      bet: () => this.bets.bet,
      mode: () => this.bets.mode(),
      money: (minor) => this.words.money(minor),
      actions: {
        spin: () => {
          if (this.slamWindow) this.slam();
          else void this.userPlay(this.bets.mode());
        },
        tapStage: () => {
          if (this.slamWindow) this.slam();
        },
        toggleAutoplay: () => {
          if (this.autoplay) this.stopAutoplay('player');
          else void this.startAutoplay();
        },
        changeBet: (next) => this.bets.change(next),
        toggleSpecial: () => this.bets.toggleSpecial(),
        buy: () => void this.buy(),
        paytable: () => this.openPaytable(),
        history: () =>
          showHistory(this.client, {
            money: (d) => this.words.decimal(d),
            onReplay: (round) => void this.replay(round),
          }),
        lobby: () => this.toLobby(),
      },
    });
    this.controls.mountSettings();
    ({ reels: this.reels, scene: this.scene } = await mountTable({
      root,
      hud,
      info: this.info,
      device,
      palette: shell.palette,
      sound: this.sound,
      progress: this.start.progress,
      labelOf: (reel, row, screen) => this.cellLabel(reel, row, screen),
    }));
    this.presenter = new RoundPresenter({
      root,
      hud,
      reels: this.reels,
      scene: this.scene,
      sound: this.sound,
      rules: this.rules,
      ladder: this.bets.ladder,
      market: this.market,
      currency: this.currency,
      words: this.words,
      showBet: (round) => {
        this.shownBet = round ? this.bets.betOf(round) : null;
      },
      closeSlamWindow: () => this.closeSlamWindow(),
    });
    this.controls.wire();

    const last = this.info.last_round;
    const feature = this.info.state.feature;
    if (feature && this.freeSpinsLeft > 0) {
      this.freeSpinsPlayed = feature.played;
      this.featureTotal = toMinor(feature.sequence_win, this.currency);
      this.bets.take({ coin: feature.coin, bet_level: feature.bet_level });
    }
    this.bets.render();
    this.renderBalance();
    hud.setWin(this.words.money(0n), '0');
    this.reels.show(this.reels.restingScreen());
    hud.setState('idle');
    this.start.progress(100);
    this.freeRounds = new FreeRoundFlow({
      client: this.client,
      hud,
      bets: this.bets,
      words: this.words,
      info: () => this.info,
      setInfo: (info) => {
        this.info = info;
      },
      reload: () => this.refreshBalance(),
      freeSpinsLeft: () => this.freeSpinsLeft,
      ended: () => this.ended,
    });
    fitLabels(hud.root);
    this.jackpots = new JackpotMeters({ client: this.client, bar: hud.jackpots });
    void this.jackpots.start();
    this.campaigns = new CampaignWidget({
      client: this.client,
      root: hud.root,
      playerId: this.info.session.player_id,
      currency: this.currency,
      game: { symbol: this.info.game.symbol, title: this.info.game.title || this.start.shell.title },
      enabled: this.info.session.play_mode !== 'demo' && this.market.promotions_allowed,
    });
    void this.campaigns.start();
    if (this.info.session.play_mode === 'demo') demoBadge(hud.root, () => this.resetDemo());
    await this.session.begin(hud);
    if (this.ended) return;
    // The music (once the first gesture unlocks audio) is the feature's while free spins remain.
    this.sound.setScene(this.freeSpinsLeft > 0 ? 'feature' : 'base');
    if (this.controls.prefs.intro) await this.intro();
    if (last) await this.resume(last);
    await this.freeRounds.offer();
  }

  /** The intro screen: the game's key features, max win and volatility; it can be turned off. */
  private async intro(): Promise<void> {
    const { hide } = await showIntro({
      rules: this.rules,
      title: this.info.game.title || this.start.shell.title,
      describe: (fact) => this.words.factText(fact),
      iconOf: (code) => {
        const symbol = this.rules.symbols.find((s) => s.code === code);
        return symbol ? this.reels.art.iconUrl(symbol.id, 96) : '';
      },
      maxWin: formatDecimal(String(this.rules.maxWinMultiplier), language()),
    });
    if (hide) this.controls.remember({ intro: false });
  }

  /** A demo session's fun balance back to its start. */
  private async resetDemo(): Promise<void> {
    try {
      const answer = await this.client.resetDemo();
      this.balance = toMinor(answer.balance, this.currency);
      this.renderBalance();
      this.hud.announce(`Demo balance reset to ${this.words.money(this.balance)}`);
    } catch {
      this.hud.announce('The demo balance could not be reset; try again');
    }
  }

  /** The free-spins feature's win so far (for its counter as the next spin starts). */
  private featureWon(): string {
    return this.words.money(this.featureTotal);
  }

  /** A cell's value on the reels: a multiplier, or a money symbol's worth at the bet of the round shown. */
  private cellLabel(reel: number, row: number, screen: Screen): string {
    const value = screen.values[reel]?.[row] ?? 0;
    const kind = this.rules.symbols[screen.symbols[reel]?.[row] ?? -1]?.kind;
    if (value <= 0) return '';
    if (kind === 'multiplier') return `×${value}`;
    const bet = this.shownBet ?? this.bets.bet;
    if (kind === 'money') return this.words.money(BigInt(value) * bet.coinMinor * BigInt(bet.level));
    return '';
  }

  private renderBalance(): void {
    this.hud.setBalance(formatAmount(this.balance, this.currency), this.words.money(this.balance));
  }

  private openPaytable(): void {
    const unit = this.bets.unit();
    showPaytable({
      rules: this.rules,
      tagline: tagline(this.rules.slug, this.start.shell.tagline),
      nameOf: (symbol) => this.words.nameOf(symbol),
      ruleTexts: this.words.ruleTexts(this.info, this.bets.ladder, this.market),
      rtp: this.info.game.rtp || this.rules.rtp,
      maxWin: this.words.money(BigInt(this.rules.maxWinCoins) * unit),
      coinWorth: (coins) => this.words.money(BigInt(coins) * unit),
      iconOf: (id) => this.reels.art.iconUrl(id),
      jackpot: jackpotRules(
        this.jackpots.latest,
        this.market.jackpots_allowed,
        (decimal, currency) => formatMoney(toMinor(decimal, currency), currency, language()),
        this.info.jackpot,
      ),
    });
  }

  /** Each jackpot tier the round won, after its own win, in the player's money. */
  private async celebrateJackpots(wins: JackpotWin[]): Promise<void> {
    for (const win of wins) {
      this.sound.play('big');
      await celebrateJackpot(this.hud.overlay, {
        tier: tierName(win.tier),
        tone: this.jackpots.toneOf(win.pool_id, win.tier),
        amount: this.words.decimal(win.amount),
      });
    }
  }

  private async buy(): Promise<void> {
    const price = this.words.money(this.bets.total('buy'));
    const what = this.info.game.features.free_spins ? t('buy.what_free_spins') : t('buy.what_bonus');
    if (await confirmBuy(this.info.game.title, price, what)) await this.userPlay('buy');
  }

  private toLobby(): void {
    this.navigate(this.info.session.return_url);
  }

  /** Leaves the game for the operator's page (from the top frame when the game is embedded). */
  private navigate(url: string | null | undefined): void {
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

  /** A round the player asked for (Spin, Buy): the call, then a reality check that fell due. */
  private async userPlay(mode: Mode): Promise<void> {
    if (this.busy || this.ended || this.autoplay) return;
    this.chain = { stake: 0n, win: 0n, feature: false, failed: null };
    await this.play(mode);
    await this.session.checkIfDue(this.busy);
  }

  /** Quick-stop: the reels land at once (only offered where the market allows it). */
  private slam(): void {
    if (!this.slamWindow) return;
    this.reels.slam();
    this.start.root.dataset.slammed = String(Number(this.start.root.dataset.slammed ?? '0') + 1);
  }

  private closeSlamWindow(): void {
    if (!this.slamWindow) return;
    this.slamWindow = false;
    this.hud.setSlammable(false);
  }

  /** Plays one call: a paid spin in `mode`, or the next free spin while any are left. */
  private async play(mode: Mode): Promise<void> {
    if (this.busy || this.ended) return;
    this.busy = true;
    this.hud.setBusy(true);
    await this.session.untilReady();
    this.hud.setState('spinning');
    const free = this.freeSpinsLeft > 0;
    const grant = !free && mode !== 'buy' ? this.freeRounds.grant : null;
    const body: SpinRequest = this.pending ?? {
      coin: grant ? grant.coin : this.bets.bet.coin,
      bet_level: grant ? grant.bet_level : this.bets.bet.level,
      special_bet: !free && !grant && mode === 'special',
      buy_feature: !free && mode === 'buy',
      client_round_id: newClientRoundId(),
      ...(grant ? { free_round_grant_id: grant.grant_id } : {}),
    };
    this.pending = body;
    this.scene.clearMarks();
    // The counter steps as the free spin starts, as the player expects it to.
    if (free) this.scene.showFreeSpins(this.freeSpinsLeft - 1, this.freeSpinsPlayed + 1, this.featureWon());
    this.reels.startSpin();
    if (this.market.quick_stop_allowed) {
      this.slamWindow = true;
      this.hud.setSlammable(true);
    }
    this.sound.play('spin');
    let continueFree = false;
    let retry = false;
    const started = Date.now();
    try {
      const response = await this.client.spin(body, () => this.hud.announce(t('hud.retrying')));
      this.pending = null;
      const round = response.round;
      this.session.takeState(response.jurisdiction_state, started);
      const stake = toMinor(round.stake, this.currency);
      this.chain.stake += stake;
      this.chain.win += toMinor(round.win, this.currency);
      if (round.outcome?.features.some((f) => AUTOPLAY_STOPPING.has(f.type))) this.chain.feature = true;
      this.balance -= stake;
      this.renderBalance();
      if (round.kind === 'free_spin') this.freeSpinsPlayed++;
      else this.freeSpinsPlayed = 0;
      this.hud.setState('presenting');
      const jackpotWins = response.jackpot_wins ?? [];
      // The meters read again at once (a tier another player just won shows its reset); after a
      // jackpot of this spin only once it is shown, so its reset does not give the win away.
      if (jackpotWins.length === 0) void this.jackpots.refresh();
      await this.presenter.present(round, null, response.free_round?.end_reason === 'max_win_reached');
      // Once the reels have stopped: the round's score and any drop it took (scored within 2 s).
      void this.campaigns.refresh();
      if (jackpotWins.length > 0) {
        await this.celebrateJackpots(jackpotWins);
        void this.jackpots.refresh();
      }
      if (response.balance !== null) {
        this.balance = toMinor(response.balance, this.currency);
        this.renderBalance();
      } else await this.refreshBalance(); // the operator's wallet has not confirmed the credit yet
      const wasFree = this.freeSpinsLeft > 0 || round.kind === 'free_spin';
      this.freeSpinsLeft = response.state.free_spins_left;
      this.renderFreeSpins(round);
      if (wasFree && this.freeSpinsLeft === 0 && round.outcome) {
        // The feature's total as paid (a free-rounds grant's cap may have cut it).
        const total = paidSequence(round.outcome, toMinor(round.win, this.currency));
        const shower = celebrates(this.market, total, this.presenter.stake);
        if (shower) this.sound.play('feature');
        await freeSpinsOutro(
          this.hud.overlay,
          this.words.money(total),
          this.freeSpinsPlayed,
          (text) => this.hud.announce(text),
          shower,
          this.scene.scenery,
        );
        this.scene.exit();
      }
      continueFree = this.freeSpinsLeft > 0;
      // Free spins, a pick or a hold-and-collect played out in this round: back to the base track.
      this.sound.setScene(continueFree ? 'feature' : 'base');
      if (response.free_round) await this.freeRounds.afterRound(response.free_round);
    } catch (error) {
      if (!(error instanceof RuntimeFailure)) throw error;
      this.closeSlamWindow();
      await this.reels.land(this.reels.current ?? this.reels.restingScreen(), undefined, true);
      const failure = error.failure;
      if (failure.kind === 'api' && failure.code === 'cycle_too_fast') {
        // Too soon for the market's minimum cycle: wait as told, then send the same request again.
        const told = Number(failure.extra?.retry_after_ms);
        const ms = Math.min(
          Number.isFinite(told) && told > 0 ? told : this.market.min_cycle_ms || 1000,
          60_000,
        );
        this.session.readyAt = Date.now() + ms;
        const text = t('cycle.too_fast', { seconds: (Math.ceil(ms / 100) / 10).toFixed(1) });
        this.hud.announce(text);
        this.hud.notice(text);
        this.start.root.dataset.cycleRefused = String(
          Number(this.start.root.dataset.cycleRefused ?? '0') + 1,
        );
        retry = true;
      } else if (failure.kind === 'api' && failure.code === 'free_round_unavailable' && grant) {
        // The grant was cancelled, expired or used up elsewhere: nothing was played. Without this the
        // offer stayed and every spin failed the same way until a reload.
        this.pending = null;
        this.chain.failed = failure.code;
        if (this.autoplay) this.stopAutoplay('error');
        await this.freeRounds.withdrawn();
      } else if (failure.kind === 'api' && failure.code === 'reality_check_due') {
        // Nothing was played: the reality check comes first, then the player spins again.
        this.pending = null;
        this.session.due = true;
        this.chain.failed = failure.code;
      } else {
        this.chain.failed = failure.kind === 'api' ? failure.code : 'network';
        if (this.autoplay)
          this.stopAutoplay(
            failure.kind === 'api' && failure.code === 'insufficient_funds' ? 'funds' : 'error',
          );
        retry = (await this.fail(error)) === 'retry';
      }
    } finally {
      this.closeSlamWindow();
      this.busy = false;
      // Finished calls, for tests and tools that wait for a spin to be over.
      this.start.root.dataset.plays = String(Number(this.start.root.dataset.plays ?? '0') + 1);
      if (!this.ended) {
        const more = continueFree || retry;
        this.hud.setBusy(more);
        this.hud.setState(more ? 'presenting' : 'idle');
        this.hud.waitFor(this.session.readyAt);
      }
    }
    // The same request again (same client_round_id), once this call is fully over.
    if (retry && !this.ended) return this.play(mode);
    if (continueFree && !this.ended) {
      await wait(500);
      await this.play('base');
    }
  }

  /** Autoplay: the player's settings, then rounds until a limit, a feature, an error or a check. */
  private async startAutoplay(): Promise<void> {
    if (this.busy || this.ended || this.autoplay || !this.market.autoplay.allowed) return;
    const settings = await autoplaySettings({ rules: this.market, currency: this.currency });
    if (!settings || this.ended || this.busy) return;
    const run = new AutoplayRun(settings);
    this.autoplay = run;
    delete this.start.root.dataset.autoplayStopped;
    this.hud.setAutoplay(run.left);
    while (!this.ended && !run.stopped) {
      await this.session.untilReady();
      if (this.session.due) run.stop('reality_check');
      const mode = this.freeSpinsLeft > 0 ? 'base' : this.bets.mode();
      const stake = this.freeRounds.grant || this.freeSpinsLeft > 0 ? 0n : this.bets.total(mode);
      if (run.beforeRound(stake, this.balance)) break;
      this.chain = { stake: 0n, win: 0n, feature: false, failed: null };
      await this.play(mode);
      if (this.chain.failed === 'reality_check_due') run.stop('reality_check');
      else if (this.chain.failed) run.stop(this.chain.failed === 'insufficient_funds' ? 'funds' : 'error');
      else run.afterRound(this.chain);
      if (this.session.due) run.stop('reality_check');
      if (!run.stopped) this.hud.setAutoplay(run.left);
    }
    this.autoplay = null;
    const reason: StopReason = run.stopped ?? 'player';
    this.start.root.dataset.autoplayStopped = reason;
    if (!this.ended) {
      this.hud.setAutoplay(null);
      this.hud.announce(t(`autoplay.stopped.${reason}`));
      this.hud.notice(t(`autoplay.stopped.${reason}`));
    }
    await this.session.checkIfDue(this.busy);
  }

  private stopAutoplay(reason: StopReason): void {
    const run = this.autoplay;
    if (!run) return;
    run.stop(reason);
    if (!this.ended) this.hud.setAutoplay(null);
  }

  /** The player left: to the operator's page, else a screen that says the window may be closed. */
  private leave(url: string | null): void {
    this.ended = true;
    this.session.schedule(null);
    this.jackpots?.stop();
    this.campaigns?.stop();
    this.hud.lock();
    if (url && /^https?:\/\//i.test(url)) {
      this.hud.setState('ended');
      this.navigate(url);
    } else this.hud.endScreen(t('ended.title'), t('ended.text'));
  }

  private renderFreeSpins(round: Round): void {
    if (this.freeSpinsLeft > 0 || round.kind === 'free_spin') {
      const sequence = round.outcome ? BigInt(round.outcome.sequenceWin) : 0n;
      this.featureTotal = sequence;
      if (this.freeSpinsLeft > 0)
        this.scene.showFreeSpins(this.freeSpinsLeft, this.freeSpinsPlayed, this.words.money(sequence));
      else this.hud.hideFreeSpins();
    } else this.hud.hideFreeSpins();
    this.hud.setFeatureMode(this.freeSpinsLeft > 0);
  }

  /** Tells the player what went wrong; answers 'retry' when they asked to send the spin again. */
  private async fail(error: RuntimeFailure): Promise<string> {
    const message = messageFor(error.failure, (d) => this.words.decimal(d));
    if (!message.retry) this.pending = null;
    if (message.fatal) this.session.schedule(null);
    this.sound.play('error');
    this.hud.setState('error');
    if (message.fatal) {
      this.ended = true;
      this.jackpots?.stop();
      this.campaigns?.stop();
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
      // Play is over and there is no lobby to go back to: the window may be closed.
      message.fatal && !this.hud.lobby ? `${message.text} ${t('ended.close_window')}` : message.text,
      actions,
      `error-${error.failure.kind === 'api' ? error.failure.code : 'network'}`,
    );
    if (chosen === 'lobby') this.toLobby();
    if (!message.retry && !message.fatal && error.failure.kind === 'api') await this.refreshBalance();
    return chosen;
  }

  /** Reads the session again and shows its balance; false when it could not be read. */
  private async refreshBalance(): Promise<boolean> {
    try {
      this.info = await this.client.session();
      this.balance = toMinor(this.info.balance, this.currency);
      this.renderBalance();
      return true;
    } catch {
      // the shown balance stays; the next spin answers with the real one
      return false;
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
      this.hud.setWin(this.words.decimal(last.win), last.win);
    }
    if (this.freeSpinsLeft > 0) {
      this.scene.enter('free_spins');
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
      this.scene.clearMarks();
      this.reels.startSpin();
      await this.presenter.present(full, label);
    } finally {
      // A replayed round that started free spins shows their intro, not a feature to play.
      if (this.freeSpinsLeft === 0) this.scene.exit();
      this.busy = false;
      this.hud.setBusy(false);
      this.hud.setState(this.ended ? 'ended' : 'idle');
    }
  }
}
