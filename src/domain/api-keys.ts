// API keys: rf_live_… for operators, rf_master_… for the provider; 192 random bits,
// stored only as SHA-256, shown once at creation.
import { randomBase62, sha256 } from './ids.ts';

export type KeyKind = 'operator' | 'master';

const PREFIX: Record<KeyKind, string> = { operator: 'rf_live_', master: 'rf_master_' };
const KEY_PATTERN = /^rf_(live|master)_[0-9A-Za-z]{33}$/;

export interface NewApiKey {
  apiKey: string;
  hash: Buffer;
  /** Shown in listings so staff can tell keys apart without the secret. */
  displayPrefix: string;
}

export function generateApiKey(kind: KeyKind): NewApiKey {
  const apiKey = `${PREFIX[kind]}${randomBase62(24)}`;
  return { apiKey, hash: hashApiKey(apiKey), displayPrefix: apiKey.slice(0, PREFIX[kind].length + 4) };
}

export function hashApiKey(apiKey: string): Buffer {
  return sha256(apiKey);
}

/** A cheap shape check before any database look-up. */
export function looksLikeApiKey(text: string): boolean {
  return KEY_PATTERN.test(text);
}

export type KeyHeaders = {
  'x-provider-api-key'?: string | string[] | undefined;
  'x-api-key'?: string | string[] | undefined;
  authorization?: string | string[] | undefined;
};

export type ExtractedKey =
  | { kind: 'none' }
  | { kind: 'key'; apiKey: string }
  | { kind: 'conflict' }
  | { kind: 'malformed' };

/**
 * Reads the API key from any of the contract's three forms. The same key in several forms is
 * fine; two different keys, a repeated header or an Authorization that is not Bearer is not.
 */
export function extractApiKey(headers: KeyHeaders): ExtractedKey {
  const found: string[] = [];
  for (const name of ['x-provider-api-key', 'x-api-key'] as const) {
    const value = headers[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) return { kind: 'conflict' };
    found.push(value.trim());
  }
  const auth = headers.authorization;
  if (auth !== undefined) {
    if (Array.isArray(auth)) return { kind: 'conflict' };
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (!match) return { kind: 'malformed' };
    found.push(match[1] as string);
  }
  if (found.length === 0) return { kind: 'none' };
  const first = found[0] as string;
  if (found.some((key) => key !== first)) return { kind: 'conflict' };
  if (first === '') return { kind: 'malformed' };
  return { kind: 'key', apiKey: first };
}
