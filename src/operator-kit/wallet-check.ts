// wallet-check: the conformance suite an operator runs against its own wallet before going live.
// It sends the calls Reelforge sends (and the bad ones it never should) and checks each answer
// against the contract. It moves the smallest amount of the currency and puts it back.
import { request } from 'undici';
import { newId } from '../domain/ids.ts';
import { formatAmount, isSupportedCurrency, minorUnits } from '../money.ts';
import {
  type CallbackType,
  fillRequestId,
  readWalletAnswer,
  type WalletAnswer,
  walletRequestBody,
} from '../wallet/protocol.ts';
import {
  REQUEST_ID_HEADER,
  SIGNATURE_HEADER,
  signWalletRequest,
  TIMESTAMP_HEADER,
} from '../wallet/signing.ts';

export interface WalletCheckOptions {
  url: string;
  secret: string;
  player: string;
  currency: string;
  operatorId?: string;
  timeoutMs?: number;
  /** Receives one line per check, as it finishes. */
  print?: (line: string) => void;
}

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

interface Sent {
  status: number | null;
  answer: WalletAnswer;
}

class CheckFailed extends Error {}

function must(condition: boolean, detail: string): asserts condition {
  if (!condition) throw new CheckFailed(detail);
}

export async function runWalletCheck(
  options: WalletCheckOptions,
): Promise<{ results: CheckResult[]; passed: boolean }> {
  const currency = options.currency.toUpperCase();
  if (!isSupportedCurrency(currency)) throw new Error(`currency ${currency} is not supported`);
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const unit = 1n; // the smallest amount of the currency
  const print = options.print ?? (() => {});
  const amount = (minor: bigint) => formatAmount(minor, currency);
  const run = newId('rnd').slice(4, 12);

  function body(
    type: CallbackType,
    fields: { tx: string; minor: bigint; original?: string; player?: string; freeRound?: boolean },
  ) {
    const free = fields.freeRound === true;
    return walletRequestBody({
      operator_id: options.operatorId ?? 'op_wallet_check',
      player_id: fields.player ?? options.player,
      session_id: `ses_walletcheck${run}`,
      game_symbol: 'rf_wallet_check',
      currency,
      transaction_id: fields.tx,
      transaction_type: type,
      action_type:
        type === 'balance' ? 'balance' : type === 'rollback' ? 'rollback' : free ? 'free_round' : 'spin',
      amount: fields.minor,
      original_transaction_id: fields.original,
      round_id: type === 'balance' ? undefined : `rnd_walletcheck${run}`,
      round_finished: type === 'balance' ? undefined : type !== 'debit',
      // A free round (1.2.0): a credit with no debit before it, naming its campaign and grant.
      ...(free
        ? {
            free_round_campaign_id: `walletcheck-${run}`,
            free_round_grant_id: `frg_walletcheck${run}`,
            round_details_url: `https://rgs.example/round-details/rnd_walletcheck${run}?expires=1&signature=0`,
          }
        : {}),
    });
  }

  async function send(
    type: CallbackType,
    stored: string,
    tamper: { timestampShift?: number; badSignature?: boolean } = {},
  ): Promise<Sent> {
    const requestId = newId('att');
    const raw = fillRequestId(stored, requestId);
    const timestamp = String(Math.floor(Date.now() / 1000) + (tamper.timestampShift ?? 0));
    const signature = tamper.badSignature
      ? signWalletRequest(`${options.secret}-wrong`, timestamp, raw)
      : signWalletRequest(options.secret, timestamp, raw);
    const parsed = JSON.parse(stored) as { transaction_id: string };
    try {
      const response = await request(`${base}/${type}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [REQUEST_ID_HEADER]: requestId,
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signature,
        },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.body.text();
      return {
        status: response.statusCode,
        answer: readWalletAnswer(response.statusCode, text, {
          currency,
          transaction_id: parsed.transaction_id,
        }),
      };
    } catch (error) {
      return { status: null, answer: { kind: 'failed', status: null, error: (error as Error).message } };
    }
  }

  const describe = (sent: Sent) =>
    sent.answer.kind === 'acknowledged'
      ? `200 balance ${amount(sent.answer.balance)}`
      : sent.answer.kind === 'rejected'
        ? `${sent.answer.status} ${sent.answer.error}`
        : `${sent.status ?? 'no answer'}: ${sent.answer.error}`;

  async function acknowledged(type: CallbackType, stored: string): Promise<bigint> {
    const sent = await send(type, stored);
    must(sent.answer.kind === 'acknowledged', `expected 200 success, got ${describe(sent)}`);
    return sent.answer.balance;
  }

  async function balance(): Promise<bigint> {
    return acknowledged('balance', body('balance', { tx: newId('tx'), minor: 0n }));
  }

  const results: CheckResult[] = [];
  async function check(name: string, work: () => Promise<string>) {
    let result: CheckResult;
    try {
      result = { name, ok: true, detail: await work() };
    } catch (error) {
      result = { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
    results.push(result);
    print(`${result.ok ? 'PASS' : 'FAIL'}  ${name}${result.detail ? ` — ${result.detail}` : ''}`);
  }

  let start = 0n;
  await check('balance: a signed call is answered 200 with a decimal balance', async () => {
    start = await balance();
    must(start >= 2n * unit, `the player needs at least ${amount(2n * unit)} to run the suite`);
    return `balance ${amount(start)}`;
  });

  const debitTx = newId('tx');
  const debitBody = body('debit', { tx: debitTx, minor: unit });
  await check('debit: applied once, the new balance answered', async () => {
    const after = await acknowledged('debit', debitBody);
    must(after === start - unit, `balance ${amount(after)}, expected ${amount(start - unit)}`);
    return '';
  });
  await check(
    'debit replayed with the same transaction_id: the first answer again, nothing moves',
    async () => {
      const again = await acknowledged('debit', debitBody);
      must(again === start - unit, `the replay answered ${amount(again)}, expected ${amount(start - unit)}`);
      const now = await balance();
      must(now === start - unit, `balance ${amount(now)} after the replay, expected ${amount(start - unit)}`);
      return '';
    },
  );

  const creditBody = body('credit', { tx: newId('tx'), minor: unit });
  await check('credit: applied once', async () => {
    const after = await acknowledged('credit', creditBody);
    must(after === start, `balance ${amount(after)}, expected ${amount(start)}`);
    return '';
  });
  await check('credit replayed with the same transaction_id: nothing moves', async () => {
    await acknowledged('credit', creditBody);
    const now = await balance();
    must(now === start, `balance ${amount(now)} after the replay, expected ${amount(start)}`);
    return '';
  });

  const freeRoundBody = body('credit', { tx: newId('tx'), minor: unit, freeRound: true });
  await check(
    'free-round credit (action_type free_round, campaign and grant ids, no debit before it): applied once',
    async () => {
      const after = await acknowledged('credit', freeRoundBody);
      must(after === start + unit, `balance ${amount(after)}, expected ${amount(start + unit)}`);
      return '';
    },
  );
  await check('free-round credit replayed with the same transaction_id: nothing moves', async () => {
    await acknowledged('credit', freeRoundBody);
    const now = await balance();
    must(now === start + unit, `balance ${amount(now)} after the replay, expected ${amount(start + unit)}`);
    // The suite leaves the test player's balance as it found it: a plain debit takes the credit back.
    const back = await acknowledged('debit', body('debit', { tx: newId('tx'), minor: unit }));
    must(back === start, `balance ${amount(back)} after taking the credit back, expected ${amount(start)}`);
    return '';
  });

  const refused = async (sent: Sent, status: number[], error?: string) => {
    must(sent.answer.kind === 'rejected', `expected a rejection, got ${describe(sent)}`);
    must(status.includes(sent.answer.status), `expected HTTP ${status.join(' or ')}, got ${describe(sent)}`);
    if (error) must(sent.answer.error === error, `expected error ${error}, got ${sent.answer.error}`);
    const now = await balance();
    must(now === start, `balance moved to ${amount(now)}`);
    return describe(sent);
  };
  await check('bad signature: refused with 401 invalid_signature, nothing moves', async () =>
    refused(
      await send('debit', body('debit', { tx: newId('tx'), minor: unit }), { badSignature: true }),
      [401],
      'invalid_signature',
    ),
  );
  await check('stale timestamp (10 minutes old): refused, nothing moves', async () =>
    refused(
      await send('debit', body('debit', { tx: newId('tx'), minor: unit }), { timestampShift: -600 }),
      [400, 401],
    ),
  );
  await check('timestamp 10 minutes in the future: refused, nothing moves', async () =>
    refused(
      await send('debit', body('debit', { tx: newId('tx'), minor: unit }), { timestampShift: 600 }),
      [400, 401],
    ),
  );
  await check('insufficient funds: refused with 400 insufficient_funds, nothing moves', async () =>
    refused(
      await send('debit', body('debit', { tx: newId('tx'), minor: start + unit })),
      [400],
      'insufficient_funds',
    ),
  );
  await check('unknown player: refused, nothing moves', async () =>
    refused(
      await send(
        'debit',
        body('debit', { tx: newId('tx'), minor: unit, player: `wallet-check-nobody-${run}` }),
      ),
      [400, 401, 404],
    ),
  );

  const rolledDebit = newId('tx');
  const rollbackBody = body('rollback', { tx: newId('tx'), minor: unit, original: rolledDebit });
  await check('rollback of a debit: the balance is restored', async () => {
    const debited = await acknowledged('debit', body('debit', { tx: rolledDebit, minor: unit }));
    must(debited === start - unit, `the debit answered ${amount(debited)}`);
    const after = await acknowledged('rollback', rollbackBody);
    must(after === start, `balance ${amount(after)} after the rollback, expected ${amount(start)}`);
    return '';
  });
  await check('rollback repeated (same and new transaction_id): refunded only once', async () => {
    await acknowledged('rollback', rollbackBody);
    await acknowledged('rollback', body('rollback', { tx: newId('tx'), minor: unit, original: rolledDebit }));
    const now = await balance();
    must(now === start, `balance ${amount(now)}, expected ${amount(start)}`);
    return '';
  });

  const neverSeen = newId('tx');
  await check('rollback of an unknown transaction: acknowledged, nothing moves', async () => {
    const after = await acknowledged(
      'rollback',
      body('rollback', { tx: newId('tx'), minor: unit, original: neverSeen }),
    );
    must(after === start, `balance ${amount(after)}, expected ${amount(start)}`);
    return '';
  });
  await check('a debit arriving after its rollback: not applied', async () => {
    const sent = await send('debit', body('debit', { tx: neverSeen, minor: unit }));
    const now = await balance();
    must(now === start, `the late debit was applied (${describe(sent)}); a rollback must leave a tombstone`);
    return describe(sent);
  });

  const failed = results.filter((r) => !r.ok).length;
  print(
    `\n${results.length} checks: ${results.length - failed} passed, ${failed} failed (${currency}, ${minorUnits(currency)} decimals)`,
  );
  return { results, passed: failed === 0 };
}
