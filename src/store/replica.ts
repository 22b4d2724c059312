// Reads from a streaming replica (DATABASE_REPLICA_URL): the one rule that says which reads it may
// answer (`routeRead`, `replicaAnswerStands`), the probe that keeps its state (`replicaMonitor`),
// and the router services read through (`readRouter`). Without a replica every read is the
// primary's, as before. docs/operations.md, "Read replicas", says the same in prose.
import type { Store } from './db.ts';

/** What the last probe found, on the node's clock (milliseconds since the epoch). */
export type ReplicaState =
  | { kind: 'unknown' }
  | { kind: 'down'; reason: string; at: number }
  /** `replayedTo`: every write the primary committed before it is on the replica. */
  | { kind: 'up'; lagMs: number; replayedTo: number; at: number };

/**
 * What a read must see: `recent`, the replica's copy within the lag bound (lists staff and operators
 * read); `upTo`, every write made up to that moment (a session's last round, a report's last day;
 * null: nothing written yet).
 */
export type ReadNeed = { kind: 'recent' } | { kind: 'upTo'; at: Date | null };

export const RECENT: ReadNeed = { kind: 'recent' };
export const upTo = (at: Date | null): ReadNeed => ({ kind: 'upTo', at });

/** Why a read went where it went (a metric label). */
export type RouteReason =
  | 'replica'
  | 'replica_down'
  | 'replica_lagging'
  | 'too_fresh'
  | 'unsettled_or_missing'
  | 'replica_error';

export type ReadSide = 'replica' | 'primary';

/**
 * Between a round's start (the time it records) and its commit, and between the clocks of the node
 * and the database hosts: a write this close to the replica's replay point may not be on it yet.
 */
export const FRESH_MARGIN_MS = 2_000;
/** How often a node asks the replica how far it has replayed. */
export const PROBE_EVERY_MS = 1_000;
/** A state older than this (a probe that hangs) counts as down. */
const STATE_STALE_MS = 5 * PROBE_EVERY_MS;

/**
 * THE RULE. A read goes to the replica only when the replica was seen streaming lately, its replay
 * lag is within the bound, and the newest write the read must see is older than the replica's
 * replay point by FRESH_MARGIN_MS. Everything else reads the primary.
 */
export function routeRead(
  state: ReplicaState,
  need: ReadNeed,
  now: number,
  maxLagMs: number,
): { side: ReadSide; reason: RouteReason } {
  if (state.kind !== 'up' || now - state.at > STATE_STALE_MS)
    return { side: 'primary', reason: 'replica_down' };
  if (state.lagMs > maxLagMs) return { side: 'primary', reason: 'replica_lagging' };
  if (need.kind === 'upTo' && need.at !== null && need.at.getTime() + FRESH_MARGIN_MS > state.replayedTo)
    return { side: 'primary', reason: 'too_fresh' };
  return { side: 'replica', reason: 'replica' };
}

/** Transaction statuses that never change again (pending, unknown and parked `failed` still may). */
const FINAL_TX = new Set(['acknowledged', 'rejected', 'resolved']);

/**
 * The second half of the rule, for what the replica answered: a look-up by id that found nothing (the
 * row may not have arrived yet), or any round or transaction that can still change (an open round; a
 * pending, unknown or parked transaction), is read again on the primary.
 */
export function replicaAnswerStands(
  found: { rounds: ReadonlyArray<{ status: string }>; transactions?: ReadonlyArray<{ status: string }> },
  lookup: boolean,
): boolean {
  if (lookup && found.rounds.length === 0) return false;
  return (
    found.rounds.every((round) => round.status !== 'open') &&
    (found.transactions ?? []).every((tx) => FINAL_TX.has(tx.status))
  );
}

export interface ReplicaMonitor {
  state(): ReplicaState;
  /** Asks the replica now (the timer does it every PROBE_EVERY_MS). */
  probe(): Promise<ReplicaState>;
  /** A read failed on the replica: down until the next probe answers. */
  markDown(reason: string): void;
  start(): void;
  stop(): void;
}

interface ProbeRow {
  standby: boolean;
  streaming: boolean;
  caught_up: boolean;
  behind_ms: number | string | null;
}

const PROBE_SQL = `select pg_is_in_recovery() as standby,
  coalesce((select status = 'streaming' from pg_stat_wal_receiver), false) as streaming,
  coalesce(pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn(), false) as caught_up,
  extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000 as behind_ms`;

