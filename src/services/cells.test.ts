import { describe, expect, it } from 'vitest';
import { type Cell, createCells } from './cells.ts';
import type { Services } from './index.ts';
import { createPlacementService } from './placement.ts';

type JackpotApplier = Parameters<Services['approvals']['applyJackpotChangesWith']>[0];
/** What each cluster's approvals were told applies an approved jackpot change. */
const appliers = new Map<string, JackpotApplier>();

/** The few members these tests call, standing in for a cluster's whole services. */
function fakeServices(id: string, heard: string[]): Services {
  return {
    config: { id } as never,
    rounds: { whoPlays: () => id } as never,
    staffRounds: { list: async () => ({ ok: true, value: [] }) } as never,
    reports: {} as never,
    roundDetails: {} as never,
    walletAttempts: { listen: () => heard.push(id) },
    roundSteps: { listen: () => heard.push(id) },
    storeReachable: async () => id !== 'down',
    poolUsage: () => ({ total: 2, idle: 1, waiting: 0 }),
    actingAs: (() => id) as never,
    approvals: {
      applyJackpotChangesWith: (apply: JackpotApplier) => {
        appliers.set(id, apply);
      },
    },
    jackpotAdmin: { applyApproved: async () => ({ ok: true, value: id }) },
    close: async () => {
      heard.push(`closed ${id}`);
    },
  } as unknown as Services;
}

/** A cell holding the ids listed (of any kind). */
function cell(id: string, heard: string[], held: string[] = []): Cell {
  return { id, services: fakeServices(id, heard), holds: async (_kind, of) => held.includes(of) };
}

function fixture(otherId = 'east') {
  const heard: string[] = [];
  const control = cell('main', heard, ['pool_main', 'pool_both']);
  const other = cell(otherId, heard, ['pool_east', 'pool_both']);
  const placement = createPlacementService({
    repo: {
      all: async () => [{ operatorId: 'op_east', cluster: otherId, readOnly: false, changedAt: new Date() }],
    },
    control: 'main',
    clusters: [otherId],
  });
  return { cells: createCells(control, [other], placement), heard, control, other };
}

const whoPlays = (services: Services) => (services.rounds as unknown as { whoPlays(): string }).whoPlays();

describe("one node's services over its clusters", () => {
  it("a call acts on the current cell's services, the control cluster's outside any, even from a kept reference", async () => {
    const { cells, other } = fixture();
    const kept = cells.services.rounds; // a handler may keep a service from its registration
    expect(whoPlays(cells.services)).toBe('main');
    await cells.run(other, async () => {
      await Promise.resolve();
      expect(whoPlays(cells.services)).toBe('east');
      expect((kept as unknown as { whoPlays(): string }).whoPlays()).toBe('east');
      expect((cells.services.actingAs as unknown as () => string)()).toBe('east');
    });
    expect(whoPlays(cells.services)).toBe('main');
  });

  it("listens to every cell's wallet attempts and steps, and closes the control cluster's services last", async () => {
    const { cells, heard } = fixture();
    cells.services.walletAttempts.listen(() => {});
    cells.services.roundSteps.listen(() => {});
    expect(heard).toEqual(['main', 'east', 'main', 'east']);
    await cells.services.close();
    expect(heard.slice(4)).toEqual(['closed east', 'closed main']);
  });

  it("the node's store is the control cluster's; each cluster's state is told apart; the pools add up", async () => {
    expect(await fixture().cells.services.storeReachable()).toBe(true);
    expect(await fixture('down').cells.services.storeReachable()).toBe(true);
    expect(await fixture('down').cells.services.clustersReachable?.()).toEqual({ main: true, down: false });
    expect(fixture().cells.services.poolUsage()).toEqual({ total: 4, idle: 2, waiting: 0 });
  });

  it('finds the cell that holds a pool, campaign or prize: the first that does, the control view when none', async () => {
    const { cells, other } = fixture();
    expect((await cells.holding('pool', 'pool_east')).id).toBe('east');
    expect((await cells.holding('pool', 'pool_east')).services).toBe(other.services);
    expect((await cells.holding('pool', 'pool_both')).id).toBe('main');
    const nowhere = await cells.holding('campaign', 'cmp_nowhere');
    expect(nowhere.id).toBe('main');
    // the control view: what spans operators is every cluster's
    expect(nowhere.services.jackpotAdmin).not.toBe(cells.control.services.jackpotAdmin);
  });

  it("applies an approved pool change on the pool's cluster, and a new pool on its first operator's", async () => {
    fixture();
    const apply = appliers.get('main') as JackpotApplier;
    expect(appliers.has('east')).toBe(false); // one trail of approvals: the control cluster's
    const staff = { kind: 'staff' } as never;
    const row = (entity_id: string, change: unknown) => ({ entity_id, change }) as never;
    expect(await apply(row('pool_east', {}), staff)).toEqual({ ok: true, value: 'east' });
    expect(await apply(row('pool_main', {}), staff)).toEqual({ ok: true, value: 'main' });
    const members = (id: string) => ({ members: [{ operator_id: id, game_symbol: 'rf_ember_crown' }] });
    expect(await apply(row('new', members('op_east')), staff)).toEqual({ ok: true, value: 'east' });
    expect(await apply(row('new', members('op_home')), staff)).toEqual({ ok: true, value: 'main' });
    expect(await apply(row('new', {}), staff)).toEqual({ ok: true, value: 'main' });
  });

  it('passes over a cluster that does not answer while another holds the id, and says 503 when none does', async () => {
    const heard: string[] = [];
    const down: Cell = {
      ...cell('west', heard),
      holds: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const control = cell('main', heard, ['pool_main']);
    const east = cell('east', heard, ['pool_east']);
    const placement = createPlacementService({
      repo: { all: async () => [] },
      control: 'main',
      clusters: ['east', 'west'],
    });
    const cells = createCells(control, [east, down], placement);
    expect((await cells.holding('pool', 'pool_east')).id).toBe('east');
    expect((await cells.holding('pool', 'pool_main')).id).toBe('main');
    await expect(cells.holding('pool', 'pool_nowhere')).rejects.toMatchObject({
      code: 'service_unavailable',
      message: expect.stringContaining('cluster west did not answer'),
    });
  });
});
