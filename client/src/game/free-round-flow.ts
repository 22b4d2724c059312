// A free-rounds grant in the game: offered when the game opens (and after each grant ends), played in
// place of paid spins once accepted, its strip kept current, its summary shown when it is over, and
// dropped with a word to the player when the server withdraws it.
import type { RuntimeClient } from '../api/runtime.ts';
import type { FreeRoundOffer, SessionInfo, SpinResponse } from '../api/types.ts';
import { t } from '../i18n/i18n.ts';
import { showMessage } from '../ui/dialogs.ts';
import { FreeRoundsStrip, freeRoundsDone, offerFreeRounds } from '../ui/free-rounds.ts';
import type { Hud } from '../ui/hud.ts';
import type { BetControl } from './bet-control.ts';
import type { GameWords } from './words.ts';

type FreeRoundState = NonNullable<SpinResponse['free_round']>;

export interface FreeRoundFlowDeps {
  client: RuntimeClient;
  hud: Hud;
  bets: BetControl;
  words: GameWords;
  /** The session as last read, and a newer reading of it. */
  info(): SessionInfo;
  setInfo(info: SessionInfo): void;
  /** The session read again with its balance shown; false when it could not be read. */
  reload(): Promise<boolean>;
  freeSpinsLeft(): number;
  ended(): boolean;
}

export class FreeRoundFlow {
  private readonly deps: FreeRoundFlowDeps;
  private readonly strip: FreeRoundsStrip;
  /** The grant being played (its rounds replace paid spins until used), else null. */
  grant: FreeRoundOffer | null = null;

  constructor(deps: FreeRoundFlowDeps) {
    this.deps = deps;
    this.strip = new FreeRoundsStrip(deps.hud.root);
  }

  /** Offers the first live grant; accepted, its rounds play in place of paid spins. */
  async offer(): Promise<void> {
    const { bets, words } = this.deps;
    const offer = this.deps.info().free_rounds?.[0];
    if (!offer || this.deps.freeSpinsLeft() > 0 || this.deps.ended()) return;
    if ((await offerFreeRounds(offer, (d) => words.decimal(d))) !== 'now') return;
    this.grant = offer;
    bets.take({ coin: offer.coin, bet_level: offer.bet_level });
    bets.special = false;
    bets.render();
    this.strip.show(offer.rounds_left, words.decimal(offer.win));
  }

  /** The server no longer offers the grant being played: drop it, take the server's state, say so. */
  async withdrawn(): Promise<void> {
    this.grant = null;
    this.strip.hide();
    if (!(await this.deps.reload())) this.deps.setInfo({ ...this.deps.info(), free_rounds: [] });
    this.deps.bets.render();
    this.deps.hud.announce(t('freerounds.withdrawn_text'));
    await showMessage(
      t('freerounds.withdrawn_title'),
      t('freerounds.withdrawn_text'),
      [{ id: 'close', label: t('freerounds.continue') }],
      'free-rounds-withdrawn',
    );
    await this.offer();
  }

  /** After a round of a grant: the strip, and the summary once its rounds and their features are over. */
  async afterRound(state: FreeRoundState): Promise<void> {
    const { words } = this.deps;
    this.grant = state.rounds_left > 0 && state.status === 'active' ? state : null;
    if (this.grant || this.deps.freeSpinsLeft() > 0) {
      this.strip.show(state.rounds_left, words.decimal(state.win));
      return;
    }
    this.strip.hide();
    const capped = state.end_reason === 'max_win_reached' && state.max_win !== null;
    await freeRoundsDone(words.decimal(state.win), capped ? words.decimal(state.max_win as string) : null);
    this.deps.setInfo(await this.deps.client.session());
    await this.offer();
  }
}