/** What one probe's answer means, on the node's clock `at` (the probe's start). */
export function replicaStateOf(row: ProbeRow, at: number): ReplicaState {
  if (!row.standby) return { kind: 'down', reason: 'not a standby (promoted, or the primary itself)', at };
  if (!row.streaming) return { kind: 'down', reason: 'not streaming from the primary', at };
  // Everything received is replayed: the replica is as fresh as the moment we asked.
  if (row.caught_up) return { kind: 'up', lagMs: 0, replayedTo: at, at };
  if (row.behind_ms === null) return { kind: 'down', reason: 'nothing replayed yet', at };
  const lagMs = Math.max(0, Number(row.behind_ms));
  return { kind: 'up', lagMs, replayedTo: at - lagMs, at };
}

export function replicaMonitor(replica: Store, now: () => number = Date.now): ReplicaMonitor {
  let current: ReplicaState = { kind: 'unknown' };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<ReplicaState> | undefined;
  const ask = async (): Promise<ReplicaState> => {
    const at = now();
    try {
      const answer = replica.pool.query<ProbeRow>(PROBE_SQL);
      let timeout: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error('no answer within 2 s')), 2_000);
      });
      const { rows } = await Promise.race([answer, late]).finally(() => clearTimeout(timeout));
      current = replicaStateOf(rows[0] as ProbeRow, at);
    } catch (error) {
      current = { kind: 'down', reason: (error as Error).message, at };
    }
    return current;
  };
  return {
    state: () => current,
    probe() {
      running ??= ask().finally(() => {
        running = undefined;
      });
      return running;
    },
    markDown(reason) {
      current = { kind: 'down', reason, at: now() };
    },
    start() {
      if (timer) return;
      void this.probe();
      timer = setInterval(() => void this.probe(), PROBE_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

/** Reads through the rule: `repos` of the side chosen, the primary's on any doubt. */
export interface ReadRouter<R> {
  /**
   * Runs `read` on the replica's repositories when the rule lets it, else on the primary's. A read
   * that fails on the replica, or whose answer `stands` refuses, is run again on the primary.
   */
  read<T>(need: ReadNeed, read: (repos: R) => Promise<T>, stands?: (answer: T) => boolean): Promise<T>;
  /** The same for a streamed read: the side is chosen before its first item and kept after it. */
  stream<T>(need: ReadNeed, read: (repos: R) => AsyncIterable<T>): AsyncIterable<T>;
}

export interface ReplicaReads<R> {
  repos: R;
  monitor: ReplicaMonitor;
  maxLagMs: number;
  now(): number;
  /** Each routed read: where it went and why. */
  observe(side: ReadSide, reason: RouteReason): void;
}

export function readRouter<R>(primary: R, replica?: ReplicaReads<R>): ReadRouter<R> {
  if (!replica) return { read: (_need, read) => read(primary), stream: (_need, read) => read(primary) };
  const choose = (need: ReadNeed) => {
    const route = routeRead(replica.monitor.state(), need, replica.now(), replica.maxLagMs);
    if (route.side === 'primary') replica.observe('primary', route.reason);
    return route.side;
  };
  const failed = (error: unknown) => {
    replica.monitor.markDown((error as Error).message);
    replica.observe('primary', 'replica_error');
  };
  return {
    async read(need, read, stands) {
      if (choose(need) === 'primary') return read(primary);
      let answer: Awaited<ReturnType<typeof read>>;
      try {
        answer = await read(replica.repos);
      } catch (error) {
        failed(error);
        return read(primary);
      }
      if (stands && !stands(answer)) {
        replica.observe('primary', 'unsettled_or_missing');
        return read(primary);
      }
      replica.observe('replica', 'replica');
      return answer;
    },
    async *stream(need, read) {
      if (choose(need) === 'primary') {
        yield* read(primary);
        return;
      }
      const items = read(replica.repos)[Symbol.asyncIterator]();
      let first: IteratorResult<Awaited<ReturnType<typeof items.next>>['value']>;
      try {
        first = await items.next();
      } catch (error) {
        failed(error);
        yield* read(primary);
        return;
      }
      replica.observe('replica', 'replica');
      if (first.done) return;
      yield first.value;
      // Once the answer has begun it cannot change sides: a later failure ends it with an error.
      for (let next = await items.next(); !next.done; next = await items.next()) yield next.value;
    },
  };
}
