// Campaign prizes delivered after the round (issue 29): a worker like the wallet's retry worker
// (wallet/worker.ts) pays each due prize (campaigns.ts inserts them), on every node side by side:
// claimed under a lease with FOR UPDATE SKIP LOCKED, one attempt a claim, every attempt recorded.
//
//   cash, callback wallet:  a signed POST {wallet_base_url}/credit, action_type promo_win, the
//                           prize's own transaction_id (the idempotency key), not tied to a live
//                           session; acknowledged -> paid; anything else -> again after the backoff
//   cash, internal wallet:  the balance credited and the prize acknowledged in one statement
//   free_rounds:            a free-rounds grant for the player (campaign promo-<prize id>), made once
//   after give_up_at:       parked ('failed') for staff, who send it again or settle it by hand
//
// The operator reads its prizes and a signed receipt of each one paid (domain/campaign-receipts.ts).

import { RECEIPT_VERSION, type ReceiptFacts, receiptText, signReceipt } from '../domain/campaign-receipts.ts';
import type { CatalogScope } from '../domain/catalog.ts';
import { ApiError, errors } from '../domain/errors.ts';
import { signingSecret } from '../domain/operators.ts';
import type { Actor } from '../domain/staff.ts';
import type { WalletAddressPolicy } from '../domain/wallet-address.ts';
import { formatAmount } from '../money.ts';
import type {
  CampaignPrizesRepo,
  PrizeAttemptRow,
  PrizeFilter,
  PrizeRow,
  PrizeStatus,
} from '../store/campaign-prizes.repo.ts';
import {
  type AttemptRecord,
  createCallbackClient,
  type WalletAttemptEvent,
} from '../wallet/callback-client.ts';
import { walletRequestBody } from '../wallet/protocol.ts';
import { backoffDelayMs, type RetryPolicy } from '../wallet/retry-policy.ts';
import type { WorkerLog } from '../wallet/worker.ts';
import type { AuditService } from './audit.ts';
import type { PrizeView } from './campaigns.ts';
import type { FreeRoundService } from './free-rounds.ts';
import type { OperatorAccess } from './provider-access.ts';

/** A prize as staff read it: the operator's view, where it stands in the queue, and every attempt. */
export interface StaffPrizeView extends PrizeView {
  attempts: number;
  next_attempt_at: string | null;
  give_up_at: string | null;
  last_error: string | null;
  balance_after: string | null;
  resolution: string | null;
  attempt_log: Array<{
    request_id: string;
    started_at: string;
    latency_ms: number;
    http_status: number | null;
    result: PrizeAttemptRow['result'];
    error: string | null;
  }>;
}

/** A paid prize's receipt: the facts, the exact text signed, and the signature. */
export interface PrizeReceipt {
  version: typeof RECEIPT_VERSION;
  prize: PrizeView;
  transaction_id: string;
  status: 'acknowledged' | 'resolved';
  paid_at: string;
  /** The balance the wallet reported with its acknowledgement (null: none, a grant or a hand settlement). */
  balance_after: string | null;
  free_round_grant_id: string | null;
  /** The text the signature covers (docs/wallet-integration.md, "Prize receipts"). */
  canonical: string;
  /** Hex HMAC-SHA256 of `canonical` with the operator's wallet_secret; null without one. */
  signature: string | null;
}

export interface PrizeListQuery {
  campaign_id?: string;
  player_id?: string;
  status?: string;
  limit?: string;
  cursor?: string;
}

export interface CampaignPrizeService {
  /** Runs the delivery worker on this node until stop(). */
  start(log?: WorkerLog): void;
  /** Stops the worker; an attempt under way is finished. */
  stop(): Promise<void>;
  /** One pass: claims what is due and makes one attempt at each; answers how many it claimed. */
  runOnce(): Promise<number>;
  /** Looks for work now (after a prize was awarded, or staff sent one again). */
  kick(): void;
  /** The operator's prizes, newest first, a page at a time. */
  list(
    operatorId: string,
    query: PrizeListQuery,
  ): Promise<{ prizes: PrizeView[]; next_cursor: string | null }>;
  /** The signed receipt of the operator's paid prize (404 another's, 409 one not paid). */
  receipt(operatorId: string, prizeId: string): Promise<PrizeReceipt>;
  /** Staff: prizes waiting for a retry (pending) or parked for staff (failed), oldest first. */
  listForStaff(status: 'pending' | 'failed', limit: number): Promise<PrizeView[]>;
  /** Staff: one prize with its attempts. */
  get(prizeId: string): Promise<StaffPrizeView>;
  /** Staff: a parked (or waiting) prize sent again now, with a fresh give-up time; audited. */
  retry(actor: Actor, prizeId: string): Promise<StaffPrizeView>;
  /** Staff: a parked (or waiting) prize settled by hand with the operator; audited. */
  resolve(actor: Actor, prizeId: string, note: string): Promise<StaffPrizeView>;
}

