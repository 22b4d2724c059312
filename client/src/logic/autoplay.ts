// Autoplay where the market allows it: the player's settings (a count bounded by the profile, a loss
// limit and a single-win limit, each required where the profile says so) and the run that decides,
// before and after every round, whether to stop and why. Pure: amounts in minor units.

import { parseAmount } from '../../../src/money.ts';
import type { JurisdictionRules } from '../api/types.ts';

export type StopReason =
  | 'count'
  | 'loss_limit'
  | 'win_limit'
  | 'feature'
  | 'error'
  | 'funds'
  | 'reality_check'
  | 'player';

export interface AutoplaySettings {
  rounds: number;
  /** Stop before a round whose stake would take the run's net loss past this (minor units). */
  lossLimit: bigint | null;
  /** Stop after a round that wins at least this (minor units). */
  winLimit: bigint | null;
}

const COUNTS = [10, 25, 50, 100];

/** The counts offered: the usual ones up to the profile's maximum, and the maximum itself. */
export function roundChoices(rules: Pick<JurisdictionRules, 'autoplay'>): number[] {
  const max = rules.autoplay.max_rounds;
  if (max === null || max === undefined) return COUNTS;
  const choices = COUNTS.filter((n) => n < max);
  if (max > 0) choices.push(max);
  return choices;
}

/**
 * An amount the player typed ("10", "10.50", "10,50"), or null when empty; 'invalid' when it is not
 * a positive amount in the currency.
 */
export function readAmount(text: string, currency: string): bigint | null | 'invalid' {
  let value = text.trim().replace(/\s/g, '');
  if (value === '') return null;
  if (!value.includes('.') && /^\d+,\d+$/.test(value)) value = value.replace(',', '.');
  const parsed = parseAmount(value, currency);
  if (!parsed.ok || parsed.minor <= 0n) return 'invalid';
  return parsed.minor;
}

export type SettingsProblem = { field: 'rounds' | 'loss' | 'win'; problem: 'required' | 'invalid' };

/** The settings from the dialog's fields, or the first field that is wrong and why. */
export function readSettings(
  form: { rounds: string; loss: string; win: string },
  rules: Pick<JurisdictionRules, 'autoplay'>,
  currency: string,
): { ok: true; settings: AutoplaySettings } | ({ ok: false } & SettingsProblem) {
  const rounds = Number(form.rounds);
  if (!roundChoices(rules).includes(rounds)) return { ok: false, field: 'rounds', problem: 'invalid' };
  const loss = readAmount(form.loss, currency);
  if (loss === 'invalid') return { ok: false, field: 'loss', problem: 'invalid' };
  if (loss === null && rules.autoplay.requires_loss_limit)
    return { ok: false, field: 'loss', problem: 'required' };
  const win = readAmount(form.win, currency);
  if (win === 'invalid') return { ok: false, field: 'win', problem: 'invalid' };
  if (win === null && rules.autoplay.requires_single_win_limit)
    return { ok: false, field: 'win', problem: 'required' };
  return { ok: true, settings: { rounds, lossLimit: loss, winLimit: win } };
}

/** One autoplay run: rounds left, what it staked and won, and the stop rules. */
export class AutoplayRun {
  readonly settings: AutoplaySettings;
  left: number;
  staked = 0n;
  won = 0n;
  stopped: StopReason | null = null;

  constructor(settings: AutoplaySettings) {
    this.settings = settings;
    this.left = settings.rounds;
  }

  /** Net loss of the run so far (negative when ahead). */
  get loss(): bigint {
    return this.staked - this.won;
  }

  stop(reason: StopReason): StopReason {
    this.stopped ??= reason;
    return this.stopped;
  }

  /** Before a round costing `stake` with `balance` left: the reason to stop, else null. */
  beforeRound(stake: bigint, balance: bigint): StopReason | null {
    if (this.stopped) return this.stopped;
    if (this.left <= 0) return this.stop('count');
    if (balance < stake) return this.stop('funds');
    const limit = this.settings.lossLimit;
    if (limit !== null && this.loss + stake > limit) return this.stop('loss_limit');
    return null;
  }

  /**
   * After a paid round and everything it started (its free spins): what it cost, what it won in
   * all, and whether it started a feature. The reason to stop, else null.
   */
  afterRound(round: { stake: bigint; win: bigint; feature: boolean }): StopReason | null {
    if (this.stopped) return this.stopped;
    this.left--;
    this.staked += round.stake;
    this.won += round.win;
    const winLimit = this.settings.winLimit;
    if (winLimit !== null && round.win >= winLimit) return this.stop('win_limit');
    const lossLimit = this.settings.lossLimit;
    if (lossLimit !== null && this.loss >= lossLimit) return this.stop('loss_limit');
    if (round.feature) return this.stop('feature');
    if (this.left <= 0) return this.stop('count');
    return null;
  }
}
