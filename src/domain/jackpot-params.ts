// A jackpot tier's parameters as staff write and read them (issue 28), pure: every field of a
// request checked with a problem that names it (`members[2].operator_id: …`), and the stored
// parameters shown back (amounts in the pool currency, rates in percent of the stake, "HH:MM").

import { formatAmount, isSupportedCurrency, parseAmount } from '../money.ts';
import type { StoredTierParams } from '../store/jackpot-admin.repo.ts';
import { errors, type Outcome } from './errors.ts';
import { conversionOf, FINE_PER_MINOR, type TierParams, tierProblem } from './jackpots.ts';

/** A tier's parameters as staff read and write them: amounts in the pool currency, rates in percent of the stake. */
export interface TierParamsView {
  seed: string;
  contribution_rate: string;
  reserve_rate: string;
  ceiling: string | null;
  odds_stake: string | null;
  /** must_drop_time: "HH:MM" UTC. */
  deadline: string | null;
}

export class FieldProblem extends Error {}
export const bad = (field: string, problem: string): never => {
  throw new FieldProblem(`${field}: ${problem}`);
};

/** Runs a check that names the field it stops at; its problem comes back as a 400. */
export async function checked<T>(check: () => T | Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await check() };
  } catch (error) {
    if (error instanceof FieldProblem) return { ok: false, error: errors.invalidRequest(error.message) };
    throw error;
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function text(value: unknown, field: string): string {
  if (typeof value !== 'string') return bad(field, 'must be a string');
  return value;
}

export function onlyFields(body: Record<string, unknown>, allowed: readonly string[], at = ''): void {
  for (const key of Object.keys(body))
    if (!allowed.includes(key)) bad(`${at}${key}`, `unknown field (allowed: ${allowed.join(', ')})`);
}

export function currencyOf(value: unknown, field: string): string {
  const code = text(value, field);
  if (!isSupportedCurrency(code)) bad(field, `"${code}" is not a supported currency`);
  return code;
}

/** A percentage of the stake ("0.5" = 0.5 %) as parts per million, exactly (at most 4 decimals). */
export function ppmOf(value: unknown, field: string): bigint {
  const match = /^(\d{1,2})(?:\.(\d{1,4}))?$/.exec(text(value, field));
  if (!match) return bad(field, 'a percentage of the stake with at most 4 decimals, e.g. "0.5"');
  return BigInt(match[1] as string) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
}

export function amountOf(value: unknown, currency: string, field: string): bigint {
  const parsed = parseAmount(text(value, field), currency);
  if (!parsed.ok)
    return bad(
      field,
      `"${String(value)}" is not an amount in ${currency} (${parsed.reason.replaceAll('_', ' ')})`,
    );
  return parsed.minor;
}

export const optional = <T>(value: unknown, read: (value: unknown) => T): T | null =>
  value === undefined || value === null || value === '' ? null : read(value);

export function minuteOf(value: unknown, field: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text(value, field));
  if (!match) return bad(field, '"HH:MM" in UTC');
  return Number(match[1]) * 60 + Number(match[2]);
}

export function rateOf(value: unknown, from: string, to: string, field: string): string {
  const rate = text(value, field);
  try {
    conversionOf(rate, from, to);
  } catch (error) {
    bad(field, (error as Error).message);
  }
  return rate;
}

export const PARAM_FIELDS = [
  'seed',
  'contribution_rate',
  'reserve_rate',
  'ceiling',
  'odds_stake',
  'deadline',
] as const;

/** A tier's parameters from a body's fields over `base` (a new tier: none); every one checked. */
export function paramsOf(
  body: Record<string, unknown>,
  base: Omit<TierParams, 'name' | 'kind'> | null,
  currency: string,
  at: string,
): Omit<TierParams, 'name' | 'kind'> {
  const has = (key: string) => Object.hasOwn(body, key);
  if (!base && !has('seed')) bad(`${at}seed`, 'required');
  if (!base && !has('contribution_rate')) bad(`${at}contribution_rate`, 'required');
  return {
    seed: has('seed') ? amountOf(body.seed, currency, `${at}seed`) : (base?.seed ?? 0n),
    contributionPpm: has('contribution_rate')
      ? ppmOf(body.contribution_rate, `${at}contribution_rate`)
      : (base?.contributionPpm ?? 0n),
    reservePpm: has('reserve_rate')
      ? (optional(body.reserve_rate, (v) => ppmOf(v, `${at}reserve_rate`)) ?? 0n)
      : (base?.reservePpm ?? 0n),
    ceiling: has('ceiling')
      ? optional(body.ceiling, (v) => amountOf(v, currency, `${at}ceiling`))
      : (base?.ceiling ?? null),
    oddsStake: has('odds_stake')
      ? optional(body.odds_stake, (v) => amountOf(v, currency, `${at}odds_stake`))
      : (base?.oddsStake ?? null),
    deadlineMinute: has('deadline')
      ? optional(body.deadline, (v) => minuteOf(v, `${at}deadline`))
      : (base?.deadlineMinute ?? null),
  };
}

export function checkTier(tier: TierParams, at: string): void {
  const problem = tierProblem(tier);
  if (problem) bad(`${at}${problem.field}`, problem.problem);
  // Nothing caps a progressive meter (no overflow meter is kept): a ceiling would only be shown.
  if (tier.kind === 'progressive' && tier.ceiling !== null)
    bad(`${at}ceiling`, 'a progressive tier has no ceiling (it grows until it is hit)');
}

export const percentOf = (ppm: bigint): string => {
  const whole = ppm / 10_000n;
  const rest = (ppm % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole.toString();
};

export const clockOf = (minute: number | null): string | null =>
  minute === null
    ? null
    : `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export function paramsView(params: StoredTierParams, currency: string): TierParamsView {
  return {
    seed: formatAmount(params.seed, currency),
    contribution_rate: percentOf(params.contribution_ppm),
    reserve_rate: percentOf(params.reserve_ppm),
    ceiling: params.ceiling === null ? null : formatAmount(params.ceiling, currency),
    odds_stake: params.odds_stake === null ? null : formatAmount(params.odds_stake, currency),
    deadline: clockOf(params.deadline_minute),
  };
}

export const stored = (params: Omit<TierParams, 'name' | 'kind'>): StoredTierParams => ({
  seed: params.seed,
  contribution_ppm: params.contributionPpm,
  reserve_ppm: params.reservePpm,
  ceiling: params.ceiling,
  odds_stake: params.oddsStake,
  deadline_minute: params.deadlineMinute,
});

export const fromStored = (tier: StoredTierParams): Omit<TierParams, 'name' | 'kind'> => ({
  seed: tier.seed,
  contributionPpm: tier.contribution_ppm,
  reservePpm: tier.reserve_ppm,
  ceiling: tier.ceiling,
  oddsStake: tier.odds_stake,
  deadlineMinute: tier.deadline_minute,
});

/** Fine units as whole minor units of the pool currency, rounded down. */
export const shown = (fine: bigint, currency: string) => formatAmount(fine / FINE_PER_MINOR, currency);

export function stringified(params: StoredTierParams): Record<string, string | number | null> {
  return {
    seed: params.seed.toString(),
    contribution_ppm: params.contribution_ppm.toString(),
    reserve_ppm: params.reserve_ppm.toString(),
    ceiling: params.ceiling?.toString() ?? null,
    odds_stake: params.odds_stake?.toString() ?? null,
    deadline_minute: params.deadline_minute,
  };
}
