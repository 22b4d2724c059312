// A round on screen: its steps in order (landing with anticipation, tumbles, wins counted on the meter,
// the pick bonus, hold-and-collect respins, the free-spins intro, the caps), then the wins cycling on
// the reels and read out. Only what was paid is counted and celebrated; the balance is not its business.

import { betStake, betUnit } from '../../../src/games/stake.ts';
import type { GameRules, JurisdictionRules, PickStep, Round, Screen } from '../api/types.ts';
import type { Sound } from '../audio/sound.ts';
import { t } from '../i18n/i18n.ts';
import type { Ladder } from '../logic/bet.ts';
import {
  cellsShowing,
  heldCoins,
  holdCountdown,
  holdRespins,
  wildMultiplier,
} from '../logic/feature-counters.ts';
import { celebrates } from '../logic/jurisdiction.ts';
import { formatAmount, toMinor } from '../logic/money.ts';
import {
  anticipationReels,
  byAmountDesc,
  paidSequence,
  paidSteps,
  planPresentation,
  type Step,
  takesScreen,
} from '../logic/presentation.ts';
import type { ReelsView, WinEntry } from '../scene/reels.ts';
import { tween, wait } from '../scene/tween.ts';
import { celebrateWin } from '../ui/celebrate.ts';
import type { FeatureScene } from '../ui/feature-scene.ts';
import { freeSpinsIntro } from '../ui/feature-screens.ts';
import type { Hud } from '../ui/hud.ts';
import { pickBonus } from '../ui/pick-scene.ts';
import type { GameWords } from './words.ts';

type Outcome = NonNullable<Round['outcome']>;

export interface RoundPresenterDeps {
  root: HTMLElement;
  hud: Hud;
  reels: ReelsView;
  scene: FeatureScene;
  sound: Sound;
  rules: GameRules;
  ladder: Ladder;
  market: JurisdictionRules;
  currency: string;
  words: GameWords;
  /** The round's bet while it is shown (money symbols show their values at it); null: the player's again. */
  showBet(round: Pick<Round, 'coin' | 'bet_level'> | null): void;
  /** Quick-stop ends as the first picture lands. */
  closeSlamWindow(): void;
}

export class RoundPresenter {
  private readonly deps: RoundPresenterDeps;
  /** The base total bet of the round on screen (tiers are multiples of it). */
  stake = 0n;
  /** The round on screen is a free spin. */
  private inFeature = false;
  /** Respins left as each picture of the round's hold-and-collect is shown (by screen index). */
  private holdLeft: Map<number, number> | null = null;
  /** The round on screen is not celebrated (a return at or below the stake where that is banned). */
  private quiet = false;
  /** What the win meter showed before this round's win, and its label (a celebration counts from it). */
  private meterBase = 0n;
  private meterLabel = '';

  constructor(deps: RoundPresenterDeps) {
    this.deps = deps;
  }

