// Free-round campaigns: the operator's request read field by field (each 400 names its field),
// the terms that make a repeated create the same campaign, and what an operator and a player are
// shown of a campaign and its grants. Pure: the catalog scope and the clock come in as arguments.

import { betLadder, betStake, type Game, getGame } from '../games/index.ts';
import { AGE_BANDS, effectiveRules, findProfile, maxStakeMinor } from '../jurisdictions/index.ts';
import { formatAmount, isSupportedCurrency, parseAmount } from '../money.ts';
import type { FreeRoundCampaignRow, FreeRoundGrantRow } from '../store/free-rounds.repo.ts';
import { type CatalogScope, inScope } from './catalog.ts';
import { type ApiError, errors } from './errors.ts';
import type { WalletActionType } from './wallet-actions.ts';

export const MAX_CAMPAIGN_DAYS = 90;
export const MAX_ROUNDS_PER_GRANT = 1000;
export const MAX_PLAYERS_PER_CALL = 1000;
export const CAMPAIGN_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const PRINTABLE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const DAY_MS = 86_400_000;

export interface CampaignRequest {
  campaign_id?: unknown;
  games?: unknown;
  currency?: unknown;
  rounds?: unknown;
  coin?: unknown;
  bet_level?: unknown;
  valid_from?: unknown;
  expires_at?: unknown;
  max_win?: unknown;
  players?: unknown;
  /** Additive (issue 24): the market whose stake cap the bet is checked against; default the operator's. */
  jurisdiction?: unknown;
}

/** A campaign's terms as checked: what must match when the same campaign_id is created again. */
export interface CampaignTerms {
  campaignId: string;
  games: string[];
  currency: string;
  rounds: number;
  coin: bigint;
  betLevel: number;
  validFrom: Date;
  expiresAt: Date;
  maxWin: bigint | null;
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: ApiError };
const fail = (detail: string) => ({ ok: false as const, error: errors.invalidRequest(detail) });

/** Player ids as launch-url takes them: 1 to 128 printable characters, duplicates dropped. */
export function checkPlayers(value: unknown, field = 'players'): Checked<string[]> {
  if (!Array.isArray(value)) return fail(`${field} must be an array of player ids`);
  if (value.length > MAX_PLAYERS_PER_CALL) return fail(`${field} holds at most ${MAX_PLAYERS_PER_CALL} ids`);
  for (const [i, id] of value.entries()) {
    if (typeof id !== 'string' || id.length > 128 || !PRINTABLE.test(id)) {
      return fail(`${field}[${i}] must be a player id of 1 to 128 printable characters`);
    }
  }
  return { ok: true, value: [...new Set(value as string[])] };
}

function checkTime(value: unknown, field: string): Checked<Date> {
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
  ) {
    return fail(`${field} must be an ISO 8601 date-time with Z or an offset`);
  }
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return fail(`${field} is not a valid date-time`);
  return { ok: true, value: time };
}

/**
 * Checks a create request against the caller's catalog and the clock. Games are symbols or slugs,
 * each live and in the operator's allowlist; the bet must be on every game's ladder.
 */
