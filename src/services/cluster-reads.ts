// Staff's reads over every cluster's services, merged (issue 30, part 3): shared by the node's
// routed services (fan-out.ts) and the CLI's staff services (index.ts#createStaffServices), so it
// imports neither.
import type { PlacementService } from './placement.ts';
import type { ReportService, StaffSummaryRow } from './reports.ts';
import type { RoundReplayService } from './round-replay.ts';

/** Reports over every cluster's (the control cluster's first): one operator's from its own. */
export function fannedReports(
  clusters: ReadonlyArray<{ id: string; reports: ReportService }>,
  placement: Pick<PlacementService, 'of'>,
): ReportService {
  const control = clusters[0];
  if (control === undefined) throw new Error('at least the control cluster');
  const home = control;
  const owner = async (operatorId: string) => {
    const placed = await placement.of(operatorId);
    return (clusters.find((cluster) => cluster.id === placed.cluster) ?? home).reports;
  };
  return {
    async *transactions(operatorId, day, format) {
      yield* (await owner(operatorId)).transactions(operatorId, day, format);
    },
    summary: async (operatorId, from, to) => (await owner(operatorId)).summary(operatorId, from, to),
    operatorExists: (operatorId) => home.reports.operatorExists(operatorId),
    async staffSummary(operatorId, from, to) {
      if (operatorId !== null) return (await owner(operatorId)).staffSummary(operatorId, from, to);
      const answers = await Promise.all(
        clusters.map((cluster) => cluster.reports.staffSummary(null, from, to)),
      );
      const rows: StaffSummaryRow[] = [];
      for (const answer of answers) {
        if (!answer.ok) return answer;
        rows.push(...answer.value);
      }
      return { ok: true, value: rows.sort(bySummaryOrder) };
    },
  };
}

/** Staff replay any round by its id: the cluster that holds it replays it. */
export function fannedReplay(replays: readonly RoundReplayService[]): RoundReplayService {
  return {
    async replay(roundId) {
      let first: Awaited<ReturnType<RoundReplayService['replay']>> | undefined;
      for (const each of replays) {
        const answer = await each.replay(roundId);
        if (answer.ok || answer.error.status !== 404) return answer;
        first ??= answer;
      }
      if (first === undefined) throw new Error('at least the control cluster');
      return first;
    },
  };
}

function bySummaryOrder(a: StaffSummaryRow, b: StaffSummaryRow): number {
  const byte = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (
    byte(a.date, b.date) ||
    byte(a.operator_id, b.operator_id) ||
    byte(a.game_symbol, b.game_symbol) ||
    byte(a.currency, b.currency)
  );
}
