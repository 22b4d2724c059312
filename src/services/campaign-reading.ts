// How a campaign, a place on its leaderboard and a prize read (issue 29): the views staff, operators
// and players get (`CampaignView`, `StandingsView`, `SessionCampaignView`, `PrizeView`; campaigns.ts
// re-exports them with its interface), built from the stored rows: a campaign's status at a time,
// its amounts written the currency's way, a player masked for other operators' readers. Pure: no
// I/O; the reader and the time are arguments. (The HTTP schemas of these shapes are
// http/campaign-views.ts.)
import { type DropPrize, type PlaceSpec, scoreText, splitMember } from '../domain/campaigns.ts';
import { formatAmount, parseAmount } from '../money.ts';
import type { CampaignRow, DropPointRow, MemberRow, PrizeRow, RateRow } from '../store/campaigns.repo.ts';
import { ruleOf } from './campaign-scoring.ts';
import type { BoardEntry } from './leaderboard.ts';

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
  /** A drop's schedule once it has ended (with the salt: anyone can hash it again), else null. */
  drop_points: Array<{ seq: number; at: string; prize: Record<string, unknown> }> | null;
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
/** A campaign as a player reads it: without the network's other operators or staff's names. */
export type PlayerCampaignView = Omit<CampaignView, 'operators' | 'created_by' | 'approved_by'>;

export interface SessionCampaignView {
  campaign: PlayerCampaignView;
  entered: boolean;
  /** The player may opt in (the campaign or the market requires it and they have not). */
  can_enter: boolean;
  standings: StandingsView | null;
  me: StandingView | null;
  /** The player's prizes in this campaign, newest first (a drop that landed shows here). */
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

export function statusOf(row: CampaignRow, now: Date): CampaignView['status'] {
  if (row.status !== 'scheduled') return row.status;
  if (now < row.starts_at) return 'scheduled';
  return now < row.ends_at ? 'running' : 'ended';
}

/** A stored amount (a decimal string in the campaign currency) written the currency's way. */
export function shownAmount(text: unknown, currency: string): string {
  const parsed = parseAmount(String(text), currency);
  return parsed.ok ? formatAmount(parsed.minor, currency) : String(text);
}

export function prizeShown(prize: Record<string, unknown>, currency: string): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...prize };
  for (const key of ['amount', 'bet_cap']) if (key in shown) shown[key] = shownAmount(shown[key], currency);
  if ('share_ppm' in shown) {
    const ppm = Number(shown.share_ppm);
    shown.share_percent = (ppm / 10_000).toString();
    delete shown.share_ppm;
  }
  return shown;
}

export function campaignView(
  row: CampaignRow,
  members: readonly MemberRow[],
  rates: readonly RateRow[],
  now: Date,
  /** The drop's points, published once it has ended. */
  points: readonly DropPointRow[] = [],
): CampaignView {
  const status = statusOf(row, now);
  const prizes = row.prizes as { places?: PlaceSpec[]; drops?: Array<{ count: number; prize: DropPrize }> };
  const ended = status === 'ended' || status === 'frozen' || status === 'cancelled';
  return {
    campaign_id: row.id,
    kind: row.kind,
    name: row.name,
    scope: row.scope,
    owner_operator_id: row.owner_operator_id,
    currency: row.currency,
    games: row.games,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    min_bet: formatAmount(row.min_bet, row.currency),
    scoring: row.scoring,
    best_n: row.best_n,
    opt_in_required: row.opt_in_required,
    places: prizes.places
      ? prizes.places.map((place) => ({
          from: place.from,
          to: place.to,
          prize: prizeShown(place.prize as unknown as Record<string, unknown>, row.currency),
        }))
      : null,
    drops: prizes.drops
      ? prizes.drops.map((drop) => ({
          count: drop.count,
          prize: prizeShown(drop.prize as unknown as Record<string, unknown>, row.currency),
        }))
      : null,
    pool_amount: row.pool_amount > 0n ? formatAmount(row.pool_amount, row.currency) : null,
    budget: formatAmount(row.budget, row.currency),
    status,
    drop_commit: row.drop_commit,
    drop_salt: ended ? row.drop_salt : null,
    drop_points:
      ended && row.kind === 'drop' && points.length > 0
        ? points.map((point) => ({
            seq: point.seq,
            at: point.at.toISOString(),
            prize: point.prize as Record<string, unknown>,
          }))
        : null,
    operators: members
      .filter((member) => member.campaign_id === row.id)
      .map((member) => ({
        operator_id: member.operator_id,
        joined_at: member.left_at === null ? (member.joined_at?.toISOString() ?? null) : null,
      })),
    rates: rates
      .filter((rate) => rate.campaign_id === row.id)
      .map((rate) => ({ currency: rate.currency, rate: rate.rate })),
    created_by: row.created_by,
    approved_by: row.approved_by,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A player id as other readers see it: enough for a player to recognise themselves in a long id,
 * nothing of a short one (four characters of an id of six would all but name it).
 */
export function maskedPlayer(playerId: string): string {
  if (playerId.length < 8) return '***';
  return `${playerId.slice(0, 2)}***${playerId.slice(-2)}`;
}

export function prizeView(prize: PrizeRow, kind: CampaignRow['kind']): PrizeView {
  return {
    prize_id: prize.id,
    campaign_id: prize.campaign_id,
    campaign_type: kind,
    source: prize.source,
    place: prize.place,
    player_id: prize.player_id,
    operator_id: prize.operator_id,
    kind: prize.kind,
    amount: formatAmount(prize.amount, prize.currency),
    currency: prize.currency,
    free_rounds: (prize.free_rounds as Record<string, unknown> | null) ?? null,
    free_round_grant_id: prize.free_round_grant_id,
    transaction_id: prize.transaction_id,
    status: prize.status,
    created_at: prize.created_at.toISOString(),
    paid_at: prize.paid_at?.toISOString() ?? null,
  };
}

/**
 * Who reads a board: staff (`operatorId` null) see every player; an operator sees its own players'
 * ids and the others masked; a player (`playerId` too) sees only their own row named.
 */
export interface BoardReader {
  operatorId: string | null;
  playerId?: string;
}

/** A place on a board as `reader` sees it. */
export function standingView(
  row: CampaignRow,
  place: number,
  entry: Pick<BoardEntry, 'member' | 'score' | 'at' | 'rounds'>,
  reader: BoardReader,
): StandingView {
  const { operatorId, playerId } = splitMember(entry.member);
  const own =
    reader.operatorId === null ||
    (reader.operatorId === operatorId && (reader.playerId === undefined || reader.playerId === playerId));
  return {
    place,
    player:
      own && (reader.operatorId === null || reader.playerId !== undefined)
        ? playerId
        : maskedPlayer(playerId),
    ...(own ? { player_id: playerId, operator_id: operatorId } : {}),
    score: entry.score,
    score_text: scoreText(ruleOf(row).scoring, entry.score, row.currency),
    rounds: entry.rounds,
    score_at: new Date(entry.at).toISOString(),
  };
}
