// Staff replay of any stored round (Admin API and `reelforge round replay`): the round re-derived
// from its stored draws under the certificate it was played under, compared with what was stored.
// A round whose certificate is not the current model's is refused (replay_model_mismatch), never
// answered with another outcome.
import { ApiError, errors, type Outcome } from '../domain/errors.ts';
import { type GameState, outcomeToJson } from '../engine/index.ts';
import type { OutcomeJson } from '../engine/outcome.ts';
import { replayStoredRound, type StoredRound } from '../games/index.ts';
import type { RoundRow, RoundsRepo } from '../store/rounds.repo.ts';

/** Parts of an outcome compared between the stored round and its replay, in this order. */
const COMPARED = ['screens', 'wins', 'features', 'totalWin', 'coins', 'capped', 'freeSpinsLeft'] as const;

export interface RoundReplay {
  round_id: string;
  game_symbol: string;
  variant: string;
  wallet_mode: RoundRow['wallet_mode'];
  /** Whether the replayed outcome equals the stored one (screens, wins, features, total win…). */
  matches: boolean;
  /** The outcome parts that differ (empty when it matches). */
  differences: string[];
  /** The certificate hash the round recorded; null for rounds stored before rounds recorded one. */
  certificate_hash: string | null;
  /** The certificate hash of the model it was replayed under (null: that model is not certified). */
  current_certificate_hash: string | null;
  /** True when the stored hash was compared with the current one; false for a round with none. */
  certificate_checked: boolean;
  /** The replayed outcome; null when the stored draws do not replay under the model. */
  outcome: OutcomeJson | null;
  /** Why the draws did not replay (null when they did). */
  detail: string | null;
}

export interface RoundReplayService {
  /**
   * Replays round `roundId` (a money or a demo round): 404 for an unknown round, 409
   * `replay_model_mismatch` when the current model is not the one the round's certificate names.
   */
  replay(roundId: string): Promise<Outcome<RoundReplay>>;
}

/** JSON with object keys sorted: the store's jsonb does not keep key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The compared parts of `replayed` that are not those of `stored`. */
export function outcomeDifferences(stored: OutcomeJson, replayed: OutcomeJson): string[] {
  const differ = COMPARED.filter((part) => canonical(stored[part]) !== canonical(replayed[part]));
  return differ.map((part) =>
    part === 'totalWin' ? 'total_win' : part.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
  );
}

/** What replay needs of a stored round: its game, bet, state before and draws, and its certificate. */
export function storedRoundOf(row: RoundRow): StoredRound {
  const draws = (row.outcome as OutcomeJson | null)?.draws;
  return {
    gameSymbol: row.game_symbol,
    variant: row.variant,
    bet: { coin: row.coin, betLevel: row.bet_level, mode: row.mode },
    stateBefore: row.state_before as GameState,
    draws: Array.isArray(draws) ? draws : [],
    certificateHash: row.certificate_hash,
  };
}

/** A stored round replayed under the certificate it names (no store access: the caller read it). */
export function replayRound(row: RoundRow): Outcome<RoundReplay> {
  const stored = row.outcome as OutcomeJson;
  const replayed = replayStoredRound(storedRoundOf(row));
  if (!replayed.ok && replayed.reason === 'replay_model_mismatch') {
    return { ok: false, error: new ApiError('replay_model_mismatch', `round ${row.id}: ${replayed.detail}`) };
  }
  const base = {
    round_id: row.id,
    game_symbol: row.game_symbol,
    variant: row.variant,
    wallet_mode: row.wallet_mode,
    certificate_hash: row.certificate_hash,
  };
  if (!replayed.ok) {
    // Under the right model, draws that do not replay were changed after the round was stored.
    return {
      ok: true,
      value: {
        ...base,
        matches: false,
        differences: ['draws'],
        current_certificate_hash: replayed.currentHash,
        certificate_checked: replayed.checked,
        outcome: null,
        detail: `the stored draws do not replay: ${replayed.detail}`,
      },
    };
  }
  const outcome = outcomeToJson(replayed.outcome);
  const differences = outcomeDifferences(stored, outcome);
  return {
    ok: true,
    value: {
      ...base,
      matches: differences.length === 0,
      differences,
      current_certificate_hash: replayed.currentHash,
      certificate_checked: replayed.checked,
      outcome,
      detail: null,
    },
  };
}

export function createRoundReplayService(deps: {
  rounds: RoundsRepo;
  demoRounds: RoundsRepo;
}): RoundReplayService {
  return {
    async replay(roundId) {
      const row = (await deps.rounds.find(roundId)) ?? (await deps.demoRounds.find(roundId));
      if (!row) return { ok: false, error: errors.notFound(`round ${roundId} not found`) };
      return replayRound(row);
    },
  };
}
