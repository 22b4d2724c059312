// Tournaments and prize drops (issue 29): staff's campaigns, operators' opt-in, players' entries,
// the live leaderboards (services/leaderboard.ts), the drops landing on rounds, and the freeze
// that turns a tournament's final standings (recomputed from the rounds table, the source of
// truth) into prizes. Prizes are paid by campaign-prizes.ts.
import type { RuntimeSession } from './sessions.ts';

/** A campaign as staff, operators and players read it; amounts are decimal strings in `currency`. */
export interface CampaignView {
  campaign_id: string;
  kind: 'tournament' | 'drop';
  name: string;
  scope: 'operator' | 'network';
  owner_operator_id: string | null;
  currency: string;
  games: string[];
  starts_at: string;
  ends_at: string;
  min_bet: string;
  scoring: 'max_multiplier' | 'best_n_ratio' | 'total_bet' | 'qualifying_rounds' | null;
  best_n: number | null;
  opt_in_required: boolean;
  /** The prize table with amounts as decimal strings in `currency`. */
  places: Array<{ from: number; to: number; prize: Record<string, unknown> }> | null;
  drops: Array<{ count: number; prize: Record<string, unknown> }> | null;
  pool_amount: string | null;
  budget: string;
  /** pending (a second admin's approval), scheduled, running, ended (being frozen), frozen, cancelled. */
  status: 'pending' | 'scheduled' | 'running' | 'ended' | 'frozen' | 'cancelled';
  drop_commit: string | null;
  /** Revealed once the campaign has ended: the drop schedule's salt and points. */
  drop_salt: string | null;
  operators: Array<{ operator_id: string; joined_at: string | null }>;
  rates: Array<{ currency: string; rate: string }>;
  created_by: string;
  approved_by: string | null;
  created_at: string;
}

/** A place on a leaderboard. `player` is masked unless the reader may see it (its own operator's). */
export interface StandingView {
  place: number;
  player: string;
  /** Present for the reader's own players (and for staff). */
  player_id?: string;
  operator_id?: string;
  score: number;
  score_text: string;
  rounds: number;
  score_at: string;
}

export interface StandingsView {
  campaign_id: string;
  status: CampaignView['status'];
  /** True once the final standings are frozen (then they never change). */
  final: boolean;
  players: number;
  top: StandingView[];
  updated_at: string;
}

/** What a launched game shows of a campaign for its player. */
export interface SessionCampaignView {
  campaign: CampaignView;
  entered: boolean;
  /** The player may opt in (the campaign or the market requires it and they have not). */
  can_enter: boolean;
  /** Why this session's rounds don't score, or null: min bet, market, free rounds, demo… */
  standings: StandingsView | null;
  me: StandingView | null;
  /** Proposed (client, issue 29 part 2): this player's prizes of the campaign, newest first. */
  prizes: PrizeView[];
}

export interface PrizeView {
  prize_id: string;
  campaign_id: string;
  campaign_type: 'tournament' | 'drop';
  source: 'place' | 'drop';
  place: number | null;
  player_id: string;
  operator_id: string;
  kind: 'cash' | 'free_rounds';
  amount: string;
  currency: string;
  free_rounds: Record<string, unknown> | null;
  free_round_grant_id: string | null;
  transaction_id: string;
  status: 'pending' | 'acknowledged' | 'failed' | 'resolved';
  created_at: string;
  paid_at: string | null;
}

export interface CampaignService {
  /** Staff: a new campaign, pending a second admin's approval (every campaign has a prize budget). */
  create(body: unknown, createdBy: string): Promise<CampaignView>;
  /** A second admin approves: the drop schedule is drawn and committed; the campaign is scheduled. */
  approve(campaignId: string, approvedBy: string): Promise<CampaignView>;
  /** Staff stop a campaign that has not been frozen: nothing more scores, no prize is awarded. */
  cancel(campaignId: string, by: string): Promise<CampaignView>;
  /** Staff: every campaign, newest first; one with its details. */
  list(): Promise<CampaignView[]>;
  get(campaignId: string): Promise<CampaignView>;
  /** An operator's campaigns: its own and the network campaigns it is invited to. */
  forOperator(operatorId: string): Promise<CampaignView[]>;
  /** An invited operator opts in to (or out of, before the start) a network campaign. */
  optIn(operatorId: string, campaignId: string, join: boolean): Promise<CampaignView>;
  /** A campaign's standings; `reader` sees its own players' ids (staff: null sees all). */
  standings(
    campaignId: string,
    reader: { operatorId: string | null },
    limit?: number,
  ): Promise<StandingsView>;
  /** The campaigns a launched game shows its player. */
  forSession(session: RuntimeSession): Promise<SessionCampaignView[]>;
  /** The player opts in to a campaign from the game. */
  enter(session: RuntimeSession, campaignId: string): Promise<SessionCampaignView>;
  /** A paid round settled for this session: scored within 2 s (not awaited by the spin). */
  onRound(session: RuntimeSession, round: RoundForCampaigns): void;
  /** Prizes of an operator (or of one of its players), newest first. */
  prizes(operatorId: string | null, filter: { campaignId?: string; playerId?: string }): Promise<PrizeView[]>;
  /** Players flagged for staff in a campaign (fixed cadence and stake over a long stretch). */
  flags(
    campaignId: string,
  ): Promise<
    Array<{ operator_id: string; player_id: string; reason: string; detail: unknown; flagged_at: string }>
  >;
  /** Runs the scorer's flushes and the freeze of ended campaigns (every node). */
  start(): void;
  stop(): Promise<void>;
  /** Tests and the rehearsal: scores what is queued, freezes what has ended. */
  settle(): Promise<void>;
}

export interface RoundForCampaigns {
  id: string;
  created_at: Date;
  stake: bigint;
  win: bigint;
  free_round_grant_id: string | null;
}
