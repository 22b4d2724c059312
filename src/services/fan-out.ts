// Reads that span operators on several clusters (issue 30, part 3): asked of the control cluster's
// cell (staff, the public round details page, a master key naming no operator), they go to the
// cluster of the operator they name, or to every cluster and are merged. An operator's rows are on
// one cluster at a time (`reelforge operator move` removes the source's copy after the flip), so a
// merge never counts a row twice.
import { homingOperator } from '../domain/clusters.ts';
import { ApiError } from '../domain/errors.ts';
import type { HeldKind } from '../store/holdings.repo.ts';
import { auditedActions } from './audited.ts';
import { fannedReplay, fannedReports } from './cluster-reads.ts';
import type { Services } from './index.ts';
import type { PlacementService } from './placement.ts';
import type { RoundDetailsService } from './round-details.ts';
import type { StaffRoundFilter, StaffRoundService } from './staff-rounds.ts';
import type { WalletQueueService } from './wallet-queue.ts';

export interface FanOutCells {
  all: ReadonlyArray<{
    id: string;
    services: Services;
    holds(kind: HeldKind, id: string): Promise<boolean>;
  }>;
  placement: PlacementService;
}

export type FannedOut = Pick<
  Services,
  | 'reports'
  | 'staffRounds'
  | 'roundDetails'
  | 'walletQueue'
  | 'actingAs'
  | 'freeRounds'
  | 'roundReplay'
  | 'jackpotAdmin'
  | 'campaigns'
  | 'campaignPrizes'
>;