export function checkCampaignRequest(
  body: CampaignRequest,
  scope: CatalogScope,
  now: Date,
): Checked<{ terms: CampaignTerms; players: string[] }> {
  const { campaign_id: campaignId } = body;
  if (typeof campaignId !== 'string' || !CAMPAIGN_ID.test(campaignId)) {
    return fail('campaign_id must be 1 to 64 of A-Z a-z 0-9 _ . : -');
  }
  if (!Array.isArray(body.games) || body.games.length === 0 || body.games.length > 50) {
    return fail('games must be an array of 1 to 50 game symbols or slugs');
  }
  const games: Game[] = [];
  for (const [i, key] of body.games.entries()) {
    if (typeof key !== 'string') return fail(`games[${i}] must be a game symbol or slug`);
    const game = getGame(key);
    if (!game) return { ok: false, error: errors.notFound(`games[${i}]: game ${key} not found`) };
    if (!inScope(game, scope)) {
      return {
        ok: false,
        error: errors.forbidden(`games[${i}]: game ${key} is not enabled for this operator`),
      };
    }
    if (!games.includes(game)) games.push(game);
  }

  if (typeof body.currency !== 'string' || !/^[A-Za-z]{3}$/.test(body.currency)) {
    return fail('currency must be exactly 3 letters');
  }
  const currency = body.currency.toUpperCase();
  if (!isSupportedCurrency(currency)) return fail(`currency ${currency} is not supported`);

  const { rounds } = body;
  if (
    typeof rounds !== 'number' ||
    !Number.isInteger(rounds) ||
    rounds < 1 ||
    rounds > MAX_ROUNDS_PER_GRANT
  ) {
    return fail(`rounds must be a whole number from 1 to ${MAX_ROUNDS_PER_GRANT}`);
  }

  if (typeof body.coin !== 'string') return fail('coin must be a decimal string such as "0.10"');
  const coin = parseAmount(body.coin, currency);
  if (!coin.ok || coin.minor <= 0n) return fail(`coin ${body.coin} is not a ${currency} amount`);
  const { bet_level: betLevel } = body;
  if (typeof betLevel !== 'number' || !Number.isInteger(betLevel))
    return fail('bet_level must be a whole number');
  for (const game of games) {
    const ladder = betLadder(game, currency);
    if (!ladder.coinValues.includes(coin.minor)) {
      return fail(`coin ${body.coin} is not one of the coin values of ${game.symbol} in ${currency}`);
    }
    if (!ladder.betLevels.includes(betLevel))
      return fail(`bet_level ${betLevel} is not offered by ${game.symbol}`);
  }

  let validFrom = now;
  if (body.valid_from !== undefined && body.valid_from !== null) {
    const checked = checkTime(body.valid_from, 'valid_from');
    if (!checked.ok) return checked;
    validFrom = checked.value;
  }
  const expires = checkTime(body.expires_at, 'expires_at');
  if (!expires.ok) return expires;
  const expiresAt = expires.value;
  if (expiresAt.getTime() <= now.getTime()) return fail('expires_at is in the past');
  if (expiresAt.getTime() <= validFrom.getTime()) return fail('expires_at must be after valid_from');
  if (expiresAt.getTime() - validFrom.getTime() > MAX_CAMPAIGN_DAYS * DAY_MS) {
    return fail(`expires_at must be at most ${MAX_CAMPAIGN_DAYS} days after valid_from`);
  }

  let maxWin: bigint | null = null;
  if (body.max_win !== undefined && body.max_win !== null) {
    if (typeof body.max_win !== 'string') return fail('max_win must be a decimal string such as "50.00"');
    const parsed = parseAmount(body.max_win, currency);
    if (!parsed.ok || parsed.minor <= 0n)
      return fail(`max_win ${body.max_win} is not a positive ${currency} amount`);
    maxWin = parsed.minor;
  }

  let players: string[] = [];
  if (body.players !== undefined && body.players !== null) {
    const checked = checkPlayers(body.players);
    if (!checked.ok) return checked;
    players = checked.value;
  }

  return {
    ok: true,
    value: {
      terms: {
        campaignId,
        games: games.map((game) => game.symbol),
        currency,
        rounds,
        coin: coin.minor,
        betLevel,
        validFrom,
        expiresAt,
        maxWin,
      },
      players,
    },
  };
}

/**
 * A campaign's bet against a market's stake cap (issue 24): each free round is a game cycle at that
 * bet, so a bet above the market's highest cap (in the campaign currency) could never be played
 * there and is a 400 naming `coin`. A lower cap for younger players is enforced when they play.
 * `requested` is the body's `jurisdiction`, else the operator's default.
 */