const BATCH = 32;
/** How long a free-rounds prize's grant can be played. */
export const PRIZE_GRANT_DAYS = 30;
const PAGE_DEFAULT = 50;
const PAGE_MAX = 200;
const STATUSES: readonly PrizeStatus[] = ['pending', 'acknowledged', 'failed', 'resolved'];

/** The free-rounds campaign a free-rounds prize's grant is made in: the same for every attempt. */
export function prizeGrantCampaignId(prizeId: string): string {
  return `promo-${prizeId}`;
}

/** `endedAt`: when the wallet's answer came (a prize is parked only by an attempt that ended at or after its give-up time). */
type Outcome = { kind: 'paid' } | { kind: 'not_paid'; error: string; endedAt?: Date } | { kind: 'gone' };

export function createCampaignPrizeService(deps: {
  repo: CampaignPrizesRepo;
  operatorAccess(operatorId: string): Promise<OperatorAccess | null>;
  freeRounds: FreeRoundService;
  audit: AuditService;
  /** The wallets' retry policy (the same backoff and give-up time as a round's credit). */
  policy: RetryPolicy;
  timeoutMs: number;
  addresses?: WalletAddressPolicy;
  observe?: (event: WalletAttemptEvent) => void;
  now(): Date;
}): CampaignPrizeService {
  const { repo, policy } = deps;
  // Signed with the system's clock, as the wallets' client signs (the wallet checks it against its own).
  const client = createCallbackClient({
    timeoutMs: deps.timeoutMs,
    observe: deps.observe,
    addresses: deps.addresses,
  });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  let log: WorkerLog = { error() {}, info() {} };

  async function record(prizeId: string, attempt: AttemptRecord): Promise<void> {
    const { answer } = attempt;
    await repo.recordAttempt(prizeId, {
      request_id: attempt.requestId,
      started_at: attempt.startedAt,
      latency_ms: attempt.latencyMs,
      http_status: attempt.httpStatus,
      result: answer.kind,
      error: answer.kind === 'acknowledged' ? null : answer.error,
      response_body: attempt.responseBody,
    });
  }

  /** An attempt that is no wallet call (the internal wallet, a grant), recorded the same way. */
  async function recordLocal(prizeId: string, started: Date, error: string | null): Promise<void> {
    await repo.recordAttempt(prizeId, {
      request_id: `local_${prizeId}_${started.getTime()}`,
      started_at: started,
      latency_ms: Math.max(0, deps.now().getTime() - started.getTime()),
      http_status: null,
      result: error === null ? 'acknowledged' : 'failed',
      error,
      response_body: null,
    });
  }

  async function payByCallback(prize: PrizeRow, access: OperatorAccess): Promise<Outcome> {
    const { operator } = access;
    const secret = signingSecret(operator, deps.now()) ?? operator.wallet_secret;
    if (!operator.wallet_base_url || !secret) {
      const error = 'the operator has no wallet_base_url or wallet_secret';
      await recordLocal(prize.id, deps.now(), error);
      return { kind: 'not_paid', error };
    }
    const body = walletRequestBody({
      operator_id: prize.operator_id,
      player_id: prize.player_id,
      session_id: prize.session_id,
      game_symbol: prize.game_symbol,
      currency: prize.currency,
      transaction_id: prize.transaction_id,
      transaction_type: 'credit',
      action_type: 'promo_win',
      amount: prize.amount,
      campaign_id: prize.campaign_id,
      campaign_type: prize.campaign_kind,
      prize_id: prize.id,
    });
    const attempt = await client.attempt(
      { operatorId: operator.id, baseUrl: operator.wallet_base_url, secret },
      'credit',
      body,
      { currency: prize.currency, transaction_id: prize.transaction_id },
    );
    await record(prize.id, attempt);
    const { answer } = attempt;
    if (answer.kind === 'acknowledged') {
      if (!(await repo.acknowledge(prize.id, { balanceAfter: answer.balance, grantId: null }, deps.now())))
        // Only a staff change under a lease could do this, which requeue and resolveByHand refuse.
        log.error(
          { prize_id: prize.id, transaction_id: prize.transaction_id },
          'campaign prize acknowledged by the wallet but no longer pending here: check it by hand',
        );
      return { kind: 'paid' };
    }
    const error =
      answer.kind === 'rejected'
        ? `HTTP ${answer.status} ${answer.error}${answer.message ? `: ${answer.message}` : ''}`
        : answer.error;
    return { kind: 'not_paid', error, endedAt: new Date(attempt.startedAt.getTime() + attempt.latencyMs) };
  }

  async function payInternal(prize: PrizeRow): Promise<Outcome> {
    const started = deps.now();
    const balance = await repo.creditInternal(prize.id, deps.now());
    // undefined: no longer pending (another node paid it, or staff closed it): nothing was credited
    if (balance === undefined) return { kind: 'gone' };
    await recordLocal(prize.id, started, null);
    return { kind: 'paid' };
  }

  /**
   * A grant of the prize's free rounds in a campaign named after the prize, so an attempt after one
   * that made the grant (and died before marking the prize) finds it instead of making another.
   */
  async function grantFreeRounds(prize: PrizeRow, access: OperatorAccess): Promise<Outcome> {
    const started = deps.now();
    const terms = prize.free_rounds;
    const campaignId = prizeGrantCampaignId(prize.id);
    const { operator } = access;
    try {
      if (!terms) throw errors.invalidRequest('the prize has no free_rounds terms');
      const scope: CatalogScope = {
        kind: 'operator',
        operatorId: operator.id,
        allowlist: access.allowlist,
        rtpVariant: operator.rtp_variant,
      };
      try {
        await deps.freeRounds.create(
          operator.id,
          scope,
          {
            campaign_id: campaignId,
            games: [terms.game],
            currency: prize.currency,
            rounds: terms.rounds,
            coin: terms.coin,
            bet_level: terms.bet_level,
            expires_at: new Date(started.getTime() + PRIZE_GRANT_DAYS * 86_400_000).toISOString(),
            players: [prize.player_id],
          },
          operator.default_jurisdiction,
        );
      } catch (error) {
        // made by an earlier attempt (its expiry differs): the grant in it is the prize's
        if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
      }
      const made = await deps.freeRounds.read(operator.id, campaignId);
      const grant = made.grants.find((g) => g.player_id === prize.player_id);
      if (!grant) throw errors.internal(`campaign ${campaignId} holds no grant for ${prize.player_id}`);
      await repo.acknowledge(prize.id, { balanceAfter: null, grantId: grant.grant_id }, deps.now());
      await recordLocal(prize.id, started, null);
      return { kind: 'paid' };
    } catch (error) {
      const text = error instanceof ApiError ? `${error.code}: ${error.detail}` : String(error);
      await recordLocal(prize.id, started, text);
      return { kind: 'not_paid', error: text };
    }
  }

  async function deliver(prize: PrizeRow): Promise<void> {
    let outcome: Outcome;
    const access = await deps.operatorAccess(prize.operator_id);
    if (!access) {
      const error = `operator ${prize.operator_id} not found`;
      await recordLocal(prize.id, deps.now(), error);
      outcome = { kind: 'not_paid', error };
    } else if (prize.kind === 'free_rounds') outcome = await grantFreeRounds(prize, access);
    else if (access.operator.wallet_mode === 'internal') outcome = await payInternal(prize);
    else outcome = await payByCallback(prize, access);
    if (outcome.kind !== 'not_paid') return;
    const status = await repo.retryLater(
      prize.id,
      outcome.error,
      backoffDelayMs(policy, prize.attempts),
      // not the time after the attempt's record was written: a slow write must not park a prize
      // whose last attempt ended before its give-up time
      outcome.endedAt ?? deps.now(),
    );
    if (status === 'failed')
      log.error({ prize_id: prize.id, error: outcome.error }, 'campaign prize parked for staff');
  }

  async function runOnce(): Promise<number> {
    const claimed = await repo.claimDue(
      deps.now(),
      BATCH,
      deps.timeoutMs + policy.leaseGraceMs,
      policy.giveUpAfterMs,
    );
    await Promise.all(
      claimed.map((prize) =>
        deliver(prize).catch((error) => {
          // the lease runs out and the prize is claimed again: nothing is lost
          log.error({ err: error, prize_id: prize.id }, 'campaign prize delivery failed');
        }),
      ),
    );
    return claimed.length;
  }

  function pass(): Promise<number> {
    running ??= runOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      let worked = 0;
      try {
        worked = await pass();
      } catch (error) {
        log.error({ err: error }, 'campaign prize pass failed');
      }
      schedule(worked > 0 ? 0 : policy.pollIntervalMs);
    }, delayMs);
    timer.unref();
  }

  async function staffView(prizeId: string): Promise<StaffPrizeView> {
    const prize = await repo.find(prizeId);
    if (!prize) throw errors.notFound(`prize ${prizeId} not found`);
    const attempts = await repo.attemptsOf(prizeId);
    const money = (minor: bigint | null) => (minor === null ? null : formatAmount(minor, prize.currency));
    return {
      ...prizeView(prize),
      attempts: prize.attempts,
      next_attempt_at: prize.status === 'pending' ? prize.next_attempt_at.toISOString() : null,
      give_up_at: prize.give_up_at?.toISOString() ?? null,
      last_error: prize.last_error,
      balance_after: money(prize.balance_after),
      resolution: prize.resolution,
      attempt_log: attempts.map((a) => ({
        request_id: a.request_id,
        started_at: a.started_at.toISOString(),
        latency_ms: a.latency_ms,
        http_status: a.http_status,
        result: a.result,
        error: a.error,
      })),
    };
  }

  /** The audit trail keeps a prize's columns, not its attempts. */
  const snapshot = ({ attempt_log: _log, ...columns }: StaffPrizeView) => columns;

  return {
    start(logTo) {
      if (logTo) log = logTo;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
      await client.close();
    },
    runOnce: pass,
    kick() {
      schedule(0);
    },

    async list(operatorId, query) {
      const filter: PrizeFilter = {};
      if (query.campaign_id !== undefined) {
        if (query.campaign_id === '' || query.campaign_id.length > 128)
          throw errors.invalidRequest('campaign_id must be a campaign id (1 to 128 characters)');
        filter.campaignId = query.campaign_id;
      }
      if (query.player_id !== undefined) {
        if (query.player_id === '' || query.player_id.length > 128)
          throw errors.invalidRequest('player_id must be a player id (1 to 128 characters)');
        filter.playerId = query.player_id;
      }
      if (query.status !== undefined) {
        if (!(STATUSES as readonly string[]).includes(query.status))
          throw errors.invalidRequest(`status must be one of ${STATUSES.join(', ')}`);
        filter.status = query.status as PrizeStatus;
      }
      let limit = PAGE_DEFAULT;
      if (query.limit !== undefined) {
        limit = /^[0-9]{1,4}$/.test(query.limit) ? Number(query.limit) : 0;
        if (limit < 1 || limit > PAGE_MAX)
          throw errors.invalidRequest(`limit must be a whole number from 1 to ${PAGE_MAX}`);
      }
      if (query.cursor !== undefined) filter.before = readCursor(query.cursor);
      const page = await repo.list(operatorId, filter, limit);
      return {
        prizes: page.rows.map(prizeView),
        next_cursor: page.next ? Buffer.from(`${page.next.at}|${page.next.id}`).toString('base64url') : null,
      };
    },

    async receipt(operatorId, prizeId) {
      const prize = await repo.find(prizeId, operatorId);
      if (!prize) throw errors.notFound(`prize ${prizeId} not found`);
      if ((prize.status !== 'acknowledged' && prize.status !== 'resolved') || !prize.paid_at)
        throw errors.conflict(
          `prize ${prizeId} is ${prize.status === 'failed' ? 'parked for staff (failed)' : 'not paid yet (pending)'}: a receipt is issued once it is paid`,
        );
      const facts: ReceiptFacts = {
        prize_id: prize.id,
        campaign_id: prize.campaign_id,
        campaign_type: prize.campaign_kind,
        operator_id: prize.operator_id,
        player_id: prize.player_id,
        kind: prize.kind,
        amount: prize.amount,
        currency: prize.currency,
        transaction_id: prize.transaction_id,
        status: prize.status,
        balance_after: prize.balance_after,
        free_round_grant_id: prize.free_round_grant_id,
        paid_at: prize.paid_at,
      };
      const canonical = receiptText(facts);
      const access = await deps.operatorAccess(operatorId);
      const secret = access
        ? (signingSecret(access.operator, deps.now()) ?? access.operator.wallet_secret)
        : null;
      return {
        version: RECEIPT_VERSION,
        prize: prizeView(prize),
        transaction_id: prize.transaction_id,
        status: prize.status,
        paid_at: prize.paid_at.toISOString(),
        balance_after:
          prize.balance_after === null ? null : formatAmount(prize.balance_after, prize.currency),
        free_round_grant_id: prize.free_round_grant_id,
        canonical,
        signature: secret ? signReceipt(secret, canonical) : null,
      };
    },

    async listForStaff(status, limit) {
      return (await repo.withStatus(status, limit)).map(prizeView);
    },

    get: staffView,

    async retry(actor, prizeId) {
      const before = await staffView(prizeId);
      if (!(await repo.requeue(prizeId, policy.giveUpAfterMs, deps.now())))
        throw errors.conflict(
          `prize ${prizeId} is ${before.status}${before.status === 'pending' ? ' and being sent to the wallet now; try again in a moment' : ''}: only a waiting or parked prize is sent again`,
        );
      const after = await staffView(prizeId);
      await deps.audit.record(
        actor,
        'campaign_prize.retry',
        'campaign_prize',
        prizeId,
        snapshot(before),
        snapshot(after),
      );
      schedule(0);
      return after;
    },

    async resolve(actor, prizeId, note) {
      const before = await staffView(prizeId);
      if (!(await repo.resolveByHand(prizeId, note, deps.now())))
        throw errors.conflict(
          `prize ${prizeId} is ${before.status}${before.status === 'pending' ? ' and being sent to the wallet now; try again in a moment' : ''}: only a waiting or parked prize is resolved by hand`,
        );
      const after = await staffView(prizeId);
      await deps.audit.record(
        actor,
        'campaign_prize.resolve',
        'campaign_prize',
        prizeId,
        snapshot(before),
        snapshot(after),
      );
      return after;
    },
  };
}

