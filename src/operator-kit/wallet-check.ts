// wallet-check: the conformance suite an operator runs against its own wallet before going live.
// It sends the calls Reelforge sends (and the bad ones it never should) and checks each answer
// against the contract. It moves the smallest amount of the currency and puts it back:
//   1. one preflight balance call, diagnosed (wallet-preflight.ts); a fatal finding stops the run;
//   2. the checks, stopped at the first call that gets no answer at all;
//   3. before it returns, every debit whose money the suite has not given back (one that got no
//      clear answer, or one a stopped run left behind) is rolled back, and the balance compared.
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
import { diagnoseBalanceReply, type PreflightResult, type WalletReply } from './wallet-preflight.ts';

export interface WalletCheckOptions {
  url: string;
  secret: string;
  /** During a secret rotation: also check that the wallet accepts calls signed with the next secret. */
  nextSecret?: string;
  player: string;
  currency: string;
  operatorId?: string;
  timeoutMs?: number;
  /** Receives one line per check, as it finishes. */
  print?: (line: string) => void;
}

export interface CheckResult {
  name: string;
  /** null: not run, because the wallet stopped answering earlier. */
  ok: boolean | null;
  detail: string;
}

/** A debit the suite sent whose money it had not given back, rolled back before the run ended. */
export interface CleanupRollback {
  debit_transaction_id: string;
  amount: string;
  /** Why it needed one: the debit got no clear answer, or the run stopped before its credit or rollback. */
  reason: 'no_clear_answer' | 'run_stopped';
  rolled_back: boolean;
  detail: string;
}

export interface WalletCheckReport {
  passed: boolean;
  preflight: Omit<PreflightResult, 'balance'>;
  results: CheckResult[];
  rollbacks: CleanupRollback[];
  /** The balance before and after, as the wallet reported it (null when it could not be read). */
  balance: { start: string | null; end: string | null };
  currency: string;
}

/** A call the suite built: its body text, and the transaction, amount and player it carries. */
interface CheckCall {
  text: string;
  tx: string;
  minor: bigint;
  player: string;
}

interface Sent {
  status: number | null;
  answer: WalletAnswer;
}

class CheckFailed extends Error {}

/** The wallet gave no answer at all: the rest of the suite cannot tell anything more. */
class WalletGone extends Error {}

function must(condition: boolean, detail: string): asserts condition {
  if (!condition) throw new CheckFailed(detail);
}

