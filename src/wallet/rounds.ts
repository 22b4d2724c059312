// A round ready for the ledger: the engine has played it; what is left is to pay for it.

import type { RoundKind } from '../domain/rounds.ts';
import type { BetMode } from '../engine/index.ts';

export interface PreparedRound {
  id: string;
  sessionId: string;
  operatorId: string;
  playerId: string;
  gameSymbol: string;
  currency: string;
  variant: string;
  clientRoundId: string;
  kind: RoundKind;
  mode: BetMode;
  coin: bigint;
  betLevel: number;
  stake: bigint;
  win: bigint;
  actionType: string;
  stateBefore: unknown;
  stateAfter: unknown;
  outcome: unknown;
  createdAt: Date;
}

/** The round's columns as the rounds table takes them. */
export function roundColumns(round: PreparedRound, wallet: 'internal' | 'callback') {
  return {
    id: round.id,
    session_id: round.sessionId,
    operator_id: round.operatorId,
    player_id: round.playerId,
    game_symbol: round.gameSymbol,
    currency: round.currency,
    variant: round.variant,
    wallet_mode: wallet,
    client_round_id: round.clientRoundId,
    kind: round.kind,
    mode: round.mode,
    coin: round.coin.toString(),
    bet_level: round.betLevel,
    stake: round.stake.toString(),
    win: round.win.toString(),
    state_before: JSON.stringify(round.stateBefore),
    state_after: JSON.stringify(round.stateAfter),
    outcome: JSON.stringify(round.outcome),
    created_at: round.createdAt,
  };
}
