// Which rounds count for a campaign and what they score (issue 29): a campaign as the scorer holds
// it (`Live`: its row, operators, rates and rule), the one question every path asks of a round
// (`qualifies`: the live scorer in campaigns.ts, the rebuild and the freeze's recompute from the
// rounds table), and the score event a qualifying round becomes. Pure: no I/O, no clock; the fold
// of the events is domain/campaigns.ts (`scoreRound`).
import { memberOf, minBetIn, type ScoringRule, toCampaignFine } from '../domain/campaigns.ts';
import { type Conversion, conversionOf, SAME_CURRENCY } from '../domain/jackpots.ts';
import { effectiveRules, profileOf, type RuleValues } from '../jurisdictions/index.ts';
import type { CampaignRoundRow, CampaignRow, MemberRow, RateRow } from '../store/campaigns.repo.ts';
import type { ScoreEvent } from './leaderboard.ts';

/** A campaign as the scorer holds it: its row, operators, rates and rule, ready for a round. */
export interface Live {
  row: CampaignRow;
  members: Map<string, MemberRow>;
  rates: RateRow[];
  conversions: Map<string, Conversion>;
  minBets: Map<string, bigint>;
  rule: ScoringRule;
  nextDrop: Date | null;
}

/** The market's promotion rules of a round or session (issue 29, part 6). */
export function promotionRules(rules: RuleValues): { allowed: boolean; optIn: boolean } {
  return { allowed: rules.promotions_allowed, optIn: rules.promotion_opt_in_required };
}

export const ruleOf = (row: CampaignRow): ScoringRule =>
  row.kind === 'tournament' && row.scoring
    ? { scoring: row.scoring, bestN: row.best_n }
    : // A drop keeps a board too: who takes part and how many qualifying rounds they played.
      { scoring: 'qualifying_rounds', bestN: null };

export function conversionsOf(row: CampaignRow, rates: readonly RateRow[]): Map<string, Conversion> {
  const conversions = new Map<string, Conversion>([[row.currency, SAME_CURRENCY]]);
  for (const rate of rates)
    conversions.set(rate.currency, conversionOf(rate.rate, rate.currency, row.currency));
  return conversions;
}

export function liveOf(
  row: CampaignRow,
  members: readonly MemberRow[],
  rates: readonly RateRow[],
  nextDrop: Date | null,
): Live {
  const conversions = conversionsOf(row, rates);
  return {
    row,
    members: new Map(members.map((member) => [member.operator_id, member])),
    rates: [...rates],
    conversions,
    minBets: new Map(
      [...conversions].map(([currency, conversion]) => [currency, minBetIn(row.min_bet, conversion)]),
    ),
    rule: ruleOf(row),
    nextDrop,
  };
}

/** Whether an operator's round at `at` is within the campaign: it had joined and not left. */
function memberAt(live: Live, operatorId: string, at: Date): boolean {
  const member = live.members.get(operatorId);
  return (
    member !== undefined &&
    member.joined_at !== null &&
    member.joined_at <= at &&
    (member.left_at === null || at < member.left_at)
  );
}

/** The facts of a money round the qualifying rules read. */
export interface RoundFacts {
  operatorId: string;
  playerId: string;
  sessionId: string;
  gameSymbol: string;
  currency: string;
  at: Date;
  stake: bigint;
  win: bigint;
  roundId: string;
  rules: RuleValues;
}

/**
 * Whether a round qualifies for a campaign (the live scorer and the recompute ask this one
 * question): its operator in, its game, within the period, in a market that allows promotions, a
 * currency the campaign has a rate for, and a stake at or above the minimum bet.
 */
export function qualifies(live: Live, round: RoundFacts): ScoreEvent | null {
  const { row } = live;
  if (round.at < row.starts_at || round.at >= row.ends_at) return null;
  if (!row.games.includes(round.gameSymbol) || !memberAt(live, round.operatorId, round.at)) return null;
  const promotions = promotionRules(round.rules);
  if (!promotions.allowed) return null;
  const conversion = live.conversions.get(round.currency);
  const minBet = live.minBets.get(round.currency);
  if (!conversion || minBet === undefined || round.stake <= 0n || round.stake < minBet) return null;
  return {
    member: memberOf(round.operatorId, round.playerId),
    needsEntry: row.opt_in_required || promotions.optIn,
    round: {
      roundId: round.roundId,
      sessionId: round.sessionId,
      at: round.at.getTime(),
      stake: round.stake,
      win: round.win,
      stakeFine: toCampaignFine(round.stake, conversion),
      winFine: toCampaignFine(round.win, conversion),
    },
  };
}

/** A round of the rounds table as the facts `qualifies` reads (its market's rules from its profile). */
export function factsOf(round: CampaignRoundRow): RoundFacts {
  return {
    operatorId: round.operator_id,
    playerId: round.player_id,
    sessionId: round.session_id,
    gameSymbol: round.game_symbol,
    currency: round.currency,
    at: round.created_at,
    stake: round.stake,
    win: round.win,
    roundId: round.id,
    rules: effectiveRules(profileOf(round.jurisdiction_code)),
  };
}
