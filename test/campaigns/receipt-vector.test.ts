// docs/wallet-integration.md gives operators a prize receipt's canonical text and its signature: the
// vector must be what Reelforge writes and signs for those facts, and verify only with its secret.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiptText, signReceipt, verifyReceipt } from '../../src/domain/campaign-receipts.ts';

const guide = readFileSync(path.resolve(import.meta.dirname, '../../docs/wallet-integration.md'), 'utf8');

function vector() {
  const block = /<!-- prize-receipt-test-vector[^>]*-->\n```text\n([\s\S]*?)\n```/.exec(guide)?.[1];
  if (!block) throw new Error('the guide has no prize receipt test vector block');
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(.*)$`, 'm').exec(block);
    if (!match) throw new Error(`the vector has no ${name}`);
    return match[1] as string;
  };
  // the guide writes each line feed of the text as \n
  return {
    secret: field('secret'),
    canonical: field('canonical').split('\\n').join('\n'),
    signature: field('signature'),
  };
}

describe('the prize receipt test vector of docs/wallet-integration.md', () => {
  it('is the text Reelforge writes for those facts, signed as Reelforge signs it', () => {
    const { secret, canonical, signature } = vector();
    expect(
      receiptText({
        prize_id: 'prz_7Kq2mX9pLw4T',
        campaign_id: 'cmp_3hR8vN2kQ5sY',
        campaign_type: 'tournament',
        operator_id: 'op_3kTq9ZrLw2Vb',
        player_id: 'player-1',
        kind: 'cash',
        amount: 2_500n,
        currency: 'EUR',
        transaction_id: 'tx_5gJ7kL2mP9qR',
        status: 'acknowledged',
        balance_after: 12_500n,
        free_round_grant_id: null,
        paid_at: new Date('2027-01-01T00:00:00Z'),
      }),
    ).toBe(canonical);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signReceipt(secret, canonical)).toBe(signature);
    expect(verifyReceipt(secret, canonical, signature.toUpperCase())).toBe(true);
  });

  it('fails with another secret, another text or a cut signature', () => {
    const { secret, canonical, signature } = vector();
    expect(verifyReceipt(`${secret}x`, canonical, signature)).toBe(false);
    expect(verifyReceipt(secret, `${canonical}\n`, signature)).toBe(false);
    expect(verifyReceipt(secret, canonical, signature.slice(0, 63))).toBe(false);
  });
});
