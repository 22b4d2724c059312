// Signed wallet callbacks over one keep-alive connection pool per operator. One call = one attempt:
// a fresh request_id, a new timestamp and signature, WALLET_TIMEOUT_MS for the whole exchange, no
// redirects followed, and the answer read strictly (protocol.ts).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Pool } from 'undici';
import { newId } from '../domain/ids.ts';
import {
  addressRefusal,
  OPEN_ADDRESS_POLICY,
  type WalletAddressPolicy,
  walletUrlRefusal,
} from '../domain/wallet-address.ts';
import type { CallbackType } from './protocol.ts';
import { fillRequestId, readWalletAnswer, type WalletAnswer } from './protocol.ts';
import { REQUEST_ID_HEADER, SIGNATURE_HEADER, signWalletRequest, TIMESTAMP_HEADER } from './signing.ts';

export interface WalletEndpoint {
  operatorId: string;
  baseUrl: string;
  secret: string;
}

/** What an answer is checked against: the currency and transaction_id of the body sent. */
export interface WalletCallRef {
  currency: string;
  transaction_id: string;
}

export interface AttemptRecord {
  requestId: string;
  startedAt: Date;
  latencyMs: number;
  httpStatus: number | null;
  answer: WalletAnswer;
  /** The start of the answer's body, for staff reading the attempt log. */
  responseBody: string | null;
}

const MAX_RECORDED_BODY = 2000;
/** The error of an attempt that ran out of time. */
export const TIMEOUT = 'timeout';
const MAX_READ_BODY = 64 * 1024;

/**
 * One wallet call's attempt as logs and metrics see it: who, what, how it ended and how long it
 * took; never the session token, the body or the signature.
 */
export interface WalletAttemptEvent {
  operatorId: string;
  type: CallbackType;
  transactionId: string;
  requestId: string;
  httpStatus: number | null;
  latencyMs: number;
  outcome: 'acknowledged' | 'rejected' | 'failed';
  /** The operator's error code, or what went wrong on the way (null when acknowledged). */
  error: string | null;
  /** The attempt ran into WALLET_TIMEOUT_MS. */
  timedOut: boolean;
}

export interface CallbackClientOptions {
  timeoutMs: number;
  /** Told of every attempt once it has ended. */
  observe?: (event: WalletAttemptEvent) => void;
  /** Connections per operator pool. */
  connections?: number;
  now?: () => Date;
  /** Which addresses may be reached (default: every address). */
  addresses?: WalletAddressPolicy;
  /** Name resolution (default: the system's, dns.lookup); tests pass their own. */
  lookup?: typeof dnsLookup;
}

/** The error of a connection refused by the address policy. */
export const ADDRESS_REFUSED = 'ERR_WALLET_ADDRESS_REFUSED';

/**
 * A lookup for the connection to `host` that refuses when any address the name resolves to is
 * internal: checked at connect time, on what is connected to, so DNS that changes its answer
 * after staff saved the URL cannot lead the call inside.
 */
function guardedLookup(policy: WalletAddressPolicy, resolve: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found as unknown as LookupAddress[];
      for (const { address } of addresses) {
        const refusal = addressRefusal(policy, hostname, address);
        if (refusal) return callback(Object.assign(new Error(refusal), { code: ADDRESS_REFUSED }), '', 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

export function createCallbackClient(options: CallbackClientOptions) {
  const pools = new Map<string, { origin: string; pool: Pool }>();
  const now = options.now ?? (() => new Date());
  const addresses = options.addresses ?? OPEN_ADDRESS_POLICY;
  const lookup = addresses.allowInternal ? undefined : guardedLookup(addresses, options.lookup ?? dnsLookup);

  function poolFor(endpoint: WalletEndpoint, url: URL): Pool {
    const cached = pools.get(endpoint.operatorId);
    if (cached && cached.origin === url.origin) return cached.pool;
    cached?.pool.close().catch(() => {});
    const pool = new Pool(url.origin, {
      connections: options.connections ?? 64,
      keepAliveTimeout: 30_000,
      connect: { timeout: options.timeoutMs, ...(lookup ? { lookup } : {}) },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    pools.set(endpoint.operatorId, { origin: url.origin, pool });
    return pool;
  }

  /**
   * Sends one attempt of a stored body to `{wallet_base_url}/{type}`. Never throws. The caller
   * names the body's currency and transaction_id (it built the body, or holds its row), so the
   * body is not parsed again to check the answer against them.
   */
  async function attempt(
    endpoint: WalletEndpoint,
    type: CallbackType,
    storedBody: string,
    stored: WalletCallRef,
  ): Promise<AttemptRecord> {
    const requestId = newId('att');
    const startedAt = now();
    const started = performance.now();
    const done = (httpStatus: number | null, answer: WalletAnswer, responseBody: string | null) => {
      const record = {
        requestId,
        startedAt,
        latencyMs: Math.round(performance.now() - started),
        httpStatus,
        answer,
        responseBody,
      };
      options.observe?.({
        operatorId: endpoint.operatorId,
        type,
        transactionId: stored.transaction_id,
        requestId,
        httpStatus,
        latencyMs: record.latencyMs,
        outcome: answer.kind,
        error: answer.kind === 'acknowledged' ? null : answer.error,
        timedOut: answer.kind === 'failed' && answer.error === TIMEOUT,
      });
      return record;
    };
    let url: URL;
    try {
      url = new URL(`${endpoint.baseUrl.replace(/\/+$/, '')}/${type}`);
    } catch {
      return done(null, { kind: 'failed', status: null, error: 'wallet_base_url is not a valid URL' }, null);
    }
    // An IP address (in any form the URL parser normalises: 127.1, 0x7f000001) or localhost is
    // refused here; a name is checked on what it resolves to, when the connection is made.
    const refusal = walletUrlRefusal(addresses, url);
    if (refusal) return done(null, { kind: 'failed', status: null, error: refusal }, null);
    const body = fillRequestId(storedBody, requestId);
    const timestamp = String(Math.floor(now().getTime() / 1000));
    try {
      const response = await poolFor(endpoint, url).request({
        method: 'POST',
        path: `${url.pathname}${url.search}`,
        headers: {
          'content-type': 'application/json',
          [REQUEST_ID_HEADER]: requestId,
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signWalletRequest(endpoint.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await readLimited(response.body);
      const answer = readWalletAnswer(response.statusCode, text, stored);
      return done(response.statusCode, answer, text.slice(0, MAX_RECORDED_BODY));
    } catch (error) {
      return done(null, { kind: 'failed', status: null, error: describeNetworkError(error) }, null);
    }
  }

  return {
    attempt,
    async close(): Promise<void> {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map(({ pool }) => pool.destroy().catch(() => {})));
    },
  };
}

export type CallbackClient = ReturnType<typeof createCallbackClient>;

async function readLimited(body: AsyncIterable<Buffer> & { destroy?: () => void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_READ_BODY) {
      body.destroy?.();
      throw new Error('answer body over 64 KiB');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describeNetworkError(error: unknown): string {
  const err = error as { name?: string; code?: string; message?: string };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return TIMEOUT;
  if (['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT'].includes(err.code ?? ''))
    return TIMEOUT;
  if (err.code === ADDRESS_REFUSED) return err.message ?? ADDRESS_REFUSED;
  if (err.code) return `${err.code}: ${err.message ?? ''}`.trim();
  return err.message ?? String(error);
}
