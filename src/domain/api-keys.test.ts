import { describe, expect, it } from 'vitest';
import { extractApiKey, generateApiKey, hashApiKey, looksLikeApiKey } from './api-keys.ts';
import { sha256 } from './ids.ts';

describe('generateApiKey', () => {
  it.each([
    ['operator', 'rf_live_'],
    ['master', 'rf_master_'],
  ] as const)('%s keys are %s + 33 base62 characters (192 random bits)', (kind, prefix) => {
    const key = generateApiKey(kind);
    expect(key.apiKey.startsWith(prefix)).toBe(true);
    const body = key.apiKey.slice(prefix.length);
    // ceil(192 / log2(62)) = 33 characters carry the 24 random bytes, well above the 160 bits asked.
    expect(body).toMatch(/^[0-9A-Za-z]{33}$/);
    expect(looksLikeApiKey(key.apiKey)).toBe(true);
    expect(key.displayPrefix).toBe(key.apiKey.slice(0, prefix.length + 4));
  });

  it('never repeats and spreads over the whole alphabet', () => {
    const keys = Array.from({ length: 500 }, () => generateApiKey('operator').apiKey.slice(8));
    expect(new Set(keys).size).toBe(keys.length);
    // Leading digits are biased by the big-number encoding; the tail characters are uniform.
    const seen = new Set(keys.flatMap((key) => [...key.slice(4)]));
    expect(seen.size).toBe(62);
  });

  it('stores only the SHA-256 of the key', () => {
    const key = generateApiKey('master');
    expect(key.hash).toEqual(sha256(key.apiKey));
    expect(hashApiKey(key.apiKey).length).toBe(32);
    expect(key.hash.toString('utf8')).not.toContain(key.apiKey);
    expect(hashApiKey('rf_live_a').equals(hashApiKey('rf_live_b'))).toBe(false);
  });
});

describe('looksLikeApiKey', () => {
  it.each([
    ['rf_live_', false],
    [`rf_live_${'a'.repeat(32)}`, false],
    [`rf_live_${'a'.repeat(34)}`, false],
    [`rf_test_${'a'.repeat(33)}`, false],
    [`rf_live_${'a'.repeat(32)}-`, false],
    [` rf_live_${'a'.repeat(33)}`, false],
    [`rf_master_${'Z'.repeat(33)}`, true],
  ])('%j -> %s', (text, expected) => {
    expect(looksLikeApiKey(text)).toBe(expected);
  });
});

describe('extractApiKey', () => {
  const a = `rf_live_${'a'.repeat(33)}`;
  const b = `rf_live_${'b'.repeat(33)}`;

  it.each([
    ['x-provider-api-key', { 'x-provider-api-key': a }],
    ['x-api-key', { 'x-api-key': a }],
    ['Authorization: Bearer', { authorization: `Bearer ${a}` }],
    ['a lower-case bearer scheme', { authorization: `bearer ${a}` }],
    ['surrounding spaces', { 'x-provider-api-key': `  ${a} `, authorization: `Bearer   ${a}  ` }],
    [
      'the same key in all three forms',
      { 'x-provider-api-key': a, 'x-api-key': a, authorization: `Bearer ${a}` },
    ],
  ])('reads the key from %s', (_name, headers) => {
    expect(extractApiKey(headers)).toEqual({ kind: 'key', apiKey: a });
  });

  it('reports no key at all', () => {
    expect(extractApiKey({})).toEqual({ kind: 'none' });
  });

  it.each([
    ['two different keys in two headers', { 'x-provider-api-key': a, 'x-api-key': b }],
    ['a header and a different Bearer', { 'x-api-key': a, authorization: `Bearer ${b}` }],
    ['a repeated header', { 'x-provider-api-key': [a, a] }],
    ['a repeated Authorization', { authorization: [`Bearer ${a}`, `Bearer ${a}`] }],
  ])('refuses %s as a conflict', (_name, headers) => {
    expect(extractApiKey(headers)).toEqual({ kind: 'conflict' });
  });

  it.each([
    ['Basic credentials', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a bare key in Authorization', { authorization: a }],
    ['Bearer without a key', { authorization: 'Bearer ' }],
    ['Bearer with two tokens', { authorization: `Bearer ${a} ${a}` }],
    ['an empty key header', { 'x-provider-api-key': '   ' }],
  ])('refuses %s as malformed', (_name, headers) => {
    expect(extractApiKey(headers)).toEqual({ kind: 'malformed' });
  });
});
