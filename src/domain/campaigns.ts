// Tournaments and prize drops (issue 29), pure: a campaign's terms as staff write them (every field
// checked with a problem that names it), how a player's qualifying rounds make a score, in which
// order scores place, what each place wins, and a drop's schedule drawn and committed before start.
//
// A score is folded from the player's qualifying rounds in time order (`scoreRound`): the live
// leaderboard (services/leaderboard.ts, in Redis or in the process) and the recompute from the
// rounds table run this same fold, so the two agree. Ratios are IEEE doubles of exact integers
// (each below 2^53), computed the same way in both: equal inputs give bit-equal scores.

import { createHash } from 'node:crypto';
import type { Rng } from '../engine/rng.ts';
import { betLadder, getGame } from '../games/index.ts';
import { formatAmount, parseAmount } from '../money.ts';
import { amountOf, bad, currencyOf, isObject, onlyFields, optional, rateOf, text } from './jackpot-params.ts';
import { type Conversion, drawBelow, FINE_PER_MINOR } from './jackpots.ts';

export type CampaignKind = 'tournament' | 'drop';
export type Scoring = 'max_multiplier' | 'best_n_ratio' | 'total_bet' | 'qualifying_rounds';
export const SCORINGS: readonly Scoring[] = [
  'max_multiplier',
  'best_n_ratio',
  'total_bet',
  'qualifying_rounds',
];

/** Two sessions of one player: a round within this long of another session's round does not score. */
export const SESSION_HOLD_MS = 30_000;
/** Longest best-N list: a player's best rounds are kept whole in the leaderboard. */
export const MAX_BEST_N = 50;
/** Places a prize table may name. */
export const MAX_PLACES = 10_000;
/** Prizes a drop may hold. */
export const MAX_DROP_PRIZES = 10_000;

/** A free-rounds prize: a grant of `rounds` rounds of `game` at the bet (coin × bet level). */
export interface FreeRoundsPrize {
  game: string;
  rounds: number;
  coin: string;
  bet_level: number;
}

/** A place's prize as stored: cash (campaign currency minor units), free rounds, or a pool share. */
export type PlacePrize =
  | { kind: 'cash'; amount: string }
  | { kind: 'free_rounds'; free_rounds: FreeRoundsPrize }
  | { kind: 'pool_share'; share_ppm: number };

export interface PlaceSpec {
  from: number;
  to: number;
  prize: PlacePrize;
}

/**
 * A drop's prizes: `count` of each; cash is a fixed amount, or `multiplier` × the winning round's
 * bet with the bet counted up to `bet_cap` (both in the campaign's currency), or free rounds.
 */
export type DropPrize =
  | { kind: 'cash'; amount: string }
  | { kind: 'bet_multiple'; multiplier: number; bet_cap: string }
  | { kind: 'free_rounds'; free_rounds: FreeRoundsPrize };

export interface DropSpec {
  count: number;
  prize: DropPrize;
}

export type PrizeSpec = { places: PlaceSpec[] } | { drops: DropSpec[] };

/** A campaign's terms, checked. Amounts in minor units of `currency`. */
export interface CampaignTerms {
  kind: CampaignKind;
  name: string;
  scope: 'operator' | 'network';
  ownerOperatorId: string | null;
  currency: string;
  games: string[];
  startsAt: Date;
  endsAt: Date;
  minBet: bigint;
  scoring: Scoring | null;
  bestN: number | null;
  optInRequired: boolean;
  prizes: PrizeSpec;
  poolAmount: bigint;
  rates: Array<{ currency: string; rate: string }>;
  /** Network: the operators invited (each opts in through the provider API); operator: the owner. */
  operators: string[];
}

export const CAMPAIGN_FIELDS = [
  'kind',
  'name',
  'scope',
  'operator_id',
  'operators',
  'currency',
  'games',
  'starts_at',
  'ends_at',
  'min_bet',
  'scoring',
  'best_n',
  'opt_in_required',
  'places',
  'drops',
  'pool_amount',
  'rates',
] as const;

function intOf(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return bad(field, `a whole number from ${min} to ${max}`);
  return value;
}

function dateOf(value: unknown, field: string): Date {
  const raw = text(value, field);
  const date = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(date.getTime()))
    return bad(field, 'an ISO 8601 date-time with its offset, e.g. "2026-12-01T18:00:00Z"');
  return date;
}

