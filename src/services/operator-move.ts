// `reelforge operator move <operator> --to <cluster>` (issue 30, part 3): an operator's play moved
// from the cluster it is on to another, without losing or doubling a round, a grant or a transaction.
//
//   check → read_only → wait → drain → copy → verify → flip → remove → resume
//
// read_only: the control map marks the operator read-only (still on its cluster): nodes refuse its
// launches and new rounds. wait: twice the placement cache, so every node has seen the mark. drain:
// its live sessions end; the move waits until no round is open, no wallet transaction or campaign
// prize unfinished (the source's retry worker keeps settling them), or gives up after the drain
// timeout with the operator active again. copy: one snapshot of the source, the source's operator
// row locked (no session can start), into one transaction on the target that first deletes any rows
// of the operator there (the source is authoritative until the flip). verify: the two censuses equal
// to the row and the minor unit. flip: the map names the target, active. remove: the source's rows
// go. Safe to run again after a crash at any step: before the flip the source is authoritative and
// the copy starts over; after it, a run naming the operator's cluster removes what an interrupted
// removal left elsewhere.

import { clustersRepo } from '../store/clusters.repo.ts';
import type { Store } from '../store/db.ts';
import {
  backlog,
  type Census,
  census,
  claimMove,
  copyOperator,
  endLiveSessions,
  holdOperator,
  holdsPlay,
  operatorRow,
  removeOperator,
  runningShared,
} from '../store/operator-move.repo.ts';
import {
  censusDifferences,
  censusRows,
  describeBacklog,
  drained,
  type MoveRefusal,
  type MoveStep,
  refusalMessage,
} from './operator-move-rules.ts';
import { PLACEMENT_CACHE_MS } from './placement.ts';

export const DRAIN_TIMEOUT_MS = 120_000;
const DRAIN_POLL_MS = 500;

export type MoveOutcome =
  | {
      result: 'moved';
      operator: string;
      from: string;
      to: string;
      census: Census;
      /** Rows of an earlier, interrupted run the copy replaced on the target. */
      replaced: number;
      /** Months of rounds made on the target for the copy. */
      monthsMade: string[];
    }
  | { result: 'already_there'; operator: string; cluster: string; leftoversRemoved: string[] }
  | ({ result: 'refused'; operator: string; message: string } & MoveRefusal);

