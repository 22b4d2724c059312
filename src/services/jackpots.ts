// Jackpots (issue 28): which pools a round feeds and what it adds to them (the spin path, from a
// cached view of the pools), the live meters for the game, the operator and staff, the creation of
// pools, and the sealer that chains pending entries into each pool's public ledger and draws the
// must-drop points before they can be reached.

import { errors } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import {
  type Conversion,
  commitText,
  contributionOf,
  conversionOf,
  drawTimeDrop,
  drawTimePoint,
  drawValueDrop,
  drawValuePoint,
  entryHash,
  FINE_PER_MINOR,
  ledgerBody,
  merklePath,
  merkleRoot,
  ppmAsPercent,
  progressiveHit,
  SAME_CURRENCY,
  type TierParams,
  tierProblem,
} from '../domain/jackpots.ts';
import type { Rng } from '../engine/rng.ts';
import { formatAmount, isSupportedCurrency } from '../money.ts';
import type {
  BlockRow,
  FedPool,
  JackpotsRepo,
  LedgerEntry,
  NewPool,
  PendingEntry,
  PoolRow,
  TierMeters,
} from '../store/jackpots.repo.ts';
import type { JackpotFeed } from '../store/rounds.repo.ts';
import type { RuntimeSession } from './sessions.ts';

/** How long a node keeps its view of the pools before reading them again (parameter changes reach every node within it). */
export const POOL_CACHE_MS = 2_000;
/** How often the sealer runs: the public ledger is at most about this far behind. */
export const SEAL_EVERY_MS = 1_000;
const SEAL_LIMIT = 5_000;
/** The longest ledger the server checks whole for its public record; longer, the reader checks the pages. */
export const WHOLE_CHECK_LIMIT = 20_000n;

/** A round as the jackpot side sees it. */
export interface JackpotPlay {
  roundId: string;
  operatorId: string;
  gameSymbol: string;
  currency: string;
  stake: bigint;
  /** When the round is played (a must-drop-by-time tier's moment is compared with it). */
  at: Date;
}

/** A tier's live value as a game, a lobby or a public page shows it. */
export interface TierView {
  tier_id: string;
  name: string;
  kind: TierParams['kind'];
  /** Whole minor units of the pool's currency, as a decimal string. */
  value: string;
  /** The value in the viewer's currency, where it differs and the pool has a rate for it. */
  value_in_currency?: { currency: string; value: string };
  seed: string;
  ceiling: string | null;
  /** The share of every stake that feeds the meter, as a percentage ("1.0"). */
  contribution_rate: string;
  /** The share of every stake set aside for the next seed, as a percentage ("0.2"). */
  reserve_rate: string;
  cycle: string;
  hits: string;
  /** The hash committing the current cycle's hidden drop point (must-drop tiers). */
  drop_commit: string | null;
}

export interface PoolView {
  pool_id: string;
  name: string;
  scope: PoolRow['scope'];
  currency: string;
  tiers: TierView[];
  updated_at: string;
}

type CachedPool = FedPool & { members: Array<{ operator_id: string; game_symbol: string }> };

/** A must-drop tier as the node last read it: its point and meter, and how fast the meter grows. */
interface DropState {
  dropAt: bigint | null;
  meter: bigint;
  /** Σ contributions ever (it does not fall when the tier is won: the growth is read from it). */
  contributed?: bigint;
  /** Fine units a millisecond, from the last two reads; null after the first (not known yet). */
  perMs: number | null;
}

/**
 * How far ahead of a must-drop point the spin path starts checking it exactly: four cache periods of
 * the meter's recent growth, and at least 1 % of the tier's range (so a pool read at rest is armed
 * before a burst can carry it past). Inside it every spin reads the tier; outside it none does.
 */
export function withinReach(state: DropState, range: bigint, cacheMs: number): boolean {
  if (state.dropAt === null) return true; // drawn since the last read, perhaps: look
  if (state.perMs === null) return true; // how fast it grows is not known yet: look every spin
  const margin = BigInt(Math.ceil(state.perMs * cacheMs * 4)) + range / 100n;
  return state.meter + margin >= state.dropAt;
}

