// wallet-check's first call: one signed balance query whose answer is read for the mistakes a
// first integration makes, each told in one line with what to change. A fatal one stops the run
// before any money moves, instead of fourteen contradictory failures.
import { formatAmount, minorUnits, parseAmount } from '../money.ts';
import { parseReportedBalance } from '../wallet/protocol.ts';

/** One wallet call as sent and answered: the raw text, so that shapes a strict reader rejects can be named. */
export interface WalletReply {
  /** HTTP status, or null when no answer came (refused, reset, timed out). */
  status: number | null;
  text: string;
  /** Time from sending to the full answer (or to giving up). */
  ms: number;
  /** Why no answer came (ECONNREFUSED, ENOTFOUND, timeout, …). */
  failure?: string;
  timedOut?: boolean;
}

export interface PreflightContext {
  url: string;
  player: string;
  currency: string;
  /** How long Reelforge waits for one wallet call (WALLET_TIMEOUT_MS); the suite uses the same. */
  timeoutMs: number;
}

export type PreflightFinding =
  | 'ok'
  | 'unreachable'
  | 'no_answer'
  | 'slow'
  | 'slow_warning'
  | 'wrong_secret'
  | 'clock_skew'
  | 'unknown_player'
  | 'wrong_currency'
  | 'number_not_string'
  | 'not_json'
  | 'no_endpoint'
  | 'refused'
  | 'malformed';

export interface PreflightResult {
  finding: PreflightFinding;
  /** When true the suite does not run: every check would fail for this one reason. */
  fatal: boolean;
  line: string;
  /** The balance the wallet reported, in minor units, when it answered well. */
  balance?: bigint;
  ms: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function result(finding: PreflightFinding, fatal: boolean, line: string, ms: number, balance?: bigint) {
  return { finding, fatal, line, ms, ...(balance === undefined ? {} : { balance }) };
}

/** The balance's digits as the answer's text carries them (`"balance": 10.50` → `10.50`). */
const RAW_BALANCE = /"balance"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/;

/** Reads the preflight balance answer. `reply.ms` over the timeout means it came, but too late. */
export function diagnoseBalanceReply(reply: WalletReply, context: PreflightContext): PreflightResult {
  const { url, player, currency, timeoutMs } = context;
  const endpoint = `${url}/balance`;
  const ms = reply.ms;
  if (reply.status === null) {
    if (reply.timedOut)
      return result(
        'no_answer',
        true,
        `no answer from ${endpoint} within ${seconds(ms)}: the wallet accepts connections but does not reply (is it stuck, or is a proxy holding the request?)`,
        ms,
      );
    return result(
      'unreachable',
      true,
      `cannot reach ${endpoint} (${reply.failure ?? 'no answer'}): check --url (the wallet_base_url) and that the wallet runs and is reachable from here`,
      ms,
    );
  }
  if (ms > timeoutMs)
    return result(
      'slow',
      true,
      `${endpoint} answered after ${seconds(ms)}, over the ${seconds(timeoutMs)} Reelforge waits (WALLET_TIMEOUT_MS): calls this slow count as failed and their debits are rolled back; answer within ${seconds(timeoutMs)}`,
      ms,
    );

  let body: unknown;
  try {
    body = JSON.parse(reply.text);
  } catch {
    if (reply.status === 404 || reply.status === 405)
      return result(
        'no_endpoint',
        true,
        `${endpoint} answered HTTP ${reply.status}: there is no balance endpoint there; --url is the base the four paths /balance, /debit, /credit, /rollback sit under`,
        ms,
      );
    return result(
      'not_json',
      true,
      `${endpoint} answered HTTP ${reply.status} with a body that is not JSON: check --url points at the wallet API, not a web page or a proxy`,
      ms,
    );
  }
  const answer = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const error = typeof answer.error === 'string' ? answer.error : '';
  const message = typeof answer.message === 'string' ? answer.message : '';
  const said = [error, message].filter(Boolean).join(': ') || `HTTP ${reply.status}`;

  if (reply.status !== 200) {
    const words = `${error} ${message}`.toLowerCase();
    if (/timestamp|stale|clock|expired/.test(words))
      return result(
        'clock_skew',
        true,
        `the wallet refused the timestamp (${said}): its clock and this machine's differ by more than it allows; sync both with NTP (Reelforge signs with the current Unix time)`,
        ms,
      );
    if (reply.status === 401 || /signature|hmac/.test(words))
      return result(
        'wrong_secret',
        true,
        `the wallet refused the signature (${reply.status} ${said}): --secret must be the operator's wallet_secret, and the HMAC-SHA256 must cover "<x-rf-timestamp>.<raw body bytes>"`,
        ms,
      );
    if (/currency/.test(words))
      return result(
        'wrong_currency',
        true,
        `the wallet refused currency ${currency} for player ${player} (${said}): pass the player's currency with --currency`,
        ms,
      );
    if (/player|user|account|customer/.test(words) || reply.status === 404)
      return result(
        'unknown_player',
        true,
        `the wallet does not know player ${player} (${reply.status} ${said}): create the test player in the wallet, or pass an existing test player with --test-player`,
        ms,
      );
    return result('refused', true, `the wallet refused the balance query (${reply.status} ${said})`, ms);
  }

  if (typeof answer.balance === 'number') {
    // The example is the digits the wallet wrote, read from the raw answer: JSON.parse has already
    // made the parsed value a float (10.50 → 10.5, 12345678901234567.89 → 12345678901234568). A
    // number with an exponent, or more decimals than the currency has, gets the plain advice; the
    // parsed float itself is never turned into an amount.
    const digits = RAW_BALANCE.exec(reply.text)?.[1];
    const exact = digits === undefined ? undefined : parseAmount(digits, currency);
    const example = exact?.ok ? ` ("${formatAmount(exact.minor, currency)}")` : '';
    return result(
      'number_not_string',
      true,
      `balance is ${digits === undefined ? 'a JSON number' : `the JSON number ${digits}`}; amounts are decimal strings${example}, so that no amount passes through a float`,
      ms,
    );
  }
  if (answer.success !== true || typeof answer.balance !== 'string')
    return result(
      'malformed',
      true,
      `${endpoint} answered 200 without {"success": true, "balance": "<decimal>"}: ${reply.text.slice(0, 120)}`,
      ms,
    );
  if (typeof answer.currency === 'string' && answer.currency.toUpperCase() !== currency)
    return result(
      'wrong_currency',
      true,
      `player ${player} plays in ${answer.currency}, not ${currency}: pass --currency ${answer.currency}`,
      ms,
    );
  const balance = parseReportedBalance(answer.balance, currency);
  if (balance === undefined)
    return result(
      'malformed',
      true,
      `balance "${answer.balance}" is not a ${currency} amount (${minorUnits(currency)} decimals at most, a dot as separator)`,
      ms,
    );
  if (ms > timeoutMs / 2)
    return result(
      'slow_warning',
      false,
      `${endpoint} answered in ${seconds(ms)}, more than half the ${seconds(timeoutMs)} Reelforge waits: under load it will time out`,
      ms,
      balance,
    );
  return result(
    'ok',
    false,
    `${endpoint} answered in ${Math.round(ms)} ms: signature, player and currency accepted`,
    ms,
    balance,
  );
}
