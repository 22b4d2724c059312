// The JSON form of a domain shape, derived rather than written again: amounts (bigint minor units)
// become decimal strings and times become ISO-8601 text, field by field, nulls kept.
type WireValue<V> = V extends bigint ? string : V extends Date ? string : V;

export type Wire<T> = { [K in keyof T]: WireValue<T[K]> };
