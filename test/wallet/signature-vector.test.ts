// docs/wallet-integration.md tells operators numbers and gives a signature test vector: the vector
// must verify with Reelforge's own signing, and the numbers must be the ones the code uses.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { CURRENCY_MINOR_UNITS } from '../../src/money.ts';
import { PRODUCTION_RETRY } from '../../src/wallet/retry-policy.ts';
import {
  signWalletRequest,
  TIMESTAMP_WINDOW_SECONDS,
  verifyWalletSignature,
} from '../../src/wallet/signing.ts';

const guide = readFileSync(path.resolve(import.meta.dirname, '../../docs/wallet-integration.md'), 'utf8');

function vector() {
  const block = /<!-- signature-test-vector[^>]*-->\n```text\n([\s\S]*?)\n```/.exec(guide)?.[1];
  if (!block) throw new Error('the guide has no signature test vector block');
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(.*)$`, 'm').exec(block);
    if (!match) throw new Error(`the vector has no ${name}`);
    return match[1] as string;
  };
  return {
    secret: field('secret'),
    timestamp: field('timestamp'),
    body: field('body'),
    signature: field('signature'),
  };
}

describe('docs/wallet-integration.md', () => {
  it('its signature test vector is what Reelforge signs, and verifies within the window', () => {
    const { secret, timestamp, body, signature } = vector();
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signWalletRequest(secret, timestamp, body)).toBe(signature);
    const at = Number(timestamp);
    const raw = Buffer.from(body, 'utf8');
    expect(
      verifyWalletSignature(secret, { timestamp, signature }, raw, at + TIMESTAMP_WINDOW_SECONDS),
    ).toEqual({ ok: true });
    expect(
      verifyWalletSignature(secret, { timestamp, signature }, raw, at - TIMESTAMP_WINDOW_SECONDS),
    ).toEqual({ ok: true });
    expect(
      verifyWalletSignature(secret, { timestamp, signature }, raw, at + TIMESTAMP_WINDOW_SECONDS + 1),
    ).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    });
    // One byte of the body changed: refused.
    expect(
      verifyWalletSignature(secret, { timestamp, signature }, Buffer.from(body.replace('2.00', '2.01')), at),
    ).toEqual({
      ok: false,
      reason: 'invalid_signature',
    });
    // The body is a whole callback: every field the contract requires, amounts as strings.
    const parsed = JSON.parse(body);
    for (const name of [
      'operator_id',
      'player_id',
      'session_id',
      'game_symbol',
      'currency',
      'request_id',
      'transaction_id',
      'transaction_type',
      'action_type',
      'amount',
    ])
      expect(typeof parsed[name], name).toBe('string');
  });

  it('states the numbers the code uses: clock skew, time-out, retry schedule', () => {
    expect(guide).toContain(`**${TIMESTAMP_WINDOW_SECONDS} seconds**`);
    const timeout = loadConfig({ APP_ENV: 'test', ADMIN_TOKEN: 'x'.repeat(32) }).walletTimeoutMs;
    expect(guide).toContain(`\`WALLET_TIMEOUT_MS\` (**${timeout / 1000} s** by default)`);
    expect(guide).toContain(`after ${PRODUCTION_RETRY.baseDelayMs / 1000} s, then doubling`);
    expect(PRODUCTION_RETRY.factor).toBe(2);
    expect(guide).toContain(`up to ${PRODUCTION_RETRY.maxDelayMs / 60_000} minutes between attempts`);
    expect(guide).toContain(`±${PRODUCTION_RETRY.jitter * 100} % at random`);
    expect(guide).toContain(`for up to **${PRODUCTION_RETRY.giveUpAfterMs / 3_600_000} hours**`);
  });

  it('lists every supported currency under its number of decimals', () => {
    const listed = new Map<string, number>();
    for (const row of guide.matchAll(/^\| (\d) \| ([A-Z ]+) \|$/gm)) {
      for (const code of (row[2] as string).split(' ')) listed.set(code, Number(row[1]));
    }
    expect(Object.fromEntries(listed)).toEqual({ ...CURRENCY_MINOR_UNITS });
  });
});
