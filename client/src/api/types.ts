// The runtime API's wire shapes (docs/runtime-api.md), as the game client reads them.

export type SymbolKind = 'regular' | 'wild' | 'scatter' | 'money' | 'collector' | 'multiplier' | 'bonus';

export interface PaytableSymbol {
  id: number;
  code: string;
  name: string;
  kind: SymbolKind | string;
  pays: Array<{ count: number; coins: number }>;
}

/** describeGame(game, variant): everything the client draws a game from. */
export interface GameRules {
  symbol: string;
  slug: string;
  title: string;
  variant: string;
  reels: number;
  rows: number;
  evaluation: 'lines' | 'ways' | 'anywhere';
  lines: number[][] | null;
  ways: number | null;
  minCount: number | null;
  lineCost: number;
  symbols: PaytableSymbol[];
  rules: string[];
  maxWinMultiplier: number;
  rtp: string;
  modes: { base: number; special: number | null; buy: number | null };
}

export interface FeatureFlags {
  bonus: boolean;
  collect: boolean;
  free_spins: boolean;
  buy_feature: boolean;
  special_bet: boolean;
}

export interface SessionInfo {
  session: {
    expires_at: string;
    device: 'desktop' | 'mobile';
    currency: string;
    player_id: string;
    return_url?: string;
  };
  game: {
    symbol: string;
    slug: string;
    title: string;
    family: string;
    features: FeatureFlags;
    rtp: string;
    rules: GameRules;
  };
  bet: {
    coin_values: string[];
    bet_levels: number[];
    default_coin: string;
    default_bet_level: number;
    line_cost: number;
    modes: {
      base: ModeCost;
      special: ModeCost | null;
      buy: ModeCost | null;
    };
  };
  balance: string;
  state: FeatureState;
  last_round: Round | null;
}

/** `cost_multiplier`: exact multiple of the base bet ("1.25", or "n/d"); `cost_coins`: coins per bet level. */
export interface ModeCost {
  cost_multiplier: string;
  cost_coins?: number;
}

export interface FeatureState {
  free_spins_left: number;
  feature: {
    type: 'free_spins';
    played: number;
    coin: string;
    bet_level: number;
    mode: string;
    sequence_win: string;
  } | null;
}

export interface Screen {
  phase: 'spin' | 'tumble' | 'expand' | 'respin';
  reelSet: string | null;
  stops: number[] | null;
  /** symbols[reel][row], row 0 at the top; -1 an empty hold-and-collect cell. */
  symbols: number[][];
  values: number[][];
}

export type WinKind =
  | 'line'
  | 'ways'
  | 'anywhere'
  | 'scatter'
  | 'collect'
  | 'expanding'
  | 'pick'
  | 'hold_and_collect';

export interface Win {
  screen: number;
  kind: WinKind;
  symbol: number;
  count: number;
  line: number | null;
  ways: number | null;
  positions: Array<[number, number]>;
  multiplier: number;
  coins: number;
  /** Minor units as an integer string (outcomeToJson), unlike the decimal amounts of a Round. */
  amount: string;
}

export interface PickStep {
  prize: 'coins' | 'multiplier' | 'end';
  value: number;
}

export type FeatureEvent =
  | { type: 'free_spins'; awarded: number; retrigger: boolean; expandingSymbol: number | null }
  | { type: 'pick'; picks: PickStep[]; multiplier: number; coins: number }
  | { type: 'hold_and_collect'; firstScreen: number; respins: number; full: boolean; coins: number }
  | { type: 'multiplier'; screen: number; factor: number }
  | { type: 'max_win' };

export interface Outcome {
  kind: 'base' | 'special' | 'buy' | 'free_spin';
  screens: Screen[];
  wins: Win[];
  features: FeatureEvent[];
  coins: number;
  totalWin: string;
  capped: boolean;
  freeSpinsLeft: number;
  sequenceWin: string;
}

export interface Round {
  id: string;
  client_round_id: string;
  status: 'settled' | 'cancelled' | 'open';
  kind: 'base' | 'free_spin' | 'buy';
  mode: 'base' | 'special' | 'buy';
  currency: string;
  coin: string;
  bet_level: number;
  stake: string;
  win: string;
  created_at: string;
  finished_at: string | null;
  outcome?: Outcome;
}

export interface SpinRequest {
  coin: string;
  bet_level: number;
  special_bet: boolean;
  buy_feature: boolean;
  client_round_id: string;
}

export interface SpinResponse {
  round: Round;
  /** Null in callback mode when the operator's wallet has not acknowledged yet and no balance is known. */
  balance: string | null;
  state: FeatureState;
}

export interface HistoryPage {
  rounds: Round[];
  next_before: string | null;
}
