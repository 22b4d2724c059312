// The runtime API's wire shapes (docs/runtime-api.md), as the game client reads them. Shapes the
// server already defines are imported as types only (erased from the bundle), not written again.

import type { jurisdictionState, jurisdictionView } from '../../../src/domain/jurisdiction.ts';
import type { RoundView } from '../../../src/domain/rounds.ts';
import type { Win as EngineWin, Jsonified, OutcomeJson } from '../../../src/engine/outcome.ts';
import type { GameDescription } from '../../../src/games/play.ts';
import type { FeatureFlags } from '../../../src/games/types.ts';
import type { SpinBody } from '../../../src/http/runtime/schemas.ts';
import type { PrizeView, SessionCampaignView, StandingView } from '../../../src/services/campaigns.ts';
import type { FreeRoundOffer } from '../../../src/services/free-rounds.ts';
import type { PoolView, TierView } from '../../../src/services/jackpots.ts';
import type { FreeRoundState } from '../../../src/services/rounds.ts';

export type { FeatureEvent, PickStep, Screen, WinKind } from '../../../src/engine/outcome.ts';
export type { PaytableSymbol } from '../../../src/games/play.ts';
export type { FeatureFlags };

/** describeGame(game, variant): everything the client draws a game from (the server's own type). */
export type GameRules = Omit<GameDescription, 'features'>;

export interface SessionInfo {
  session: {
    expires_at: string;
    device: 'desktop' | 'mobile';
    currency: string;
    player_id: string;
    return_url?: string;
    play_mode?: 'real' | 'demo';
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
    /** The operator's default total bet for this session (decimal, base mode), when it set one. */
    default_total?: string | null;
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
  /** Live free-rounds grants of this player for this game and currency (none in demo). */
  free_rounds?: FreeRoundOffer[];
  /** The grant whose free round started the feature still being played, else null. */
  free_round?: FreeRoundState | null;
  /** The market's rules (absent from a server before issue 13: the permissive default then). */
  jurisdiction?: JurisdictionInfo;
  /** The game's RTP with its jackpots (issue 28): base, jackpot and total; null without a pool. */
  jackpot?: { eligible: boolean; base_rtp: string; jackpot_rtp: string; total_rtp: string } | null;
}

/** The server's free-rounds offer (runtime API), shapes imported rather than written again. */
export type { FreeRoundOffer, FreeRoundState };

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

/** The engine's outcome as the runtime API serves it (amounts as strings); draws and bet are not read here. */
export type Outcome = Omit<OutcomeJson, 'bet' | 'stake' | 'draws'>;
export type Win = Jsonified<EngineWin>;

/** The server's RoundView; history pages leave out the outcome's screens and draws. */
export type Round = Omit<RoundView, 'outcome'> & { outcome?: Outcome };

/** The spin body as the server's route describes and validates it (SpinBody). */
export type SpinRequest = SpinBody;

export interface SpinResponse {
  round: Round;
  /** Null in callback mode when the operator's wallet has not acknowledged yet and no balance is known. */
  balance: string | null;
  state: FeatureState;
  free_round?: FreeRoundState | null;
  jurisdiction_state?: JurisdictionState;
  /** Jackpot tiers this paid spin won (amounts in the player's currency, already in `balance`). */
  jackpot_wins?: JackpotWin[];
}

export interface JackpotWin {
  pool_id: string;
  /** The tier's name. */
  tier: string;
  amount: string;
}

/** `GET jackpots`: the pools this session's rounds feed, live (none when it is not eligible). */
export interface JackpotsAnswer {
  eligible: boolean;
  jackpots: PoolView[];
}
export type JackpotPool = PoolView;

/** GET /api/runtime/v1/campaigns (issue 29): the session's tournaments and prize drops. */
export interface CampaignsAnswer {
  campaigns: SessionCampaignView[];
}
export type SessionCampaign = SessionCampaignView;
export type Standing = StandingView;
export type CampaignPrize = PrizeView;
export type JackpotTier = TierView;

export interface HistoryPage {
  rounds: Round[];
  next_before: string | null;
}

/** The market's profile and the session under it (`GET session` → `jurisdiction`), as the server builds it. */
export type JurisdictionInfo = ReturnType<typeof jurisdictionView>;
/** The market's rules for this session. */
export type JurisdictionRules = JurisdictionInfo['rules'];
export type RealityCheck = NonNullable<JurisdictionInfo['reality_check']>;
/** After each spin: where the session stands and when the next round may start. */
export type JurisdictionState = ReturnType<typeof jurisdictionState>;

export interface RealityCheckAnswer {
  reality_check: RealityCheck | null;
  return_url: string | null;
}
