// One node on several PostgreSQL clusters (issue 30, part 3). Each cluster is a cell: the whole
// set of services over that cluster's store, with its own retry worker, jackpot sealer, campaign
// timers and prize worker; the control cluster's cell also holds what every cell shares (operators,
// keys, staff, the audit trail, artwork, the game switches, the rate limits). A request is decided
// to a cell before its handler runs (src/http/cells.ts) and runs inside it: `routed` hands the
// HTTP layer one `Services` whose every call goes to the current cell's, so handlers stay as they
// are and the spin path never crosses a cluster.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { HeldKind } from '../store/holdings.repo.ts';
import { clusterDirectory } from './cluster-directory.ts';
import { fanOutReads, holderOf } from './fan-out.ts';
import type { Services } from './index.ts';
import type { PlacementService } from './placement.ts';

export type { HeldKind };

export interface Cell {
  id: string;
  services: Services;
  /** Whether this cell's cluster holds the jackpot pool, campaign or campaign prize `id`. */
  holds(kind: HeldKind, id: string): Promise<boolean>;
}

export interface Cells {
  readonly control: Cell;
  /** Every cell, the control cluster's first. */
  readonly all: readonly Cell[];
  readonly placement: PlacementService;
  cell(id: string): Cell | undefined;
  /** The cell whose cluster holds pool, campaign or prize `id`; the control cluster's (its 404) when none does. */
  holding(kind: HeldKind, id: string): Promise<Cell>;
  /** The cell the current request was decided to (the control cluster's outside any). */
  current(): Cell;
  /** Runs `fn` inside `cell`: the routed services act on its cluster meanwhile. */
  run<T>(cell: Cell, fn: () => T): T;
  /** The services the HTTP layer is given: each call acts on the current cell's. */
  readonly services: Services;
}

/** Listener hooks and probes that speak for the node, not for one cell. */
const NODE_WIDE = new Set<keyof Services>([
  'walletAttempts',
  'roundSteps',
  'storeReachable',
  'clustersReachable',
  'poolUsage',
  'replica',
  'clusters',
  'close',
]);

export function createCells(control: Cell, others: readonly Cell[], placement: PlacementService): Cells {
  const all = [control, ...others];
  const byId = new Map(all.map((cell) => [cell.id, cell]));
  const context = new AsyncLocalStorage<Cell>();
  // What the control cluster's cell is asked that spans operators goes to every cluster (fan-out.ts).
  const controlView: Cell = {
    ...control,
    services: { ...control.services, ...fanOutReads({ all, placement }) },
  };
  // An approved change of a pool is applied on the cluster that holds it (a new one: its operators').
  control.services.approvals.applyJackpotChangesWith(controlView.services.jackpotAdmin.applyApproved);
  async function holding(kind: HeldKind, id: string): Promise<Cell> {
    const held = await holderOf(all, kind, id);
    return held === undefined || held === control ? controlView : held;
  }
  const current = () => {
    const cell = context.getStore() ?? control;
    return cell === control ? controlView : cell;
  };
  return {
    control,
    all,
    placement,
    cell: (id) => byId.get(id),
    holding,
    current,
    run: (cell, fn) => context.run(cell, fn),
    services: {
      ...routed(all, current),
      clusters: clusterDirectory({
        members: all.map((cell) => ({
          id: cell.id,
          reachable: () => cell.services.storeReachable(),
          replica: () => cell.services.replica.state(),
        })),
        placement,
        operatorIds: async () => (await control.services.operators.listOperators()).map((op) => op.id),
      }),
    },
  };
}

/**
 * One `Services` over several cells: a service's method, looked up at call time, is the current
 * cell's (a handler that kept `services.rounds` from its registration still reaches the right
 * cluster); the listeners and probes are the node's: every cell's listened to, every store asked.
 */
export function routed(cells: readonly Cell[], current: () => Cell): Services {
  const [first] = cells;
  if (!first) throw new Error('a node has at least its control cluster');
  const services: Partial<Record<keyof Services, unknown>> = {};
  for (const key of Object.keys(first.services) as Array<keyof Services>) {
    const value = first.services[key];
    if (NODE_WIDE.has(key)) continue;
    if (typeof value === 'function') {
      services[key] = (...args: unknown[]) =>
        (current().services[key] as (...a: unknown[]) => unknown)(...args);
    } else if (value !== null && typeof value === 'object' && key !== 'config' && key !== 'catalog') {
      services[key] = new Proxy(value, {
        get(_target, name) {
          const target = current().services[key] as Record<PropertyKey, unknown> | null;
          const member = target?.[name];
          return typeof member === 'function' ? member.bind(target) : member;
        },
      });
    } else {
      services[key] = value;
    }
  }
  const node: Pick<
    Services,
    | 'walletAttempts'
    | 'roundSteps'
    | 'storeReachable'
    | 'clustersReachable'
    | 'poolUsage'
    | 'replica'
    | 'close'
  > = {
    walletAttempts: { listen: (listener) => forEach(cells, (s) => s.walletAttempts.listen(listener)) },
    // Every cluster's routed reads are counted (each may have its replica); the state /health and the
    // gauges show is the current cell's (the control cluster's outside a request).
    replica: {
      state: () => current().services.replica.state(),
      listen: (listener) => forEach(cells, (s) => s.replica.listen(listener)),
    },
    roundSteps: { listen: (listener) => forEach(cells, (s) => s.roundSteps.listen(listener)) },
    // Every request needs the control cluster (keys, operators, staff); another cluster down takes
    // only its operators' play with it, so a load balancer keeps the node for everyone else.
    storeReachable: () => first.services.storeReachable(),
    clustersReachable: async () =>
      Object.fromEntries(
        await Promise.all(cells.map(async (c) => [c.id, await c.services.storeReachable()] as const)),
      ),
    poolUsage: () => {
      const usages = cells.map((c) => c.services.poolUsage());
      return {
        total: usages.reduce((sum, u) => sum + u.total, 0),
        idle: usages.reduce((sum, u) => sum + u.idle, 0),
        waiting: usages.reduce((sum, u) => sum + u.waiting, 0),
      };
    },
    // The control cluster's services close last: the others share its rate limits and artwork.
    async close() {
      for (const cell of [...cells].reverse()) await cell.services.close();
    },
  };
  return { ...(services as Services), ...node };
}

function forEach(cells: readonly Cell[], fn: (services: Services) => void): void {
  for (const cell of cells) fn(cell.services);
}
