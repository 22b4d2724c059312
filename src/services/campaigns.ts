// Tournaments and prize drops (issue 29): staff's campaigns, operators' opt-in, players' entries,
// the live leaderboards (services/leaderboard.ts), the drops landing on rounds, and the freeze
// that turns a tournament's final standings (recomputed from the rounds table, the source of
// truth) into prizes. Which rounds qualify and what they score is campaign-scoring.ts; how a
// campaign, a standing and a prize read, campaign-reading.ts. Prizes are paid by campaign-prizes.ts.
import {
  budgetOf,
  CADENCE_RUN,
  type Cadence,
  type CampaignTerms,
  cadenceStep,
  checkCampaignRequest,
  type DropPrize,
  drawSchedule,
  dropCash,
  type EntryScore,
  emptyEntry,
  memberOf,
  type PlaceSpec,
  placeCash,
  prizeOfPlace,
  scoreRound,
  splitMember,
  toPlayerMinor,
} from '../domain/campaigns.ts';
import { errors } from '../domain/errors.ts';
import { derivedId, newId } from '../domain/ids.ts';
import { checked } from '../domain/jackpot-params.ts';
import type { Conversion } from '../domain/jackpots.ts';
import type { Rng } from '../engine/rng.ts';
import { formatAmount } from '../money.ts';
import type { CampaignRow, CampaignsRepo, DropPointRow, NewPrize } from '../store/campaigns.repo.ts';
import {
  type BoardReader,
  type CampaignView,
  campaignView,
  type PrizeView,
  prizeView,
  type SessionCampaignView,
  type StandingsView,
  type StandingView,
  standingView,
  statusOf,
} from './campaign-reading.ts';
import {
  conversionsOf,
  factsOf,
  type Live,
  liveOf,
  promotionRules,
  qualifies,
  type RoundFacts,
} from './campaign-scoring.ts';
import { type Leaderboard, type ScoreEvent, sortedBoard } from './leaderboard.ts';
import type { RuntimeSession } from './sessions.ts';

// The views are built in campaign-reading.ts; their importers read them here, with the interface.
export type {
  BoardReader,
  CampaignView,
  PlayerCampaignView,
  PrizeView,
  SessionCampaignView,
  StandingsView,
  StandingView,
} from './campaign-reading.ts';

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
  /**
   * The standings recomputed now from the rounds table (the source of truth), as staff, the
   * rehearsal and the benchmark compare them with the live board.
   */
  recomputed(campaignId: string, limit?: number): Promise<StandingsView>;
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
  start(log?: CampaignLog): void;
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

export interface CampaignLog {
  error(value: unknown, message?: string): void;
  info?(value: unknown, message?: string): void;
}

export interface CampaignServiceDeps {
  repo: CampaignsRepo;
  board: Leaderboard;
  /** The certified generator a drop's schedule is drawn from. */
  rng: () => Rng;
  /** Game symbols a campaign may name (the catalog's). */
  games(): readonly string[];
  operatorExists(operatorId: string): Promise<boolean>;
  /**
   * With several clusters: where each operator plays, and this campaign service's cluster. Rounds are
   * scored and prizes paid where they are played, so a campaign's operators are its cluster's.
   */
  placement?: { here: string; clusterOf(operatorId: string): Promise<string> };
  now(): Date;
  /** How long after its end a campaign is frozen: a callback round still waiting for its debit's answer settles first. */
  freezeGraceMs: number;
  /** How often queued rounds are scored (the leaderboard is up to this much behind, plus a poll). */
  flushMs?: number;
}

/** How long a node serves its cached list of live campaigns. */
const CACHE_MS = 2_000;
/** Campaigns shown before they start, and after they were frozen. */
const SHOWN_BEFORE_MS = 24 * 3600_000;
const SHOWN_AFTER_MS = 24 * 3600_000;
/** Rounds a board waiting to be rebuilt keeps queued, and for how long. */
const WAITING_MAX = 20_000;
const WAITING_MS = 5 * 60_000;
/** How far back a rebuild lists the rounds it counted (queued events are younger). */
const INCLUDED_MS = 10 * 60_000;
/**
 * How far back a starting node sends the rounds of running campaigns again: a node killed loses
 * the rounds it had queued (at most a flush's worth), and no node knows which; the board folds a
 * round once, so the ones it has are no-ops.
 */
const RESEND_MS = 2 * 60_000;

/** What the recompute knows of a player beyond the score: where to report a prize, how they played. */
interface PlayerFacts {
  sessionId: string;
  gameSymbol: string;
  currency: string;
  cadence: Cadence | undefined;
}

interface Folded {
  entries: Map<string, EntryScore>;
  facts: Map<string, PlayerFacts>;
  entered: string[];
  included: Array<{ roundId: string; at: number }>;
}