export function checkCampaignStakeCap(
  terms: Pick<CampaignTerms, 'games' | 'currency' | 'coin' | 'betLevel'>,
  requested: unknown,
  operatorDefault: string,
): ApiError | null {
  if (requested !== undefined && requested !== null && typeof requested !== 'string') {
    return errors.invalidRequest('jurisdiction must be a jurisdiction code such as "uk"');
  }
  const code = typeof requested === 'string' ? requested : operatorDefault;
  const profile = findProfile(code);
  if (!profile) return errors.invalidRequest(`jurisdiction ${code} is not a known jurisdiction`);
  const rules = effectiveRules(profile);
  let cap: bigint | null = null;
  for (const band of AGE_BANDS) {
    const minor = maxStakeMinor(rules, terms.currency, band);
    if (minor !== null && (cap === null || minor > cap)) cap = minor;
  }
  if (cap === null) return null;
  for (const symbol of terms.games) {
    const game = getGame(symbol);
    if (!game) continue;
    const bet = roundBet(game, { coin: terms.coin, bet_level: terms.betLevel, currency: terms.currency });
    if (bet > cap) {
      const money = (minor: bigint) => formatAmount(minor, terms.currency);
      return errors.invalidRequest(
        `coin: a free round of ${symbol} at coin × bet_level bets ${money(bet)}, above the stake cap of ${money(cap)} per game cycle under jurisdiction ${code}`,
      );
    }
  }
  return null;
}

/** Whether a stored campaign has exactly these terms (a repeated create of the same campaign). */
export function sameTerms(row: FreeRoundCampaignRow, terms: CampaignTerms): boolean {
  return (
    row.games.length === terms.games.length &&
    row.games.every((symbol) => terms.games.includes(symbol)) &&
    row.currency === terms.currency &&
    row.rounds === terms.rounds &&
    row.coin === terms.coin &&
    row.bet_level === terms.betLevel &&
    row.expires_at.getTime() === terms.expiresAt.getTime() &&
    row.max_win === terms.maxWin
  );
}

export type GrantState = 'active' | 'completed' | 'expired' | 'cancelled' | 'scheduled';

/**
 * Why a grant is over, or null while it is not: every round played, the campaign's max_win paid
 * (its remaining rounds could pay nothing, so they are not offered: issue 24), cancelled, expired.
 */
export type GrantEndReason = 'rounds_played' | 'max_win_reached' | 'cancelled' | 'expired';

/** Whether the grant has paid its campaign's whole max_win (so no further round can pay). */
export function capReached(
  grant: Pick<FreeRoundGrantRow, 'win'>,
  campaign: Pick<FreeRoundCampaignRow, 'max_win'>,
): boolean {
  return campaign.max_win !== null && grant.win >= campaign.max_win;
}

/** A grant's state now: expiry and the start date are read from the campaign, never stored. */
export function grantState(grant: FreeRoundGrantRow, campaign: FreeRoundCampaignRow, now: Date): GrantState {
  if (grant.status === 'completed') return 'completed';
  if (grant.status === 'cancelled' || campaign.status === 'cancelled') return 'cancelled';
  // A grant at its cap before migration 020 stored it is over all the same.
  if (capReached(grant, campaign)) return 'completed';
  if (now.getTime() >= campaign.expires_at.getTime()) return 'expired';
  if (now.getTime() < campaign.valid_from.getTime()) return 'scheduled';
  return 'active';
}

/** Why the grant is over (null while active or scheduled). */
export function grantEndReason(
  grant: FreeRoundGrantRow,
  campaign: FreeRoundCampaignRow,
  now: Date,
): GrantEndReason | null {
  const state = grantState(grant, campaign, now);
  if (state === 'completed') {
    return grant.end_reason ?? (capReached(grant, campaign) ? 'max_win_reached' : 'rounds_played');
  }
  return state === 'cancelled' || state === 'expired' ? state : null;
}