export async function runWalletCheck(options: WalletCheckOptions): Promise<WalletCheckReport> {
  const currency = options.currency.toUpperCase();
  if (!isSupportedCurrency(currency)) throw new Error(`currency ${currency} is not supported`);
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const unit = 1n; // the smallest amount of the currency
  const print = options.print ?? (() => {});
  const amount = (minor: bigint) => formatAmount(minor, currency);
  const run = newId('rnd').slice(4, 12);

  /** One call's body, with the fields the suite reads back kept beside it rather than parsed out of it. */
  function body(
    type: CallbackType,
    fields: {
      tx: string;
      minor: bigint;
      original?: string;
      player?: string;
      freeRound?: boolean;
      promo?: boolean;
    },
  ): CheckCall {
    const free = fields.freeRound === true;
    // A campaign prize (1.5.0): a credit with no round, for a session that ended long ago.
    const promo = fields.promo === true;
    const player = fields.player ?? options.player;
    const roundless = type === 'balance' || promo;
    const text = walletRequestBody({
      operator_id: options.operatorId ?? 'op_wallet_check',
      player_id: player,
      session_id: promo ? `ses_walletcheckended${run}` : `ses_walletcheck${run}`,
      game_symbol: 'rf_wallet_check',
      currency,
      transaction_id: fields.tx,
      transaction_type: type,
      action_type:
        type === 'balance'
          ? 'balance'
          : type === 'rollback'
            ? 'rollback'
            : free
              ? 'free_round'
              : promo
                ? 'promo_win'
                : 'spin',
      amount: fields.minor,
      original_transaction_id: fields.original,
      round_id: roundless ? undefined : `rnd_walletcheck${run}`,
      round_finished: roundless ? undefined : type !== 'debit',
      // A free round (1.2.0): a credit with no debit before it, naming its campaign and grant.
      ...(free
        ? {
            free_round_campaign_id: `walletcheck-${run}`,
            free_round_grant_id: `frg_walletcheck${run}`,
            round_details_url: `https://rgs.example/round-details/rnd_walletcheck${run}?expires=1&signature=0`,
          }
        : {}),
      ...(promo
        ? {
            campaign_id: `walletcheck-${run}`,
            campaign_type: 'drop' as const,
            prize_id: `prz_walletcheck${run}`,
          }
        : {}),
    });
    return { text, tx: fields.tx, minor: fields.minor, player };
  }

  async function post(
    type: CallbackType,
    call: CheckCall,
    tamper: { timestampShift?: number; badSignature?: boolean; timeoutMs?: number; secret?: string } = {},
  ): Promise<WalletReply> {
    const requestId = newId('att');
    const raw = fillRequestId(call.text, requestId);
    const timestamp = String(Math.floor(Date.now() / 1000) + (tamper.timestampShift ?? 0));
    const signature = tamper.badSignature
      ? signWalletRequest(`${options.secret}-wrong`, timestamp, raw)
      : signWalletRequest(tamper.secret ?? options.secret, timestamp, raw);
    const started = performance.now();
    try {
      // fetch, not undici: the operator kit runs this file on Node 18 and later, with no dependencies.
      const response = await fetch(`${base}/${type}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          [REQUEST_ID_HEADER]: requestId,
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signature,
        },
        body: raw,
        signal: AbortSignal.timeout(tamper.timeoutMs ?? timeoutMs),
      });
      const text = await response.text();
      return { status: response.status, text, ms: performance.now() - started };
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      // fetch reports a network failure as TypeError('fetch failed') with the socket's error as cause.
      const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: unknown; message?: string };
      const code = cause.code;
      const failure = timedOut
        ? `no answer within ${tamper.timeoutMs ?? timeoutMs} ms`
        : typeof code === 'string'
          ? `${code}: ${cause.message ?? ''}`
          : (error as Error).message;
      return { status: null, text: '', ms: performance.now() - started, failure, timedOut };
    }
  }

  /** Debits whose money the suite has not given back yet, by transaction id. */
  const outstanding = new Map<string, { player: string; minor: bigint; clear: boolean }>();
  let gone: string | undefined;

  async function send(
    type: CallbackType,
    call: CheckCall,
    tamper: { timestampShift?: number; badSignature?: boolean } = {},
  ): Promise<Sent> {
    if (gone) throw new WalletGone(gone);
    const reply = await post(type, call, tamper);
    const answer: WalletAnswer =
      reply.status === null
        ? { kind: 'failed', status: null, error: reply.failure ?? 'no answer' }
        : readWalletAnswer(reply.status, reply.text, { currency, transaction_id: call.tx });
    // A debit that may have moved money is owed back until a credit or rollback returns it.
    // Tampered debits too: a wallet that wrongly accepts one has taken money all the same.
    if (type === 'debit' && answer.kind !== 'rejected') {
      const seen = outstanding.get(call.tx);
      outstanding.set(call.tx, {
        player: call.player,
        minor: call.minor,
        clear: (seen?.clear ?? true) && answer.kind === 'acknowledged',
      });
    }
    if (reply.status === null) {
      gone = `${base}/${type} gave no answer (${reply.failure})`;
      throw new WalletGone(gone);
    }
    return { status: reply.status, answer };
  }

  /** The suite gave back the money of this debit (its credit or rollback was acknowledged). */
  const returned = (debitTx: string) => outstanding.delete(debitTx);

  const describe = (sent: Sent) =>
    sent.answer.kind === 'acknowledged'
      ? `200 balance ${amount(sent.answer.balance)}`
      : sent.answer.kind === 'rejected'
        ? `${sent.answer.status} ${sent.answer.error}`
        : `${sent.status ?? 'no answer'}: ${sent.answer.error}`;

  async function acknowledged(type: CallbackType, call: CheckCall): Promise<bigint> {
    const sent = await send(type, call);
    must(sent.answer.kind === 'acknowledged', `expected 200 success, got ${describe(sent)}`);
    return sent.answer.balance;
  }

  async function balance(): Promise<bigint> {
    return acknowledged('balance', body('balance', { tx: newId('tx'), minor: 0n }));
  }

  const results: CheckResult[] = [];
  async function check(name: string, work: () => Promise<string>) {
    let result: CheckResult;
    if (gone) result = { name, ok: null, detail: 'not run' };
    else {
      try {
        result = { name, ok: true, detail: await work() };
      } catch (error) {
        result = { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
      }
    }
    results.push(result);
    if (result.ok !== null)
      print(`${result.ok ? 'PASS' : 'FAIL'}  ${name}${result.detail ? ` — ${result.detail}` : ''}`);
  }

  // 1. Preflight: one balance call, given three times the timeout so that a slow answer is measured.
  const preflightReply = await post('balance', body('balance', { tx: newId('tx'), minor: 0n }), {
    timeoutMs: timeoutMs * 3,
  });
  const { balance: reported, ...preflight } = diagnoseBalanceReply(preflightReply, {
    url: base,
    player: options.player,
    currency,
    timeoutMs,
  });
  print(
    `${preflight.fatal ? 'STOP' : preflight.finding === 'ok' ? 'OK  ' : 'WARN'}  preflight — ${preflight.line}`,
  );
  if (preflight.fatal) {
    print('\nNo check was run and no money moved: fix the above and run wallet-check again.');
    return {
      passed: false,
      preflight,
      results,
      rollbacks: [],
      balance: { start: null, end: null },
      currency,
    };
  }

  const start = reported as bigint;
  await check('balance: a signed call is answered 200 with a decimal balance', async () => {
    must(start >= 2n * unit, `the player needs at least ${amount(2n * unit)} to run the suite`);
    return `balance ${amount(start)}`;
  });
  if (start < 2n * unit) gone = 'the test player cannot cover the suite';
  const nextSecret = options.nextSecret;
  if (nextSecret) {
    await check('rotation: a call signed with the next secret is accepted as well', async () => {
      const reply = await post('balance', body('balance', { tx: newId('tx'), minor: 0n }), {
        secret: nextSecret,
      });
      must(
        reply.status === 200,
        `the wallet answered ${reply.status ?? reply.failure ?? 'nothing'} to the next secret: during the rotation window it must accept both`,
      );
      return '';
    });
  }

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
    returned(debitTx);
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
    const takeBack = newId('tx');
    const back = await acknowledged('debit', body('debit', { tx: takeBack, minor: unit }));
    returned(takeBack); // this debit gives the free-round credit back: nothing is owed to the player
    must(back === start, `balance ${amount(back)} after taking the credit back, expected ${amount(start)}`);
    return '';
  });

  const promoBody = body('credit', { tx: newId('tx'), minor: unit, promo: true });
  await check(
    'campaign prize credit (action_type promo_win, no round, a session that ended long ago): applied once',
    async () => {
      const after = await acknowledged('credit', promoBody);
      must(after === start + unit, `balance ${amount(after)}, expected ${amount(start + unit)}`);
      return '';
    },
  );
  await check('campaign prize credit replayed with the same transaction_id: nothing moves', async () => {
    await acknowledged('credit', promoBody);
    const now = await balance();
    must(now === start + unit, `balance ${amount(now)} after the replay, expected ${amount(start + unit)}`);
    // As after the free round: a plain debit takes the prize back, the player's balance as found.
    const takeBack = newId('tx');
    const back = await acknowledged('debit', body('debit', { tx: takeBack, minor: unit }));
    returned(takeBack);
    must(back === start, `balance ${amount(back)} after taking the prize back, expected ${amount(start)}`);
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
    returned(rolledDebit);
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

  // 3. Give back what the suite may have taken: roll back every debit not yet returned.
  const rollbacks: CleanupRollback[] = [];
  for (const [debitTx, debit] of outstanding) {
    const rollback = body('rollback', {
      tx: newId('tx'),
      minor: debit.minor,
      original: debitTx,
      player: debit.player,
    });
    let detail = '';
    let done = false;
    for (let attempt = 1; attempt <= 3 && !done; attempt++) {
      const reply = await post('rollback', rollback, { timeoutMs: timeoutMs * 3 });
      const answer =
        reply.status === null
          ? ({ kind: 'failed', status: null, error: reply.failure ?? 'no answer' } as const)
          : readWalletAnswer(reply.status, reply.text, {
              currency,
              transaction_id: rollback.tx,
            });
      done = answer.kind === 'acknowledged';
      detail = done
        ? `rolled back, balance ${amount(answer.kind === 'acknowledged' ? answer.balance : 0n)}`
        : describe({ status: reply.status, answer });
    }
    rollbacks.push({
      debit_transaction_id: debitTx,
      amount: amount(debit.minor),
      reason: debit.clear ? 'run_stopped' : 'no_clear_answer',
      rolled_back: done,
      detail,
    });
    print(
      done
        ? `UNDO  debit ${debitTx} of ${amount(debit.minor)} (${debit.clear ? 'the run stopped before it was returned' : 'sent without a clear answer'}): rolled back`
        : `UNDO  debit ${debitTx} of ${amount(debit.minor)}: the rollback was not acknowledged (${detail}); reverse it in the wallet by hand`,
    );
  }

  let end: bigint | undefined;
  const finalTx = newId('tx');
  const finalReply = await post('balance', body('balance', { tx: finalTx, minor: 0n }), {
    timeoutMs: timeoutMs * 3,
  });
  if (finalReply.status !== null) {
    const answer = readWalletAnswer(finalReply.status, finalReply.text, {
      currency,
      transaction_id: finalTx,
    });
    if (answer.kind === 'acknowledged') end = answer.balance;
  }
  const ran = results.filter((r) => r.ok !== null);
  const failed = ran.filter((r) => !r.ok).length;
  const skipped = results.length - ran.length;
  if (gone) print(`\nSTOP  ${gone}: ${skipped} check(s) not run`);
  print(
    `\n${results.length} checks: ${ran.length - failed} passed, ${failed} failed${skipped ? `, ${skipped} not run` : ''} (${currency}, ${minorUnits(currency)} decimals)`,
  );
  print(
    end === undefined
      ? `balance: could not be read at the end; it was ${amount(start)} at the start`
      : end === start
        ? `balance: ${amount(end)}, as at the start`
        : `balance: ${amount(end)}, but ${amount(start)} at the start: the wallet kept ${amount(start - end)} the suite did not mean to move`,
  );
  return {
    passed: failed === 0 && skipped === 0 && end === start,
    preflight,
    results,
    rollbacks,
    balance: { start: amount(start), end: end === undefined ? null : amount(end) },
    currency,
  };
}
