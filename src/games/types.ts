// What every game in the portfolio declares. The provider catalog is built from these
// fields; the math model (src/engine) gives the same game its play.

export interface FeatureFlags {
  bonus: boolean;
  collect: boolean;
  free_spins: boolean;
  buy_feature: boolean;
  special_bet: boolean;
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
