// The player's bet: the session's ladder (the market's cap applied, the round totals curated), the
// chosen step, the ante toggle, and the HUD's bet line with the facts a market wants beside it.

import { betUnit } from '../../../src/games/stake.ts';
import type { JurisdictionRules, Round, SessionInfo } from '../api/types.ts';
import { t } from '../i18n/i18n.ts';
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
  totalBet,
} from '../logic/bet.ts';
import { toMinor } from '../logic/money.ts';
import type { Hud } from '../ui/hud.ts';
import type { GameWords } from './words.ts';

export class BetControl {
  readonly ladder: Ladder;
  /** The step chosen (coin and level); the player sees only its total. */
  bet: BetChoice;
  /** The ante is on. */
  special = false;
  private readonly info: SessionInfo;
  private readonly market: JurisdictionRules;
  private readonly currency: string;
  private readonly words: GameWords;
  private readonly cap: bigint | null;
  private hud: Hud | null = null;

  constructor(info: SessionInfo, market: JurisdictionRules, words: GameWords) {
    this.info = info;
    this.market = market;
    this.currency = info.session.currency;
    this.words = words;
    // Stakes above the market's cap are not offered (the server refuses them too); of the rest, the
    // round totals (and the operator's default), starting at the operator's or the house default.
    this.cap = market.max_stake ? toMinor(market.max_stake, this.currency) : null;
    const operatorTotal = operatorDefault(info);
    this.ladder = curateLadder(capLadder(buildLadder(info), this.cap), operatorTotal);
    this.bet = startingBet(this.ladder, operatorTotal);
  }

  /** The HUD the bet is shown on, once it is built. */
  showOn(hud: Hud): void {
    this.hud = hud;
  }

  mode(): Mode {
    return this.special ? 'special' : 'base';
  }

  /** What the current step costs in `mode`. */
  total(mode: Mode): bigint {
    return totalBet(this.ladder, this.bet, mode);
  }

  /** The step of a round's coin and level, when the ladder has its coin. */
  betOf(round: Pick<Round, 'coin' | 'bet_level'>): BetChoice | null {
    const coin = this.ladder.coins.find((c) => c.minor === toMinor(round.coin, this.currency));
    return coin ? { coin: coin.text, coinMinor: coin.minor, level: round.bet_level } : null;
  }

  /** Plays on at a round's bet (a feature resumed, a free-rounds grant), when the ladder has it. */
  take(round: Pick<Round, 'coin' | 'bet_level'>): void {
    this.bet = this.betOf(round) ?? this.bet;
  }

  change(next: BetChoice): void {
    // A coin and level chosen in the settings that together cost more than the cap: the highest step that fits.
    if (this.cap !== null && totalBet(this.ladder, next, 'base') > this.cap)
      next = largestAffordable(this.ladder, this.cap, 'base') ?? next;
    this.bet = next;
    this.render();
  }

  toggleSpecial(): void {
    this.special = !this.special;
    this.render();
  }

  render(): void {
    const hud = this.hud;
    if (!hud) return;
    const { market, words } = this;
    const rules = this.info.game.rules;
    // One list of totals: the coin and level behind a total are the server's business, not the player's.
    hud.setBet(words.money(this.total(this.mode())), '', this.special);
    hud.setLimits(canStep(this.ladder, this.bet, 1), canStep(this.ladder, this.bet, -1));
    // Where the market wants them where the stake is placed (Germany, Spain): RTP and the top prize.
    hud.setBetFacts(
      market.show_rtp ? t('hud.rtp_short', { rtp: this.info.game.rtp || rules.rtp }) : '',
      market.show_max_win
        ? t('hud.max_win_short', { amount: words.money(BigInt(rules.maxWinCoins) * this.unit()) })
        : '',
    );
  }

  /** The coin times the level: what a coin of the paytable is worth at this bet. */
  unit(): bigint {
    return betUnit(this.bet.coinMinor, this.bet.level);
  }
}