export function prizeView(prize: PrizeRow): PrizeView {
  return {
    prize_id: prize.id,
    campaign_id: prize.campaign_id,
    campaign_type: prize.campaign_kind,
    source: prize.source,
    place: prize.place,
    player_id: prize.player_id,
    operator_id: prize.operator_id,
    kind: prize.kind,
    amount: formatAmount(prize.amount, prize.currency),
    currency: prize.currency,
    free_rounds: prize.free_rounds,
    free_round_grant_id: prize.free_round_grant_id,
    transaction_id: prize.transaction_id,
    status: prize.status,
    created_at: prize.created_at.toISOString(),
    paid_at: prize.paid_at?.toISOString() ?? null,
  };
}

/** A cursor this service gave: base64url of `<created_at as the database wrote it>|<prize id>`. */
function readCursor(cursor: string): { at: string; id: string } {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const bar = text.lastIndexOf('|');
  const at = text.slice(0, bar);
  const id = text.slice(bar + 1);
  // The shape alone lets "2026-13-45 25:61:00" through, which the store would refuse with a 500.
  const parts = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(at);
  const [year = 0, month = 0, day = 0, hour = 99, minute = 99, second = 99] = (parts?.slice(1) ?? []).map(
    Number,
  );
  // A day that exists (the 31st of February does not) and a time of day.
  const real =
    new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day &&
    month >= 1 &&
    month <= 12 &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  if (
    bar < 1 ||
    !/^\d{4}-\d{2}-\d{2}[ T][0-9:.+-]{8,24}$/.test(at) ||
    !real ||
    !/^[A-Za-z0-9_.:-]{1,128}$/.test(id)
  )
    throw errors.invalidRequest('cursor is not one this endpoint gave (take next_cursor as it is)');
  return { at, id };
}
