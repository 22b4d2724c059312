// Amounts on screen: exact decimal strings from the runtime API, bigint minor units in between,
// formatted with the currency's symbol where the browser knows it. No floating point.
import { formatAmount, minorUnits, parseAmount, parseSignedAmount } from '../../../src/money.ts';

export { formatAmount, minorUnits };

/** Minor units of a decimal string from the API (throws on a malformed one: a contract bug). */
export function toMinor(text: string, currency: string): bigint {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw new Error(`bad amount "${text}" (${parsed.reason})`);
  return parsed.minor;
}

/** Minor units of a decimal string that may be below zero ("-12.50": a session's net result). */
export function toSignedMinor(text: string, currency: string): bigint {
  const parsed = parseSignedAmount(text, currency);
  if (!parsed.ok) throw new Error(`bad amount "${text}" (${parsed.reason})`);
  return parsed.minor;
}

const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterFor(currency: string, locale: string | undefined): Intl.NumberFormat | null {
  const key = `${locale ?? ''}|${currency}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      const digits = minorUnits(currency);
      formatter = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      formatter = null; // crypto codes are not ISO 4217 currencies
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "$1,234.50" for minor units; codes Intl does not know read "12.50000000 USDT". */
export function formatMoney(minor: bigint, currency: string, locale?: string): string {
  const decimal = formatAmount(minor, currency);
  const formatter = formatterFor(currency, locale);
  // Intl formats a decimal string exactly (no conversion through a double).
  if (formatter) return formatter.format(decimal as unknown as number);
  return `${decimal} ${currency}`;
}

/** A plain decimal string ("0.05") in the player's language ("0,05"), every digit kept. */
export function formatDecimal(decimal: string, locale?: string): string {
  const digits = decimal.split('.')[1]?.length ?? 0;
  const formatter = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return formatter.format(decimal as unknown as number);
}
