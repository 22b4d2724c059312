// Round details for support: an operator looks a round up by its id or by a wallet transaction id,
// or lists a player's rounds in a time range (paged), each with its stake, win, transactions and
// their statuses and its signed round_details_url; the link opens the round's public details page
// (no API key, no session token), whose data is built here: the round re-derived from its stored
// draws, its game, RTP variant and model hash.
import { errors } from '../domain/errors.ts';
import { checkRoundDetailsLink, roundDetailsUrl } from '../domain/round-details.ts';
import { roundJurisdiction } from '../domain/rounds.ts';
import { outcomeToJson } from '../engine/index.ts';
import type { OutcomeJson } from '../engine/outcome.ts';
import {
  describeGame,
  type GameDescription,
  getGame,
  modelHash,
  modelOf,
  replayStoredRound,
} from '../games/index.ts';
import { formatAmount } from '../money.ts';
import type { FreeRoundsRepo } from '../store/free-rounds.repo.ts';
import { RECENT, type ReadRouter, readRouter, replicaAnswerStands, upTo } from '../store/replica.ts';
import type { RoundRow, RoundsRepo } from '../store/rounds.repo.ts';
import type { WalletRepo, WalletTxRow } from '../store/wallet.repo.ts';
import { canonical, storedRoundOf } from './round-replay.ts';

