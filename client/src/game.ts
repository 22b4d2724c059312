// The game controller: session → bet → spin → presentation (anticipation, win tiers, the free-spins
// intro and outro), the pick bonus, errors shown to the player, and a reloaded page picking up the
// round it finds. Every word the player sees comes from the message catalog (i18n).

import { ruleTexts } from '../../src/games/rule-text.ts';
import { createRuntimeClient, newClientRoundId, type RuntimeClient, RuntimeFailure } from './api/runtime.ts';
import type {
  FreeRoundOffer,
  GameRules,
  JurisdictionRules,
  JurisdictionState,
  PickStep,
  Round,
  SessionInfo,
  SpinRequest,
} from './api/types.ts';
import { Sound } from './audio/sound.ts';
import { language, type MessageKey, symbolName, t, tagline } from './i18n/i18n.ts';
import { showIntro } from './identity/features.ts';
import { mountFrame } from './identity/frame.ts';
import { identityOf } from './identity/identity.ts';
import { AutoplayRun, type StopReason } from './logic/autoplay.ts';
import {
  type BetChoice,
  buildLadder,
  canStep,
  capLadder,
  curateLadder,
  type Ladder,
  largestAffordable,
  type Mode,
  operatorDefault,
  startingBet,
  stepBet,
  totalBet,
} from './logic/bet.ts';
import {
  cellsShowing,
  heldCoins,
  holdCountdown,
  holdRespins,
  wildMultiplier,
} from './logic/feature-counters.ts';
import {
  celebrates,
  clockSkew,
  formatElapsed,
  nextRoundAt,
  realityCheckDueAt,
  rulesOf,
  SessionMeter,
} from './logic/jurisdiction.ts';
import { messageFor } from './logic/messages.ts';
import { formatAmount, formatDecimal, formatMoney, toMinor } from './logic/money.ts';
import { loadPrefs, type Prefs, updatePrefs } from './logic/prefs.ts';
import {
  anticipationReels,
  byAmountDesc,
  finalScreen,
  paidSequence,
  paidSteps,
  planPresentation,
  type Step,
  takesScreen,
} from './logic/presentation.ts';
import { mountBackdrop } from './scene/backdrop.ts';
import { ReelsView, type WinEntry } from './scene/reels.ts';
import { createStage } from './scene/stage.ts';
import type { Palette } from './scene/symbols.ts';
import { motion, tween, wait } from './scene/tween.ts';
import { chooseTotalBet } from './ui/bet-panel.ts';
import { celebrateWin } from './ui/celebrate.ts';
import { confirmBuy, showHistory, showMessage, showPaytable } from './ui/dialogs.ts';
import { FeatureScene } from './ui/feature-scene.ts';
import { freeSpinsIntro, freeSpinsOutro } from './ui/feature-screens.ts';
import { fitLabels, fitStageToReels } from './ui/fit.ts';
import { demoBadge, FreeRoundsStrip, freeRoundsDone, offerFreeRounds } from './ui/free-rounds.ts';
import { Hud } from './ui/hud.ts';
import { pickBonus } from './ui/pick-scene.ts';
import { autoplaySettings, realityCheck, safeLink } from './ui/protection.ts';
import { allowedSpeeds, applyHandedness, clampSpeed, openSettings, settingsButton } from './ui/settings.ts';
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
/** Features that stop autoplay: the player should see them start. */
const AUTOPLAY_STOPPING = new Set(['free_spins', 'pick', 'hold_and_collect']);

