// A reference operator wallet: the four signed endpoints of the contract, written to be read.
//
// What an operator's wallet has to get right, in the order this file does it:
//   1. verify x-rf-signature over `<x-rf-timestamp>.<raw body bytes>` before parsing anything,
//      and refuse timestamps more than 300 s away from now (both directions);
//   2. treat transaction_id as the idempotency key: a repeat returns the first answer, unchanged;
//   3. debit only what the balance covers (400 insufficient_funds), never below zero;
//   4. a rollback reverses its original debit once; a rollback of a transaction never seen
//      leaves a tombstone, so that debit is refused if it ever arrives late;
//   5. amounts are exact decimals: parsed into integer minor units, never floats;
//   6. a campaign prize (action_type promo_win, 1.5.0) is a credit with no round and no live
//      session: it may come days after the session it names ended, and is booked to the player.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { formatAmount, isSupportedCurrency, parseAmount } from '../money.ts';
import {
  REQUEST_ID_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyWalletSignature,
} from '../wallet/signing.ts';

export interface MockPlayer {
  balance: bigint;
  currency: string;
}

type CallType = 'balance' | 'debit' | 'credit' | 'rollback';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

interface Applied {
  type: CallType;
  playerId: string;
  amount: bigint;
  /** For a debit: whether a rollback reversed it. */
  rolledBack: boolean;
  /** The exact answer of the first call, returned again on every repeat. */
  answer: Answer;
}

/** Test-only behaviour injected in front of the reference logic (a fault or a slow answer). */
export type Fault =
  | { kind: 'status'; status: number; body?: string; apply?: boolean }
  | { kind: 'hang'; apply?: boolean }
  | { kind: 'reset'; apply?: boolean }
  | { kind: 'delay'; ms: number };

export interface MockWalletOptions {
  secret: string;
  /** During a secret rotation: the next secret, accepted as well as `secret`. */
  nextSecret?: string;
  players?: Record<string, { balance: string; currency?: string }>;
  port?: number;
  host?: string;
  now?: () => number;
  /** Tests only: decides a fault per call; `apply: true` applies the call first, then fails the answer. */
  fault?: (type: CallType, body: Record<string, unknown>) => Fault | undefined;
}

const MAX_BODY = 64 * 1024;
const PATHS: Record<string, CallType> = {
  '/balance': 'balance',
  '/debit': 'debit',
  '/credit': 'credit',
  '/rollback': 'rollback',
};
const REQUIRED = [
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
] as const;

const fail = (status: number, error: string, message?: string): Answer => ({
  status,
  body: { success: false, error, ...(message ? { message } : {}) },
});

