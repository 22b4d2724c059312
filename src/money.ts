// Money is exact: bigint minor units inside, decimal strings on the wire.

/** ISO 4217 minor units of the supported currencies, plus a short list of crypto codes with 8. */
export const CURRENCY_MINOR_UNITS: Readonly<Record<string, number>> = Object.freeze({
  USD: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  CHF: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  RON: 2,
  BGN: 2,
  TRY: 2,
  BRL: 2,
  MXN: 2,
  ARS: 2,
  CLP: 0,
  COP: 2,
  PEN: 2,
  ZAR: 2,
  INR: 2,
  PHP: 2,
  THB: 2,
  MYR: 2,
  SGD: 2,
  HKD: 2,
  CNY: 2,
  TWD: 2,
  IDR: 2,
  VND: 0,
  JPY: 0,
  KRW: 0,
  ISK: 0,
  KWD: 3,
  BHD: 3,
  JOD: 3,
  TND: 3,
  NGN: 2,
  KES: 2,
  GHS: 2,
  UAH: 2,
  KZT: 2,
  GEL: 2,
  AED: 2,
  SAR: 2,
  ILS: 2,
  EGP: 2,
  BTC: 8,
  ETH: 8,
  LTC: 8,
  BCH: 8,
  DOGE: 8,
  USDT: 8,
  USDC: 8,
});

export function isSupportedCurrency(code: string): boolean {
  return Object.hasOwn(CURRENCY_MINOR_UNITS, code);
}

export function minorUnits(currency: string): number {
  const units = CURRENCY_MINOR_UNITS[currency];
  if (units === undefined) throw new Error(`unsupported currency ${currency}`);
  return units;
}

/** Largest amount the ledger stores: PostgreSQL bigint. Larger sums are rejected, never rounded. */
export const MAX_MINOR = 9_223_372_036_854_775_807n;

/** The one shape of an amount: digits, optionally a point and digits ('-' first only where a signed amount is read). */
const DECIMAL = /^(-?)(\d{1,30})(?:\.(\d{1,30}))?$/;

export type ParsedAmount =
  | { ok: true; minor: bigint }
  | { ok: false; reason: 'not_decimal' | 'too_precise' | 'too_large' };

/** Parses a non-negative decimal string into minor units of `currency`, without rounding. */
export function parseAmount(text: string, currency: string): ParsedAmount {
  return parseDecimal(text, currency, false);
}

/**
 * Parses a decimal string that may start with '-' (a balance an operator reports) into minor
 * units of `currency`, without rounding; its size is bounded like an unsigned amount's.
 */
export function parseSignedAmount(text: string, currency: string): ParsedAmount {
  return parseDecimal(text, currency, true);
}

/** Whether `text` has an amount's shape, for a field checked before its currency is known. */
export function isDecimalText(text: string): boolean {
  const match = DECIMAL.exec(text);
  return match !== null && match[1] === '';
}

function parseDecimal(text: string, currency: string, signed: boolean): ParsedAmount {
  const match = DECIMAL.exec(text);
  if (!match || (match[1] === '-' && !signed)) return { ok: false, reason: 'not_decimal' };
  const units = minorUnits(currency);
  const whole = match[2] as string;
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > units) return { ok: false, reason: 'too_precise' };
  const minor = BigInt(whole) * 10n ** BigInt(units) + BigInt(fraction.padEnd(units, '0') || '0');
  if (minor > MAX_MINOR) return { ok: false, reason: 'too_large' };
  return { ok: true, minor: match[1] === '-' ? -minor : minor };
}

/** Formats minor units as a decimal string with exactly the currency's minor digits. */
export function formatAmount(minor: bigint, currency: string): string {
  const units = minorUnits(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(units + 1, '0');
  const text = units === 0 ? digits : `${digits.slice(0, -units)}.${digits.slice(-units)}`;
  return negative ? `-${text}` : text;
}