/** Minor units of a signed decimal ("-12.50"). */
function signedMinor(text: string, currency: string): bigint {
  return text.startsWith('-') ? -toMinor(text.slice(1), currency) : toMinor(text, currency);
}

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
  /** The player's settings on this device (sound, speed, space-to-spin, intro, handedness). */
  private prefs: Prefs;
  private hud!: Hud;
  private reels!: ReelsView;
  /** The feature's scene: backdrop, frame, music and the counters on the reels. */
  private scene!: FeatureScene;
  /** Respins left as each picture of the round's hold-and-collect is shown (by screen index). */
  private holdLeft: Map<number, number> | null = null;
  /** What the free-spins feature under way has won so far (minor units). */
  private featureTotal = 0n;
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
  /** The market's rules for this session (the permissive default when the server sends none). */
  private readonly market: JurisdictionRules;
  private readonly meter: SessionMeter;
  /** How far the server's clock runs ahead of this one (ms; 0 when they agree). */
  private readonly skew: number;
  /** Local time the next round may start. */
  private readyAt = 0;
  private realityTimer: ReturnType<typeof setTimeout> | null = null;
  private realityDue = false;
  private realityOpen = false;
  private autoplay: AutoplayRun | null = null;
  /** What the current call and everything it started staked and won (for autoplay). */
  private chain = { stake: 0n, win: 0n, feature: false, failed: null as string | null };
  /** The reels are spinning and may be stopped early (quick-stop, where allowed). */
  private slamWindow = false;
  /** The round on screen is not celebrated (a return at or below the stake where that is banned). */
  private quiet = false;
  /** What the win meter showed before this round's win, and its label (a celebration counts from it). */
  private meterBase = 0n;
  private meterLabel = '';

  constructor(start: GameStart, client: RuntimeClient, info: SessionInfo) {
    this.start = start;
    this.client = client;
    this.info = info;
    this.rules = info.game.rules;
    this.currency = info.session.currency;
    this.market = rulesOf(info);
    // Stakes above the market's cap are not offered (the server refuses them too); of the rest, the
    // round totals (and the operator's default), starting at the operator's or the house default.
    const cap = this.market.max_stake;
    const operatorTotal = operatorDefault(info);
    this.ladder = curateLadder(
      capLadder(buildLadder(info), cap ? toMinor(cap, this.currency) : null),
      operatorTotal,
    );
    this.bet = startingBet(this.ladder, operatorTotal);
    this.balance = toMinor(info.balance, this.currency);
    this.freeSpinsLeft = info.state.free_spins_left;
    this.prefs = loadPrefs();
    this.sound = new Sound({
      muted: this.prefs.muted,
      music: this.prefs.music,
      effects: this.prefs.effects,
      game: this.rules.slug,
      onMusic: (track) => {
        this.start.root.dataset.music = track ?? 'off';
      },
    });
    const now = Date.now();
    this.meter = new SessionMeter(info.jurisdiction, now);
    this.skew = info.jurisdiction ? clockSkew(info.jurisdiction, now) : 0;
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
    const facts = this.rules.ruleFacts;
    const wanted = (() => {
      for (const fact of facts) {
        if (inFeature && fact.id === 'retrigger') return { code: fact.symbol, count: fact.awards[0]?.count };
        if (!inFeature && fact.id === 'free_spins')
          return { code: fact.symbol, count: fact.awards[0]?.count };
        if (!inFeature && fact.id === 'pick') return { code: fact.symbol, count: fact.count };
      }
      return null;
    })();
    if (!wanted || wanted.count === undefined) return null;
    const symbols = this.rules.symbols.filter((s) => s.code === wanted.code);
    const first = symbols[0];
    if (!first) return null;
    return { ids: new Set(symbols.map((s) => s.id)), count: wanted.count, name: this.nameOf(first) };
  }

  /** The rules in the player's words, from the server's rule facts (the same wording as its English). */
  private ruleTexts(): string[] {
    const name = (code: string) => {
      const symbol = this.rules.symbols.find((s) => s.code === code);
      return symbol ? this.nameOf(symbol) : code;
    };
    // Buy and ante are described only where this session offers them (the market may ban them).
    const offered = {
      buy: this.info.game.features.buy_feature && this.ladder.modeCoins.buy !== null,
      special: this.info.game.features.special_bet && this.ladder.modeCoins.special !== null,
    };
    const facts = this.rules.ruleFacts.filter((fact) => {
      if (fact.id === 'buy_free_spins' || fact.id === 'buy_hold') return offered.buy;
      if (fact.id === 'ante') return offered.special;
      if (fact.id === 'max_win_chance' && fact.mode !== 'base') return offered[fact.mode];
      return true;
    });
    return ruleTexts(
      facts,
      { language: language(), message: (key, values) => t(key, values), symbol: name },
      { maxWinChance: this.market.show_max_win_probability },
    );
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
      // A mode the market bans is left out of the session's ladder (modes null) and named in its rules.
      hasSpecial:
        this.info.game.features.special_bet &&
        this.market.ante_allowed &&
        this.ladder.modeCoins.special !== null,
      hasBuy:
        this.info.game.features.buy_feature &&
        this.market.feature_buy_allowed &&
        this.ladder.modeCoins.buy !== null,
      muted: this.sound.muted,
      autoplay: this.market.autoplay.allowed,
      speeds: this.speedCount(),
      fullscreen: this.market.fullscreen_allowed && document.fullscreenEnabled === true,
      showSessionTime: this.market.show_session_time,
      showNetPosition: this.market.show_net_position,
    });
    this.hud = hud;
    this.mountSettings();
    fitStageToReels(hud.root, { device, reels: this.rules.reels, rows: this.rules.rows });
    root.dataset.jurisdiction = this.info.jurisdiction?.code ?? 'default';
    mountBackdrop(root, this.rules.slug, shell.palette);
    const identity = identityOf(this.rules.slug);
    if (identity) mountFrame(hud.stage, identity.frame, this.rules.rows);
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
    this.scene = new FeatureScene({
      root,
      stage: hud.stage,
      slug: this.rules.slug,
      reels: this.rules.reels,
      rows: this.rules.rows,
      freeSpinsStrip: hud.root.querySelector('[data-testid="free-spins"]'),
      setMusic: (scene) => this.sound.setScene(scene),
    });
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
      this.featureTotal = toMinor(feature.sequence_win, this.currency);
      this.bet = this.betOf({ coin: feature.coin, bet_level: feature.bet_level }) ?? this.bet;
    }
    this.renderBet();
    this.renderBalance();
    hud.setWin(this.money(0n), '0');
    this.reels.show(this.reels.restingScreen());
    hud.setState('idle');
    this.start.progress(100);
    this.freeRoundsStrip = new FreeRoundsStrip(hud.root);
    fitLabels(hud.root);
    if (this.info.session.play_mode === 'demo') demoBadge(hud.root, () => this.resetDemo());
    this.renderSession();
    if (this.market.show_session_time || this.market.show_net_position)
      setInterval(() => this.renderSession(), 1000);
    const jurisdiction = this.info.jurisdiction;
    if (jurisdiction?.reality_check?.due) await this.realityCheck();
    else if (jurisdiction) this.scheduleRealityCheck(realityCheckDueAt(jurisdiction, this.skew));
    if (this.ended) return;
    // The music (once the first gesture unlocks audio) is the feature's while free spins remain.
    this.sound.setScene(this.freeSpinsLeft > 0 ? 'feature' : 'base');
    if (this.prefs.intro) await this.intro();
    if (last) await this.resume(last);
    await this.offerFreeRounds();
  }

  /** The intro screen: the game's key features, max win and volatility; it can be turned off. */
  private async intro(): Promise<void> {
    const { hide } = await showIntro({
      rules: this.rules,
      title: this.info.game.title || this.start.shell.title,
      describe: (fact) =>
        ruleTexts(
          [fact],
          {
            language: language(),
            message: (key, values) => t(key, values),
            symbol: (code) => {
              const symbol = this.rules.symbols.find((s) => s.code === code);
              return symbol ? this.nameOf(symbol) : code;
            },
          },
          { maxWinChance: false },
        ).join(' '),
      iconOf: (code) => {
        const symbol = this.rules.symbols.find((s) => s.code === code);
        return symbol ? this.reels.art.iconUrl(symbol.id, 96) : '';
      },
      maxWin: formatDecimal(String(this.rules.maxWinMultiplier), language()),
    });
    if (hide) this.prefs = updatePrefs(this.prefs, { intro: false });
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

  /** The server no longer offers the grant being played: drop it, take the server's state, say so. */
  private async freeRoundsWithdrawn(): Promise<void> {
    this.freeRound = null;
    this.freeRoundsStrip?.hide();
    try {
      this.info = await this.client.session();
      this.balance = toMinor(this.info.balance, this.currency);
      this.renderBalance();
    } catch {
      this.info = { ...this.info, free_rounds: [] };
    }
    this.renderBet();
    this.hud.announce(t('freerounds.withdrawn_text'));
    await showMessage(
      t('freerounds.withdrawn_title'),
      t('freerounds.withdrawn_text'),
      [{ id: 'close', label: t('freerounds.continue') }],
      'free-rounds-withdrawn',
    );
    await this.offerFreeRounds();
  }

  /** After a round of a grant: the strip, and the summary once its rounds and their features are over. */
  private async afterFreeRound(state: NonNullable<import('./api/types.ts').SpinResponse['free_round']>) {
    this.freeRound = state.rounds_left > 0 && state.status === 'active' ? state : null;
    if (this.freeRound || this.freeSpinsLeft > 0) {
      this.freeRoundsStrip?.show(state.rounds_left, this.decimal(state.win));
      return;
    }
    this.freeRoundsStrip?.hide();
    const capped = state.end_reason === 'max_win_reached' && state.max_win !== null;
    await freeRoundsDone(this.decimal(state.win), capped ? this.decimal(state.max_win as string) : null);
    this.info = await this.client.session();
    await this.offerFreeRounds();
  }

  /** The free-spins feature's win so far (for its counter as the next spin starts). */
  private featureWon(): string {
    return this.money(this.featureTotal);
  }

  /** The ids of the game's symbols of a kind (a game may draw one symbol in several versions). */
  private idsOf(kind: string): Set<number> {
    return new Set(this.rules.symbols.filter((s) => s.kind === kind).map((s) => s.id));
  }

  /** In free spins, the multiplier every wild carries (Ember's ×2, from its rules) as a badge on it. */
  private markReels(screen: import('./api/types.ts').Screen | undefined): void {
    const factor = wildMultiplier(this.rules);
    if (!screen || !this.inFeature || factor === null) return;
    const wilds = cellsShowing(screen, this.idsOf('wild'));
    this.scene.markCells(wilds, `×${factor}`);
    if (wilds.length > 0) this.start.root.dataset.wildBadges = String(wilds.length);
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
    click(hud.spin, () => {
      if (this.slamWindow) this.slam();
      else void this.userPlay(this.mode());
    });
    click(hud.auto, () => {
      if (this.autoplay) this.stopAutoplay('player');
      else void this.startAutoplay();
    });
    click(hud.speed, () => {
      motion.speed = hud.nextSpeed();
      const speeds = allowedSpeeds(this.speedCount());
      this.prefs = updatePrefs(this.prefs, { speed: speeds[hud.speedIndexNow()] ?? 'normal' });
    });
    click(hud.fullscreen, () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
      else void document.documentElement.requestFullscreen().catch(() => {});
    });
    document.addEventListener('fullscreenchange', () =>
      hud.fullscreen?.setAttribute('aria-pressed', String(document.fullscreenElement !== null)),
    );
    // Any first gesture starts the audio (a dialog's button as much as the Spin button).
    for (const gesture of ['pointerdown', 'keydown'] as const)
      document.addEventListener(gesture, () => this.sound.unlock(), { capture: true });
    hud.stage.addEventListener('pointerdown', () => {
      if (this.slamWindow) this.slam();
    });
    click(hud.betUp, () => this.changeBet(stepBet(this.ladder, this.bet, 1)));
    click(hud.betDown, () => this.changeBet(stepBet(this.ladder, this.bet, -1)));
    click(hud.betSettings, async () => {
      const chosen = await chooseTotalBet(this.ladder, this.bet, (b) =>
        this.money(totalBet(this.ladder, b, this.mode())),
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
      this.prefs = updatePrefs(this.prefs, { muted: this.sound.muted });
    });
    document.addEventListener('keydown', (event) => {
      if (event.code !== 'Space' || event.repeat || document.querySelector('dialog[open]')) return;
      // Where the market bans spacebar play, Space does nothing in the game (nor stops the reels).
      if (!this.market.spacebar_allowed || !this.prefs.spaceToSpin) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(OWN_SPACE)) return; // a focused button answers Space itself
      event.preventDefault();
      if (!hud.spin.disabled) hud.spin.click();
    });
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
    motion.reduced = reduce.matches;
    reduce.addEventListener('change', () => (motion.reduced = reduce.matches));
  }

  /** Speeds the market allows: 1 (normal only), 2 (turbo) or 3 (super turbo). */
  private speedCount(): number {
    return this.market.turbo_allowed ? (this.market.super_turbo_allowed ? 3 : 2) : 1;
  }

  /** The gear in the menu, and the stored settings applied to the game as it opens. */
  private mountSettings(): void {
    const gear = settingsButton();
    this.hud.root.querySelector('nav.menu')?.append(gear);
    gear.addEventListener('click', () => {
      this.sound.unlock();
      this.sound.play('click');
      void openSettings({
        prefs: this.prefs,
        speeds: allowedSpeeds(this.speedCount()),
        spaceAllowed: this.market.spacebar_allowed,
        apply: (change) => this.applyPrefs(change),
      });
    });
    this.applyPrefs({});
  }

  /** Stores a change of the player's settings and sets them all on the game at once. */
  private applyPrefs(change: Partial<Prefs>): Prefs {
    this.prefs = updatePrefs(this.prefs, change);
    this.sound.setVolume('music', this.prefs.music);
    this.sound.setVolume('effects', this.prefs.effects);
    this.sound.muted = this.prefs.muted;
    this.hud.setMuted(this.prefs.muted);
    const speeds = allowedSpeeds(this.speedCount());
    motion.speed = this.hud.setSpeed(speeds.indexOf(clampSpeed(this.prefs.speed, speeds)));
    applyHandedness(this.hud.root, this.prefs.leftHanded);
    this.hud.setKeysHint(
      this.market.spacebar_allowed && this.prefs.spaceToSpin ? t('hud.keys') : t('hud.keys_no_space'),
    );
    return this.prefs;
  }

  private mode(): Mode {
    return this.special ? 'special' : 'base';
  }

  private changeBet(next: BetChoice): void {
    const cap = this.market.max_stake ? toMinor(this.market.max_stake, this.currency) : null;
    // A coin and level chosen in the settings that together cost more than the cap: the highest step that fits.
    if (cap !== null && totalBet(this.ladder, next, 'base') > cap)
      next = largestAffordable(this.ladder, cap, 'base') ?? next;
    this.bet = next;
    this.renderBet();
  }

  private renderBet(): void {
    const total = totalBet(this.ladder, this.bet, this.mode());
    // One list of totals: the coin and level behind a total are the server's business, not the player's.
    this.hud.setBet(this.money(total), '', this.special);
    this.hud.setLimits(canStep(this.ladder, this.bet, 1), canStep(this.ladder, this.bet, -1));
    // Where the market wants them where the stake is placed (Germany, Spain): RTP and the top prize.
    const unit = this.bet.coinMinor * BigInt(this.bet.level);
    this.hud.setBetFacts(
      this.market.show_rtp ? t('hud.rtp_short', { rtp: this.info.game.rtp || this.rules.rtp }) : '',
      this.market.show_max_win
        ? t('hud.max_win_short', { amount: this.money(BigInt(this.rules.maxWinCoins) * unit) })
        : '',
    );
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
    await this.afterRound();
  }

  /** Between rounds: the reality check when it is due. */
  private async afterRound(): Promise<void> {
    if (this.realityDue && !this.ended && !this.busy) await this.realityCheck();
  }

  /** Resolves when the next round may start (the market's minimum cycle). */
  private async untilReady(): Promise<void> {
    const ms = this.readyAt - Date.now();
    if (ms > 0) await new Promise<void>((resolve) => setTimeout(resolve, ms));
  }

  /** What a spin answer says of the session: clock, net position, next round, reality check. */
  private takeState(state: JurisdictionState | undefined, started: number): void {
    const now = Date.now();
    if (state) {
      this.meter.update(state, now);
      if (state.reality_check_due) this.realityDue = true;
    }
    this.readyAt = nextRoundAt(this.market, started, now, state?.next_round_at, this.skew);
    this.renderSession();
  }

  private renderSession(): void {
    if (!this.market.show_session_time && !this.market.show_net_position) return;
    this.hud.setSession(formatElapsed(this.meter.seconds(Date.now())), this.netText(), this.meter.net);
  }

  private netText(): string {
    try {
      return this.money(signedMinor(this.meter.net, this.currency));
    } catch {
      return this.meter.net;
    }
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
    await this.untilReady();
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
      this.takeState(response.jurisdiction_state, started);
      const stake = toMinor(round.stake, this.currency);
      this.chain.stake += stake;
      this.chain.win += toMinor(round.win, this.currency);
      if (round.outcome?.features.some((f) => AUTOPLAY_STOPPING.has(f.type))) this.chain.feature = true;
      this.balance -= stake;
      this.renderBalance();
      if (round.kind === 'free_spin') this.freeSpinsPlayed++;
      else this.freeSpinsPlayed = 0;
      this.hud.setState('presenting');
      await this.present(round, null, response.free_round?.end_reason === 'max_win_reached');
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
        const shower = celebrates(this.market, total, this.stake);
        if (shower) this.sound.play('feature');
        await freeSpinsOutro(
          this.hud.overlay,
          this.money(total),
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
      if (response.free_round) await this.afterFreeRound(response.free_round);
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
        this.readyAt = Date.now() + ms;
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
        await this.freeRoundsWithdrawn();
      } else if (failure.kind === 'api' && failure.code === 'reality_check_due') {
        // Nothing was played: the reality check comes first, then the player spins again.
        this.pending = null;
        this.realityDue = true;
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
        this.hud.waitFor(this.readyAt);
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
      await this.untilReady();
      if (this.realityDue) run.stop('reality_check');
      const mode = this.freeSpinsLeft > 0 ? 'base' : this.mode();
      const stake = this.freeRound || this.freeSpinsLeft > 0 ? 0n : totalBet(this.ladder, this.bet, mode);
      if (run.beforeRound(stake, this.balance)) break;
      this.chain = { stake: 0n, win: 0n, feature: false, failed: null };
      await this.play(mode);
      if (this.chain.failed === 'reality_check_due') run.stop('reality_check');
      else if (this.chain.failed) run.stop(this.chain.failed === 'insufficient_funds' ? 'funds' : 'error');
      else run.afterRound(this.chain);
      if (this.realityDue) run.stop('reality_check');
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
    await this.afterRound();
  }

  private stopAutoplay(reason: StopReason): void {
    const run = this.autoplay;
    if (!run) return;
    run.stop(reason);
    if (!this.ended) this.hud.setAutoplay(null);
  }

  /** Places (or clears) the timer of the next reality check. */
  private scheduleRealityCheck(at: number | null): void {
    if (this.realityTimer) clearTimeout(this.realityTimer);
    this.realityTimer = null;
    if (at === null || this.ended) return;
    const ms = Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1);
    this.realityTimer = setTimeout(() => {
      this.realityDue = true;
      if (this.autoplay) this.stopAutoplay('reality_check');
      else if (!this.busy) void this.realityCheck();
    }, ms);
  }

  /** The reality check: time played, net position, continue (next check scheduled) or leave. */
  private async realityCheck(): Promise<void> {
    if (this.realityOpen || this.ended) return;
    this.realityOpen = true;
    this.realityDue = false;
    this.scheduleRealityCheck(null);
    let returnUrl: string | null = null;
    let fatal: RuntimeFailure | null = null;
    const interval = this.info.jurisdiction?.reality_check?.interval_seconds ?? 3600;
    this.start.root.dataset.realityCheck = 'open';
    const action = await realityCheck({
      time: formatElapsed(this.meter.seconds(Date.now())),
      net: this.netText(),
      historyUrl: safeLink(this.info.jurisdiction?.history_url),
      answer: async (chosen) => {
        try {
          const answer = await this.client.realityCheck(chosen);
          returnUrl = answer.return_url;
          if (chosen === 'continue' && answer.reality_check) {
            const at = realityCheckDueAt(answer, this.skew);
            // A check due again at once would trap the player in it: the interval from now instead.
            this.scheduleRealityCheck(
              at !== null && at > Date.now() + 1000 ? at : Date.now() + interval * 1000,
            );
          }
          return true;
        } catch (error) {
          if (!(error instanceof RuntimeFailure)) throw error;
          if (messageFor(error.failure).fatal) {
            fatal = error;
            return true;
          }
          return false;
        }
      },
    });
    this.realityOpen = false;
    this.start.root.dataset.realityCheck = action;
    if (fatal) {
      await this.fail(fatal);
      return;
    }
    if (action === 'leave') this.leave(returnUrl ?? this.info.session.return_url ?? null);
  }

  /** The player left: to the operator's page, else a screen that says the window may be closed. */
  private leave(url: string | null): void {
    this.ended = true;
    this.scheduleRealityCheck(null);
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
        this.scene.showFreeSpins(this.freeSpinsLeft, this.freeSpinsPlayed, this.money(sequence));
      else this.hud.hideFreeSpins();
    } else this.hud.hideFreeSpins();
    this.hud.setFeatureMode(this.freeSpinsLeft > 0);
  }

  /** Tells the player what went wrong; answers 'retry' when they asked to send the spin again. */
  private async fail(error: RuntimeFailure): Promise<string> {
    const message = messageFor(error.failure, (d) => this.decimal(d));
    if (!message.retry) this.pending = null;
    if (message.fatal) this.scheduleRealityCheck(null);
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
      // Play is over and there is no lobby to go back to: the window may be closed.
      message.fatal && !this.hud.lobby ? `${message.text} ${t('ended.close_window')}` : message.text,
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
      await this.present(full, label);
    } finally {
      // A replayed round that started free spins shows their intro, not a feature to play.
      if (this.freeSpinsLeft === 0) this.scene.exit();
      this.busy = false;
      this.hud.setBusy(false);
      this.hud.setState(this.ended ? 'ended' : 'idle');
    }
  }

  /**
   * Plays a round's steps; `replayLabel` (a replay or a reload) leaves the balance alone. Only what
   * was paid is counted and celebrated: a free round's win after its grant's cap (`capReached`: the
   * round ended the grant by paying its max_win).
   */
  private async present(round: Round, replayLabel: string | null, capReached = false): Promise<void> {
    const outcome = round.outcome;
    if (!outcome) return;
    const unit = toMinor(round.coin, this.currency) * BigInt(round.bet_level);
    const baseBet = unit * BigInt(this.ladder.modeCoins.base ?? this.rules.lineCost);
    const saved = this.bet;
    this.bet = this.betOf(round) ?? this.bet; // money symbols show values at the round's bet
    const win = toMinor(round.win, this.currency);
    const planned = planPresentation(outcome, baseBet, unit);
    const paidPlan = round.free_round_grant_id ? paidSteps(planned, win, capReached, baseBet) : planned;
    // The round's own win is counted and celebrated before the free-spins intro takes the stage.
    const steps = [
      ...paidPlan.filter((step) => step.type !== 'free_spins'),
      ...paidPlan.filter((step) => step.type === 'free_spins'),
    ];
    const inFeature = round.kind === 'free_spin';
    const label = inFeature ? t('hud.feature_win') : t('hud.win');
    this.stake = baseBet;
    this.inFeature = inFeature;
    // The stake this return is measured against: what the round cost, or the base bet of a round
    // that cost nothing (a free spin, a free round).
    const paid = toMinor(round.stake, this.currency);
    const returned = round.free_round_grant_id ? win : BigInt(outcome.totalWin);
    this.quiet = !celebrates(this.market, returned, paid > 0n ? paid : baseBet);
    let shown = inFeature ? BigInt(outcome.sequenceWin) - BigInt(outcome.totalWin) : 0n;
    this.hud.setWin(this.money(shown), formatAmount(shown, this.currency), label);
    // A win that takes the screen is counted on the meter by its celebration, in step with it.
    const total = steps.find((step) => step.type === 'total');
    this.meterBase = shown;
    this.meterLabel = label;
    const celebrated = !this.quiet && total !== undefined && takesScreen(total.tier);
    const countUp = (add: bigint, plain = false): Promise<void> => {
      if (celebrated) return Promise.resolve();
      const from = shown;
      shown += add;
      if (plain) {
        this.hud.setWin(this.money(shown), formatAmount(shown, this.currency), label);
        return Promise.resolve();
      }
      return tween(500, (p) => {
        const now = from + (add * BigInt(Math.round(p * 1000))) / 1000n;
        this.hud.setWin(this.money(now), formatAmount(now, this.currency), label);
      });
    };
    const hold = outcome.features.find((f) => f.type === 'hold_and_collect');
    const respins = holdRespins(this.rules);
    this.holdLeft =
      hold?.type === 'hold_and_collect' && respins !== null
        ? holdCountdown(outcome.screens, hold.firstScreen, respins, this.idsOf('money'))
        : null;
    for (const step of steps) await this.presentStep(step, outcome, unit, countUp);
    if (this.scene.active === 'hold') this.scene.exit();
    delete this.start.root.dataset.anticipation;
    if (BigInt(outcome.totalWin) === 0n) this.reels.clearHighlight();
    const final = inFeature ? paidSequence(outcome, win) : win;
    this.hud.setWin(
      this.money(final),
      formatAmount(final, this.currency),
      replayLabel ?? (inFeature ? label : t('hud.last_win')),
    );
    // The wins of the last picture cycle on the reels until the next spin, and are read out once.
    const cycling =
      round.free_round_grant_id && win < BigInt(outcome.totalWin) ? [] : this.winEntries(outcome);
    this.reels.cycleWins(cycling);
    this.bet = saved;
    const said = win > 0n ? t('win.you_won', { amount: this.money(win) }) : t('win.none');
    this.hud.announce([said, ...cycling.map((entry) => entry.text)].join('. '));
  }

  /** The wins drawn on the last picture of a round, biggest first, with what each paid. */
  private winEntries(outcome: NonNullable<Round['outcome']>): WinEntry[] {
    const last = outcome.screens.length - 1;
    const wins = byAmountDesc(outcome.wins.filter((w) => w.screen === last && w.kind !== 'pick'));
    return wins.map((w) => {
      const symbol = this.rules.symbols[w.symbol];
      const name = symbol ? this.nameOf(symbol) : String(w.symbol);
      const amount = this.money(BigInt(w.amount));
      const text =
        w.line !== null
          ? t('win.cycle_line', { line: w.line + 1, count: w.count, name, amount })
          : t('win.cycle_other', { count: w.count, name, amount });
      return { positions: w.positions, line: w.kind === 'line' ? w.line : null, text };
    });
  }

  private async presentStep(
    step: Step,
    outcome: NonNullable<Round['outcome']>,
    unit: bigint,
    add: (minor: bigint, plain?: boolean) => Promise<void>,
  ): Promise<void> {
    const screens = outcome.screens;
    switch (step.type) {
      case 'land': {
        const screen = screens[step.screen] ?? this.reels.restingScreen();
        const trigger = step.screen === 0 ? this.triggerOf(this.inFeature) : null;
        const suspense = trigger ? anticipationReels(screen, trigger.ids, trigger.count) : [];
        if (suspense.length > 0) {
          this.start.root.dataset.anticipation = suspense.join(',');
          this.hud.announce(t('anticipation', { name: trigger?.name ?? '' }));
        }
        await this.reels.land(
          screen,
          (reel) => this.sound.play(suspense.includes(reel) ? 'tension-stop' : 'stop', reel),
          false,
          suspense,
          () => this.sound.play('tension'),
        );
        if (step.screen === 0) this.closeSlamWindow();
        this.markReels(screen);
        return;
      }
      case 'tumble':
        await this.reels.tumble(step.removed, screens[step.screen] ?? this.reels.restingScreen());
        this.markReels(screens[step.screen]);
        return;
      case 'expand':
        await this.reels.morph(screens[step.screen] ?? this.reels.restingScreen());
        this.markReels(screens[step.screen]);
        return;
      case 'respin': {
        const screen = screens[step.screen] ?? this.reels.restingScreen();
        await this.reels.morph(screen);
        const left = this.holdLeft?.get(step.screen);
        if (left !== undefined) {
          const held = this.money(BigInt(heldCoins(screen, this.idsOf('money'))) * unit);
          this.scene.showRespins(left, holdRespins(this.rules) ?? left, held);
          this.hud.announce(t('hold.counter_label', { count: left, amount: held }));
        }
        return;
      }
      case 'hold': {
        this.sound.play('feature');
        this.sound.setScene('feature');
        this.scene.enter('hold');
        // The respins the game's rules give (the event counts the respins played, refills included).
        const count = holdRespins(this.rules) ?? step.respins;
        await this.hud.banner(t('feature.hold'), t('feature.respins', { count }), 1300, wait);
        return;
      }
      case 'wins': {
        // No fanfare for a return the market does not let us celebrate: the amount, at once.
        const counting = this.quiet ? add(step.amount, true) : add(step.amount);
        if (!this.quiet) this.sound.play('win');
        // All the picture's wins together: every winning symbol and every payline at once.
        const positions = step.wins.flatMap((w) => w.positions);
        const lines = step.wins.flatMap((w) => (w.kind === 'line' && w.line !== null ? [w.line] : []));
        const collected = step.wins.find((w) => w.kind === 'collect');
        if (collected) this.sound.play('collect');
        if (collected)
          this.hud.announce(t('win.collected', { amount: this.money(BigInt(collected.amount)) }));
        await Promise.all([counting, this.reels.highlight(positions, lines)]);
        await wait(450);
        return;
      }
      case 'win': {
        // The last picture's wins are cycled one by one once the round is over (see present).
        if (step.screen === screens.length - 1) return;
        const w = step.win;
        await this.reels.highlight(w.positions, w.kind === 'line' ? w.line : null);
        await wait(300);
        return;
      }
      case 'multiplier':
        await this.hud.banner(`×${step.factor}`, t('feature.multiplier'), 900, wait);
        return;
      case 'pick': {
        this.sound.play('feature');
        this.sound.setScene('feature');
        this.hud.setState('bonus');
        await this.hud.banner(t('feature.pick'), t('feature.pick_sub'), 1000, wait);
        const describe = (p: PickStep) =>
          p.prize === 'coins'
            ? t('pick.coins', { amount: this.money(BigInt(p.value) * unit) })
            : p.prize === 'multiplier'
              ? t('pick.multiplier', { factor: p.value })
              : t('pick.gate');
        this.scene.enter('pick');
        await pickBonus({
          slug: this.rules.slug,
          picks: step.picks,
          describe,
          coinsToMoney: (coins) => this.money(BigInt(coins) * unit),
          total: this.money(step.amount),
          onReveal: () => this.sound.play('pick'),
          announce: (text) => this.hud.announce(text),
        });
        this.scene.exit();
        await add(step.amount);
        this.hud.setState('presenting');
        return;
      }
      case 'free_spins': {
        this.sound.play('feature');
        this.sound.setScene('feature');
        const expanding = this.symbolById(step.expandingSymbol);
        if (!step.retrigger) this.scene.enter('free_spins');
        await freeSpinsIntro(this.hud.overlay, {
          awarded: step.awarded,
          retrigger: step.retrigger,
          expanding: expanding ? this.nameOf(expanding) : null,
          expandingIcon:
            step.expandingSymbol !== null ? this.reels.art.iconUrl(step.expandingSymbol, 64) : undefined,
          announce: (text) => this.hud.announce(text),
          scenery: this.scene.scenery,
        });
        return;
      }
      case 'max_win':
        await this.hud.banner(t('feature.max_win'), t('feature.max_win_sub'), 1400, wait);
        return;
      case 'grant_cap':
        this.start.root.dataset.grantCap = formatAmount(step.paid, this.currency);
        this.hud.announce(t('freerounds.cap_reached'));
        await this.hud.banner(
          t('freerounds.cap_reached'),
          t('freerounds.cap_paid', { amount: this.money(step.paid) }),
          1400,
          wait,
        );
        return;
      case 'total': {
        // Below a big win the reels and the meter say enough: only big wins take the screen.
        if (!takesScreen(step.tier) || this.quiet) return;
        this.start.root.dataset.lastTier = step.tier;
        await celebrateWin(this.hud.overlay, {
          amount: step.amount,
          stake: this.stake,
          tier: step.tier,
          money: (minor) => this.money(minor),
          announce: (text) => this.hud.announce(text),
          onTier: () => this.sound.play('big'),
          onCount: (minor) => {
            const now = this.meterBase + minor;
            this.hud.setWin(this.money(now), formatAmount(now, this.currency), this.meterLabel);
          },
        });
        return;
      }
    }
  }
}
