// The campaign service's cache of live campaigns against a change this node makes while a read of
// them is under way (a stub repository whose reads are held open by the test).
import { describe, expect, it, vi } from 'vitest';
import { memberOf } from '../domain/campaigns.ts';
import { effectiveRules, profileOf } from '../jurisdictions/index.ts';
import type { CampaignRow, CampaignsRepo, MemberRow } from '../store/campaigns.repo.ts';
import { createCampaignService, type RoundForCampaigns } from './campaigns.ts';
import { type Leaderboard, memoryLeaderboard } from './leaderboard.ts';
import type { RuntimeSession } from './sessions.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const ID = 'cmp_cache';

const campaign: CampaignRow = {
  id: ID,
  kind: 'tournament',
  name: 'Cache test',
  scope: 'network',
  owner_operator_id: null,
  currency: 'EUR',
  games: ['rf_copper_sevens'],
  starts_at: new Date(NOW.getTime() - 3_600_000),
  ends_at: new Date(NOW.getTime() + 3_600_000),
  min_bet: 0n,
  scoring: 'total_bet',
  best_n: null,
  opt_in_required: false,
  prizes: { places: [] },
  pool_amount: 0n,
  budget: 0n,
  status: 'scheduled',
  drop_commit: null,
  drop_salt: null,
  created_by: 'staff:a',
  approved_by: 'staff:b',
  created_at: new Date(NOW.getTime() - 7_200_000),
  approved_at: new Date(NOW.getTime() - 7_200_000),
  frozen_at: null,
};

function member(operatorId: string, joined: boolean): MemberRow {
  const at = new Date(NOW.getTime() - 5_400_000);
  return {
    campaign_id: ID,
    operator_id: operatorId,
    invited_at: at,
    joined_at: joined ? at : null,
    left_at: null,
  };
}

/** A repository of one running network campaign; `hold()` keeps the next members read open. */
function stubRepo() {
  const members = new Map([
    ['op_alpha', member('op_alpha', true)],
    ['op_beta', member('op_beta', false)],
  ]);
  const table: string[] = [];
  /** Whether the campaign is approved yet (the node's view lists it). */
  const state = { visible: true };
  let held: { release: () => void } | null = null;
  let holdNext = false;
  const repo = {
    async find(id: string) {
      return id === ID ? campaign : undefined;
    },
    async live() {
      return state.visible ? [campaign] : [];
    },
    async members(ids: readonly string[]) {
      const snapshot = ids.includes(ID) ? [...members.values()].map((row) => ({ ...row })) : [];
      if (!holdNext) return snapshot;
      holdNext = false;
      // The read was taken now; its answer arrives when the test lets it.
      await new Promise<void>((resolve) => {
        held = { release: resolve };
      });
      return snapshot;
    },
    async rates() {
      return [];
    },
    async nextDrops() {
      return new Map();
    },
    async setMember(_id: string, operatorId: string, join: boolean, at: Date) {
      const row = members.get(operatorId);
      if (row) row.joined_at = join ? at : null;
    },
    async ended() {
      return [];
    },
    async entriesOf() {
      return [];
    },
    /** The rounds table as a rebuild reads it: only the rounds the test put there. */
    async *rounds() {
      yield table.map((id) => ({
        id,
        seq: 1n,
        operator_id: 'op_alpha',
        player_id: 'alpha-1',
        session_id: 'gs_alpha-1',
        game_symbol: 'rf_copper_sevens',
        currency: 'EUR',
        created_at: NOW,
        stake: 100n,
        win: 0n,
        jurisdiction_code: null,
      }));
    },
  };
  return {
    repo: repo as unknown as CampaignsRepo,
    hold: () => {
      holdNext = true;
    },
    release: () => held?.release(),
    table,
    state,
    isHeld: () => held !== null,
  };
}

function sessionOf(operatorId: string, playerId: string): RuntimeSession {
  return {
    row: {
      id: `gs_${playerId}`,
      operator_id: operatorId,
      player_id: playerId,
      game_symbol: 'rf_copper_sevens',
      currency: 'EUR',
      play_mode: 'real',
    },
    jurisdiction: { rules: effectiveRules(profileOf('default')) },
  } as unknown as RuntimeSession;
}

const round = (id: string): RoundForCampaigns => ({
  id,
  created_at: NOW,
  stake: 100n,
  win: 0n,
  free_round_grant_id: null,
});

