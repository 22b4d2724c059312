// What every game in the portfolio declares. The provider catalog is built from these
// fields; the math model (src/engine) gives the same game its play.
import type { BetMode, GameModel } from '../engine/model.ts';

export interface FeatureFlags {
  bonus: boolean;
  collect: boolean;
  free_spins: boolean;
  buy_feature: boolean;
  special_bet: boolean;
  /** Extensions (additive to operator-api 1.1.0, absent means false): hold-and-collect respins, */
  respins?: boolean;
  /** winning symbols that vanish and refill, */
  tumbles?: boolean;
  /** and multipliers that land on the reels or on wilds. */
  multipliers?: boolean;
}

export interface SpecialBetProfile {
  symbol: string;
  buttons: number;
  bls: number[];
  default_bl: number;
  service_version: string;
  cver: string;
}

export interface RtpVariant {
  /** Stable id an operator picks, e.g. "96.5". */
  id: string;
  /** Designed return to player in percent, as text ("96.50"); the certified figure comes from certification/. */
  target: string;
}

export interface GameInfo {
  symbol: string;
  slug: string;
  title: string;
  family: 'video-slot' | 'cluster-slot' | 'hold-and-collect' | 'ways-slot' | 'classic-slot';
  lines: number;
  tagline: string;
  features: FeatureFlags;
  specialBetProfile: SpecialBetProfile | null;
  rtpVariants: readonly RtpVariant[];
  defaultVariant: string;
  /** Colours of the generated artwork and the client theme. */
  palette: { background: string; accent: string; text: string };
  /** Whether the game is in the live catalog at all. */
  live: boolean;
}

/** How a game's RTP variants are tuned: a model builder over integer lever weights (used by src/certify). */
export type Levers = Record<string, number[]>;

export interface GameTuning {
  build(variant: string, levers: Levers): GameModel;
  /** Each step mixes the two sides of `lever` so that `mode` returns the variant's target. */
  steps: Array<{ lever: string; mode: BetMode }>;
  /** Weights of levers no step solves, and the starting point of the others. */
  defaults: Levers;
}
