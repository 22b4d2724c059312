// The games layer as the rest of the server sees it: the registry, bet ladders, certificates and
// the paytable description. It stands on the engine and imports nothing above it.

export {
  type Certification,
  type CertifiedMode,
  certificationOf,
  certifiedFigure,
  checkReplayModel,
  type MaxWin,
  type MaxWinProbability,
  type ReplayAllowed,
  type ReplayRefusal,
  readCertificate,
} from './certificates.ts';
export { type BetCheck, type BetLadder, checkBet, type ModeCost } from './ladder.ts';
export { modelHash } from './model-hash.ts';
export {
  betLadder,
  type CertifiedHooks,
  certifiedHooks,
  certifiedRtp,
  coinValuesFor,
  describeGame,
  type GameDescription,
  stakeFor,
} from './play.ts';
export {
  allGames,
  findGameInfo,
  type Game,
  gameCertifications,
  gameInfos,
  getGame,
  modelOf,
  type VariantCertification,
} from './registry.ts';
export {
  type CertifiedReplay,
  certificateHashOf,
  modelOfRound,
  replayCertified,
  replayStoredRound,
  type StoredRound,
} from './replay.ts';
export { betStake, betUnit } from './stake.ts';
export type { FeatureFlags, GameInfo } from './types.ts';
