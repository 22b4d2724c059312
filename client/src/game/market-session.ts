// What the market's rules ask of a session as it plays: the minimum time between rounds, the session
// clock and net position on the HUD, and the reality check (its timer, its dialog, continue or leave).
import { type RuntimeClient, RuntimeFailure } from '../api/runtime.ts';
import type { JurisdictionRules, JurisdictionState, SessionInfo } from '../api/types.ts';
import {
  clockSkew,
  formatElapsed,
  nextRoundAt,
  realityCheckDueAt,
  SessionMeter,
} from '../logic/jurisdiction.ts';
import { messageFor } from '../logic/messages.ts';
import { toSignedMinor } from '../logic/money.ts';
import type { Hud } from '../ui/hud.ts';
import { realityCheck, safeLink } from '../ui/protection.ts';
import type { GameWords } from './words.ts';

export interface MarketSessionDeps {
  root: HTMLElement;
  client: RuntimeClient;
  market: JurisdictionRules;
  currency: string;
  words: GameWords;
  /** The session as last read (it is read again after some rounds). */
  info(): SessionInfo;
  /** Whether play is over (the player left, or a failure ended it). */
  ended(): boolean;
  /** The check's timer ran out: the game shows it now, or once the round under way is over. */
  onDue(): void;
  /** A fatal failure answering the check: the game tells the player. */
  fail(error: RuntimeFailure): Promise<unknown>;
  /** The player chose to leave (to this page, or the session's return URL). */
  leave(url: string | null): void;
}

export class MarketSession {
  private readonly deps: MarketSessionDeps;
  private readonly meter: SessionMeter;
  /** How far the server's clock runs ahead of this one (ms; 0 when they agree). */
  private readonly skew: number;
  private hud: Hud | null = null;
  /** Local time the next round may start. */
  readyAt = 0;
  /** A reality check is due: shown between rounds. */
  due = false;
  private open = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(deps: MarketSessionDeps) {
    this.deps = deps;
    const now = Date.now();
    const { jurisdiction } = deps.info();
    this.meter = new SessionMeter(jurisdiction, now);
    this.skew = jurisdiction ? clockSkew(jurisdiction, now) : 0;
  }

  /** On the HUD: the session clock ticking where the market shows it, and a check already due shown. */
  async begin(hud: Hud): Promise<void> {
    this.hud = hud;
    const { market } = this.deps;
    this.render();
    if (market.show_session_time || market.show_net_position) setInterval(() => this.render(), 1000);
    const jurisdiction = this.deps.info().jurisdiction;
    if (jurisdiction?.reality_check?.due) await this.realityCheck();
    else if (jurisdiction) this.schedule(realityCheckDueAt(jurisdiction, this.skew));
  }

  /** Resolves when the next round may start (the market's minimum cycle). */
  async untilReady(): Promise<void> {
    const ms = this.readyAt - Date.now();
    if (ms > 0) await new Promise<void>((resolve) => setTimeout(resolve, ms));
  }

  /** What a spin answer says of the session: clock, net position, next round, reality check. */
  takeState(state: JurisdictionState | undefined, started: number): void {
    const now = Date.now();
    if (state) {
      this.meter.update(state, now);
      if (state.reality_check_due) this.due = true;
    }
    this.readyAt = nextRoundAt(this.deps.market, started, now, state?.next_round_at, this.skew);
    this.render();
  }

  /** The net position in the player's money (as sent when it cannot be read). */
  netText(): string {
    try {
      return this.deps.words.money(toSignedMinor(this.meter.net, this.deps.currency));
    } catch {
      return this.meter.net;
    }
  }

  /** Between rounds: the reality check when it is due. */
  async checkIfDue(busy: boolean): Promise<void> {
    if (this.due && !this.deps.ended() && !busy) await this.realityCheck();
  }

  /** Places (or clears, with null) the timer of the next reality check. */
  schedule(at: number | null): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (at === null || this.deps.ended()) return;
    const ms = Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1);
    this.timer = setTimeout(() => {
      this.due = true;
      this.deps.onDue();
    }, ms);
  }

  /** The reality check: time played, net position, continue (next check scheduled) or leave. */
  async realityCheck(): Promise<void> {
    const { root, client } = this.deps;
    if (this.open || this.deps.ended()) return;
    this.open = true;
    this.due = false;
    this.schedule(null);
    let returnUrl: string | null = null;
    let fatal: RuntimeFailure | null = null;
    const info = this.deps.info();
    const interval = info.jurisdiction?.reality_check?.interval_seconds ?? 3600;
    root.dataset.realityCheck = 'open';
    const action = await realityCheck({
      time: formatElapsed(this.meter.seconds(Date.now())),
      net: this.netText(),
      historyUrl: safeLink(info.jurisdiction?.history_url),
      answer: async (chosen) => {
        try {
          const answer = await client.realityCheck(chosen);
          returnUrl = answer.return_url;
          if (chosen === 'continue' && answer.reality_check) {
            const at = realityCheckDueAt(answer, this.skew);
            // A check due again at once would trap the player in it: the interval from now instead.
            this.schedule(at !== null && at > Date.now() + 1000 ? at : Date.now() + interval * 1000);
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
    this.open = false;
    root.dataset.realityCheck = action;
    if (fatal) {
      await this.deps.fail(fatal);
      return;
    }
    if (action === 'leave') this.deps.leave(returnUrl ?? this.deps.info().session.return_url ?? null);
  }

  private render(): void {
    const { market } = this.deps;
    if (!this.hud || (!market.show_session_time && !market.show_net_position)) return;
    this.hud.setSession(formatElapsed(this.meter.seconds(Date.now())), this.netText(), this.meter.net);
  }
}