/** The grant's rounds the player can still play: none once it is cancelled or has paid its cap. */
export function roundsLeft(grant: FreeRoundGrantRow, campaign: FreeRoundCampaignRow): number {
  if (grant.status === 'cancelled' || capReached(grant, campaign)) return 0;
  return Math.max(0, grant.rounds_total - grant.rounds_played);
}

/** The base bet of one free round of `game` (coin × level × the game's line cost). */
export function roundBet(
  game: Game,
  campaign: Pick<FreeRoundCampaignRow, 'coin' | 'bet_level' | 'currency'>,
): bigint {
  const ladder = betLadder(game, campaign.currency);
  return betStake(campaign.coin, campaign.bet_level, ladder.lineCost);
}

export function campaignView(row: FreeRoundCampaignRow, counts: { players: number; rounds_played: number }) {
  const money = (minor: bigint) => formatAmount(minor, row.currency);
  return {
    campaign_id: row.campaign_id,
    operator_id: row.operator_id,
    status: row.status,
    games: row.games,
    currency: row.currency,
    rounds: row.rounds,
    coin: money(row.coin),
    bet_level: row.bet_level,
    bets: Object.fromEntries(
      row.games.flatMap((symbol) => {
        const game = getGame(symbol);
        return game ? [[symbol, money(roundBet(game, row))]] : [];
      }),
    ),
    valid_from: row.valid_from.toISOString(),
    expires_at: row.expires_at.toISOString(),
    max_win: row.max_win === null ? null : money(row.max_win),
    players: counts.players,
    rounds_played: counts.rounds_played,
    created_at: row.created_at.toISOString(),
    cancelled_at: row.cancelled_at ? row.cancelled_at.toISOString() : null,
  };
}

export type CampaignView = ReturnType<typeof campaignView>;

export function grantView(grant: FreeRoundGrantRow, campaign: FreeRoundCampaignRow, now: Date) {
  return {
    grant_id: grant.id,
    campaign_id: campaign.campaign_id,
    player_id: grant.player_id,
    status: grantState(grant, campaign, now),
    games: campaign.games,
    currency: campaign.currency,
    coin: formatAmount(campaign.coin, campaign.currency),
    bet_level: campaign.bet_level,
    rounds_total: grant.rounds_total,
    rounds_played: grant.rounds_played,
    rounds_left: roundsLeft(grant, campaign),
    // Additive (issue 24): why the grant is over, e.g. max_win_reached with rounds unplayed.
    end_reason: grantEndReason(grant, campaign, now),
    win: formatAmount(grant.win, campaign.currency),
    max_win: campaign.max_win === null ? null : formatAmount(campaign.max_win, campaign.currency),
    valid_from: campaign.valid_from.toISOString(),
    expires_at: campaign.expires_at.toISOString(),
  };
}

export type GrantView = ReturnType<typeof grantView>;

/** The wallet action_type of a free round's credit, and of a feature spin it started. */
export const FREE_ROUND_ACTION = 'free_round' satisfies WalletActionType;
export const FREE_ROUND_FEATURE_ACTION = 'free_round_feature' satisfies WalletActionType;

/** Why a free round could not start, as the player's runtime error. */
export function claimError(reason: string): ApiError {
  switch (reason) {
    case 'used_up':
      return errors.freeRoundUnavailable('every round of this free-rounds offer has been played');
    case 'expired':
      return errors.freeRoundUnavailable('this free-rounds offer has expired');
    case 'cancelled':
      return errors.freeRoundUnavailable('this free-rounds offer has been cancelled');
    case 'max_win_reached':
      return errors.freeRoundUnavailable(
        'this free-rounds offer has paid its maximum win; its remaining rounds are not played',
      );
    case 'not_started':
      return errors.freeRoundUnavailable('this free-rounds offer has not started yet');
    default:
      return errors.notFound('no such free-rounds offer for this player');
  }
}
