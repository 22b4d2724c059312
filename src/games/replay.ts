// Replay of a stored round under the certificate it was played under, and no other: a model that
// changed since would re-derive a different, valid-looking outcome from the same draws.
import type { GameModel } from '../engine/model.ts';
import type { Bet } from '../engine/outcome.ts';
import type { GameState } from '../engine/round.ts';
import { type ReplayResult, replay } from '../engine/spin.ts';
import { type Certification, certificationOf, checkReplayModel, type ReplayRefusal } from './certificates.ts';

export type CertifiedReplay = ReplayResult | ReplayRefusal;

/** Re-derives a stored round, refusing (closed reason) when `model` is not the round's certified model. */
export function replayCertified(
  storedCertificateHash: string | null,
  model: GameModel,
  stateBefore: GameState,
  bet: Bet,
  draws: readonly number[],
  certification: Certification = certificationOf(model),
): CertifiedReplay {
  const allowed = checkReplayModel(storedCertificateHash, model, certification);
  if (!allowed.ok) return allowed;
  return replay(model, stateBefore, bet, draws);
}
