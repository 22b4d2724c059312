// Tournaments and prize drops as the game shows them (issue 29): which campaigns and in what order,
// where each stands in time, the leaderboard's rows (the top ten and the player's own place), the
// prizes just won, and every campaign's rules in the player's words. Pure: the module that draws
// them is game/campaigns.ts.
import type { CampaignPrize, SessionCampaign, Standing } from '../api/types.ts';
import { language, type MessageKey, t } from '../i18n/i18n.ts';
import { formatMoney, toMinor } from './money.ts';

/** Where a campaign is in its time: before its start, running, over (standings still being confirmed), final. */
export type Phase = 'upcoming' | 'live' | 'ended' | 'final';

export function phaseOf(entry: SessionCampaign, now: number): Phase {
  const { campaign } = entry;
  if (campaign.status === 'frozen' || entry.standings?.final) return 'final';
  if (campaign.status === 'ended' || Date.parse(campaign.ends_at) <= now) return 'ended';
  if (Date.parse(campaign.starts_at) > now) return 'upcoming';
  return 'live';
}

const PHASE_ORDER: Record<Phase, number> = { live: 0, upcoming: 1, ended: 2, final: 3 };

/** When a campaign in a phase is more pressing: running, the end nearest; upcoming, the start nearest; over, the latest end (the news). */
function urgency(entry: SessionCampaign, phase: Phase): number {
  if (phase === 'upcoming') return Date.parse(entry.campaign.starts_at);
  const end = Date.parse(entry.campaign.ends_at);
  return phase === 'live' ? end : -end;
}

/**
 * The campaigns to show, the one to play for first: running before upcoming before over, then the
 * one that ends (or starts) soonest, or, once over, the one that ended last; a cancelled campaign
 * is not shown.
 */
export function campaignsToShow(entries: readonly SessionCampaign[], now: number): SessionCampaign[] {
  return entries
    .filter((entry) => entry.campaign.status !== 'cancelled' && entry.campaign.status !== 'pending')
    .map((entry) => ({ entry, phase: phaseOf(entry, now) }))
    .sort(
      (a, b) =>
        PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase] ||
        urgency(a.entry, a.phase) - urgency(b.entry, b.phase) ||
        (a.entry.campaign.campaign_id < b.entry.campaign.campaign_id ? -1 : 1),
    )
    .map(({ entry }) => entry);
}

/**
 * The panel's tabs: in the order the campaigns start, whatever phase each is in, so a tab does not
 * move under the player's finger when a campaign starts or ends.
 */
export function tabOrder(entries: readonly SessionCampaign[]): SessionCampaign[] {
  return [...entries].sort(
    (a, b) =>
      Date.parse(a.campaign.starts_at) - Date.parse(b.campaign.starts_at) ||
      (a.campaign.campaign_id < b.campaign.campaign_id ? -1 : 1),
  );
}

/** A length of time as the player reads it, at most two units: "2 h 14 min", "45 s", "3 d 4 h". */
export function durationText(ms: number, locale: string = language()): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const unit = (value: number, name: 'day' | 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(value);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0)
    return minutes > 0 ? `${unit(hours, 'hour')} ${unit(minutes, 'minute')}` : unit(hours, 'hour');
  if (minutes > 0) return unit(minutes, 'minute');
  return unit(seconds % 60, 'second');
}

/** The campaign's clock: how long until it ends or starts, or that it is over or final. */
export function clockText(entry: SessionCampaign, now: number): string {
  const phase = phaseOf(entry, now);
  if (phase === 'live')
    return t('campaign.ends_in', { time: durationText(Date.parse(entry.campaign.ends_at) - now) });
  if (phase === 'upcoming')
    return t('campaign.starts_in', { time: durationText(Date.parse(entry.campaign.starts_at) - now) });
  // A drop has no standings to confirm: once over, it is over.
  if (entry.campaign.kind === 'drop') return t('campaign.drop_over');
  return phase === 'final' ? t('campaign.final') : t('campaign.ended');
}

export interface BoardRow {
  place: number;
  player: string;
  score: string;
  /** The session's own player. */
  mine: boolean;
  /** The player's own row below the top ten, after a gap. */
  apart: boolean;
}

/** Whether a standing is the player's own: by their id where the server gave it, else by place. */
function isMine(row: Standing, me: Standing | null, playerId: string): boolean {
  if (row.player_id !== undefined) return row.player_id === playerId && (!me || row.place === me.place);
  return me !== null && row.place === me.place;
}

/**
 * The leaderboard's rows: the top `limit` places, the player's highlighted; when the player places
 * below them, their own row after a gap.
 */
