// Where operators play, for staff (issue 30, part 3): every cluster of the node with its state (its
// store reachable, its replica's last probe) and the operators on it, and one operator's cluster —
// read-only while `reelforge operator move` moves it. A node without DATABASE_CLUSTERS has one
// cluster, the control one, with every operator on it.
import type { ReplicaState } from '../store/replica.ts';
import type { PlacementService } from './placement.ts';

export interface ClusterView {
  id: string;
  /** The cluster DATABASE_URL is: operators, keys, staff, the audit trail and the map live there. */
  control: boolean;
  reachable: boolean;
  /** Its streaming replica's last probe; null without one. */
  replica: ReturnType<typeof replicaSummary> | null;
  /** How many operators play on it. */
  operators: number;
  /** Operators on it being moved (read-only: no launch or new round until the move ends). */
  moving: string[];
}

/** A replica's last probe as /health and staff's cluster list show it: its state and lag. */
export function replicaSummary(state: ReplicaState): { state: ReplicaState['kind']; lag_ms: number | null } {
  return { state: state.kind, lag_ms: state.kind === 'up' ? Math.round(state.lagMs) : null };
}

export interface OperatorPlacementView {
  cluster: string;
  state: 'active' | 'read_only';
}

export interface ClusterDirectory {
  list(): Promise<ClusterView[]>;
  of(operatorId: string): Promise<OperatorPlacementView>;
}

export interface ClusterMember {
  id: string;
  reachable(): Promise<boolean>;
  replica(): ReplicaState | undefined;
}

export function clusterDirectory(deps: {
  /** The node's clusters, the control one first. */
  members: readonly ClusterMember[];
  /** The map (none: every operator on the control cluster). */
  placement?: Pick<PlacementService, 'of'>;
  operatorIds(): Promise<string[]>;
}): ClusterDirectory {
  const control = deps.members[0];
  if (!control) throw new Error('a node has at least its control cluster');
  const controlId = control.id;
  async function of(operatorId: string): Promise<OperatorPlacementView> {
    const placed = deps.placement ? await deps.placement.of(operatorId) : undefined;
    return {
      cluster: placed?.cluster ?? controlId,
      state: placed?.readOnly ? 'read_only' : 'active',
    };
  }
  return {
    of,
    async list() {
      const ids = await deps.operatorIds();
      const placed = await Promise.all(ids.map(async (id) => ({ id, ...(await of(id)) })));
      return Promise.all(
        deps.members.map(async (member): Promise<ClusterView> => {
          const replica = member.replica();
          const here = placed.filter((operator) => operator.cluster === member.id);
          return {
            id: member.id,
            control: member.id === controlId,
            reachable: await member.reachable(),
            replica: replica === undefined ? null : replicaSummary(replica),
            operators: here.length,
            moving: here.filter((operator) => operator.state === 'read_only').map((operator) => operator.id),
          };
        }),
      );
    },
  };
}