export interface OperatorMoveDeps {
  /** Every cluster's store by id, the control cluster's among them. */
  stores: ReadonlyMap<string, Store>;
  control: string;
  log: (step: MoveStep, message: string) => void;
  placementCacheMs?: number;
  drainTimeoutMs?: number;
  drainPollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Tests only: runs between the copy and the verify (a crash there is simulated by throwing). */
  afterCopy?: () => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function moveOperator(
  deps: OperatorMoveDeps,
  operatorId: string,
  to: string,
): Promise<MoveOutcome> {
  const control = deps.stores.get(deps.control);
  if (!control) throw new Error(`the control cluster ${deps.control} has no store`);
  const release = await claimMove(control.pool, operatorId);
  if (!release) {
    const refusal: MoveRefusal = { reason: 'move_running', operator: operatorId };
    return { result: 'refused', message: refusalMessage(refusal), ...refusal };
  }
  try {
    return await moveClaimed(deps, control, operatorId, to);
  } finally {
    await release();
  }
}

async function moveClaimed(
  deps: OperatorMoveDeps,
  control: Store,
  operatorId: string,
  to: string,
): Promise<MoveOutcome> {
  const { stores, log } = deps;
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? Date.now;
  const refused = (refusal: MoveRefusal): MoveOutcome => ({
    result: 'refused',
    operator: operatorId,
    message: refusalMessage(refusal),
    ...refusal,
  });

  log('check', `operator ${operatorId}, to cluster ${to}`);
  const operator = await operatorRow(control.pool, operatorId);
  if (!operator) return refused({ reason: 'unknown_operator', operator: operatorId });
  const target = stores.get(to);
  if (!target) return refused({ reason: 'unknown_cluster', cluster: to, known: [...stores.keys()] });
  const placements = clustersRepo(control.db);
  const placed = (await placements.all()).find((row) => row.operatorId === operatorId);
  const from = placed?.cluster ?? deps.control;
  const source = stores.get(from);
  if (!source)
    throw new Error(`operator ${operatorId} is placed on cluster ${from}, which is not configured here`);

  /** Rows of the operator on clusters other than `placedOn`: an interrupted run's, removed. */
  const removeLeftovers = async (placedOn: string, except: string): Promise<string[]> => {
    const removed: string[] = [];
    for (const [id, store] of stores) {
      if (id === placedOn || id === except || !(await holdsPlay(store.pool, operatorId))) continue;
      // Before a flip the placed cluster is authoritative; after one, the old rows were verified
      // copies: either way rows elsewhere are an interrupted run's and go.
      log('remove', `cluster ${id} holds rows of an earlier, interrupted move: removing them`);
      await removeOperator(store.pool, operatorId, id !== deps.control);
      removed.push(id);
    }
    return removed;
  };

  if (from === to) {
    if (placed?.readOnly) await placements.place(operatorId, { cluster: from, readOnly: false });
    const leftoversRemoved = await removeLeftovers(to, to);
    log('check', `operator ${operatorId} is already on cluster ${to}: nothing to move`);
    return { result: 'already_there', operator: operatorId, cluster: to, leftoversRemoved };
  }

  const shared = { pools: new Set<string>(), campaigns: new Set<string>() };
  for (const store of new Set([control, source, target])) {
    const running = await runningShared(store.pool, operatorId);
    for (const id of running.pools) shared.pools.add(id);
    for (const id of running.campaigns) shared.campaigns.add(id);
  }
  if (shared.pools.size > 0 || shared.campaigns.size > 0)
    return refused({ reason: 'shared_running', pools: [...shared.pools], campaigns: [...shared.campaigns] });

  const resumeOnSource = () => placements.place(operatorId, { cluster: from, readOnly: false });
  log('read_only', `operator ${operatorId} read-only on cluster ${from}: launches and new rounds refused`);
  await placements.place(operatorId, { cluster: from, readOnly: true });
  let copied: Awaited<ReturnType<typeof copyOperator>>;
  let sourceCensus: Census;
  try {
    const cacheMs = deps.placementCacheMs ?? PLACEMENT_CACHE_MS;
    log('wait', `${2 * cacheMs} ms, so every node has seen it`);
    await sleep(2 * cacheMs);

    const ended = await endLiveSessions(source.pool, operatorId);
    log('drain', `ended ${ended} live session${ended === 1 ? '' : 's'}; waiting for what is open to finish`);
    const deadline = now() + (deps.drainTimeoutMs ?? DRAIN_TIMEOUT_MS);
    let said = '';
    for (;;) {
      const open = await backlog(source.pool, operatorId);
      if (drained(open)) break;
      if (now() >= deadline) {
        await resumeOnSource();
        return refused({ reason: 'drain_timeout', cluster: from, open });
      }
      const saying = `still open: ${describeBacklog(open)}`;
      if (saying !== said) log('drain', saying);
      said = saying;
      await sleep(deps.drainPollMs ?? DRAIN_POLL_MS);
    }

    // Held from before the copy's snapshot until the censuses are read: the source cannot change.
    const held = await holdOperator(source.pool, operatorId);
    try {
      log('copy', `from cluster ${from} to cluster ${to}`);
      copied = await copyOperator(
        source.pool,
        target.pool,
        operatorId,
        to === deps.control ? null : operator,
      );
      if (copied.replaced > 0)
        log('copy', `deleted ${copied.replaced} rows an earlier, interrupted run had left on cluster ${to}`);
      const rows = copied.copied.reduce((sum, t) => sum + t.rows, 0);
      log(
        'copy',
        `${rows} rows copied${copied.months.length ? `; months made there: ${copied.months.join(', ')}` : ''}`,
      );
      await deps.afterCopy?.();

      sourceCensus = await census(source.pool, operatorId);
      const differences = censusDifferences(sourceCensus, await census(target.pool, operatorId));
      if (differences.length > 0) {
        await removeOperator(target.pool, operatorId, to !== deps.control);
        await resumeOnSource();
        return refused({ reason: 'census_mismatch', differences });
      }
      log('verify', `${censusRows(sourceCensus)} rows and every sum per currency equal on both clusters`);
    } finally {
      await held.release();
    }
  } catch (error) {
    // Before the flip the source is authoritative: the operator plays there again; the target's
    // partial copy is replaced by the next run's copy (or removed by a run to where it plays).
    await resumeOnSource().catch(() => {});
    throw error;
  }

  await placements.place(operatorId, { cluster: to, readOnly: false });
  log('flip', `operator ${operatorId} now plays on cluster ${to}`);
  const removed = await removeOperator(source.pool, operatorId, from !== deps.control);
  log(
    'remove',
    `${removed.deleted} rows removed from cluster ${from}${removed.operatorKept ? '' : ', and its operator row'}`,
  );
  await removeLeftovers(to, from);
  log('resume', `operator ${operatorId} active on cluster ${to}`);
  return {
    result: 'moved',
    operator: operatorId,
    from,
    to,
    census: sourceCensus,
    replaced: copied.replaced,
    monthsMade: copied.months,
  };
}