export function boardRows(entry: SessionCampaign, playerId: string, limit = 10): BoardRow[] {
  const top = (entry.standings?.top ?? []).slice(0, limit);
  const rows: BoardRow[] = top.map((row) => ({
    place: row.place,
    player: row.player,
    score: row.score_text,
    mine: isMine(row, entry.me, playerId),
    apart: false,
  }));
  const me = entry.me;
  if (me && !rows.some((row) => row.mine))
    rows.push({ place: me.place, player: me.player, score: me.score_text, mine: true, apart: true });
  return rows;
}

/** Prizes the player did not have at the last reading: a drop just landed or a place was awarded. */
export function newPrizes(seen: ReadonlySet<string>, entries: readonly SessionCampaign[]): CampaignPrize[] {
  return entries.flatMap((entry) => (entry.prizes ?? []).filter((prize) => !seen.has(prize.prize_id)));
}

/** A place in the player's language: "Place 3", "Platz 3", "3º lugar", "3位". */
export function placeText(place: number): string {
  return t('campaign.place', { place });
}

/** Places of the prize table: "Place 1", "Places 4–10". */
export function placesText(from: number, to: number): string {
  return from === to ? placeText(from) : t('campaign.places', { from, to });
}

const money = (amount: string, currency: string) =>
  formatMoney(toMinor(amount, currency), currency, language());

/** A prize as staff set it (a place's or a drop's), in the campaign's currency. */
export function prizeSpecText(
  prize: Record<string, unknown>,
  currency: string,
  poolAmount: string | null,
  gameTitle: (symbol: string) => string,
): string {
  switch (prize.kind) {
    case 'cash':
      return money(String(prize.amount), currency);
    case 'bet_multiple':
      return t('campaign.prize.bet_multiple', {
        multiplier: Number(prize.multiplier),
        cap: money(String(prize.bet_cap), currency),
      });
    case 'free_rounds': {
      const spec = (prize.free_rounds ?? {}) as Record<string, unknown>;
      return t('campaign.prize.free_rounds', {
        count: Number(spec.rounds),
        game: gameTitle(String(spec.game)),
      });
    }
    case 'pool_share': {
      const share =
        typeof prize.share_percent === 'string'
          ? prize.share_percent
          : String(Number(prize.share_ppm ?? 0) / 10_000);
      return poolAmount
        ? t('campaign.prize.pool_share', { share, pool: money(poolAmount, currency) })
        : t('campaign.prize.pool_share_only', { share });
    }
    default:
      return t('campaign.prize.other');
  }
}

/** A prize the player won, in their own currency: "$12.00", "10 free rounds". */
export function wonText(prize: CampaignPrize, gameTitle: (symbol: string) => string): string {
  if (prize.kind === 'free_rounds') {
    const spec = prize.free_rounds ?? {};
    return t('campaign.prize.free_rounds', {
      count: Number(spec.rounds),
      game: gameTitle(String(spec.game)),
    });
  }
  return money(prize.amount, prize.currency);
}

/** Whether a prize has reached the player's account (or been settled by staff). */
export const prizePaid = (prize: CampaignPrize): boolean =>
  prize.status === 'acknowledged' || prize.status === 'resolved' || prize.free_round_grant_id !== null;

/** How a tournament scores, in the player's words. */
export function scoringText(entry: SessionCampaign): string {
  const { scoring, best_n: bestN } = entry.campaign;
  if (scoring === null) return '';
  return t(`campaign.scoring.${scoring}` as MessageKey, { count: bestN ?? 1 });
}

/**
 * The rules of a campaign in the player's words, one sentence a line: what scores (or how a drop
 * lands), the minimum bet, the period, what never scores, opting in, ties, payment, rates.
 */
export function rulesOf(entry: SessionCampaign, sessionCurrency: string, formatDate: (d: Date) => string) {
  const { campaign } = entry;
  const lines: string[] = [];
  if (campaign.kind === 'tournament') lines.push(scoringText(entry));
  else lines.push(t('campaign.rules.drop'));
  if (toMinor(campaign.min_bet, campaign.currency) > 0n)
    lines.push(t('campaign.rules.min_bet', { amount: money(campaign.min_bet, campaign.currency) }));
  else lines.push(t('campaign.rules.any_bet'));
  lines.push(
    t('campaign.rules.period', {
      start: formatDate(new Date(campaign.starts_at)),
      end: formatDate(new Date(campaign.ends_at)),
    }),
  );
  lines.push(t('campaign.rules.never'));
  if (campaign.opt_in_required || entry.can_enter || entry.entered) lines.push(t('campaign.rules.opt_in'));
  if (campaign.scope === 'network') lines.push(t('campaign.rules.network'));
  if (campaign.kind === 'tournament') {
    lines.push(t('campaign.rules.ties'));
    lines.push(t('campaign.rules.paid_after'));
  } else lines.push(t('campaign.rules.drop_paid'));
  if (sessionCurrency !== campaign.currency)
    lines.push(t('campaign.rules.rates', { currency: campaign.currency }));
  return lines;
}