function freeRoundsOf(value: unknown, games: readonly string[], field: string): FreeRoundsPrize {
  if (!isObject(value)) return bad(field, 'an object: { game, rounds, coin, bet_level }');
  onlyFields(value, ['game', 'rounds', 'coin', 'bet_level'], `${field}.`);
  const game = text(value.game, `${field}.game`);
  if (!games.includes(game)) bad(`${field}.game`, `"${game}" is not one of the campaign's games`);
  const coin = text(value.coin, `${field}.coin`);
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(coin)) bad(`${field}.coin`, 'a decimal coin value, e.g. "0.10"');
  return {
    game,
    rounds: intOf(value.rounds, `${field}.rounds`, 1, 1000),
    coin,
    bet_level: intOf(value.bet_level ?? 1, `${field}.bet_level`, 1, 100),
  };
}

function placePrizeOf(value: unknown, currency: string, games: readonly string[], field: string): PlacePrize {
  if (!isObject(value)) return bad(field, 'an object with kind cash, free_rounds or pool_share');
  const kind = text(value.kind, `${field}.kind`);
  switch (kind) {
    case 'cash':
      onlyFields(value, ['kind', 'amount'], `${field}.`);
      amountOf(value.amount, currency, `${field}.amount`);
      return { kind, amount: value.amount as string };
    case 'free_rounds':
      onlyFields(value, ['kind', 'free_rounds'], `${field}.`);
      return { kind, free_rounds: freeRoundsOf(value.free_rounds, games, `${field}.free_rounds`) };
    case 'pool_share': {
      onlyFields(value, ['kind', 'share_percent'], `${field}.`);
      const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text(value.share_percent, `${field}.share_percent`));
      const ppm = match ? Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0')) : -1;
      if (ppm <= 0 || ppm > 1_000_000)
        bad(`${field}.share_percent`, 'a percentage of the pool above 0 and at most 100, e.g. "12.5"');
      return { kind, share_ppm: ppm };
    }
    default:
      return bad(`${field}.kind`, 'one of cash, free_rounds, pool_share');
  }
}

function dropPrizeOf(value: unknown, currency: string, games: readonly string[], field: string): DropPrize {
  if (!isObject(value)) return bad(field, 'an object with kind cash, bet_multiple or free_rounds');
  const kind = text(value.kind, `${field}.kind`);
  switch (kind) {
    case 'cash':
      onlyFields(value, ['kind', 'amount'], `${field}.`);
      if (amountOf(value.amount, currency, `${field}.amount`) <= 0n)
        bad(`${field}.amount`, 'must be above 0');
      return { kind, amount: value.amount as string };
    case 'bet_multiple':
      onlyFields(value, ['kind', 'multiplier', 'bet_cap'], `${field}.`);
      if (amountOf(value.bet_cap, currency, `${field}.bet_cap`) <= 0n)
        bad(`${field}.bet_cap`, 'must be above 0');
      return {
        kind,
        multiplier: intOf(value.multiplier, `${field}.multiplier`, 1, 100_000),
        bet_cap: value.bet_cap as string,
      };
    case 'free_rounds':
      onlyFields(value, ['kind', 'free_rounds'], `${field}.`);
      return { kind, free_rounds: freeRoundsOf(value.free_rounds, games, `${field}.free_rounds`) };
    default:
      return bad(`${field}.kind`, 'one of cash, bet_multiple, free_rounds');
  }
}

/** The most a drop prize can pay in cash (campaign minor units). */
export function dropPrizeCeiling(prize: DropPrize, currency: string): bigint {
  if (prize.kind === 'cash') return amountOf(prize.amount, currency, 'amount');
  if (prize.kind === 'bet_multiple')
    return BigInt(prize.multiplier) * amountOf(prize.bet_cap, currency, 'bet_cap');
  return 0n;
}

/** The cash a campaign can pay at most: its budget, which a second admin approves. */
export function budgetOf(terms: Pick<CampaignTerms, 'prizes' | 'poolAmount' | 'currency'>): bigint {
  const { prizes } = terms;
  if ('drops' in prizes)
    return prizes.drops.reduce(
      (sum, drop) => sum + BigInt(drop.count) * dropPrizeCeiling(drop.prize, terms.currency),
      0n,
    );
  let total = 0n;
  let shares = 0;
  for (const place of prizes.places) {
    const count = BigInt(place.to - place.from + 1);
    if (place.prize.kind === 'cash') total += count * amountOf(place.prize.amount, terms.currency, 'amount');
    if (place.prize.kind === 'pool_share') shares += place.prize.share_ppm * (place.to - place.from + 1);
  }
  return total + (shares > 0 ? terms.poolAmount : 0n);
}