function serviceOver(repo: CampaignsRepo, board: Leaderboard) {
  return createCampaignService({
    repo,
    board,
    rng: () => {
      throw new Error('no drop here');
    },
    games: () => ['rf_copper_sevens'],
    operatorExists: async () => true,
    now: () => NOW,
    freezeGraceMs: 60_000,
  });
}

describe('settle', () => {
  it('scores the rounds queued while a flush was under way, not only those it took', async () => {
    const stub = stubRepo();
    const memory = memoryLeaderboard();
    await memory.load(ID, new Map(), [], []);
    let release: (() => void) | null = null;
    let held = false;
    // The first fold is held open, as a slow Redis or a rebuild holds it.
    const board: Leaderboard = {
      ...memory,
      async apply(campaignId, rule, events) {
        if (!held) {
          held = true;
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }
        return memory.apply(campaignId, rule, events);
      },
    };
    const service = serviceOver(stub.repo, board);
    service.onRound(sessionOf('op_alpha', 'alpha-1'), round('rnd_a1'));
    const first = service.settle();
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    // A round queued while that flush is under way; settle now must score it too.
    service.onRound(sessionOf('op_alpha', 'alpha-2'), round('rnd_a2'));
    const second = service.settle();
    (release as () => void)();
    await Promise.all([first, second]);
    const members = (await memory.top(ID, 10)).map((entry) => entry.member).sort();
    expect(members).toEqual([memberOf('op_alpha', 'alpha-1'), memberOf('op_alpha', 'alpha-2')]);
    await service.stop();
  });
});

describe('rebuilding a missing board', () => {
  it('a caller that saw the board missing before another rebuild loaded it does not load an older fold', async () => {
    const stub = stubRepo();
    const memory = memoryLeaderboard();
    let staleLooks = 0;
    // `has` answers "missing" once more, as it did to a caller that looked just before a load.
    const board: Leaderboard = {
      ...memory,
      async has(campaignId) {
        if (staleLooks > 0) {
          staleLooks -= 1;
          return false;
        }
        return memory.has(campaignId);
      },
    };
    const service = serviceOver(stub.repo, board);
    const rounds = async () =>
      (await service.standings(ID, { operatorId: null })).top.reduce((sum, entry) => sum + entry.rounds, 0);
    stub.table.push('rnd_1');
    expect(await rounds()).toBe(1);
    // A round played and scored after that rebuild, not yet in what a rebuild would read.
    service.onRound(sessionOf('op_alpha', 'alpha-1'), round('rnd_2'));
    await service.settle();
    expect(await rounds()).toBe(2);
    staleLooks = 1;
    expect(await rounds()).toBe(2);
    // The claim it took was given back: a board lost later is rebuilt at once.
    expect(await memory.claimRebuild(ID, 60_000)).toBe(true);
    await service.stop();
  });
});