  /**
   * Plays a round's steps; `replayLabel` (a replay or a reload) names the meter's amount. Only what
   * was paid is counted and celebrated: a free round's win after its grant's cap (`capReached`: the
   * round ended the grant by paying its max_win).
   */
  async present(round: Round, replayLabel: string | null, capReached = false): Promise<void> {
    const { hud, reels, scene, root, words, currency } = this.deps;
    const outcome = round.outcome;
    if (!outcome) return;
    const coin = toMinor(round.coin, currency);
    const unit = betUnit(coin, round.bet_level);
    const baseBet = betStake(
      coin,
      round.bet_level,
      this.deps.ladder.modeCoins.base ?? this.deps.rules.lineCost,
    );
    this.deps.showBet(round);
    const win = toMinor(round.win, currency);
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
    const paid = toMinor(round.stake, currency);
    const returned = round.free_round_grant_id ? win : BigInt(outcome.totalWin);
    this.quiet = !celebrates(this.deps.market, returned, paid > 0n ? paid : baseBet);
    let shown = inFeature ? BigInt(outcome.sequenceWin) - BigInt(outcome.totalWin) : 0n;
    hud.setWin(words.money(shown), formatAmount(shown, currency), label);
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
        hud.setWin(words.money(shown), formatAmount(shown, currency), label);
        return Promise.resolve();
      }
      return tween(500, (p) => {
        const now = from + (add * BigInt(Math.round(p * 1000))) / 1000n;
        hud.setWin(words.money(now), formatAmount(now, currency), label);
      });
    };
    const hold = outcome.features.find((f) => f.type === 'hold_and_collect');
    const respins = holdRespins(this.deps.rules);
    this.holdLeft =
      hold?.type === 'hold_and_collect' && respins !== null
        ? holdCountdown(outcome.screens, hold.firstScreen, respins, words.idsOf('money'))
        : null;
    for (const step of steps) await this.presentStep(step, outcome, unit, countUp);
    if (scene.active === 'hold') scene.exit();
    delete root.dataset.anticipation;
    if (BigInt(outcome.totalWin) === 0n) reels.clearHighlight();
    const final = inFeature ? paidSequence(outcome, win) : win;
    hud.setWin(
      words.money(final),
      formatAmount(final, currency),
      replayLabel ?? (inFeature ? label : t('hud.last_win')),
    );
    // The wins of the last picture cycle on the reels until the next spin, and are read out once.
    const cycling =
      round.free_round_grant_id && win < BigInt(outcome.totalWin) ? [] : this.winEntries(outcome);
    reels.cycleWins(cycling);
    this.deps.showBet(null);
    const said = win > 0n ? t('win.you_won', { amount: words.money(win) }) : t('win.none');
    hud.announce([said, ...cycling.map((entry) => entry.text)].join('. '));
  }

  /** In free spins, the multiplier every wild carries (Ember's ×2, from its rules) as a badge on it. */
  private markReels(screen: Screen | undefined): void {
    const factor = wildMultiplier(this.deps.rules);
    if (!screen || !this.inFeature || factor === null) return;
    const wilds = cellsShowing(screen, this.deps.words.idsOf('wild'));
    this.deps.scene.markCells(wilds, `×${factor}`);
    if (wilds.length > 0) this.deps.root.dataset.wildBadges = String(wilds.length);
  }

  /** The wins drawn on the last picture of a round, biggest first, with what each paid. */
  private winEntries(outcome: Outcome): WinEntry[] {
    const { rules, words } = this.deps;
    const last = outcome.screens.length - 1;
    const wins = byAmountDesc(outcome.wins.filter((w) => w.screen === last && w.kind !== 'pick'));
    return wins.map((w) => {
      const symbol = rules.symbols[w.symbol];
      const name = symbol ? words.nameOf(symbol) : String(w.symbol);
      const amount = words.money(BigInt(w.amount));
      const text =
        w.line !== null
          ? t('win.cycle_line', { line: w.line + 1, count: w.count, name, amount })
          : t('win.cycle_other', { count: w.count, name, amount });
      return { positions: w.positions, line: w.kind === 'line' ? w.line : null, text };
    });
  }

  private async presentStep(
    step: Step,
    outcome: Outcome,
    unit: bigint,
    add: (minor: bigint, plain?: boolean) => Promise<void>,
  ): Promise<void> {
    const { hud, reels, scene, sound, root, rules, words, currency } = this.deps;
    const screens = outcome.screens;
    switch (step.type) {
      case 'land': {
        const screen = screens[step.screen] ?? reels.restingScreen();
        const trigger = step.screen === 0 ? words.triggerOf(this.inFeature) : null;
        const suspense = trigger ? anticipationReels(screen, trigger.ids, trigger.count) : [];
        if (suspense.length > 0) {
          root.dataset.anticipation = suspense.join(',');
          hud.announce(t('anticipation', { name: trigger?.name ?? '' }));
        }
        await reels.land(
          screen,
          (reel) => sound.play(suspense.includes(reel) ? 'tension-stop' : 'stop', reel),
          false,
          suspense,
          () => sound.play('tension'),
        );
        if (step.screen === 0) this.deps.closeSlamWindow();
        this.markReels(screen);
        return;
      }
      case 'tumble':
        await reels.tumble(step.removed, screens[step.screen] ?? reels.restingScreen());
        this.markReels(screens[step.screen]);
        return;
      case 'expand':
        await reels.morph(screens[step.screen] ?? reels.restingScreen());
        this.markReels(screens[step.screen]);
        return;
      case 'respin': {
        const screen = screens[step.screen] ?? reels.restingScreen();
        await reels.morph(screen);
        const left = this.holdLeft?.get(step.screen);
        if (left !== undefined) {
          const held = words.money(BigInt(heldCoins(screen, words.idsOf('money'))) * unit);
          scene.showRespins(left, holdRespins(rules) ?? left, held);
          hud.announce(t('hold.counter_label', { count: left, amount: held }));
        }
        return;
      }
      case 'hold': {
        sound.play('feature');
        sound.setScene('feature');
        scene.enter('hold');
        // The respins the game's rules give (the event counts the respins played, refills included).
        const count = holdRespins(rules) ?? step.respins;
        await hud.banner(t('feature.hold'), t('feature.respins', { count }), 1300, wait);
        return;
      }
      case 'wins': {
        // No fanfare for a return the market does not let us celebrate: the amount, at once.
        const counting = this.quiet ? add(step.amount, true) : add(step.amount);
        if (!this.quiet) sound.play('win');
        // All the picture's wins together: every winning symbol and every payline at once.
        const positions = step.wins.flatMap((w) => w.positions);
        const lines = step.wins.flatMap((w) => (w.kind === 'line' && w.line !== null ? [w.line] : []));
        const collected = step.wins.find((w) => w.kind === 'collect');
        if (collected) sound.play('collect');
        if (collected) hud.announce(t('win.collected', { amount: words.money(BigInt(collected.amount)) }));
        await Promise.all([counting, reels.highlight(positions, lines)]);
        await wait(450);
        return;
      }
      case 'win': {
        // The last picture's wins are cycled one by one once the round is over (see present).
        if (step.screen === screens.length - 1) return;
        const w = step.win;
        await reels.highlight(w.positions, w.kind === 'line' ? w.line : null);
        await wait(300);
        return;
      }
      case 'multiplier':
        await hud.banner(`×${step.factor}`, t('feature.multiplier'), 900, wait);
        return;
      case 'pick': {
        sound.play('feature');
        sound.setScene('feature');
        hud.setState('bonus');
        await hud.banner(t('feature.pick'), t('feature.pick_sub'), 1000, wait);
        const describe = (p: PickStep) =>
          p.prize === 'coins'
            ? t('pick.coins', { amount: words.money(BigInt(p.value) * unit) })
            : p.prize === 'multiplier'
              ? t('pick.multiplier', { factor: p.value })
              : t('pick.gate');
        scene.enter('pick');
        await pickBonus({
          slug: rules.slug,
          picks: step.picks,
          describe,
          coinsToMoney: (coins) => words.money(BigInt(coins) * unit),
          total: words.money(step.amount),
          onReveal: () => sound.play('pick'),
          announce: (text) => hud.announce(text),
        });
        scene.exit();
        await add(step.amount);
        hud.setState('presenting');
        return;
      }
      case 'free_spins': {
        sound.play('feature');
        sound.setScene('feature');
        const expanding = words.symbolById(step.expandingSymbol);
        if (!step.retrigger) scene.enter('free_spins');
        await freeSpinsIntro(hud.overlay, {
          awarded: step.awarded,
          retrigger: step.retrigger,
          expanding: expanding ? words.nameOf(expanding) : null,
          expandingIcon:
            step.expandingSymbol !== null ? reels.art.iconUrl(step.expandingSymbol, 64) : undefined,
          announce: (text) => hud.announce(text),
          scenery: scene.scenery,
        });
        return;
      }
      case 'max_win':
        await hud.banner(t('feature.max_win'), t('feature.max_win_sub'), 1400, wait);
        return;
      case 'grant_cap':
        root.dataset.grantCap = formatAmount(step.paid, currency);
        hud.announce(t('freerounds.cap_reached'));
        await hud.banner(
          t('freerounds.cap_reached'),
          t('freerounds.cap_paid', { amount: words.money(step.paid) }),
          1400,
          wait,
        );
        return;
      case 'total': {
        // Below a big win the reels and the meter say enough: only big wins take the screen.
        if (!takesScreen(step.tier) || this.quiet) return;
        root.dataset.lastTier = step.tier;
        await celebrateWin(hud.overlay, {
          amount: step.amount,
          stake: this.stake,
          tier: step.tier,
          money: (minor) => words.money(minor),
          announce: (text) => hud.announce(text),
          onTier: () => sound.play('big'),
          onCount: (minor) => {
            const now = this.meterBase + minor;
            hud.setWin(words.money(now), formatAmount(now, currency), this.meterLabel);
          },
        });
        return;
      }
    }
  }
}
