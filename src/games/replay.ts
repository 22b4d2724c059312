// Replay of a stored round under the certificate it was played under, and no other: a model that
// changed since would re-derive a different, valid-looking outcome from the same draws.
import type { GameModel } from '../engine/model.ts';
import type { Bet } from '../engine/outcome.ts';
import type { GameState } from '../engine/round.ts';
import { type ReplayResult, replay, type SpinResult } from '../engine/spin.ts';
import { type Certification, certificationOf, checkReplayModel, type ReplayRefusal } from './certificates.ts';
import { getGame } from './registry.ts';

/** What replay needs of a stored round. */
export interface StoredRound {
  gameSymbol: string;
  variant: string;
  bet: Bet;
  stateBefore: GameState;
  draws: readonly number[];
  /** The certificate hash the round recorded; null for rounds stored before rounds recorded one. */
  certificateHash: string | null;
}

export type CertifiedReplay =
  | ({
      ok: true;
      /** Whether the round's certificate hash was compared with the current one (false: none stored). */
      checked: boolean;
      /** The certificate hash of the model the round was replayed under (null: not certified). */
      currentHash: string | null;
    } & SpinResult)
  | ReplayRefusal
  /** The stored draws do not replay under the model (tampered or incomplete draws). */
  | (Extract<ReplayResult, { ok: false }> & { checked: boolean; currentHash: string | null });

/**
 * Re-derives a stored round under `model`, refusing with `replay_model_mismatch` when the round
 * recorded a certificate hash and `model` (with the engine and game code on disk) is not certified
 * under that same hash. A round that recorded none is replayed under `model` unchecked.
 */
export function replayCertified(
  round: StoredRound,
  model: GameModel,
  certification: Certification = certificationOf(model),
): CertifiedReplay {
  const allowed = checkReplayModel(round.certificateHash, model, certification);
  if (!allowed.ok) return allowed;
  const replayed = replay(model, round.stateBefore, round.bet, round.draws);
  if (!replayed.ok) return { ...replayed, checked: allowed.checked, currentHash: allowed.currentHash };
  return { ...replayed, checked: allowed.checked, currentHash: allowed.currentHash };
}

/** The model a stored round names in the registry (its game and exact variant), or undefined. */
export function modelOfRound(round: Pick<StoredRound, 'gameSymbol' | 'variant'>): GameModel | undefined {
  return getGame(round.gameSymbol)?.variants[round.variant];
}

/**
 * Replays a stored round under the registry's model of its game and variant: as `replayCertified`,
 * and a refusal when the game or variant no longer exists.
 */
export function replayStoredRound(round: StoredRound): CertifiedReplay {
  const model = modelOfRound(round);
  if (!model)
    return {
      ok: false,
      reason: 'replay_model_mismatch',
      storedHash: round.certificateHash,
      currentHash: null,
      detail: `the round was played under certificate ${round.certificateHash ?? '(none recorded)'}; ${round.gameSymbol} has no variant ${round.variant} now`,
    };
  return replayCertified(round, model);
}

/** The certificate hash a round of `model` records: its certified hash, or null when not certified. */
export function certificateHashOf(model: GameModel): string | null {
  const certification = certificationOf(model);
  return certification.ok ? certification.certificateHash : null;
}