describe('a campaign new to the node after its start', () => {
  it('gets the rounds the node played before it saw the campaign', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const stub = stubRepo();
      const memory = memoryLeaderboard();
      // Another node built the board when the campaign was approved there.
      await memory.load(ID, new Map(), [], []);
      stub.state.visible = false;
      const service = serviceOver(stub.repo, memory);
      const rounds = async () => (await memory.top(ID, 10)).reduce((sum, entry) => sum + entry.rounds, 0);
      // Played on this node before its view lists the campaign: queued for nothing.
      stub.table.push('rnd_1');
      service.onRound(sessionOf('op_alpha', 'alpha-1'), round('rnd_1'));
      await service.settle();
      stub.state.visible = true;
      stub.table.push('rnd_2');
      service.onRound(sessionOf('op_alpha', 'alpha-1'), round('rnd_2'));
      await service.settle();
      expect(await rounds()).toBe(0);
      // The view goes stale; the next round's refresh finds the campaign and catches it up.
      vi.setSystemTime(Date.now() + 3_000);
      stub.table.push('rnd_3');
      service.onRound(sessionOf('op_alpha', 'alpha-1'), round('rnd_3'));
      await service.settle();
      expect(await rounds()).toBe(3);
      // Sent again, a round is still folded once.
      service.onRound(sessionOf('op_alpha', 'alpha-1'), round('rnd_3'));
      await service.settle();
      expect(await rounds()).toBe(3);
      await service.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the cache of live campaigns', () => {
  it('does not keep a read begun before an operator opted in: its players score at once', async () => {
    const stub = stubRepo();
    const board = memoryLeaderboard();
    await board.load(ID, new Map(), [], []);
    const service = serviceOver(stub.repo, board);
    // A round of alpha starts the node's first read of the campaigns, held open before beta joins.
    stub.hold();
    service.onRound(sessionOf('op_alpha', 'alpha-1'), round('rnd_a1'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stub.isHeld()).toBe(true);
    await service.optIn('op_beta', ID, true);
    stub.release();
    // Beta's round, right after its opt-in, scores.
    service.onRound(sessionOf('op_beta', 'beta-1'), round('rnd_b1'));
    await service.settle();
    const members = (await board.top(ID, 10)).map((entry) => entry.member).sort();
    expect(members).toEqual([memberOf('op_alpha', 'alpha-1'), memberOf('op_beta', 'beta-1')]);
    await service.stop();
  });
});

describe('a due drop point', () => {
  const drop: CampaignRow = {
    ...campaign,
    kind: 'drop',
    opt_in_required: true,
    prizes: { drops: [{ count: 1, prize: { kind: 'cash', amount: '5.00' } }] },
  };

  /** A drop whose one point is due at NOW; `optedIn` is the entries table (player → opted in at). */
  function dropRepo(optedIn: Map<string, Date>) {
    const stub = stubRepo();
    const taken: Array<{ roundId: string; amount: bigint }> = [];
    const reads: string[][] = [];
    const repo = {
      ...(stub.repo as unknown as Record<string, unknown>),
      async find(id: string) {
        return id === ID ? drop : undefined;
      },
      async live() {
        return [drop];
      },
      async nextDrops() {
        return new Map(taken.length === 0 ? [[ID, NOW]] : []);
      },
      async entriesFor(_id: string, players: Array<{ operatorId: string; playerId: string }>) {
        reads.push(players.map((player) => player.playerId));
        return players.flatMap(({ operatorId, playerId }) => {
          const at = optedIn.get(playerId);
          return at ? [{ operator_id: operatorId, player_id: playerId, opted_in_at: at }] : [];
        });
      },
      async takeDrop(
        _id: string,
        round: { id: string },
        prizeOf: (point: { seq: number; prize: unknown }) => { amount: bigint } | null,
      ) {
        if (taken.length > 0) return null;
        const prize = prizeOf({ seq: 1, prize: { kind: 'cash', amount: '5.00' } });
        if (!prize) return null;
        taken.push({ roundId: round.id, amount: prize.amount });
        return { seq: 1, prize };
      },
    } as unknown as CampaignsRepo;
    return { repo, taken, reads };
  }

  /** Not opted in, opted in after the round, then opted in before it: the third round takes the point. */
  function playThree(service: ReturnType<typeof serviceOver>) {
    service.onRound(sessionOf('op_alpha', 'alpha-0'), round('rnd_0'));
    service.onRound(sessionOf('op_alpha', 'alpha-2'), round('rnd_2'));
    service.onRound(sessionOf('op_alpha', 'alpha-1'), round('rnd_1'));
  }

  const entries = () =>
    new Map([
      ['alpha-1', new Date(NOW.getTime() - 60_000)],
      ['alpha-2', new Date(NOW.getTime() + 1_000)],
    ]);

  it("goes to the first round at it of a player opted in by then, while another caller rebuilds the drop's board", async () => {
    const { repo, taken, reads } = dropRepo(entries());
    const board = memoryLeaderboard();
    // A player's page read the drop just after its start: its rebuild holds the lease, and the
    // board is not there yet when this node's flush comes to it.
    expect(await board.claimRebuild(ID, 60_000)).toBe(true);
    const service = serviceOver(repo, board);
    playThree(service);
    await service.settle();
    expect(taken).toEqual([{ roundId: 'rnd_1', amount: 500n }]);
    expect(await board.has(ID)).toBe(false);
    // The three players' entries in one read, not one a round.
    expect(reads).toEqual([['alpha-0', 'alpha-2', 'alpha-1']]);
    await service.stop();
  });

  it('lands when the board cannot fold the rounds (Redis not answering)', async () => {
    const { repo, taken } = dropRepo(entries());
    const memory = memoryLeaderboard();
    await memory.load(ID, new Map(), [memberOf('op_alpha', 'alpha-1')], []);
    const board: Leaderboard = {
      ...memory,
      async apply() {
        throw new Error('Redis is not answering');
      },
    };
    const service = serviceOver(repo, board);
    playThree(service);
    await service.settle();
    expect(taken).toEqual([{ roundId: 'rnd_1', amount: 500n }]);
    await service.stop();
  });
});
