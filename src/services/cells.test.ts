import { describe, expect, it } from 'vitest';
import { type Cell, createCells } from './cells.ts';
import type { Services } from './index.ts';
import { createPlacementService } from './placement.ts';

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
    close: async () => {
      heard.push(`closed ${id}`);
    },
  } as unknown as Services;
}

function fixture(otherId = 'east') {
  const heard: string[] = [];
  const control: Cell = { id: 'main', services: fakeServices('main', heard) };
  const other: Cell = { id: otherId, services: fakeServices(otherId, heard) };
  const placement = createPlacementService({
    repo: { all: async () => [] },
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
});