export interface NewPoolInput {
  name: string;
  scope: PoolRow['scope'];
  currency: string;
  ownerOperatorId: string | null;
  members: Array<{ operatorId: string; gameSymbol: string }>;
  rates: Array<{ currency: string; rate: string }>;
  tiers: TierParams[];
}

/**
 * Whether a session's rounds may feed and win jackpots: real money in a market that allows them
 * (docs/jackpots.md; `de` does not: GlüStV 2021 § 22a). A round must also be paid (stake above 0).
 */
export function jackpotEligible(session: Pick<RuntimeSession, 'row' | 'jurisdiction'>): boolean {
  return session.row.play_mode !== 'demo' && session.jurisdiction.rules.jackpots_allowed;
}

export function createJackpotService(deps: {
  repo: JackpotsRepo;
  /** The certified generator: progressive draws and drop points. */
  rng: () => Rng;
  now: () => Date;
  cacheMs?: number;
}) {
  const cacheMs = deps.cacheMs ?? POOL_CACHE_MS;
  let cached: { at: number; pools: CachedPool[] } | null = null;
  let loading: Promise<CachedPool[]> | null = null;
  let drops = new Map<string, DropState>();

  async function pools(): Promise<CachedPool[]> {
    const at = deps.now().getTime();
    if (cached && at - cached.at < cacheMs) return cached.pools;
    loading ??= Promise.all([deps.repo.fedPools(), deps.repo.dropStates()]).then(
      ([fresh, states]) => {
        const elapsed = cached ? Math.max(1, at - cached.at) : 0;
        drops = new Map(
          states.map((state) => {
            const before = drops.get(state.tier_id);
            // From the contributions, not the meter: a win in between must not read as no growth.
            const grown =
              before?.contributed !== undefined && elapsed > 0
                ? Math.max(0, Number(state.contributed - before.contributed) / elapsed)
                : null;
            return [
              state.tier_id,
              { dropAt: state.drop_at, meter: state.meter, contributed: state.contributed, perMs: grown },
            ];
          }),
        );
        cached = { at, pools: fresh };
        loading = null;
        return fresh;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  /**
   * Whether a must-drop tier may fall on this spin, by the node's last read: by time, its moment has
   * come (or is unknown); by value, its point is within reach. The store decides exactly.
   */
  function mayDrop(tier: FedPool['tiers'][number], at: Date): boolean {
    const state = drops.get(tier.id);
    if (!state || state.dropAt === null) return true;
    if (tier.kind === 'must_drop_time') return BigInt(at.getTime()) >= state.dropAt;
    const range = ((tier.ceiling ?? tier.seed) - tier.seed) * FINE_PER_MINOR;
    return withinReach(state, range, cacheMs);
  }

  /** A next cycle's point (fine units, or epoch ms), and its salt; the store commits it with its cycle. */
  function nextPoint(tier: FedPool['tiers'][number], at: Date, rng: Rng): { at: string; salt: string } {
    const point =
      tier.kind === 'must_drop_time' && tier.deadline_minute !== null
        ? drawTimePoint(rng, at, tier.deadline_minute)
        : drawValuePoint(rng, tier.seed, tier.ceiling ?? tier.seed + 1n);
    return { at: point.at.toString(), salt: point.salt };
  }

  /** The rate from a player's currency into a pool's, or null when the pool takes no stakes in it. */
  function conversionFor(pool: CachedPool, currency: string): Conversion | null {
    if (currency === pool.pool.currency) return SAME_CURRENCY;
    const rate = pool.rates.get(currency);
    return rate === undefined ? null : conversionOf(rate, currency, pool.pool.currency);
  }

  /** The pools a game of an operator feeds in a currency (the cached view). */
  async function poolsFor(operatorId: string, gameSymbol: string, currency: string): Promise<CachedPool[]> {
    return (await pools()).filter(
      (pool) =>
        pool.members.some(
          (member) => member.operator_id === operatorId && member.game_symbol === gameSymbol,
        ) && conversionFor(pool, currency) !== null,
    );
  }

  /**
   * What a paid round adds to every pool its game feeds, and the progressive tiers' certified draws
   * (the ids of a win follow from the round and the tier, made where the win is: rf_jackpot_feed).
   */
  function feedsOf(play: JackpotPlay, fed: readonly CachedPool[], rng: Rng): JackpotFeed[] {
    if (play.stake <= 0n) return [];
    return fed.map((pool) => {
      const conversion = conversionFor(pool, play.currency) ?? SAME_CURRENCY;
      return {
        pool_id: pool.pool.id,
        num: conversion.num.toString(),
        den: conversion.den.toString(),
        tiers: pool.tiers.map((tier) => {
          const check = tier.kind === 'progressive' ? false : mayDrop(tier, play.at);
          const share = contributionOf(
            play.stake,
            { contributionPpm: tier.contribution_ppm, reservePpm: tier.reserve_ppm },
            conversion,
          );
          return {
            tier_id: tier.id,
            position: tier.position,
            meter: share.meter.toString(),
            reserve: share.reserve.toString(),
            dust: share.dust.toString(),
            hit:
              tier.kind === 'progressive' && tier.odds_stake !== null
                ? progressiveHit(rng, play.stake, tier.odds_stake, conversion)
                : false,
            check,
            // A must-drop tier that may fall now brings the next cycle's point, drawn from the
            // certified generator: the store commits it as the cycle starts, when no point was
            // drawn ahead (two drops within a sealer pass), so no cycle runs without one.
            ...(check && tier.kind !== 'progressive' ? { next: nextPoint(tier, play.at, rng) } : {}),
          };
        }),
      };
    });
  }

  function tierView(
    tier: TierMeters,
    currency: string,
    conversion: Conversion | null,
    viewer?: string,
  ): TierView {
    const shown = tier.meter / FINE_PER_MINOR;
    const view: TierView = {
      tier_id: tier.id,
      name: tier.name,
      kind: tier.kind,
      value: formatAmount(shown, currency),
      seed: formatAmount(tier.seed, currency),
      ceiling: tier.ceiling === null ? null : formatAmount(tier.ceiling, currency),
      contribution_rate: ppmAsPercent(tier.contribution_ppm),
      reserve_rate: ppmAsPercent(tier.reserve_ppm),
      cycle: tier.cycle.toString(),
      hits: tier.hits.toString(),
      drop_commit: tier.drop_commit,
    };
    if (viewer && viewer !== currency && conversion) {
      // pool fine → viewer minor: fine · den / (num · 10^6), rounded down
      const inViewer = (tier.meter * conversion.den) / (conversion.num * FINE_PER_MINOR);
      view.value_in_currency = { currency: viewer, value: formatAmount(inViewer, viewer) };
    }
    return view;
  }

  async function viewsOf(selected: readonly CachedPool[], viewerCurrency?: string): Promise<PoolView[]> {
    const meters = await deps.repo.meters(selected.map((pool) => pool.pool.id));
    const updatedAt = deps.now().toISOString();
    return selected.map((pool) => {
      const conversion = viewerCurrency ? conversionFor(pool, viewerCurrency) : null;
      return {
        pool_id: pool.pool.id,
        name: pool.pool.name,
        scope: pool.pool.scope,
        currency: pool.pool.currency,
        tiers: meters
          .filter((tier) => tier.pool_id === pool.pool.id)
          .map((tier) => tierView(tier, pool.pool.currency, conversion, viewerCurrency)),
        updated_at: updatedAt,
      };
    });
  }

  /** Chains pending entries onto a pool's ledger as one block (the sealer's arithmetic, pure). */
  function chain(
    poolId: string,
    last: { seq: bigint; hash: string; block: bigint } | null,
    entries: PendingEntry[],
  ): { ledger: LedgerEntry[]; block: BlockRow } {
    let previous = last?.hash ?? '0'.repeat(64);
    let seq = last?.seq ?? 0n;
    const block = (last?.block ?? 0n) + 1n;
    const ledger = entries.map((entry) => {
      seq += 1n;
      const body = ledgerBody(entry.kind, entry.round_id, entry.created_at, entry.body);
      const hash = entryHash(previous, `${poolId}|${seq}|${body}`);
      const row: LedgerEntry = {
        pool_id: poolId,
        seq,
        block,
        kind: entry.kind,
        round_id: entry.round_id,
        round_ids: entry.round_ids,
        body,
        prev_hash: previous,
        hash,
        recorded_at: entry.created_at,
      };
      previous = hash;
      return row;
    });
    const first = ledger[0] as LedgerEntry;
    return {
      ledger,
      block: {
        pool_id: poolId,
        block,
        first_seq: first.seq,
        last_seq: seq,
        merkle_root: merkleRoot(ledger.map((entry) => entry.hash)),
        last_hash: previous,
        sealed_at: deps.now(),
      },
    };
  }

  /** Draws every missing drop point from the certified generator; answers how many were set. */
  async function drawDropPoints(): Promise<number> {
    let set = 0;
    const now = deps.now();
    for (const tier of await deps.repo.tiersToDraw()) {
      const rng = deps.rng();
      if (tier.kind === 'must_drop_value' && tier.ceiling !== null) {
        if (tier.drop_commit === null) {
          const point = drawValueDrop(rng, tier.id, tier.cycle, tier.seed, tier.ceiling);
          if (await deps.repo.setDrop(tier, 'current', point, now)) set++;
        }
        if (tier.next_drop_commit === null) {
          const point = drawValueDrop(rng, tier.id, tier.cycle + 1n, tier.seed, tier.ceiling);
          if (await deps.repo.setDrop(tier, 'next', point, now)) set++;
        }
      } else if (
        tier.kind === 'must_drop_time' &&
        tier.deadline_minute !== null &&
        tier.drop_commit === null
      ) {
        const point = drawTimeDrop(rng, tier.id, tier.cycle, tier.cycle_started_at, tier.deadline_minute);
        if (await deps.repo.setDrop(tier, 'current', point, now)) set++;
      }
    }
    return set;
  }

  /** One pass of the sealer: drop points first, then every pool's pending entries. */
  async function sealOnce(log?: { error(value: unknown, message?: string): void }): Promise<number> {
    // A failed draw must not stop the ledger: it is logged, and the next pass draws again.
    await drawDropPoints().catch((error: unknown) =>
      log?.error({ err: error }, 'jackpot drop point draw failed'),
    );
    let sealed = 0;
    for (const poolId of await deps.repo.poolsWithPending()) {
      sealed += await deps.repo.seal(poolId, SEAL_LIMIT, (last, entries) => chain(poolId, last, entries));
    }
    return sealed;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  return {
    poolsFor,
    feedsOf,

    /** The pools a session's game feeds, with their meters in the pool's and the player's currency. */
    async metersFor(operatorId: string, gameSymbol: string, currency: string): Promise<PoolView[]> {
      return viewsOf(await poolsFor(operatorId, gameSymbol, currency), currency);
    },

    /** Every pool one of the operator's games feeds (GET /api/provider/v1/jackpots). */
    async metersOfOperator(
      operatorId: string,
      currency?: string,
    ): Promise<Array<PoolView & { games: string[] }>> {
      const mine = (await pools()).filter((pool) =>
        pool.members.some((member) => member.operator_id === operatorId),
      );
      const views = await viewsOf(mine, currency);
      return views.map((view, index) => ({
        ...view,
        games: (mine[index] as CachedPool).members
          .filter((member) => member.operator_id === operatorId)
          .map((member) => member.game_symbol)
          .sort(),
      }));
    },

    async allPools(): Promise<PoolView[]> {
      return viewsOf(await pools());
    },

    /** Creates a pool after checking every field; answers its id. */
    async create(input: NewPoolInput, createdBy: string): Promise<string> {
      if (!isSupportedCurrency(input.currency)) {
        throw errors.invalidRequest(`currency: "${input.currency}" is not a supported currency`);
      }
      if (input.name.trim().length === 0 || input.name.length > 80)
        throw errors.invalidRequest('name: 1–80 characters');
      if (input.tiers.length === 0 || input.tiers.length > 8)
        throw errors.invalidRequest('tiers: 1 to 8 tiers');
      const names = new Set<string>();
      for (const [index, tier] of input.tiers.entries()) {
        const problem = tierProblem(tier);
        if (problem) throw errors.invalidRequest(`tiers[${index}].${problem.field}: ${problem.problem}`);
        if (names.has(tier.name))
          throw errors.invalidRequest(`tiers[${index}].name: "${tier.name}" is used twice`);
        names.add(tier.name);
      }
      if (input.members.length === 0)
        throw errors.invalidRequest('members: at least one operator game feeds a pool');
      const operators = new Set(input.members.map((member) => member.operatorId));
      if (
        input.scope !== 'network' &&
        (operators.size !== 1 || !operators.has(input.ownerOperatorId ?? ''))
      ) {
        throw errors.invalidRequest(`members: a ${input.scope} pool takes only its own operator's games`);
      }
      if (input.scope === 'game' && new Set(input.members.map((member) => member.gameSymbol)).size !== 1) {
        throw errors.invalidRequest('members: a game pool takes one game');
      }
      for (const [index, rate] of input.rates.entries()) {
        try {
          conversionOf(rate.rate, rate.currency, input.currency);
        } catch (error) {
          throw errors.invalidRequest(`rates[${index}].rate: ${(error as Error).message}`);
        }
      }
      const id = newId('jp');
      const pool: NewPool = {
        id,
        name: input.name.trim(),
        scope: input.scope,
        currency: input.currency,
        ownerOperatorId: input.scope === 'network' ? null : input.ownerOperatorId,
        createdBy,
        tiers: input.tiers.map((tier) => ({ id: newId('jpt'), ...tier })),
        members: input.members,
        rates: input.rates,
      };
      await deps.repo.create(pool, deps.now());
      cached = null;
      await drawDropPoints();
      return id;
    },

    /**
     * The public record of a pool, in one snapshot: parameters, meters, pending entries, wins, and one
     * page of the ledger (1,000 entries after `afterSeq`) with its blocks; with `wholeLedger`, every
     * entry and block instead, for the check, as long as the ledger holds at most
     * WHOLE_CHECK_LIMIT entries (`whole` says whether it did).
     */
    async audit(poolId: string, afterSeq = 0n, wholeLedger = false) {
      const pool = await deps.repo.pool(poolId);
      if (!pool) return undefined;
      // One snapshot: the meters equal the ledger plus what is pending, to the fine unit.
      const snapshot = await deps.repo.snapshot(async (exec) => {
        const length = await deps.repo.ledgerLength(poolId, exec);
        const whole = wholeLedger && length <= WHOLE_CHECK_LIMIT;
        const entries: LedgerEntry[] = [];
        let after = whole ? 0n : afterSeq;
        for (;;) {
          const page = await deps.repo.ledger(poolId, after, 1000, exec);
          entries.push(...page);
          if (!whole || page.length < 1000) break;
          after = (page.at(-1) as LedgerEntry).seq;
        }
        const first = entries[0];
        const last = entries.at(-1);
        const range = first && last ? { from: first.block, to: last.block } : { from: 0n, to: 0n };
        return {
          whole,
          length,
          meters: await deps.repo.meters([poolId], exec),
          blocks: await deps.repo.blocks(poolId, exec, whole ? undefined : range),
          pending: await deps.repo.pendingCount(poolId, exec),
          ledger: entries,
        };
      });
      const wins = await deps.repo.wins(poolId, 20);
      return { pool, ...snapshot, wins };
    },

    /**
     * The proof that a round's contribution (and any win or void of it) is in the pool's ledger:
     * each entry, its hash, and the Merkle path from it to its block's published root.
     */
    async proofOf(poolId: string, roundId: string) {
      const found = await deps.repo.roundEntries(poolId, roundId);
      return found.entries.map((entry) => {
        const hashes = found.hashesOf(entry.block);
        const index = hashes.findIndex((row) => row.seq === entry.seq);
        const block = found.blockOf(entry.block);
        return {
          seq: entry.seq.toString(),
          kind: entry.kind,
          body: entry.body,
          prev_hash: entry.prev_hash,
          hash: entry.hash,
          block: entry.block.toString(),
          merkle_root: block?.merkle_root ?? null,
          path: merklePath(
            hashes.map((row) => row.hash),
            index,
          ),
        };
      });
    },

    sealOnce,
    drawDropPoints,
    chain,
    commitText,

    /** Starts the sealer on this node (every node runs one; a pool is sealed by one at a time). */
    start(log?: { error(value: unknown, message?: string): void }) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = sealOnce(log)
          .catch((error: unknown) => log?.error({ err: error }, 'jackpot sealer failed'))
          .finally(() => {
            running = null;
          });
      }, SEAL_EVERY_MS);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },

    /** Forgets the cached pools (a test, or a parameter change on this node). */
    refresh() {
      cached = null;
      drops = new Map();
    },
  };
}

export type JackpotService = ReturnType<typeof createJackpotService>;
