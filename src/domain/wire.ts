// The JSON form of a domain shape, derived rather than written again: amounts (bigint minor units)
// become decimal strings and times become ISO-8601 text, field by field, nulls kept.
import { formatAmount } from '../money.ts';

type WireValue<V> = V extends bigint ? string : V extends Date ? string : V;

export type Wire<T> = { [K in keyof T]: WireValue<T[K]> };

/** `record` in wire form: every bigint an amount in `currency`, every Date ISO-8601 text. */
export function toWire<T extends object>(record: T, currency: string): Wire<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    out[key] =
      typeof value === 'bigint'
        ? formatAmount(value, currency)
        : value instanceof Date
          ? value.toISOString()
          : value;
  }
  return out as Wire<T>;
}