/**
 * A campaign request from staff, every field checked; `now` bounds the start (a campaign is
 * created before it starts, so its drop schedule can be committed first).
 */
export function checkCampaignRequest(body: unknown, now: Date, knownGames: readonly string[]): CampaignTerms {
  if (!isObject(body)) return bad('body', 'a JSON object');
  onlyFields(body, CAMPAIGN_FIELDS);
  const kind = text(body.kind, 'kind');
  if (kind !== 'tournament' && kind !== 'drop') bad('kind', 'one of tournament, drop');
  const name = text(body.name, 'name').trim();
  if (name.length < 3 || name.length > 80) bad('name', '3 to 80 characters');
  const scope = text(body.scope, 'scope');
  if (scope !== 'operator' && scope !== 'network') bad('scope', 'one of operator, network');
  const currency = currencyOf(body.currency, 'currency');
  if (!Array.isArray(body.games) || body.games.length === 0) bad('games', 'a non-empty list of game symbols');
  const games = (body.games as unknown[]).map((game, i) => {
    const symbol = text(game, `games[${i}]`);
    if (!knownGames.includes(symbol)) bad(`games[${i}]`, `"${symbol}" is not a game of the catalog`);
    return symbol;
  });
  if (new Set(games).size !== games.length) bad('games', 'names a game twice');
  const startsAt = dateOf(body.starts_at, 'starts_at');
  const endsAt = dateOf(body.ends_at, 'ends_at');
  if (startsAt.getTime() < now.getTime())
    bad('starts_at', 'must be in the future (a drop is committed before it starts)');
  if (endsAt.getTime() <= startsAt.getTime()) bad('ends_at', 'must be after starts_at');
  if (endsAt.getTime() - startsAt.getTime() > 92 * 86_400_000)
    bad('ends_at', 'a campaign runs at most 92 days');
  const minBet = optional(body.min_bet, (v) => amountOf(v, currency, 'min_bet')) ?? 0n;
  let operators: string[];
  let ownerOperatorId: string | null = null;
  if (scope === 'operator') {
    ownerOperatorId = text(body.operator_id, 'operator_id');
    if (body.operators !== undefined) bad('operators', 'only a network campaign has operators');
    operators = [ownerOperatorId];
  } else {
    if (body.operator_id !== undefined) bad('operator_id', 'a network campaign names operators instead');
    if (!Array.isArray(body.operators) || body.operators.length === 0)
      bad('operators', 'a non-empty list of operator ids');
    operators = (body.operators as unknown[]).map((op, i) => text(op, `operators[${i}]`));
    if (new Set(operators).size !== operators.length) bad('operators', 'names an operator twice');
  }
  const rates: Array<{ currency: string; rate: string }> = [];
  if (body.rates !== undefined) {
    if (!isObject(body.rates)) bad('rates', 'an object: { "<currency>": "<rate>" }');
    for (const [code, rate] of Object.entries(body.rates as Record<string, unknown>)) {
      currencyOf(code, `rates.${code}`);
      if (code === currency) bad(`rates.${code}`, 'the campaign currency needs no rate');
      rates.push({ currency: code, rate: rateOf(rate, code, currency, `rates.${code}`) });
    }
  }
  const optInRequired = body.opt_in_required === undefined ? true : body.opt_in_required;
  if (typeof optInRequired !== 'boolean') bad('opt_in_required', 'true or false');
  let scoring: Scoring | null = null;
  let bestN: number | null = null;
  let prizes: PrizeSpec;
  let poolAmount = 0n;
  if (kind === 'tournament') {
    const wanted = text(body.scoring, 'scoring');
    if (!SCORINGS.includes(wanted as Scoring)) bad('scoring', `one of ${SCORINGS.join(', ')}`);
    scoring = wanted as Scoring;
    if (scoring === 'best_n_ratio') bestN = intOf(body.best_n, 'best_n', 1, MAX_BEST_N);
    else if (body.best_n !== undefined) bad('best_n', 'only best_n_ratio counts the best N rounds');
    if (body.drops !== undefined) bad('drops', 'a tournament has places');
    if (!Array.isArray(body.places) || body.places.length === 0)
      bad('places', 'a non-empty list of { from, to, prize }');
    let next = 1;
    const places = (body.places as unknown[]).map((entry, i) => {
      const at = `places[${i}]`;
      if (!isObject(entry)) return bad(at, 'an object: { from, to, prize }');
      onlyFields(entry, ['from', 'to', 'prize'], `${at}.`);
      const from = intOf(entry.from, `${at}.from`, 1, MAX_PLACES);
      const to = intOf(entry.to ?? from, `${at}.to`, from, MAX_PLACES);
      if (from !== next) bad(`${at}.from`, `places run on without a gap: expected ${next}`);
      next = to + 1;
      return { from, to, prize: placePrizeOf(entry.prize, currency, games, `${at}.prize`) };
    });
    prizes = { places };
    const shares = places.reduce(
      (sum, place) =>
        sum + (place.prize.kind === 'pool_share' ? place.prize.share_ppm * (place.to - place.from + 1) : 0),
      0,
    );
    if (shares > 1_000_000) bad('places', 'the pool shares add up to more than 100 %');
    if (shares > 0) {
      poolAmount = amountOf(body.pool_amount, currency, 'pool_amount');
      if (poolAmount <= 0n) bad('pool_amount', 'must be above 0 when a place has a pool share');
    } else if (body.pool_amount !== undefined) bad('pool_amount', 'no place has a pool share');
  } else {
    if (body.scoring !== undefined) bad('scoring', 'a drop does not score');
    if (body.places !== undefined) bad('places', 'a drop has drops');
    if (body.pool_amount !== undefined) bad('pool_amount', 'a drop has no pool');
    if (!Array.isArray(body.drops) || body.drops.length === 0)
      bad('drops', 'a non-empty list of { count, prize }');
    let total = 0;
    const drops = (body.drops as unknown[]).map((entry, i) => {
      const at = `drops[${i}]`;
      if (!isObject(entry)) return bad(at, 'an object: { count, prize }');
      onlyFields(entry, ['count', 'prize'], `${at}.`);
      const count = intOf(entry.count, `${at}.count`, 1, MAX_DROP_PRIZES);
      total += count;
      return { count, prize: dropPrizeOf(entry.prize, currency, games, `${at}.prize`) };
    });
    if (total > MAX_DROP_PRIZES) bad('drops', `at most ${MAX_DROP_PRIZES} prizes`);
    prizes = { drops };
  }
  checkFreeRoundsPrizes(prizes, currency, rates.length > 0);
  return {
    kind: kind as CampaignKind,
    name,
    scope: scope as 'operator' | 'network',
    ownerOperatorId,
    currency,
    games,
    startsAt,
    endsAt,
    minBet,
    scoring,
    bestN,
    optInRequired: optInRequired as boolean,
    prizes,
    poolAmount,
    rates,
    operators,
  };
}

