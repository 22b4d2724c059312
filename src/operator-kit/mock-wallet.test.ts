// mock-wallet and free rounds: a free-round credit names its campaign and grant and is tallied per
// grant; a free round is never debited. A campaign prize (promo_win) is a credit for a session that
// ended, naming its campaign and prize, applied once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletRequestBody } from '../wallet/protocol.ts';
import {
  REQUEST_ID_HEADER,
  SIGNATURE_HEADER,
  signWalletRequest,
  TIMESTAMP_HEADER,
} from '../wallet/signing.ts';
import { createMockWallet, type MockWallet } from './mock-wallet.ts';

const SECRET = 'mock-wallet-test-secret-0123456789';
let wallet: MockWallet;
let url: string;
let n = 0;

async function call(type: 'debit' | 'credit', fields: Record<string, unknown>) {
  n += 1;
  const body = JSON.parse(
    walletRequestBody({
      operator_id: 'op_1',
      player_id: 'p-1',
      session_id: 'ses_x',
      game_symbol: 'rf_ember_crown',
      currency: 'USD',
      transaction_id: `tx_${n}`,
      transaction_type: type,
      action_type: 'free_round',
      amount: 150n,
      round_id: `rnd_${n}`,
      round_finished: type !== 'debit',
    }),
  );
  const raw = JSON.stringify({ ...body, ...fields, request_id: `att_${n}` });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${url}/${type}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [REQUEST_ID_HEADER]: `att_${n}`,
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signWalletRequest(SECRET, timestamp, raw),
    },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  wallet = createMockWallet({ secret: SECRET, players: { 'p-1': { balance: '10.00' } } });
  url = await wallet.listen();
});
afterAll(async () => wallet?.close());

describe('mock-wallet free rounds', () => {
  it('credits a free round naming its campaign and grant, and tallies it per grant', async () => {
    const ids = { free_round_campaign_id: 'welcome', free_round_grant_id: 'frg_1' };
    expect((await call('credit', ids)).status).toBe(200);
    expect((await call('credit', ids)).status).toBe(200);
    expect(wallet.balanceOf('p-1')).toBe('13.00');
    expect(wallet.freeRounds.get('frg_1')).toEqual({ campaignId: 'welcome', credits: 2, total: 300n });
  });

  it('refuses a free-round credit without its ids, and any debit of a free round', async () => {
    const missing = await call('credit', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('free_round_campaign_id');
    const debit = await call('debit', { free_round_campaign_id: 'welcome', free_round_grant_id: 'frg_1' });
    expect(debit.status).toBe(400);
    expect(debit.body.message).toContain('never debited');
    expect(wallet.balanceOf('p-1')).toBe('13.00');
  });
});

describe('mock-wallet campaign prizes (promo_win, 1.5.0)', () => {
  const promo = {
    action_type: 'promo_win',
    session_id: 'ses_ended_days_ago',
    round_id: undefined,
    round_finished: undefined,
    campaign_id: 'cmp_1',
    campaign_type: 'tournament',
    prize_id: 'prz_1',
  };

  it('credits a prize for a session that ended, once however often it is sent', async () => {
    const before = wallet.players.get('p-1')?.balance ?? 0n;
    const first = await call('credit', { ...promo, transaction_id: 'tx_prize_1' });
    expect(first.status).toBe(200);
    const again = await call('credit', { ...promo, transaction_id: 'tx_prize_1' });
    expect(again).toEqual(first);
    expect(wallet.applications.get('tx_prize_1')).toBe(1);
    expect(wallet.players.get('p-1')?.balance).toBe(before + 150n);
    expect(wallet.promoWins.get('prz_1')).toEqual({
      campaignId: 'cmp_1',
      campaignType: 'tournament',
      amount: 150n,
    });
  });

  it('refuses a promo_win without its campaign and prize, and any promo_win debit', async () => {
    const before = wallet.balanceOf('p-1');
    const missing = await call('credit', { ...promo, prize_id: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('prize_id');
    const badType = await call('credit', { ...promo, campaign_type: 'lottery' });
    expect(badType.status).toBe(400);
    const debit = await call('debit', promo);
    expect(debit.status).toBe(400);
    expect(debit.body.message).toContain('only ever a credit');
    expect(wallet.balanceOf('p-1')).toBe(before);
  });
});