export function fanOutReads(cells: FanOutCells): FannedOut {
  const control = cells.all[0];
  if (control === undefined) throw new Error('a node has at least its control cluster');
  const home = control;
  /** The services of the cluster `operatorId` plays on (the control cluster's for one it does not know). */
  async function owner(operatorId: string): Promise<Services> {
    const placed = await cells.placement.of(operatorId);
    return (cells.all.find((cell) => cell.id === placed.cluster) ?? home).services;
  }
  const every = () => cells.all.map((cell) => cell.services);

  const reports = fannedReports(
    cells.all.map((cell) => ({ id: cell.id, reports: cell.services.reports })),
    cells.placement,
  );

  const staffRounds: StaffRoundService = {
    async list(filter) {
      if (filter.operatorId !== undefined) return (await owner(filter.operatorId)).staffRounds.list(filter);
      type Found = Awaited<ReturnType<StaffRoundService['list']>>;
      let answers: Found[];
      if (filter.before === undefined) {
        answers = await Promise.all(every().map((s) => s.staffRounds.list(filter)));
      } else {
        // The page after a round: on its own cluster by its place there, elsewhere by its time.
        const before = filter.before;
        const located = await Promise.all(
          every().map(async (s) => {
            const found = await s.staffRounds.list({ roundId: before, limit: 1 });
            return found.ok ? found.value[0]?.round : undefined;
          }),
        );
        const at = located.findIndex((round) => round !== undefined);
        const cursor = located[at];
        if (!cursor) return every()[0]?.staffRounds.list(filter) as Promise<Found>; // its 400, from one cluster
        const rest: StaffRoundFilter = { ...filter, before: undefined, beforeTime: cursor.created_at };
        answers = await Promise.all(every().map((s, i) => s.staffRounds.list(i === at ? filter : rest)));
      }
      const merged: Extract<Found, { ok: true }>['value'] = [];
      for (const answer of answers) {
        if (!answer.ok) return answer;
        merged.push(...answer.value);
      }
      merged.sort(
        (a, b) =>
          b.round.created_at.getTime() - a.round.created_at.getTime() || (a.round.id < b.round.id ? 1 : -1),
      );
      return { ok: true, value: merged.slice(0, filter.limit) };
    },
  };

  const roundDetails: RoundDetailsService = {
    urlOf: (roundId, playedAt) => control.services.roundDetails.urlOf(roundId, playedAt),
    byRoundId: async (operatorId, roundId) =>
      (await owner(operatorId)).roundDetails.byRoundId(operatorId, roundId),
    byTransactionId: async (operatorId, transactionId) =>
      (await owner(operatorId)).roundDetails.byTransactionId(operatorId, transactionId),
    playerRounds: async (operatorId, query) =>
      (await owner(operatorId)).roundDetails.playerRounds(operatorId, query),
    // A signed link names a round, not its cluster: the first cluster that holds it answers.
    async page(roundId, expires, signature) {
      let missing: unknown;
      for (const services of every()) {
        try {
          return await services.roundDetails.page(roundId, expires, signature);
        } catch (error) {
          if ((error as { status?: number }).status !== 404) throw error;
          missing = error;
        }
      }
      throw missing;
    },
  };

  /** The cell whose cluster holds wallet transaction `id`, with its view; the control's 404 when none does. */
  async function holding(id: string) {
    let missing: Awaited<ReturnType<WalletQueueService['get']>> | undefined;
    for (const services of every()) {
      const found = await services.walletQueue.get(id);
      if (found.ok) return { services, found };
      missing ??= found;
    }
    return { services: undefined, found: missing as Awaited<ReturnType<WalletQueueService['get']>> };
  }

  // Staff's queue of credits and rollbacks waiting for a retry or parked: every cluster's.
  const walletQueue: WalletQueueService = {
    async list(status, limit) {
      const lists = await Promise.all(every().map((s) => s.walletQueue.list(status, limit)));
      return lists
        .flat()
        .sort((a, b) =>
          a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1,
        )
        .slice(0, limit);
    },
    async counts() {
      const all = await Promise.all(every().map((s) => s.walletQueue.counts()));
      return {
        pending: all.reduce((sum, c) => sum + c.pending, 0),
        parked: all.reduce((sum, c) => sum + c.parked, 0),
      };
    },
    views: (txs) => control.services.walletQueue.views(txs),
    get: async (id) => (await holding(id)).found,
    async retry(id) {
      const { services, found } = await holding(id);
      return services ? services.walletQueue.retry(id) : found;
    },
    async resolve(id, note) {
      const { services, found } = await holding(id);
      return services ? services.walletQueue.resolve(id, note) : found;
    },
  };
  // Staff's changes, audited on the control cluster's trail, reach the queue of every cluster.
  const { operators, artwork, gameSwitches, audit } = control.services;
  const actingAs: Services['actingAs'] = (actor) =>
    auditedActions({ operators, artwork, walletQueue, games: gameSwitches }, audit, actor);

  const freeRounds: Services['freeRounds'] = {
    ...control.services.freeRounds,
    listForStaff: async (operatorId, limit) =>
      (await owner(operatorId)).freeRounds.listForStaff(operatorId, limit),
  };
  const roundReplay = fannedReplay(every().map((services) => services.roundReplay));

  // Jackpot pools and campaigns live on their operators' cluster. A page of one is routed to the
  // cluster that holds it before its handler runs (src/http/cells.ts); their lists are every
  // cluster's, and an approved change of a pool is applied where the pool is.
  /** The services of the cluster that holds pool, campaign or prize `id` (the control's when none does). */
  async function holder(kind: HeldKind, id: string): Promise<Services> {
    return (await holderOf(cells.all, kind, id))?.services ?? home.services;
  }
  const newestFirst = <T extends { created_at: string }>(a: T, b: T) =>
    a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;
  const jackpotAdmin: Services['jackpotAdmin'] = {
    ...control.services.jackpotAdmin,
    async list() {
      const lists = await Promise.all(every().map((s) => s.jackpotAdmin.list()));
      return {
        // as one cluster lists them: oldest first
        jackpots: lists
          .flatMap((list) => list.jackpots)
          .sort((a, b) => newestFirst(b, a) || (a.pool_id < b.pool_id ? -1 : 1)),
        approvals: lists[0]?.approvals ?? [], // one trail of approvals, the control cluster's
      };
    },
    async applyApproved(row, actor) {
      if (row.entity_id !== 'new')
        return (await holder('pool', row.entity_id)).jackpotAdmin.applyApproved(row, actor);
      const operatorId = homingOperator(row.change);
      const services = operatorId === undefined ? home.services : await owner(operatorId);
      return services.jackpotAdmin.applyApproved(row, actor);
    },
  };
  const campaigns: Services['campaigns'] = {
    ...control.services.campaigns,
    async list() {
      const lists = await Promise.all(every().map((s) => s.campaigns.list()));
      // as one cluster lists them: newest first, at most 500
      return lists
        .flat()
        .sort((a, b) => newestFirst(a, b) || (a.campaign_id < b.campaign_id ? 1 : -1))
        .slice(0, 500);
    },
  };
  const campaignPrizes: Services['campaignPrizes'] = {
    ...control.services.campaignPrizes,
    async listForStaff(status, limit) {
      const lists = await Promise.all(every().map((s) => s.campaignPrizes.listForStaff(status, limit)));
      return lists
        .flat()
        .sort((a, b) => newestFirst(b, a) || (a.prize_id < b.prize_id ? -1 : 1))
        .slice(0, limit);
    },
  };

  return {
    reports,
    staffRounds,
    roundDetails,
    walletQueue,
    actingAs,
    freeRounds,
    roundReplay,
    jackpotAdmin,
    campaigns,
    campaignPrizes,
  };
}

/**
 * The cell that holds pool, campaign or prize `id`; undefined when none does. A cluster that does not
 * answer is passed over while another holds the id; when none does and one did not answer, the id
 * may be on it: 503, naming it, not a 404.
 */
export async function holderOf<C extends { id: string; holds(kind: HeldKind, id: string): Promise<boolean> }>(
  cells: readonly C[],
  kind: HeldKind,
  id: string,
): Promise<C | undefined> {
  const answers = await Promise.allSettled(cells.map((cell) => cell.holds(kind, id)));
  const at = answers.findIndex((answer) => answer.status === 'fulfilled' && answer.value);
  if (at >= 0) return cells[at];
  const silent = cells.filter((_, index) => answers[index]?.status === 'rejected').map((cell) => cell.id);
  if (silent.length > 0)
    throw new ApiError(
      'service_unavailable',
      `cluster ${silent.join(', ')} did not answer: ${kind} ${id} may be there; retry in a minute`,
      { retry_after_seconds: 60 },
    );
  return undefined;
}