export function createMockWallet(given: MockWalletOptions) {
  const options = { ...given };
  const now = options.now ?? (() => Date.now());
  const players = new Map<string, MockPlayer>();
  for (const [id, player] of Object.entries(options.players ?? {})) {
    const currency = player.currency ?? 'USD';
    const parsed = parseAmount(player.balance, currency);
    if (!parsed.ok) throw new Error(`balance ${player.balance} of ${id} is not a ${currency} amount`);
    players.set(id, { balance: parsed.minor, currency });
  }
  const transactions = new Map<string, Applied>();
  /** Rolled-back transaction ids that were never seen: a late debit with one of them is refused. */
  const tombstones = new Set<string>();
  /** How many times each transaction moved money (tests check that it is never more than once). */
  const applications = new Map<string, number>();
  /** Every verified call in arrival order (tests check which calls came, or that none did). */
  const calls: Array<{ type: CallType; body: Record<string, unknown> }> = [];
  /** Free-round credits by grant: how many rounds were credited and their total (1.2.0). */
  const freeRounds = new Map<string, { campaignId: string; credits: number; total: bigint }>();
  /** Campaign prizes credited (promo_win, 1.5.0), by prize id: the campaign and the amount. */
  const promoWins = new Map<string, { campaignId: string; campaignType: string; amount: bigint }>();
  let fault = options.fault;

  function success(playerId: string, transactionId: string): Answer {
    const player = players.get(playerId) as MockPlayer;
    return {
      status: 200,
      body: {
        success: true,
        balance: formatAmount(player.balance, player.currency),
        currency: player.currency,
        transaction_id: transactionId,
      },
    };
  }

  function moved(transactionId: string) {
    applications.set(transactionId, (applications.get(transactionId) ?? 0) + 1);
  }

  /** The wallet logic proper: a verified, parsed call in, the answer out. */
  function handle(type: CallType, body: Record<string, unknown>): Answer {
    for (const field of REQUIRED) {
      if (typeof body[field] !== 'string') return fail(400, 'invalid_request', `${field} is required`);
    }
    if (body.transaction_type !== type)
      return fail(400, 'invalid_request', 'transaction_type does not match the path');
    const playerId = body.player_id as string;
    const transactionId = body.transaction_id as string;
    const currency = body.currency as string;
    const player = players.get(playerId);
    if (!player) return fail(400, 'unknown_player', `no player ${playerId}`);
    if (!isSupportedCurrency(currency) || currency !== player.currency) {
      return fail(400, 'currency_mismatch', `the player plays in ${player.currency}`);
    }
    const parsed = parseAmount(body.amount as string, currency);
    if (!parsed.ok)
      return fail(400, 'invalid_amount', `amount must be a ${currency} decimal (${parsed.reason})`);
    const amount = parsed.minor;

    // Free rounds (action_type free_round or free_round_feature): never debited, and every credit
    // names its campaign and grant, so the operator can account for the bonus.
    const freeRound = typeof body.action_type === 'string' && body.action_type.startsWith('free_round');
    if (freeRound && type === 'debit') return fail(400, 'invalid_request', 'a free round is never debited');
    if (
      freeRound &&
      type === 'credit' &&
      (typeof body.free_round_campaign_id !== 'string' || typeof body.free_round_grant_id !== 'string')
    ) {
      return fail(
        400,
        'invalid_request',
        'a free-round credit names free_round_campaign_id and free_round_grant_id',
      );
    }

    // A campaign prize: only ever a credit, naming its campaign and prize. Its session_id is the
    // player's last scoring session, long over by now: this wallet keeps no sessions, and a wallet
    // that does must not refuse a promo_win for one that ended.
    const promo = body.action_type === 'promo_win';
    if (promo && type !== 'credit') return fail(400, 'invalid_request', 'a promo_win is only ever a credit');
    if (
      promo &&
      (typeof body.campaign_id !== 'string' ||
        typeof body.prize_id !== 'string' ||
        (body.campaign_type !== 'tournament' && body.campaign_type !== 'drop'))
    ) {
      return fail(400, 'invalid_request', 'a promo_win credit names campaign_id, campaign_type and prize_id');
    }

    if (type === 'balance') return success(playerId, transactionId);

    const seen = transactions.get(transactionId);
    if (seen) {
      if (seen.type !== type || seen.amount !== amount || seen.playerId !== playerId) {
        return fail(400, 'transaction_conflict', 'this transaction_id was used for another transaction');
      }
      return seen.answer;
    }

    let answer: Answer;
    if (type === 'debit') {
      if (tombstones.has(transactionId)) {
        answer = fail(400, 'transaction_rolled_back', 'a rollback for this transaction arrived first');
      } else if (player.balance < amount) {
        answer = fail(400, 'insufficient_funds', 'the balance does not cover the debit');
      } else {
        player.balance -= amount;
        moved(transactionId);
        answer = success(playerId, transactionId);
      }
    } else if (type === 'credit') {
      player.balance += amount;
      moved(transactionId);
      if (freeRound) {
        const grantId = body.free_round_grant_id as string;
        const seenGrant = freeRounds.get(grantId) ?? {
          campaignId: body.free_round_campaign_id as string,
          credits: 0,
          total: 0n,
        };
        freeRounds.set(grantId, {
          ...seenGrant,
          credits: seenGrant.credits + 1,
          total: seenGrant.total + amount,
        });
      }
      if (promo) {
        promoWins.set(body.prize_id as string, {
          campaignId: body.campaign_id as string,
          campaignType: body.campaign_type as string,
          amount,
        });
      }
      answer = success(playerId, transactionId);
    } else {
      const originalId = body.original_transaction_id;
      if (typeof originalId !== 'string' || originalId === '') {
        return fail(400, 'invalid_request', 'original_transaction_id is required on a rollback');
      }
      const original = transactions.get(originalId);
      if (!original) {
        tombstones.add(originalId);
      } else if (original.type !== 'debit') {
        return fail(400, 'rollback_not_allowed', 'only debits can be rolled back');
      } else if (!original.rolledBack && original.answer.status === 200) {
        original.rolledBack = true;
        player.balance += original.amount;
        moved(transactionId);
      }
      answer = success(playerId, transactionId);
    }
    // Rejections are final too: a repeated debit that was refused stays refused.
    transactions.set(transactionId, { type, playerId, amount, rolledBack: false, answer });
    return answer;
  }

  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    serve(request, response).catch(() => {
      if (!response.headersSent) send(response, fail(500, 'internal'));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  /** How many calls verified with each secret (a rotation shows when the signer switched). */
  const signedWith = { current: 0, next: 0 };

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const type = PATHS[(request.url ?? '').replace(/\/+$/, '').replace(/^.*(\/[a-z]+)$/, '$1')];
    if (request.method !== 'POST' || !type) return send(response, fail(404, 'not_found'));
    const raw = await readBody(request);
    if (!raw) return send(response, fail(413, 'payload_too_large'));

    // 1. Signature and timestamp, over the raw bytes, before the body is trusted at all.
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const signed = { timestamp: header(TIMESTAMP_HEADER), signature: header(SIGNATURE_HEADER) };
    let check = verifyWalletSignature(options.secret, signed, raw, Math.floor(now() / 1000));
    if (check.ok) signedWith.current++;
    else if (check.reason === 'invalid_signature' && options.nextSecret) {
      check = verifyWalletSignature(options.nextSecret, signed, raw, Math.floor(now() / 1000));
      if (check.ok) signedWith.next++;
    }
    if (!check.ok) {
      const error = check.reason === 'stale_timestamp' ? 'stale_timestamp' : 'invalid_signature';
      return send(response, fail(401, error));
    }
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return send(response, fail(400, 'invalid_request', 'the body is not a JSON object'));
    }
    if (header(REQUEST_ID_HEADER) !== body.request_id) {
      return send(response, fail(400, 'invalid_request', 'x-rf-request-id must equal request_id'));
    }

    calls.push({ type, body });
    const injected = fault?.(type, body);
    if (injected?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, injected.ms));
    if (injected && injected.kind !== 'delay') {
      if (injected.apply) handle(type, body);
      if (injected.kind === 'hang') return; // the answer never comes; the socket closes with the server
      if (injected.kind === 'reset') return request.socket.destroy();
      response.writeHead(injected.status, { 'content-type': 'application/json' });
      return response.end(injected.body ?? JSON.stringify({ success: false, error: 'injected' }));
    }
    return send(response, handle(type, body));
  }

  return {
    server,
    players,
    transactions,
    tombstones,
    applications,
    signedWith,
    calls,
    freeRounds,
    promoWins,
    /** Tests: replace the fault hook (undefined: behave). */
    setFault(next: MockWalletOptions['fault']) {
      fault = next;
    },
    /** A rotation was scheduled: accept the next secret as well (undefined: the current one only). */
    acceptNextSecret(secret: string | undefined) {
      options.nextSecret = secret;
    },
    balanceOf(playerId: string): string | undefined {
      const player = players.get(playerId);
      return player ? formatAmount(player.balance, player.currency) : undefined;
    },
    setPlayer(playerId: string, balance: string, currency = 'USD') {
      const parsed = parseAmount(balance, currency);
      if (!parsed.ok) throw new Error(`balance ${balance} is not a ${currency} amount`);
      players.set(playerId, { balance: parsed.minor, currency });
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) =>
        server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
      );
      const { port } = server.address() as AddressInfo;
      return `http://${options.host ?? '127.0.0.1'}:${port}`;
    },
    async close(): Promise<void> {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type MockWallet = ReturnType<typeof createMockWallet>;

function send(response: ServerResponse, answer: Answer): void {
  const text = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
