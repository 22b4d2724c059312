// Wallet callbacks in production cannot be pointed at Reelforge's own host or its network: an
// internal address in any spelling is refused before a byte is sent, and so is a name that resolves
// to one at the moment of the call (the undici connect lookup), while WALLET_ALLOWED_HOSTS still
// reaches an on-site wallet.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_REFUSED, createCallbackClient } from '../../src/wallet/callback-client.ts';
import { walletRequestBody } from '../../src/wallet/protocol.ts';

let server: Server;
let port: number;
let received = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    received++;
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ success: true, balance: '10.00', private: 'x'.repeat(10) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const body = walletRequestBody({
  operator_id: 'op_1',
  player_id: 'p-1',
  session_id: 'ses_1',
  game_symbol: 'rf_ember_crown',
  currency: 'EUR',
  transaction_id: 'tx_1',
  transaction_type: 'balance',
  action_type: 'balance',
  amount: 0n,
});
const call = { currency: 'EUR', transaction_id: 'tx_1' };

/** A resolver that answers every name with the loopback address, as a rebinding DNS would. */
const toLoopback = ((_name: string, _options: unknown, callback: (...args: unknown[]) => void) =>
  callback(null, [{ address: '127.0.0.1', family: 4 }])) as never;

function client(allowedHosts: string[] = []) {
  return createCallbackClient({
    timeoutMs: 5000,
    addresses: { allowInternal: false, allowedHosts: new Set(allowedHosts) },
    lookup: toLoopback,
  });
}

describe('wallet callbacks in production', () => {
  it.each(['127.0.0.1', '127.1', '0x7f000001', '2130706433', 'localhost', '[::ffff:127.0.0.1]'])(
    'refuse http://%s before sending anything',
    async (host) => {
      const wallets = client();
      const before = received;
      const record = await wallets.attempt(
        { operatorId: 'op_1', baseUrl: `http://${host}:${port}/rf`, secret: 's' },
        'balance',
        body,
        call,
      );
      await wallets.close();
      expect(record.answer).toMatchObject({
        kind: 'failed',
        error: expect.stringMatching(/refused in production/),
      });
      expect(record.responseBody).toBeNull();
      expect(received).toBe(before);
    },
  );

  it('refuse a name that resolves to an internal address when the call is made', async () => {
    const wallets = client();
    const before = received;
    const record = await wallets.attempt(
      { operatorId: 'op_1', baseUrl: `http://wallet.example:${port}/rf`, secret: 's' },
      'balance',
      body,
      call,
    );
    await wallets.close();
    expect(record.answer).toMatchObject({
      kind: 'failed',
      error: expect.stringMatching(
        /wallet\.example \(127\.0\.0\.1\), a loopback address: refused in production/,
      ),
    });
    expect(received).toBe(before);
    expect(ADDRESS_REFUSED).toBe('ERR_WALLET_ADDRESS_REFUSED');
  });

  it('reach an on-site wallet that WALLET_ALLOWED_HOSTS names', async () => {
    const wallets = client(['wallet.onsite.example', '127.0.0.1']);
    const byName = await wallets.attempt(
      { operatorId: 'op_1', baseUrl: `http://wallet.onsite.example:${port}/rf`, secret: 's' },
      'balance',
      body,
      call,
    );
    const byAddress = await wallets.attempt(
      { operatorId: 'op_2', baseUrl: `http://127.0.0.1:${port}/rf`, secret: 's' },
      'balance',
      body,
      call,
    );
    await wallets.close();
    expect(byName.answer).toEqual({ kind: 'acknowledged', balance: 1000n });
    expect(byAddress.answer).toEqual({ kind: 'acknowledged', balance: 1000n });
  });
});
