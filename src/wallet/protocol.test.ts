import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { WALLET_ACTION_TYPES } from '../domain/wallet-actions.ts';
import { CURRENCY_MINOR_UNITS, MAX_MINOR } from '../money.ts';
import { fillRequestId, parseReportedBalance, walletRequestBody } from './protocol.ts';

/** What fillRequestId did before it spliced: parse the stored body, set the field, write it again. */
const reparsed = (stored: string, requestId: string) =>
  JSON.stringify({ ...(JSON.parse(stored) as object), request_id: requestId });

// Any text a field may carry, quotes, backslashes, lone surrogates and the field's own name included.
const text = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.constantFrom('"request_id":""', '\\"request_id\\":\\"\\"', '","request_id":"', '\\', '"'),
);
const fields = fc.record(
  {
    operator_id: text,
    player_id: text,
    session_id: text,
    game_symbol: text,
    currency: fc.constantFrom(...Object.keys(CURRENCY_MINOR_UNITS)),
    transaction_id: text,
    transaction_type: fc.constantFrom('balance', 'debit', 'credit', 'rollback' as const),
    action_type: fc.constantFrom(...WALLET_ACTION_TYPES),
    amount: fc.bigInt({ min: 0n, max: MAX_MINOR }),
    original_transaction_id: text,
    round_id: text,
    round_finished: fc.boolean(),
    round_details_url: text,
    free_round_campaign_id: text,
    free_round_grant_id: text,
  },
  {
    requiredKeys: [
      'operator_id',
      'player_id',
      'session_id',
      'game_symbol',
      'currency',
      'transaction_id',
      'transaction_type',
      'action_type',
      'amount',
    ],
  },
);
const requestId = fc.stringMatching(/^att_[0-9A-Za-z]{1,24}$/);

describe('fillRequestId', () => {
  it('gives, for every body walletRequestBody builds, the text parse-and-stringify gave, without parsing', () => {
    fc.assert(
      fc.property(fields, requestId, (f, id) => {
        const stored = walletRequestBody(f);
        const parse = vi.spyOn(JSON, 'parse');
        const filled = fillRequestId(stored, id);
        expect(parse).not.toHaveBeenCalled();
        parse.mockRestore();
        expect(filled).toBe(reparsed(stored, id));
        expect((JSON.parse(filled) as { request_id: string }).request_id).toBe(id);
      }),
      { numRuns: 2000 },
    );
  });

  it('escapes a request id that JSON must escape', () => {
    const stored = walletRequestBody({
      operator_id: 'op_1',
      player_id: 'p',
      session_id: 's',
      game_symbol: 'g',
      currency: 'EUR',
      transaction_id: 'tx_1',
      transaction_type: 'balance',
      action_type: 'balance',
      amount: 0n,
    });
    expect(fillRequestId(stored, 'a"b\\c')).toBe(reparsed(stored, 'a"b\\c'));
  });

  it.each([
    ['an older node’s spacing', '{"currency": "EUR", "request_id": "", "transaction_id": "tx_1"}'],
    ['a request_id already filled', '{"currency":"EUR","request_id":"att_old","transaction_id":"tx_1"}'],
    ['no request_id at all', '{"currency":"EUR","transaction_id":"tx_1"}'],
    ['the empty field twice', '{"request_id":"","nested":{"request_id":""},"transaction_id":"tx_1"}'],
  ])('parses and writes again a stored body of another shape: %s', (_shape, stored) => {
    const parse = vi.spyOn(JSON, 'parse');
    const filled = fillRequestId(stored, 'att_new');
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
    expect(filled).toBe(reparsed(stored, 'att_new'));
    expect((JSON.parse(filled) as { request_id: string }).request_id).toBe('att_new');
  });
});

describe('parseReportedBalance', () => {
  it.each([
    ['12.50', 'EUR', 1250n],
    ['-3.10', 'EUR', -310n],
    ['-0.00', 'EUR', 0n],
    ['1000', 'JPY', 1000n],
    ['12.500', 'EUR', 1250n],
  ])('%s %s is %s minor units', (text, currency, minor) => {
    expect(parseReportedBalance(text, currency)).toBe(minor);
  });

  it.each([
    ['12.505', 'EUR'],
    ['1e3', 'EUR'],
    ['+1', 'EUR'],
    ['--1', 'EUR'],
    [' 1', 'EUR'],
    ['1.', 'EUR'],
    ['.5', 'EUR'],
    ['92233720368547758.08', 'EUR'],
    ['-92233720368547758.08', 'EUR'],
  ])('%s %s is malformed', (text, currency) => {
    expect(parseReportedBalance(text, currency)).toBeUndefined();
  });
});