/**
 * A free-rounds prize is a grant in the campaign's currency at a coin and bet level its game offers
 * in that currency; so it is offered only by a campaign of one currency (no rates): a coin does not
 * convert into another currency's ladder.
 */
function checkFreeRoundsPrizes(prizes: PrizeSpec, currency: string, hasRates: boolean): void {
  const rows = 'places' in prizes ? prizes.places : prizes.drops;
  const list = 'places' in prizes ? 'places' : 'drops';
  rows.forEach((row, i) => {
    if (row.prize.kind !== 'free_rounds') return;
    const at = `${list}[${i}].prize`;
    if (hasRates)
      bad(
        at,
        'a free-rounds prize is for a campaign of one currency (no rates): its coin is a coin of that currency',
      );
    const { game: symbol, coin, bet_level: betLevel } = row.prize.free_rounds;
    const game = getGame(symbol);
    if (!game) {
      bad(`${at}.free_rounds.game`, `"${symbol}" is not a game of the catalog`);
      return;
    }
    const ladder = betLadder(game, currency);
    const minor = parseAmount(coin, currency);
    if (!minor.ok || !ladder.coinValues.includes(minor.minor))
      bad(`${at}.free_rounds.coin`, `${coin} is not one of the coin values of ${symbol} in ${currency}`);
    if (!ladder.betLevels.includes(betLevel))
      bad(`${at}.free_rounds.bet_level`, `${betLevel} is not a bet level of ${symbol}`);
  });
}

