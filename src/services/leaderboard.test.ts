// The live leaderboard: the Redis board (a Lua fold) and the process's board agree with the fold of
// domain/campaigns.ts on any sequence of rounds, for every scoring; places follow placesBefore.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { redisReachable } from '../../test/helpers/redis.ts';
import {
  type EntryScore,
  emptyEntry,
  memberOf,
  SCORINGS,
  type ScoringRule,
  scoreRound,
} from '../domain/campaigns.ts';
import {
  type Leaderboard,
  memoryLeaderboard,
  redisLeaderboard,
  type ScoreEvent,
  sortedBoard,
} from './leaderboard.ts';

const hasRedis = await redisReachable();
if (!hasRedis) console.log('leaderboard.test: no Redis at 127.0.0.1:6379, the Redis board cases are skipped');

const boards: Leaderboard[] = [memoryLeaderboard()];
if (hasRedis) boards.push(redisLeaderboard('redis://127.0.0.1:6379', () => {}));
afterAll(async () => {
  await Promise.all(boards.map((board) => board.close()));
});

const START = Date.UTC(2026, 10, 27, 10);
const players = ['op_a:p1', 'op_a:p2', 'op_b:p1', 'op_b:p3'];

/** Rounds in time order: a player, one of two sessions, a gap, a stake and a win. */
const roundsArb = fc.array(
  fc.record({
    player: fc.constantFrom(...players),
    session: fc.constantFrom('s1', 's2'),
    gap: fc.integer({ min: 0, max: 45_000 }),
    stake: fc.integer({ min: 1, max: 50_000 }),
    winTimes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 400 })),
    rate: fc.constantFrom(1, 3, 7),
  }),
  { minLength: 1, maxLength: 60 },
);

interface TestRound {
  player: string;
  session: string;
  gap: number;
  stake: number;
  winTimes: number;
  rate: number;
}

function eventsOf(rounds: readonly TestRound[], needsEntry = false): ScoreEvent[] {
  let at = START;
  return rounds.map((round, i) => {
    at += round.gap;
    const stake = BigInt(round.stake);
    const win = (stake * BigInt(round.winTimes)) / 10n;
    return {
      member: round.player,
      needsEntry,
      round: {
        roundId: `rnd_${i}`,
        sessionId: `${round.player}:${round.session}`,
        at,
        stake,
        win,
        stakeFine: (stake * BigInt(round.rate) * 1_000_000n) / 3n,
        winFine: (win * BigInt(round.rate) * 1_000_000n) / 3n,
      },
    };
  });
}

/** The same rounds, some sent late (after later ones), as a node re-sends what a crash lost. */
function shuffledLate(events: readonly ScoreEvent[], picks: readonly number[]): ScoreEvent[] {
  const late = new Set(picks.map((pick) => pick % events.length));
  return [...events.filter((_, i) => !late.has(i)), ...events.filter((_, i) => late.has(i))];
}

function folded(events: readonly ScoreEvent[], rule: ScoringRule): Map<string, EntryScore> {
  const entries = new Map<string, EntryScore>();
  for (const event of events)
    entries.set(event.member, scoreRound(entries.get(event.member) ?? emptyEntry(), event.round, rule));
  return entries;
}

let campaignSeq = 0;