export interface RoundTransaction {
  transaction_id: string;
  type: WalletTxRow['type'];
  action_type: string;
  amount: string;
  status: WalletTxRow['status'];
  original_transaction_id: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A round as an operator's support desk sees it. */
export interface OperatorRound {
  round_id: string;
  player_id: string;
  game_symbol: string;
  currency: string;
  status: RoundRow['status'];
  kind: RoundRow['kind'];
  mode: RoundRow['mode'];
  coin: string;
  bet_level: number;
  stake: string;
  win: string;
  cancel_reason: string | null;
  free_round: { campaign_id: string; grant_id: string } | null;
  /** The certificate the round was played under (null: stored before rounds recorded it). */
  certificate_hash: string | null;
  /** The market profile the round was played under (null: stored before rounds recorded it). */
  jurisdiction: { code: string; version: string | null } | null;
  created_at: string;
  finished_at: string | null;
  transactions: RoundTransaction[];
  round_details_url: string;
}

export interface PlayerRoundsQuery {
  player_id?: unknown;
  from?: unknown;
  to?: unknown;
  limit?: unknown;
  cursor?: unknown;
}

/** What the details page draws: the round, its game's rules and art, and the proof of replay. */
export interface RoundPage {
  game: {
    symbol: string;
    slug: string;
    title: string;
    tagline: string;
    palette: { background: string; accent: string; text: string };
  };
  rules: Omit<GameDescription, 'features'> & { features?: unknown };
  variant: string;
  model_hash: string;
  round: Omit<OperatorRound, 'round_details_url' | 'transactions'> & { transactions: RoundTransaction[] };
  outcome: OutcomeJson;
  /**
   * The stored draws re-derive the stored outcome exactly, under the certificate the round was
   * played under (a round stored with another certificate than the current model's is not verified).
   */
  replay_verified: boolean;
  /** The certificate hash the round was played under; null for rounds stored before it was recorded. */
  certificate_hash: string | null;
}

export interface RoundDetailsService {
  /** The signed details link of a round. */
  urlOf(roundId: string, playedAt: Date): string;
  byRoundId(operatorId: string, roundId: string): Promise<OperatorRound>;
  byTransactionId(operatorId: string, transactionId: string): Promise<OperatorRound>;
  playerRounds(
    operatorId: string,
    query: PlayerRoundsQuery,
  ): Promise<{ rounds: OperatorRound[]; next_cursor: string | null }>;
  /** The page data of a signed link; 404 for a bad, expired or unknown link (no detail to probe with). */
  page(roundId: string, expires: unknown, signature: unknown): Promise<RoundPage>;
}

const MAX_RANGE_DAYS = 31;

function cursorOf(row: RoundRow): string {
  return Buffer.from(`${row.created_at.toISOString()}|${row.id}`, 'utf8').toString('base64url');
}

function readCursor(text: unknown): { created_at: Date; id: string } | undefined {
  if (typeof text !== 'string' || text.length > 200) return undefined;
  const [time, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const created = new Date(time ?? '');
  if (!id || !/^rnd_[A-Za-z0-9]+$/.test(id) || Number.isNaN(created.getTime())) return undefined;
  return { created_at: created, id };
}

function readTime(value: unknown, field: string): Date {
  const time = typeof value === 'string' ? new Date(value) : undefined;
  if (!time || Number.isNaN(time.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value as string)) {
    throw errors.invalidRequest(`${field} must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z`);
  }
  return time;
}

/** The repositories round look-ups read, on the primary or on a replica. */
export interface RoundReads {
  rounds: RoundsRepo;
  wallet: WalletRepo;
  freeRounds: FreeRoundsRepo;
}

/** Rounds as read, with what the replica rule judges them by (their own and their transactions' states). */
const stands = (lookup: boolean) => (views: OperatorRound[]) =>
  replicaAnswerStands({ rounds: views, transactions: views.flatMap((view) => view.transactions) }, lookup);

export function createRoundDetailsService(deps: {
  rounds: RoundsRepo;
  wallet: WalletRepo;
  freeRounds: FreeRoundsRepo;
  /** Where look-ups read (a replica when configured: src/store/replica.ts); default the repositories above. */
  reads?: ReadRouter<RoundReads>;
  secret: string;
  publicBaseUrl: () => string;
  now(): Date;
}): RoundDetailsService {
  const urlOf = (roundId: string, playedAt: Date) =>
    roundDetailsUrl(deps.publicBaseUrl(), deps.secret, roundId, playedAt);

  const reads = deps.reads ?? readRouter<RoundReads>(deps);

  async function views(repos: RoundReads, rows: RoundRow[]): Promise<OperatorRound[]> {
    const txs = await repos.wallet.ofRounds(rows.map((row) => row.id));
    const grantIds = [
      ...new Set(rows.flatMap((row) => (row.free_round_grant_id ? [row.free_round_grant_id] : []))),
    ];
    const campaigns = new Map<string, string>();
    for (const id of grantIds) {
      const found = await repos.freeRounds.grant(id);
      if (found) campaigns.set(id, found.campaign.campaign_id);
    }
    return rows.map((row) => {
      const money = (minor: bigint) => formatAmount(minor, row.currency);
      const grantId = row.free_round_grant_id;
      return {
        round_id: row.id,
        player_id: row.player_id,
        game_symbol: row.game_symbol,
        currency: row.currency,
        status: row.status,
        kind: row.kind,
        mode: row.mode,
        coin: money(row.coin),
        bet_level: row.bet_level,
        stake: money(row.stake),
        win: money(row.win),
        cancel_reason: row.cancel_reason,
        free_round: grantId ? { campaign_id: campaigns.get(grantId) ?? '', grant_id: grantId } : null,
        certificate_hash: row.certificate_hash,
        jurisdiction: roundJurisdiction(row),
        created_at: row.created_at.toISOString(),
        finished_at: row.finished_at ? row.finished_at.toISOString() : null,
        transactions: txs
          .filter((tx) => tx.round_id === row.id)
          .map((tx) => ({
            transaction_id: tx.id,
            type: tx.type,
            action_type: tx.action_type,
            amount: money(tx.amount),
            status: tx.status,
            original_transaction_id: tx.original_transaction_id,
            created_at: tx.created_at.toISOString(),
            finished_at: tx.finished_at ? tx.finished_at.toISOString() : null,
          })),
        round_details_url: urlOf(row.id, row.created_at),
      };
    });
  }

  async function one(
    operatorId: string,
    find: (repos: RoundReads) => Promise<RoundRow | undefined>,
    what: string,
  ): Promise<OperatorRound> {
    const [view] = await reads.read(
      RECENT,
      async (repos) => {
        const row = await find(repos);
        // Another operator's round is answered exactly as an unknown one.
        return row && row.operator_id === operatorId ? views(repos, [row]) : [];
      },
      stands(true),
    );
    if (!view) throw errors.notFound(`${what} not found`);
    return view;
  }

  return {
    urlOf,

    async byRoundId(operatorId, roundId) {
      return one(operatorId, (repos) => repos.rounds.find(roundId), `round ${roundId}`);
    },

    async byTransactionId(operatorId, transactionId) {
      return one(
        operatorId,
        (repos) => repos.rounds.findByTransaction(transactionId),
        `transaction ${transactionId}`,
      );
    },

    async playerRounds(operatorId, query) {
      const player = query.player_id;
      if (typeof player !== 'string' || player.length < 1 || player.length > 128) {
        throw errors.invalidRequest('player_id is required: the external_player_id given at launch');
      }
      const to = query.to === undefined ? deps.now() : readTime(query.to, 'to');
      const from =
        query.from === undefined ? new Date(to.getTime() - 86_400_000) : readTime(query.from, 'from');
      if (from.getTime() >= to.getTime()) throw errors.invalidRequest('from must be before to');
      if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) {
        throw errors.invalidRequest(`from and to may be at most ${MAX_RANGE_DAYS} days apart`);
      }
      let limit = 50;
      if (query.limit !== undefined) {
        limit = Number(query.limit);
        if (!/^\d{1,3}$/.test(String(query.limit)) || limit < 1 || limit > 200) {
          throw errors.invalidRequest('limit must be a whole number from 1 to 200');
        }
      }
      let after: { created_at: Date; id: string } | undefined;
      if (query.cursor !== undefined) {
        after = readCursor(query.cursor);
        if (!after) throw errors.invalidRequest('cursor is not one this API gave out');
      }
      // The list must hold every round up to `to`: the replica answers only once it has replayed past it.
      const { rows, page } = await reads.read(
        upTo(to),
        async (repos) => {
          const rows = await repos.rounds.ofPlayerBetween(operatorId, player, { from, to }, limit + 1, after);
          return { rows, page: await views(repos, rows.slice(0, limit)) };
        },
        (answer) => stands(false)(answer.page),
      );
      const last = rows[page.length - 1];
      return {
        rounds: page,
        next_cursor: rows.length > limit && last ? cursorOf(last) : null,
      };
    },

    async page(roundId, expires, signature) {
      const link = checkRoundDetailsLink(deps.secret, roundId, expires, signature, deps.now());
      const missing = errors.notFound('this round details link is not valid or has expired');
      if (!link.ok) throw missing;
      const { row, view } = await reads.read(
        RECENT,
        async (repos) => {
          const row = await repos.rounds.find(roundId);
          return { row, view: row ? (await views(repos, [row]))[0] : undefined };
        },
        (answer) => stands(true)(answer.view ? [answer.view] : []),
      );
      const game = row ? getGame(row.game_symbol) : undefined;
      if (!row || !game || !view) throw missing;
      const model = modelOf(game, row.variant);
      const stored = row.outcome as OutcomeJson;
      // Replayed only under the certificate the round was played under: another model would draw
      // another, valid-looking outcome from the same draws.
      const replayed = replayStoredRound(storedRoundOf(row));
      const replayedJson = replayed.ok ? outcomeToJson(replayed.outcome) : null;
      const verified = replayedJson !== null && canonical(replayedJson) === canonical(stored);
      const { round_details_url: _url, ...round } = view;
      const { features: _features, ...rules } = describeGame(game, row.variant);
      return {
        game: {
          symbol: game.symbol,
          slug: game.slug,
          title: game.title,
          tagline: game.tagline,
          palette: game.palette,
        },
        rules,
        variant: model.variant,
        model_hash: modelHash(model),
        round,
        // The screens drawn are the stored outcome's: the replay's when it re-derives them exactly,
        // else the stored ones as they were (replay_verified then says NOT verified).
        outcome: verified && replayedJson !== null ? replayedJson : stored,
        replay_verified: verified,
        certificate_hash: row.certificate_hash,
      };
    },
  };
}