// ---- Conversions between a player's currency and the campaign's ---------------------------------

/** A player's minor units in the campaign's fine units (millionths of a minor unit), rounded down. */
export function toCampaignFine(amount: bigint, conversion: Conversion): bigint {
  return (amount * conversion.num * FINE_PER_MINOR) / conversion.den;
}

/** The campaign's minor units in a player's currency, rounded down (a prize never pays more). */
export function toPlayerMinor(amount: bigint, conversion: Conversion): bigint {
  return (amount * conversion.den) / conversion.num;
}

/** The minimum bet in a player's currency: the smallest stake worth at least the campaign's minimum. */
export function minBetIn(minBet: bigint, conversion: Conversion): bigint {
  const num = minBet * conversion.den;
  return (num + conversion.num - 1n) / conversion.num;
}

// ---- Scores -----------------------------------------------------------------------------------

/** A qualifying round as the fold reads it (amounts: the player's minor units and the campaign's fine). */
export interface ScoredRound {
  roundId: string;
  sessionId: string;
  /** Milliseconds since the epoch. */
  at: number;
  stake: bigint;
  win: bigint;
  stakeFine: bigint;
  winFine: bigint;
}

export interface BestRound {
  ratio: number;
  winFine: bigint;
  stakeFine: bigint;
  at: number;
}

/** A player's standing in a campaign: their score and when they reached it, and the fold's memory. */
export interface EntryScore {
  score: number;
  /** When the score was reached (ms): the earlier of two equal scores places first. */
  at: number;
  /** Rounds that scored. */
  rounds: number;
  lastSession: string;
  lastAt: number;
  stakeFine: bigint;
  winFine: bigint;
  best: BestRound[];
}

export interface ScoringRule {
  scoring: Scoring;
  bestN: number | null;
}

/** A player's best rounds in order: the higher multiplier, then the earlier, then the larger stake and win. */
export function bestFirst(a: BestRound, b: BestRound): number {
  return (
    b.ratio - a.ratio ||
    a.at - b.at ||
    (b.stakeFine > a.stakeFine ? 1 : b.stakeFine < a.stakeFine ? -1 : 0) ||
    (b.winFine > a.winFine ? 1 : b.winFine < a.winFine ? -1 : 0)
  );
}

export function emptyEntry(): EntryScore {
  return { score: 0, at: 0, rounds: 0, lastSession: '', lastAt: 0, stakeFine: 0n, winFine: 0n, best: [] };
}

/** A round's multiplier: its win over its stake, a double of two exact integers. */
export const ratioOf = (win: bigint, stake: bigint): number => Number(win) / Number(stake);

/**
 * One qualifying round folded into a player's score (a new object; `entry` is not changed). A
 * round within SESSION_HOLD_MS of the player's previous round from another session does not score:
 * a player cannot score from two sessions at once.
 */
export function scoreRound(entry: EntryScore, round: ScoredRound, rule: ScoringRule): EntryScore {
  // A round older than the player's last (one a node sends again after a crash) scores as it would
  // have in its place, as far as the state kept allows: it moves neither the session hold nor the
  // time a score was reached past a later round's. In time order, `late` is never true.
  const late = round.at < entry.lastAt;
  const blocked =
    !late &&
    entry.lastSession !== '' &&
    entry.lastSession !== round.sessionId &&
    round.at - entry.lastAt < SESSION_HOLD_MS;
  const next: EntryScore = late ? { ...entry } : { ...entry, lastSession: round.sessionId, lastAt: round.at };
  if (blocked) return next;
  next.rounds = entry.rounds + 1;
  next.stakeFine = entry.stakeFine + round.stakeFine;
  next.winFine = entry.winFine + round.winFine;
  const first = entry.rounds === 0;
  const reached = Math.max(entry.at, round.at);
  switch (rule.scoring) {
    case 'total_bet':
      next.score = Number(next.stakeFine);
      next.at = reached;
      break;
    case 'qualifying_rounds':
      next.score = next.rounds;
      next.at = reached;
      break;
    case 'max_multiplier': {
      const ratio = ratioOf(round.win, round.stake);
      if (first || ratio > entry.score || (ratio === entry.score && round.at < entry.at)) {
        next.score = ratio;
        next.at = round.at;
      }
      break;
    }
    case 'best_n_ratio': {
      const n = rule.bestN ?? 1;
      const ratio = ratioOf(round.winFine, round.stakeFine);
      const best = [
        ...entry.best,
        { ratio, winFine: round.winFine, stakeFine: round.stakeFine, at: round.at },
      ];
      best.sort(bestFirst);
      if (best.length > n) best.length = n;
      next.best = best;
      let win = 0n;
      let stake = 0n;
      for (const kept of best) {
        win += kept.winFine;
        stake += kept.stakeFine;
      }
      const score = stake === 0n ? 0 : ratioOf(win, stake);
      if (first || score !== entry.score) {
        next.score = score;
        next.at = reached;
      }
      break;
    }
  }
  return next;
}