/** Players whose rounds kept one stake and one cadence for CADENCE_RUN rounds or more: shown to staff. */
function flagsOf(folded: Folded) {
  return [...folded.facts]
    .filter(([, facts]) => (facts.cadence?.longest.length ?? 0) >= CADENCE_RUN)
    .map(([member, facts]) => {
      const { operatorId, playerId } = splitMember(member);
      const longest = facts.cadence?.longest as Cadence['longest'];
      return {
        operator_id: operatorId,
        player_id: playerId,
        reason: 'fixed_cadence',
        detail: {
          rounds: longest.length,
          gap_ms: longest.gapMs,
          stake: formatAmount(longest.stake, facts.currency),
          currency: facts.currency,
          from: new Date(longest.from).toISOString(),
        },
      };
    });
}

/** Whether a round at `at` counts for a player who opted in at `since`: the freeze's rule and the drops'. */
function optedInBy(since: Date | undefined, at: Date): boolean {
  return since !== undefined && since <= at;
}

export function createCampaignService(deps: CampaignServiceDeps): CampaignService {
  const { repo, board } = deps;
  let cache: { at: number; live: Live[] } | null = null;
  /** The campaigns of this node's last view (catchUp), null before the first. */
  let seen: Set<string> | null = null;
  let refreshing: { generation: number; promise: Promise<Live[]> } | null = null;
  /** Counts this node's changes to the campaigns: a read begun before the latest is stale. */
  let generation = 0;
  let queue: Array<{ live: Live; event: ScoreEvent; facts: RoundFacts }> = [];
  /** Rounds waiting for the node's first view of the campaigns before they are queued. */
  const enqueuing = new Set<Promise<void>>();
  const waiting = new Map<string, Array<{ event: ScoreEvent; queuedAt: number }>>();
  let timer: NodeJS.Timeout | undefined;
  let freezeTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | null = null;
  let flushAgain: Promise<void> | null = null;
  let log: CampaignLog = { error() {} };

  async function load(): Promise<Live[]> {
    const now = deps.now();
    const rows = await repo.live(now, SHOWN_BEFORE_MS, SHOWN_AFTER_MS);
    const ids = rows.map((row) => row.id);
    const [members, rates, drops] = await Promise.all([
      repo.members(ids),
      repo.rates(ids),
      repo.nextDrops(rows.filter((row) => row.kind === 'drop').map((row) => row.id)),
    ]);
    return rows.map((row) =>
      liveOf(
        row,
        members.filter((member) => member.campaign_id === row.id),
        rates.filter((rate) => rate.campaign_id === row.id),
        drops.get(row.id) ?? null,
      ),
    );
  }

  /**
   * A fresh read of the live campaigns. A read begun before a change this node made (an opt-in, an
   * approval) is not kept, and is not what a caller after the change waits for: a refresh already
   * under way when an operator opted in once put the campaign back without that operator, and its
   * rounds did not score until the next refresh.
   */
  function refresh(): Promise<Live[]> {
    if (refreshing && refreshing.generation === generation) return refreshing.promise;
    const started = generation;
    const promise = load()
      .then((live) => {
        if (started === generation) {
          cache = { at: Date.now(), live };
          catchUp(live);
        }
        return live;
      })
      .finally(() => {
        if (refreshing?.promise === promise) refreshing = null;
      });
    refreshing = { generation: started, promise };
    return promise;
  }

  /**
   * A campaign new to this node's view that has already started (approved on another node less
   * than CACHE_MS before its start, so this node's view was stale across it): the rounds this node
   * played before it saw the campaign were never queued for it, so the campaign's last RESEND_MS of
   * rounds (every node's, from the rounds table) go to its board again; the board folds a round
   * once. A missing board is rebuilt whole when next needed. The first view is start-up's, which
   * resendRecent covers; a read made stale by this node's own change is not a view.
   */
  function catchUp(live: readonly Live[]): void {
    const known = seen;
    seen = new Set(live.map((campaign) => campaign.row.id));
    if (!known) return;
    const fresh = live.filter((campaign) => !known.has(campaign.row.id));
    if (fresh.length === 0) return;
    const caught = resend(fresh, deps.now()).then(
      () => undefined,
      (error: unknown) =>
        log.error({ err: error }, 'campaign rounds could not be sent again to a campaign new to this node'),
    );
    enqueuing.add(caught);
    void caught.finally(() => enqueuing.delete(caught));
  }

  /**
   * Waits for what is on its way to the queue or the boards: rounds waiting for the node's view, and
   * a read of the campaigns under way (its catch-up joins `enqueuing` when it ends).
   */
  async function queued(): Promise<void> {
    while (refreshing || enqueuing.size > 0) {
      await Promise.all([refreshing?.promise.catch(() => {}), ...enqueuing]);
    }
  }

  /** The live campaigns, from this node's cache (refreshed in the background once stale). */
  async function liveCampaigns(): Promise<Live[]> {
    if (cache && Date.now() - cache.at < CACHE_MS) return cache.live;
    if (cache) {
      refresh().catch((error: unknown) => log.error({ err: error }, 'campaign cache refresh failed'));
      return cache.live;
    }
    return refresh();
  }

  function invalidate() {
    cache = null;
    generation += 1;
  }

  // ---- The recompute from the rounds table ----------------------------------------------------

  /** A campaign's scores folded from the rounds table, in time order, with the same rules as live. */
  async function fold(row: CampaignRow, until: Date): Promise<Folded> {
    const [members, rates, entryRows] = await Promise.all([
      repo.members([row.id]),
      repo.rates([row.id]),
      repo.entriesOf(row.id),
    ]);
    const live = liveOf(row, members, rates, null);
    const entries = new Map<string, EntryScore>();
    const facts = new Map<string, PlayerFacts>();
    const optedIn = new Map(
      entryRows.map((entry) => [memberOf(entry.operator_id, entry.player_id), entry.opted_in_at]),
    );
    const included: Folded['included'] = [];
    const recentFrom = until.getTime() - INCLUDED_MS;
    for await (const page of repo.rounds(row, until)) {
      for (const round of page) {
        const event = qualifies(live, factsOf(round));
        if (!event) continue;
        if (event.needsEntry && !optedInBy(optedIn.get(event.member), round.created_at)) continue;
        entries.set(
          event.member,
          scoreRound(entries.get(event.member) ?? emptyEntry(), event.round, live.rule),
        );
        const known = facts.get(event.member);
        facts.set(event.member, {
          sessionId: round.session_id,
          gameSymbol: round.game_symbol,
          currency: round.currency,
          cadence: cadenceStep(known?.cadence, event.round.at, round.stake),
        });
        if (event.round.at >= recentFrom) included.push({ roundId: round.id, at: event.round.at });
      }
    }
    return { entries, facts, entered: [...optedIn.keys()], included };
  }

  /**
   * Rebuilds a board Redis lost (or never had) from the rounds table; one node at a time. A caller
   * that saw the board missing may claim just after another caller's rebuild loaded it (the load
   * gives the claim back): rebuilding again would put back a fold older than the rounds applied
   * since, and they would be lost from the live board.
   */
  async function rebuild(row: CampaignRow): Promise<void> {
    if (!(await board.claimRebuild(row.id, 60_000))) return;
    if (await board.has(row.id)) {
      await board.releaseRebuild(row.id);
      return;
    }
    const folded = await fold(row, deps.now());
    await board.load(row.id, folded.entries, folded.entered, folded.included);
    log.info?.(
      { campaign_id: row.id, players: folded.entries.size },
      'campaign leaderboard rebuilt from the rounds',
    );
  }

  /** The board of a campaign, rebuilt first when it is missing (waits for another node's rebuild). */
  async function ensureBoard(row: CampaignRow): Promise<void> {
    for (let i = 0; i < 50; i++) {
      if (await board.has(row.id)) return;
      await rebuild(row);
      if (await board.has(row.id)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Another node's rebuild is taking long: answer from the board as it stands (possibly empty).
    log.error({ campaign_id: row.id }, 'campaign leaderboard still missing after 5 s');
  }

  // ---- Scoring rounds as they are played ------------------------------------------------------

  async function applyTo(live: Live, events: ScoreEvent[]): Promise<void> {
    const id = live.row.id;
    const held = waiting.get(id);
    const batch = held ? [...held.map((item) => item.event), ...events] : events;
    const now = Date.now();
    const keep = () => {
      const kept = [...(held ?? []), ...events.map((event) => ({ event, queuedAt: now }))]
        .filter((item) => now - item.queuedAt < WAITING_MS)
        .slice(-WAITING_MAX);
      waiting.set(id, kept);
      return kept;
    };
    let result: 'ok' | 'missing';
    try {
      result = await board.apply(id, live.rule, batch);
    } catch (error) {
      // Redis did not answer: the rounds wait here for the next flush (the Lua call is atomic, so
      // a batch is either folded whole or not at all).
      keep();
      throw error;
    }
    if (result === 'ok') {
      waiting.delete(id);
      return;
    }
    const kept = keep();
    await rebuild(live.row);
    if (
      (await board.has(id)) &&
      (await board.apply(
        id,
        live.rule,
        kept.map((item) => item.event),
      )) === 'ok'
    )
      waiting.delete(id);
  }

  /**
   * A due drop point goes to the first qualifying round at or after it (in the order rounds are
   * scored). Whether the player had opted in by the round is read from the entries table, as the
   * freeze reads it, not from the live board: a board being rebuilt (by a player's page reading
   * the drop just after its start) knew no entries, and the point went to a later round.
   */
  async function landDrops(
    live: Live,
    items: Array<{ event: ScoreEvent; facts: RoundFacts }>,
  ): Promise<void> {
    const first = live.nextDrop;
    if (!first) return;
    // Points only move later, so a round before the due one is never due: one read of the entries
    // of the players whose rounds may take a point.
    const due = items.filter(({ event }) => event.needsEntry && event.round.at >= first.getTime());
    const entries = new Map(
      (
        await repo.entriesFor(
          live.row.id,
          due.map(({ facts }) => ({ operatorId: facts.operatorId, playerId: facts.playerId })),
        )
      ).map((entry) => [memberOf(entry.operator_id, entry.player_id), entry.opted_in_at]),
    );
    for (const { event, facts } of items) {
      if (!live.nextDrop || live.nextDrop.getTime() > event.round.at) continue;
      if (event.needsEntry && !optedInBy(entries.get(event.member), facts.at)) continue;
      const conversion = live.conversions.get(facts.currency) as Conversion;
      const stakeInCampaign = (facts.stake * conversion.num) / conversion.den;
      const taken = await repo.takeDrop(
        live.row.id,
        { id: facts.roundId, operatorId: facts.operatorId, playerId: facts.playerId, at: facts.at },
        (point) => {
          const prize = point.prize as DropPrize;
          const base = dropCash(prize, stakeInCampaign, live.row.currency);
          // A multiple of a tiny stake in a small currency can be worth nothing in the player's:
          // the point waits for a round it pays something to (a wallet may refuse a 0.00 credit).
          if (prize.kind !== 'free_rounds' && toPlayerMinor(base, conversion) === 0n) return null;
          return prizeRow(
            live.row,
            'drop',
            point.seq,
            facts,
            prize.kind === 'free_rounds' ? prize.free_rounds : null,
            base,
            conversion,
          );
        },
        deps.now(),
      );
      live.nextDrop = (await repo.nextDrops([live.row.id])).get(live.row.id) ?? null;
      if (taken)
        log.info?.(
          { campaign_id: live.row.id, seq: taken.seq, round_id: facts.roundId },
          'prize drop landed',
        );
    }
  }

  function prizeRow(
    row: CampaignRow,
    source: 'place' | 'drop',
    n: number,
    facts: {
      operatorId: string;
      playerId: string;
      sessionId: string;
      gameSymbol: string;
      currency: string;
      roundId: string | null;
    },
    freeRounds: unknown,
    base: bigint,
    conversion: Conversion,
  ): NewPrize {
    const id = derivedId('prz', row.id, `${source}/${n}`);
    return {
      id,
      campaign_id: row.id,
      source,
      place: source === 'place' ? n : null,
      drop_seq: source === 'drop' ? n : null,
      operator_id: facts.operatorId,
      player_id: facts.playerId,
      currency: facts.currency,
      kind: freeRounds ? 'free_rounds' : 'cash',
      amount: freeRounds ? 0n : toPlayerMinor(base, conversion),
      base_amount: freeRounds ? 0n : base,
      free_rounds: freeRounds ?? null,
      game_symbol: facts.gameSymbol,
      session_id: facts.sessionId,
      round_id: facts.roundId,
      transaction_id: derivedId('tx', id, 'promo_win'),
    };
  }

  async function flushOnce(): Promise<void> {
    const items = queue;
    queue = [];
    const byCampaign = new Map<string, { live: Live; items: typeof items }>();
    for (const item of items) {
      const group = byCampaign.get(item.live.row.id) ?? { live: item.live, items: [] };
      group.items.push(item);
      byCampaign.set(item.live.row.id, group);
    }
    // Boards waiting for a rebuild are retried even when no new round came for them.
    for (const id of waiting.keys()) {
      if (byCampaign.has(id)) continue;
      const live = (await liveCampaigns()).find((candidate) => candidate.row.id === id);
      if (live) byCampaign.set(id, { live, items: [] });
      else waiting.delete(id);
    }
    for (const { live, items: group } of byCampaign.values()) {
      try {
        await applyTo(
          live,
          group.map((item) => item.event),
        );
      } catch (error) {
        log.error({ err: error, campaign_id: live.row.id }, 'campaign scoring failed');
      }
      // Drops land from PostgreSQL alone: a board Redis could not fold into does not pass a
      // due point to a later round.
      if (live.row.kind === 'drop')
        await landDrops(live, group).catch((error: unknown) =>
          log.error({ err: error, campaign_id: live.row.id }, 'prize drops not landed'),
        );
    }
  }

  /**
   * Scores everything queued when it is called. A flush under way took the queue as it stood when
   * it began, so rounds queued since go in one more after it: joining it alone let `settle` return
   * before them (a provider test read 2 players of 3, under load, while the first flush rebuilt the
   * board).
   */
  function flush(): Promise<void> {
    if (!flushing) {
      flushing = flushOnce().finally(() => {
        flushing = null;
      });
      return flushing;
    }
    flushAgain ??= flushing
      .catch(() => {})
      .then(() => {
        flushAgain = null;
        return flush();
      });
    return flushAgain;
  }

  function onRound(session: RuntimeSession, round: RoundForCampaigns): void {
    if (session.row.play_mode === 'demo' || round.free_round_grant_id !== null || round.stake <= 0n) return;
    const facts: RoundFacts = {
      operatorId: session.row.operator_id,
      playerId: session.row.player_id,
      sessionId: session.row.id,
      gameSymbol: session.row.game_symbol,
      currency: session.row.currency,
      at: round.created_at,
      stake: round.stake,
      win: round.win,
      roundId: round.id,
      rules: session.jurisdiction.rules,
    };
    const enqueue = (live: readonly Live[]) => {
      for (const campaign of live) {
        if (campaign.row.status !== 'scheduled') continue;
        const event = qualifies(campaign, facts);
        if (event) queue.push({ live: campaign, event, facts });
      }
    };
    if (cache) {
      enqueue(cache.live);
      if (Date.now() - cache.at >= CACHE_MS)
        refresh().catch((error: unknown) => log.error({ err: error }, 'campaign cache refresh failed'));
    } else {
      // No view of the campaigns yet on this node: the round is queued once it is read.
      const queued = liveCampaigns()
        .then(enqueue)
        .catch((error: unknown) => log.error({ err: error }, 'campaign cache refresh failed'))
        .finally(() => enqueuing.delete(queued));
      enqueuing.add(queued);
    }
  }

  /** At start-up: the running campaigns' last RESEND_MS of rounds, sent again (see RESEND_MS). */
  async function resendRecent(): Promise<number> {
    return resend(await refresh(), deps.now());
  }

  /** The last RESEND_MS of rounds of the running ones of `campaigns`, sent again to their boards. */
  async function resend(campaigns: readonly Live[], now: Date): Promise<number> {
    const since = new Date(now.getTime() - RESEND_MS);
    let sent = 0;
    for (const live of campaigns) {
      if (live.row.status !== 'scheduled' || now < live.row.starts_at) continue;
      // A missing board is rebuilt whole from the rounds when it is next needed.
      if (!(await board.has(live.row.id))) continue;
      for await (const page of repo.rounds(live.row, now, since)) {
        const events = page.flatMap((round) => qualifies(live, factsOf(round)) ?? []);
        for (let i = 0; i < events.length; i += 500)
          await board.apply(live.row.id, live.rule, events.slice(i, i + 500));
        sent += events.length;
      }
    }
    return sent;
  }

  // ---- Freezing a campaign that ended ---------------------------------------------------------

  async function freeze(id: string): Promise<boolean> {
    const row = await repo.find(id);
    if (row?.status !== 'scheduled') return false;
    const folded = await fold(row, row.ends_at);
    const conversions = conversionsOf(row, await repo.rates([id]));
    const standings = sortedBoard(folded.entries);
    const prizes: NewPrize[] = [];
    if (row.kind === 'tournament') {
      const places = (row.prizes as { places: PlaceSpec[] }).places;
      standings.forEach((standing, i) => {
        const place = i + 1;
        const prize = prizeOfPlace(places, place);
        const facts = folded.facts.get(standing.member);
        if (!prize || !facts) return;
        const conversion = conversions.get(facts.currency);
        if (!conversion) return;
        const { operatorId, playerId } = splitMember(standing.member);
        const base = placeCash(prize, row.pool_amount, row.currency);
        const freeRounds = prize.kind === 'free_rounds' ? prize.free_rounds : null;
        const made = prizeRow(
          row,
          'place',
          place,
          { operatorId, playerId, ...facts, roundId: null },
          freeRounds,
          base,
          conversion,
        );
        if (made.kind === 'cash' && made.amount === 0n) return;
        prizes.push(made);
      });
    }
    const flags = flagsOf(folded);
    const frozen = await repo.freeze(
      id,
      row.kind === 'tournament'
        ? standings.map((standing, i) => {
            const { operatorId, playerId } = splitMember(standing.member);
            return {
              place: i + 1,
              operator_id: operatorId,
              player_id: playerId,
              score: standing.score,
              score_at: new Date(standing.at),
              rounds: standing.rounds,
            };
          })
        : [],
      prizes,
      flags,
      deps.now(),
    );
    if (frozen) {
      // The live board becomes the final one: a round a killed node had queued, or one recovery
      // settled after its spin's request died, is on it from now on too.
      await board
        .load(id, folded.entries, folded.entered, [])
        .catch((error: unknown) =>
          log.error(
            { err: error, campaign_id: id },
            'campaign leaderboard not replaced by the final standings',
          ),
        );
      invalidate();
      log.info?.({ campaign_id: id, players: standings.length, prizes: prizes.length }, 'campaign frozen');
    }
    return frozen;
  }

  let freezing: Promise<void> | null = null;

  async function freezeOnce(): Promise<void> {
    const due = await repo.ended(new Date(deps.now().getTime() - deps.freezeGraceMs));
    for (const id of due) {
      try {
        await freeze(id);
      } catch (error) {
        log.error({ err: error, campaign_id: id }, 'campaign freeze failed');
      }
    }
  }

  /** One pass at a time on a node: a caller arriving during the timer's pass waits for it, then runs its own. */
  async function freezeDue(): Promise<void> {
    while (freezing) await freezing.catch(() => {});
    freezing = freezeOnce().finally(() => {
      freezing = null;
    });
    return freezing;
  }

  // ---- Reading ---------------------------------------------------------------------------------

  async function found(campaignId: string): Promise<CampaignRow> {
    const row = /^cmp_[A-Za-z0-9]{1,40}$/.test(campaignId) ? await repo.find(campaignId) : undefined;
    if (!row) throw errors.notFound(`campaign ${campaignId} not found`);
    return row;
  }

  /** The drop points of the ended drops among `rows`, published with their salt. */
  async function pointsFor(rows: readonly CampaignRow[]): Promise<Map<string, DropPointRow[]>> {
    const now = deps.now();
    const ended = rows.filter((row) => row.kind === 'drop' && row.drop_salt !== null && now >= row.ends_at);
    return new Map(
      await Promise.all(ended.map(async (row) => [row.id, await repo.dropPoints(row.id)] as const)),
    );
  }

  async function viewOf(row: CampaignRow): Promise<CampaignView> {
    const [members, rates, points] = await Promise.all([
      repo.members([row.id]),
      repo.rates([row.id]),
      pointsFor([row]),
    ]);
    return campaignView(row, members, rates, deps.now(), points.get(row.id));
  }

  async function standingsOf(row: CampaignRow, reader: BoardReader, limit: number): Promise<StandingsView> {
    const now = deps.now();
    const status = statusOf(row, now);
    if (row.status === 'frozen' && row.kind === 'tournament') {
      const [top, players] = await Promise.all([repo.standings(row.id, limit), repo.standingsCount(row.id)]);
      return {
        campaign_id: row.id,
        status,
        final: true,
        players,
        top: top.map((standing) =>
          standingView(
            row,
            standing.place,
            {
              member: memberOf(standing.operator_id, standing.player_id),
              score: Number(standing.score),
              at: standing.score_at.getTime(),
              rounds: standing.rounds,
            },
            reader,
          ),
        ),
        updated_at: (row.frozen_at ?? now).toISOString(),
      };
    }
    if (row.status === 'scheduled' && now >= row.starts_at) await ensureBoard(row);
    const [top, players] = await Promise.all([board.top(row.id, limit), board.size(row.id)]);
    return {
      campaign_id: row.id,
      status,
      final: false,
      players,
      top: top.map((entry, i) => standingView(row, i + 1, entry, reader)),
      updated_at: now.toISOString(),
    };
  }

  async function meOf(row: CampaignRow, operatorId: string, playerId: string): Promise<StandingView | null> {
    const reader = { operatorId, playerId };
    if (row.status === 'frozen' && row.kind === 'tournament') {
      const standing = await repo.standingOf(row.id, operatorId, playerId);
      return standing
        ? standingView(
            row,
            standing.place,
            {
              member: memberOf(operatorId, playerId),
              score: Number(standing.score),
              at: standing.score_at.getTime(),
              rounds: standing.rounds,
            },
            reader,
          )
        : null;
    }
    const placed = await board.placeOf(row.id, memberOf(operatorId, playerId));
    return placed ? standingView(row, placed.place, placed.entry, reader) : null;
  }

  /** The campaigns a session's game shows: its operator in, its game, a market that allows them. */
  async function sessionCampaigns(session: RuntimeSession): Promise<Live[]> {
    if (session.row.play_mode === 'demo') return [];
    if (!promotionRules(session.jurisdiction.rules).allowed) return [];
    const now = deps.now();
    return (await liveCampaigns()).filter((live) => {
      const member = live.members.get(session.row.operator_id);
      return (
        live.row.games.includes(session.row.game_symbol) &&
        member?.joined_at != null &&
        member.left_at === null &&
        live.conversions.has(session.row.currency) &&
        (live.row.status === 'scheduled' ||
          (live.row.frozen_at !== null && now.getTime() - live.row.frozen_at.getTime() < SHOWN_AFTER_MS))
      );
    });
  }

  async function sessionView(session: RuntimeSession, live: Live): Promise<SessionCampaignView> {
    const { row } = live;
    const operatorId = session.row.operator_id;
    const playerId = session.row.player_id;
    const needsEntry = row.opt_in_required || promotionRules(session.jurisdiction.rules).optIn;
    const [openedIn, prizes] = await Promise.all([
      repo.entryOf(row.id, operatorId, playerId),
      repo.prizes({ operatorId, campaignId: row.id, playerId, limit: 20 }),
    ]);
    const status = statusOf(row, deps.now());
    const entered = openedIn !== null || !needsEntry;
    const started = status !== 'scheduled' && status !== 'pending';
    const standings = started ? await standingsOf(row, { operatorId, playerId }, 10) : null;
    // A player reads neither which other operators a network campaign runs for nor who on staff
    // created and approved it.
    const {
      operators: _operators,
      created_by: _by,
      approved_by: _approver,
      ...campaign
    } = campaignView(
      row,
      [...live.members.values()],
      live.rates,
      deps.now(),
      (await pointsFor([row])).get(row.id),
    );
    return {
      campaign,
      entered,
      can_enter: !entered && (status === 'scheduled' || status === 'running'),
      standings,
      me: started ? await meOf(row, operatorId, playerId) : null,
      prizes: prizes.map((prize) => prizeView(prize, row.kind)),
    };
  }

  return {
    async create(body, createdBy) {
      const now = deps.now();
      const checkedTerms = await checked(() => checkCampaignRequest(body, now, deps.games()));
      if (!checkedTerms.ok) throw checkedTerms.error;
      const terms: CampaignTerms = checkedTerms.value;
      for (const [i, operatorId] of terms.operators.entries()) {
        const field = terms.scope === 'operator' ? 'operator_id' : `operators[${i}]`;
        if (!(await deps.operatorExists(operatorId)))
          throw errors.invalidRequest(`${field}: operator ${operatorId} not found`);
        const cluster = await deps.placement?.clusterOf(operatorId);
        if (cluster !== undefined && cluster !== deps.placement?.here)
          throw errors.invalidRequest(
            `${field}: operator ${operatorId} plays on cluster ${cluster}: a campaign's operators are its cluster's (${deps.placement?.here})`,
          );
      }
      const id = newId('cmp');
      await repo.create({
        row: {
          id,
          kind: terms.kind,
          name: terms.name,
          scope: terms.scope,
          owner_operator_id: terms.ownerOperatorId,
          currency: terms.currency,
          games: terms.games,
          starts_at: terms.startsAt,
          ends_at: terms.endsAt,
          min_bet: terms.minBet,
          scoring: terms.scoring,
          best_n: terms.bestN,
          opt_in_required: terms.optInRequired,
          prizes: terms.prizes,
          pool_amount: terms.poolAmount,
          budget: budgetOf(terms),
          created_by: createdBy,
          created_at: now,
        },
        operators: terms.operators,
        rates: terms.rates,
      });
      return viewOf(await found(id));
    },

    async approve(campaignId, approvedBy) {
      const row = await found(campaignId);
      if (row.status !== 'pending')
        throw errors.conflict(`campaign ${campaignId} is ${row.status}, not pending`);
      if (row.created_by === approvedBy)
        throw errors.conflict('a campaign is approved by a second admin, not by the one who created it');
      const now = deps.now();
      if (row.starts_at <= now)
        throw errors.conflict(
          'the campaign was to start before it was approved; create it again with a later start',
        );
      const drops = (row.prizes as { drops?: Parameters<typeof drawSchedule>[2] }).drops;
      const schedule =
        row.kind === 'drop' && drops
          ? drawSchedule(deps.rng(), row.id, drops, row.starts_at, row.ends_at)
          : null;
      if (!(await repo.approve(campaignId, approvedBy, now, schedule)))
        throw errors.conflict(`campaign ${campaignId} could not be approved (it changed meanwhile)`);
      invalidate();
      return viewOf(await found(campaignId));
    },

    async cancel(campaignId) {
      const row = await found(campaignId);
      if (!(await repo.cancel(row.id, deps.now())))
        throw errors.conflict(
          `campaign ${campaignId} is ${row.status}: only a pending or scheduled one is cancelled`,
        );
      await board.remove(row.id);
      invalidate();
      return viewOf(await found(campaignId));
    },

    async list() {
      const rows = await repo.list();
      const ids = rows.map((row) => row.id);
      const [members, rates, points] = await Promise.all([
        repo.members(ids),
        repo.rates(ids),
        pointsFor(rows),
      ]);
      return rows.map((row) => campaignView(row, members, rates, deps.now(), points.get(row.id)));
    },

    get: async (campaignId) => viewOf(await found(campaignId)),

    async forOperator(operatorId) {
      const rows = await repo.forOperator(operatorId);
      const ids = rows.map((row) => row.id);
      const [members, rates, points] = await Promise.all([
        repo.members(ids),
        repo.rates(ids),
        pointsFor(rows),
      ]);
      // An operator sees its own membership, never which other operators a network campaign invited.
      const own = members.filter((member) => member.operator_id === operatorId);
      return rows.map((row) => campaignView(row, own, rates, deps.now(), points.get(row.id)));
    },

    async optIn(operatorId, campaignId, join) {
      const row = await found(campaignId);
      const members = await repo.members([row.id]);
      const member = members.find((candidate) => candidate.operator_id === operatorId);
      if (!member || row.status === 'pending') throw errors.notFound(`campaign ${campaignId} not found`);
      if (row.scope !== 'network')
        throw errors.conflict('an operator campaign runs for its operator; there is nothing to opt in to');
      const status = statusOf(row, deps.now());
      if (status === 'ended' || status === 'frozen' || status === 'cancelled')
        throw errors.conflict(`campaign ${campaignId} is ${status}`);
      if (!join && status === 'running')
        throw errors.conflict(
          'an operator leaves a campaign before it starts: its players are already scoring',
        );
      await repo.setMember(row.id, operatorId, join, deps.now());
      invalidate();
      const [after, rates] = await Promise.all([repo.members([row.id]), repo.rates([row.id])]);
      return campaignView(
        row,
        after.filter((candidate) => candidate.operator_id === operatorId),
        rates,
        deps.now(),
      );
    },

    async recomputed(campaignId, limit = 100) {
      const row = await found(campaignId);
      const now = deps.now();
      const folded = await fold(row, new Date(Math.min(now.getTime(), row.ends_at.getTime())));
      const board = sortedBoard(folded.entries);
      return {
        campaign_id: row.id,
        status: statusOf(row, now),
        final: false,
        players: board.length,
        top: board.slice(0, limit).map((entry, i) => standingView(row, i + 1, entry, { operatorId: null })),
        updated_at: now.toISOString(),
      };
    },

    async standings(campaignId, reader, limit = 10) {
      const row = await found(campaignId);
      if (reader.operatorId !== null) {
        const member = (await repo.members([row.id])).find(
          (candidate) => candidate.operator_id === reader.operatorId,
        );
        if (!member || row.status === 'pending') throw errors.notFound(`campaign ${campaignId} not found`);
      }
      return standingsOf(row, reader, Math.min(Math.max(1, limit), 100));
    },

    async forSession(session) {
      const live = await sessionCampaigns(session);
      return Promise.all(live.map((campaign) => sessionView(session, campaign)));
    },

    async enter(session, campaignId) {
      if (session.row.play_mode === 'demo')
        throw errors.forbidden('demo play never takes part in a campaign');
      const pick = async () =>
        (await sessionCampaigns(session)).find((campaign) => campaign.row.id === campaignId);
      // A campaign approved on another node in the last two seconds is not in this node's view yet.
      let live = await pick();
      if (!live) {
        await refresh();
        live = await pick();
      }
      if (!live) throw errors.notFound(`campaign ${campaignId} not found for this game`);
      const status = statusOf(live.row, deps.now());
      if (status !== 'scheduled' && status !== 'running')
        throw errors.conflict(`campaign ${campaignId} is ${status}`);
      await repo.enter(live.row.id, session.row.operator_id, session.row.player_id, deps.now());
      if (await board.has(live.row.id))
        await board.enter(live.row.id, memberOf(session.row.operator_id, session.row.player_id));
      return sessionView(session, live);
    },

    onRound,

    async prizes(operatorId, filter) {
      const rows = await repo.prizes({ operatorId, ...filter });
      const kinds = new Map<string, CampaignRow['kind']>();
      for (const prize of rows)
        if (!kinds.has(prize.campaign_id))
          kinds.set(prize.campaign_id, (await repo.find(prize.campaign_id))?.kind ?? 'tournament');
      return rows.map((prize) => prizeView(prize, kinds.get(prize.campaign_id) ?? 'tournament'));
    },

    async flags(campaignId) {
      const row = await found(campaignId);
      if (row.status === 'scheduled' && deps.now() >= row.starts_at) {
        // A running campaign is looked at now: the same scan the freeze runs.
        const folded = await fold(row, deps.now());
        const flagged = flagsOf(folded);
        await repo.addFlags(row.id, flagged, deps.now());
      }
      return (await repo.flags(row.id)).map((flag) => ({
        operator_id: flag.operator_id,
        player_id: flag.player_id,
        reason: flag.reason,
        detail: flag.detail,
        flagged_at: flag.flagged_at.toISOString(),
      }));
    },

    start(logTo) {
      if (logTo) log = logTo;
      const flushMs = deps.flushMs ?? 200;
      const tick = () => {
        timer = setTimeout(() => {
          flush()
            .catch((error: unknown) => log.error({ err: error }, 'campaign scoring failed'))
            .finally(tick);
        }, flushMs);
        timer.unref();
      };
      const freezeTick = () => {
        freezeTimer = setTimeout(() => {
          freezeDue()
            .catch((error: unknown) => log.error({ err: error }, 'campaign freeze failed'))
            .finally(freezeTick);
        }, 1000);
        freezeTimer.unref();
      };
      resendRecent()
        .then((sent) => {
          if (sent > 0)
            log.info?.({ rounds: sent }, 'campaign rounds of the last 2 minutes sent again at start-up');
        })
        .catch((error: unknown) =>
          log.error({ err: error }, 'campaign rounds could not be sent again at start-up'),
        )
        .finally(() => {
          tick();
          freezeTick();
        });
    },

    async stop() {
      clearTimeout(timer);
      clearTimeout(freezeTimer);
      await queued();
      await flush().catch(() => {});
      await board.close();
    },

    async settle() {
      await queued();
      await flush();
      await freezeDue();
    },
  };
}
