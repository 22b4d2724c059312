// The one wallet interface. Two implementations: the internal wallet (balances held by Reelforge,
// internal.ts) and the callback wallet (the operator's signed endpoints, callback.ts). The round
// use case hands either one a prepared round and gets back one closed result; it never asks
// which mode it is talking to.
import type { NewRound, RoundRecord } from '../domain/rounds.ts';
import type { JackpotWin, WalletMode } from '../store/ledger.repo.ts';
import type { OperatorRow } from '../store/operators.repo.ts';
import type { RoundRow } from '../store/rounds.repo.ts';

export type { WalletMode };

/** Whose money: the player, in the session's game and currency. */
export interface PlayerWallet {
  operator: OperatorRow;
  playerId: string;
  currency: string;
  gameSymbol: string;
  /** The session token the operator knows the session by (sent as session_id in callbacks). */
  sessionToken: string;
  /** The game session's id (demo balances are kept per session). */
  sessionId: string;
}

/** The session a round is played in, as the round's write checks it again. */
export interface RoundSession {
  tokenHash: Buffer;
  /** The feature-state version the round was played from: a round from a stale state is refused. */
  stateVersion: bigint;
  /** The session's new expiry (sessions slide with play). */
  expiresAt: Date;
}

/** How paying for a round ended. Expected outcomes are values; only bugs throw. */
export type SettleResult =
  /** Paid (or, callback, debited and its credit under way): the round and the balance to show. */
  | { kind: 'settled'; round: RoundRecord; balance: bigint | null; jackpotWins?: JackpotWin[] }
  /** This click already made a round: answer with that one. */
  | { kind: 'duplicate' }
  /** The session moved under the round (another click won): play it again from the new state. */
  | { kind: 'stale' }
  | { kind: 'insufficient_funds'; message: string | undefined }
  /** The wallet refused the stake outright; no round. */
  | { kind: 'rejected'; error: string }
  /** The stake got no clear answer: its rollback is on its way (sent after this answer); no round. */
  | { kind: 'unavailable'; error: string }
  /** The previous round of this session is still waiting for the wallet. */
  | { kind: 'busy' }
  /** A transaction of this player in this game is parked for staff. */
  | { kind: 'blocked' }
  /** A free round its grant refused (used up, expired, cancelled, not started, not found); no round. */
  | { kind: 'refused'; reason: string };

export interface Wallet {
  /** demo: fun money, no wallet calls (wallet/demo.ts). */
  readonly mode: WalletMode | 'demo';
  /** Pays for `round`: the stake debited, the win credited, the ledger written. */
  settle(round: NewRound, player: PlayerWallet, session: RoundSession): Promise<SettleResult>;
  /** The player's balance now. */
  balance(player: PlayerWallet): Promise<bigint>;
  /** The balance to show with a round that already exists (a repeated click), or null if unknown. */
  balanceAfter(round: RoundRow, player: PlayerWallet): Promise<bigint | null>;
}