/**
 * The order of standings: higher score first, then the earlier one, then (a tie to the
 * millisecond) the greater member text, which is the order a Redis sorted set keeps them in.
 */
export function placesBefore(
  a: { score: number; at: number; member: string },
  b: { score: number; at: number; member: string },
): number {
  return b.score - a.score || a.at - b.at || (a.member > b.member ? -1 : a.member < b.member ? 1 : 0);
}

/** A leaderboard member: operator and player, one text (no operator id holds a colon). */
export const memberOf = (operatorId: string, playerId: string): string => `${operatorId}:${playerId}`;

export function splitMember(member: string): { operatorId: string; playerId: string } {
  const at = member.indexOf(':');
  return { operatorId: member.slice(0, at), playerId: member.slice(at + 1) };
}

/** A score as a player reads it. */
export function scoreText(scoring: Scoring, score: number, currency: string): string {
  switch (scoring) {
    case 'max_multiplier':
    case 'best_n_ratio':
      // Rounded down to the cent of a multiplier, read from 12 significant digits: 2.05 is 204.99999…
      // hundredths as a double.
      return `${(Math.floor(Number((score * 100).toPrecision(12))) / 100).toFixed(2)}x`;
    case 'total_bet':
      // A whole number of fine units (a sum of bigints, held as a double for the sorted set): exact
      // up to 2^53 fine units, some 9 billion minor units a player. Past that the sum has rounded,
      // and a wrong amount is never shown: the read fails instead of printing it.
      if (!Number.isSafeInteger(score))
        throw new RangeError(`a total bet of ${score} fine units is past exact: not shown as money`);
      return formatAmount(BigInt(score) / FINE_PER_MINOR, currency);
    case 'qualifying_rounds':
      return String(score);
  }
}

// ---- Prizes -----------------------------------------------------------------------------------

/** The prize of a place, or null past the table. */
export function prizeOfPlace(places: readonly PlaceSpec[], place: number): PlacePrize | null {
  for (const spec of places) if (place >= spec.from && place <= spec.to) return spec.prize;
  return null;
}

/** A place's cash in the campaign currency: its amount, or its share of the pool (rounded down). */
export function placeCash(prize: PlacePrize, poolAmount: bigint, currency: string): bigint {
  if (prize.kind === 'cash') return amountOf(prize.amount, currency, 'amount');
  if (prize.kind === 'pool_share') return (poolAmount * BigInt(prize.share_ppm)) / 1_000_000n;
  return 0n;
}

/** A drop prize's cash for the round that took it: the multiple of its bet up to the cap. */
export function dropCash(prize: DropPrize, stakeInCampaign: bigint, currency: string): bigint {
  if (prize.kind === 'cash') return amountOf(prize.amount, currency, 'amount');
  if (prize.kind === 'bet_multiple') {
    const cap = amountOf(prize.bet_cap, currency, 'bet_cap');
    return BigInt(prize.multiplier) * (stakeInCampaign < cap ? stakeInCampaign : cap);
  }
  return 0n;
}

// ---- A drop's schedule ------------------------------------------------------------------------

export interface DropPoint {
  seq: number;
  at: Date;
  prize: DropPrize;
}

/** JSON with every object's keys in alphabetical order: one text for a value, however it was stored. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The text a drop's schedule is committed as: anyone can hash it again once the salt is revealed. */
export function scheduleText(campaignId: string, points: readonly DropPoint[], salt: string): string {
  const lines = points.map((point) => `${point.seq}|${point.at.toISOString()}|${canonicalJson(point.prize)}`);
  return `reelforge-drop-schedule:v1|${campaignId}|${salt}\n${lines.join('\n')}`;
}

