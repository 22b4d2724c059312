// The replica rule on its own: where each read goes for each state of the replica, how a probe's
// answer reads, which answers of the replica stand, and the router's fall-backs.
import { describe, expect, it } from 'vitest';
import {
  FRESH_MARGIN_MS,
  RECENT,
  type ReadSide,
  type ReplicaMonitor,
  type ReplicaState,
  type RouteReason,
  readRouter,
  replicaAnswerStands,
  replicaStateOf,
  routeRead,
  upTo,
} from './replica.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const up = (lagMs: number, at = NOW): ReplicaState => ({ kind: 'up', lagMs, replayedTo: at - lagMs, at });
const MAX_LAG = 5_000;

describe('routeRead', () => {
  it.each<[string, ReplicaState, Parameters<typeof routeRead>[1], ReadSide, RouteReason]>([
    ['not probed yet', { kind: 'unknown' }, RECENT, 'primary', 'replica_down'],
    ['down', { kind: 'down', reason: 'refused', at: NOW }, RECENT, 'primary', 'replica_down'],
    ['a probe that stopped answering', up(0, NOW - 60_000), RECENT, 'primary', 'replica_down'],
    ['lag beyond the bound', up(MAX_LAG + 1), RECENT, 'primary', 'replica_lagging'],
    ['lag at the bound', up(MAX_LAG), RECENT, 'replica', 'replica'],
    ['caught up, a recent read', up(0), RECENT, 'replica', 'replica'],
    ['nothing written yet', up(1_000), upTo(null), 'replica', 'replica'],
    [
      'a write older than the replay point by the margin',
      up(1_000),
      upTo(new Date(NOW - 1_000 - FRESH_MARGIN_MS)),
      'replica',
      'replica',
    ],
    [
      'a write within the margin of the replay point',
      up(1_000),
      upTo(new Date(NOW - 1_000 - FRESH_MARGIN_MS + 1)),
      'primary',
      'too_fresh',
    ],
    ['a write after the replay point', up(3_000), upTo(new Date(NOW - 2_000)), 'primary', 'too_fresh'],
    ['a range ending in the future', up(0), upTo(new Date(NOW + 86_400_000)), 'primary', 'too_fresh'],
  ])('%s', (_what, state, need, side, reason) => {
    expect(routeRead(state, need, NOW, MAX_LAG)).toEqual({ side, reason });
  });
});

describe('replicaStateOf', () => {
  const row = { standby: true, streaming: true, caught_up: false, behind_ms: '1500.25' };
  it('a standby behind by its replay timestamp', () => {
    expect(replicaStateOf(row, NOW)).toEqual({
      kind: 'up',
      lagMs: 1500.25,
      replayedTo: NOW - 1500.25,
      at: NOW,
    });
  });
  it('a standby that replayed all it received is as fresh as the probe (an idle primary is no lag)', () => {
    expect(replicaStateOf({ ...row, caught_up: true, behind_ms: '90000' }, NOW)).toEqual(up(0));
  });
  it.each([
    ['a primary (promoted)', { ...row, standby: false }, 'not a standby'],
    ['a standby cut off from its primary', { ...row, streaming: false, caught_up: true }, 'not streaming'],
    ['a standby that replayed nothing yet', { ...row, behind_ms: null }, 'nothing replayed'],
  ])('%s is down', (_what, probe, reason) => {
    const state = replicaStateOf(probe, NOW);
    expect(state.kind).toBe('down');
    expect(state.kind === 'down' && state.reason).toContain(reason);
  });
});

describe('replicaAnswerStands', () => {
  const settled = { status: 'settled' };
  it.each([
    ['settled rounds, final transactions', [settled], [{ status: 'acknowledged' }], false, true],
    ['a cancelled round, a rejected debit', [{ status: 'cancelled' }], [{ status: 'rejected' }], true, true],
    ['an open round', [settled, { status: 'open' }], [], false, false],
    ['a pending credit', [settled], [{ status: 'pending' }], false, false],
    ['an unknown debit', [settled], [{ status: 'unknown' }], false, false],
    ['a parked credit', [settled], [{ status: 'failed' }], false, false],
    ['a look-up that found nothing', [], [], true, false],
    ['a list that found nothing', [], [], false, true],
  ])('%s', (_what, rounds, transactions, lookup, stands) => {
    expect(replicaAnswerStands({ rounds, transactions }, lookup)).toBe(stands);
  });
});