describe.each(boards.map((board) => [board.kind, board] as const))('the %s board', (_kind, board) => {
  it('gives a rebuild claim to one caller at a time, back on load or on release', async () => {
    const id = `cmp_claim${process.pid}_${campaignSeq++}`;
    expect(await board.claimRebuild(id, 60_000)).toBe(true);
    expect(await board.claimRebuild(id, 60_000)).toBe(false);
    await board.load(id, new Map(), [], []);
    expect(await board.claimRebuild(id, 60_000)).toBe(true);
    await board.releaseRebuild(id);
    expect(await board.claimRebuild(id, 60_000)).toBe(true);
    await board.releaseRebuild(id);
    await board.remove(id);
  });

  it('is missing until built, then folds every scoring as the domain does, in batches of any size', async () => {
    await fc.assert(
      fc.asyncProperty(
        roundsArb,
        fc.constantFrom(...SCORINGS),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 7 }),
        async (rounds, scoring, bestN, batch) => {
          const rule: ScoringRule = { scoring, bestN: scoring === 'best_n_ratio' ? bestN : null };
          const id = `cmp_test${process.pid}_${campaignSeq++}`;
          const events = eventsOf(rounds);
          expect(await board.apply(id, rule, events.slice(0, 1))).toBe('missing');
          await board.load(id, new Map(), [], []);
          for (let i = 0; i < events.length; i += batch)
            await board.apply(id, rule, events.slice(i, i + batch));
          const expected = sortedBoard(folded(events, rule));
          const top = await board.top(id, 10);
          expect(top).toEqual(expected.slice(0, 10));
          for (const [i, entry] of expected.entries()) {
            const place = await board.placeOf(id, entry.member);
            expect(place?.place).toBe(i + 1);
            expect(place?.entry.score).toBe(entry.score);
          }
          expect(await board.size(id)).toBe(expected.length);
          await board.remove(id);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('folds rounds sent late (after a crash) exactly as the domain does', async () => {
    await fc.assert(
      fc.asyncProperty(
        roundsArb,
        fc.constantFrom(...SCORINGS),
        fc.array(fc.nat(), { maxLength: 5 }),
        async (rounds, scoring, picks) => {
          const rule: ScoringRule = { scoring, bestN: scoring === 'best_n_ratio' ? 3 : null };
          const id = `cmp_late${process.pid}_${campaignSeq++}`;
          const events = shuffledLate(eventsOf(rounds), picks);
          await board.load(id, new Map(), [], []);
          await board.apply(id, rule, events);
          const expected = sortedBoard(folded(events, rule));
          expect(await board.top(id, 10)).toEqual(expected.slice(0, 10));
          await board.remove(id);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('scores a round that needs an entry only for a player who opted in', async () => {
    const id = `cmp_entry${process.pid}_${campaignSeq++}`;
    const rule: ScoringRule = { scoring: 'total_bet', bestN: null };
    await board.load(id, new Map(), [memberOf('op_a', 'p1')], []);
    const events = eventsOf(
      [
        { player: 'op_a:p1', session: 's1', gap: 0, stake: 100, winTimes: 0, rate: 3 },
        { player: 'op_a:p2', session: 's1', gap: 10, stake: 100, winTimes: 0, rate: 3 },
      ],
      true,
    );
    await board.apply(id, rule, events);
    expect((await board.top(id, 10)).map((entry) => entry.member)).toEqual(['op_a:p1']);
    await board.enter(id, 'op_a:p2');
    await board.apply(
      id,
      rule,
      eventsOf([{ player: 'op_a:p2', session: 's1', gap: 99, stake: 500, winTimes: 0, rate: 3 }], true).map(
        (event) => ({ ...event, round: { ...event.round, roundId: 'rnd_late' } }),
      ),
    );
    expect((await board.top(id, 10)).map((entry) => entry.member)).toEqual(['op_a:p2', 'op_a:p1']);
    await board.remove(id);
  });

  it('does not count again a round a rebuild (or an earlier batch) already counted', async () => {
    const id = `cmp_rebuilt${process.pid}_${campaignSeq++}`;
    const rule: ScoringRule = { scoring: 'qualifying_rounds', bestN: null };
    const events = eventsOf([
      { player: 'op_a:p1', session: 's1', gap: 0, stake: 100, winTimes: 0, rate: 3 },
      { player: 'op_a:p1', session: 's1', gap: 10, stake: 100, winTimes: 0, rate: 3 },
    ]);
    await board.load(id, folded(events.slice(0, 1), rule), [], [{ roundId: 'rnd_0', at: START }]);
    await board.apply(id, rule, events);
    expect((await board.placeOf(id, 'op_a:p1'))?.entry.score).toBe(2);
    // A batch sent again (its answer lost on the way back) is folded once.
    await board.apply(id, rule, events);
    expect((await board.placeOf(id, 'op_a:p1'))?.entry.score).toBe(2);
    await board.remove(id);
  });

  it('ranks 2,000 players with ties to the earlier score', async () => {
    const id = `cmp_many${process.pid}_${campaignSeq++}`;
    const rule: ScoringRule = { scoring: 'qualifying_rounds', bestN: null };
    await board.load(id, new Map(), [], []);
    const events: ScoreEvent[] = [];
    for (let i = 0; i < 2000; i++)
      events.push({
        member: memberOf('op_a', `p${i}`),
        needsEntry: false,
        round: {
          roundId: `r${i}`,
          sessionId: `s${i}`,
          at: START + (i % 7) * 1000 + i,
          stake: 1n,
          win: 0n,
          stakeFine: 1n,
          winFine: 0n,
        },
      });
    for (let i = 0; i < events.length; i += 500) await board.apply(id, rule, events.slice(i, i + 500));
    const expected = sortedBoard(folded(events, rule));
    expect(expected[0]?.member).toBe('op_a:p0');
    expect(await board.top(id, 10)).toEqual(expected.slice(0, 10));
    // Every score is 1: the places are the times the scores were reached, earliest first.
    expect(expected.map((entry) => entry.at)).toEqual(
      [...events.map((event) => event.round.at)].sort((a, b) => a - b),
    );
    for (const member of ['op_a:p6', 'op_a:p1999', 'op_a:p1000'])
      expect((await board.placeOf(id, member))?.place).toBe(
        expected.findIndex((entry) => entry.member === member) + 1,
      );
    await board.remove(id);
  });
});