export function scheduleCommit(campaignId: string, points: readonly DropPoint[], salt: string): string {
  return createHash('sha256')
    .update(scheduleText(campaignId, points, salt))
    .digest('hex');
}

/**
 * A drop's schedule: each prize at a moment drawn uniformly, to the second, over the campaign,
 * from the certified RNG; points in time order (seq 1 first). Drawn and committed at approval,
 * before the campaign starts: who plays never chooses where a prize lands.
 */
export function drawSchedule(
  rng: Rng,
  campaignId: string,
  drops: readonly DropSpec[],
  startsAt: Date,
  endsAt: Date,
): { points: DropPoint[]; salt: string; commit: string } {
  const start = startsAt.getTime() - (startsAt.getTime() % 1000);
  const seconds = BigInt(Math.max(1, Math.floor((endsAt.getTime() - start) / 1000)));
  const drawn: Array<{ at: number; prize: DropPrize }> = [];
  for (const drop of drops)
    for (let i = 0; i < drop.count; i++) {
      let at = start + Number(drawBelow(rng, seconds)) * 1000;
      if (at < startsAt.getTime()) at += 1000;
      drawn.push({ at, prize: drop.prize });
    }
  drawn.sort((a, b) => a.at - b.at);
  const points = drawn.map((point, i) => ({ seq: i + 1, at: new Date(point.at), prize: point.prize }));
  let salt = '';
  for (let i = 0; i < 4; i++) salt += rng.int(4294967296).toString(16).padStart(8, '0');
  return { points, salt, commit: scheduleCommit(campaignId, points, salt) };
}

// ---- Fair play --------------------------------------------------------------------------------

/** Rounds in a row at one stake and one cadence that staff are shown. */
export const CADENCE_RUN = 200;
/** How far apart two gaps may be and still count as one cadence. */
export const CADENCE_TOLERANCE_MS = 150;

/** A player's cadence so far: the run of rounds at one stake and one gap, and the longest such run. */
export interface Cadence {
  runFrom: number;
  length: number;
  /** The run's gap (ms), -1 while the run is one round. */
  gap: number;
  stake: bigint;
  lastAt: number;
  longest: { length: number; gapMs: number; stake: bigint; from: number };
}

/**
 * One more round (in time order) of a player: the run goes on while the stake holds and each gap
 * stays within CADENCE_TOLERANCE_MS of the run's first; a bot or bet-farming script plays like that
 * for hours, a person does not. A broken cadence at the same stake starts the next run at the round
 * before.
 */
export function cadenceStep(cadence: Cadence | undefined, at: number, stake: bigint): Cadence {
  let next: Cadence;
  if (!cadence) {
    next = {
      runFrom: at,
      length: 1,
      gap: -1,
      stake,
      lastAt: at,
      longest: { length: 0, gapMs: 0, stake, from: at },
    };
  } else {
    const gap = at - cadence.lastAt;
    if (stake === cadence.stake && (cadence.gap < 0 || Math.abs(gap - cadence.gap) <= CADENCE_TOLERANCE_MS)) {
      next = { ...cadence, length: cadence.length + 1, gap: cadence.gap < 0 ? gap : cadence.gap, lastAt: at };
    } else if (stake === cadence.stake) {
      next = { ...cadence, runFrom: cadence.lastAt, length: 2, gap, lastAt: at };
    } else {
      next = { ...cadence, runFrom: at, length: 1, gap: -1, stake, lastAt: at };
    }
  }
  if (next.length > next.longest.length)
    next.longest = {
      length: next.length,
      gapMs: Math.max(0, next.gap),
      stake: next.stake,
      from: next.runFrom,
    };
  return next;
}

/** The longest run of rounds at one stake and cadence in a player's rounds (in time order). */
export function longestCadenceRun(rounds: ReadonlyArray<{ at: number; stake: bigint }>): Cadence['longest'] {
  let cadence: Cadence | undefined;
  for (const round of rounds) cadence = cadenceStep(cadence, round.at, round.stake);
  return cadence?.longest ?? { length: 0, gapMs: 0, stake: 0n, from: 0 };
}