function fakeMonitor(state: ReplicaState): ReplicaMonitor & { downs: string[] } {
  let current = state;
  const downs: string[] = [];
  return {
    downs,
    state: () => current,
    probe: async () => current,
    markDown(reason) {
      downs.push(reason);
      current = { kind: 'down', reason, at: NOW };
    },
    start() {},
    stop() {},
  };
}

describe('readRouter', () => {
  const setup = (state: ReplicaState, replica: { name: string; fail?: boolean }) => {
    const seen: string[] = [];
    const monitor = fakeMonitor(state);
    const router = readRouter(
      { name: 'primary' },
      {
        repos: replica,
        monitor,
        maxLagMs: MAX_LAG,
        now: () => NOW,
        observe: (side, reason) => seen.push(`${side}:${reason}`),
      },
    );
    const read = (repos: { name: string; fail?: boolean }) =>
      repos.fail ? Promise.reject(new Error('connection refused')) : Promise.resolve(repos.name);
    return { router, read, seen, monitor };
  };

  it('without a replica every read is the primary’s and nothing is counted', async () => {
    const router = readRouter({ name: 'primary' });
    expect(await router.read(RECENT, async (repos) => repos.name)).toBe('primary');
  });

  it('a read the rule allows is the replica’s', async () => {
    const { router, read, seen } = setup(up(0), { name: 'replica' });
    expect(await router.read(RECENT, read)).toBe('replica');
    expect(seen).toEqual(['replica:replica']);
  });

  it('a read the rule refuses is the primary’s, with its reason', async () => {
    const { router, read, seen } = setup(up(0), { name: 'replica' });
    expect(await router.read(upTo(new Date(NOW)), read)).toBe('primary');
    expect(seen).toEqual(['primary:too_fresh']);
  });

  it('a replica answer that does not stand is read again on the primary', async () => {
    const { router, read, seen } = setup(up(0), { name: 'replica' });
    expect(await router.read(RECENT, read, (answer) => answer !== 'replica')).toBe('primary');
    expect(seen).toEqual(['primary:unsettled_or_missing']);
  });

  it('a read that fails on the replica is answered by the primary, and the replica is down until probed', async () => {
    const { router, read, seen, monitor } = setup(up(0), { name: 'replica', fail: true });
    expect(await router.read(RECENT, read)).toBe('primary');
    expect(await router.read(RECENT, read)).toBe('primary');
    expect(seen).toEqual(['primary:replica_error', 'primary:replica_down']);
    expect(monitor.downs).toEqual(['connection refused']);
  });

  it('a stream that fails before its first item starts again on the primary', async () => {
    const { router, seen } = setup(up(0), { name: 'replica', fail: true });
    async function* items(repos: { name: string; fail?: boolean }) {
      if (repos.fail) throw new Error('connection refused');
      yield `${repos.name}-1`;
      yield `${repos.name}-2`;
    }
    const got: string[] = [];
    for await (const item of router.stream(RECENT, items)) got.push(item);
    expect(got).toEqual(['primary-1', 'primary-2']);
    expect(seen).toEqual(['primary:replica_error']);
  });

  it('a stream the rule allows is the replica’s, every item', async () => {
    const { router, seen } = setup(up(0), { name: 'replica' });
    async function* items(repos: { name: string }) {
      yield `${repos.name}-1`;
      yield `${repos.name}-2`;
    }
    const got: string[] = [];
    for await (const item of router.stream(RECENT, items)) got.push(item);
    expect(got).toEqual(['replica-1', 'replica-2']);
    expect(seen).toEqual(['replica:replica']);
  });
});
