import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededRng } from '../engine/rng.ts';
import {
  budgetOf,
  CADENCE_TOLERANCE_MS,
  checkCampaignRequest,
  type DropPoint,
  drawSchedule,
  dropCash,
  emptyEntry,
  longestCadenceRun,
  minBetIn,
  placeCash,
  prizeOfPlace,
  SESSION_HOLD_MS,
  scheduleCommit,
  scoreRound,
  scoreText,
  toCampaignFine,
  toPlayerMinor,
} from './campaigns.ts';
import { FieldProblem } from './jackpot-params.ts';
import { conversionOf } from './jackpots.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const GAMES = ['rf_ember_crown', 'rf_copper_sevens'];
const tournament = {
  kind: 'tournament',
  name: 'Winter sprint',
  scope: 'network',
  operators: ['op_a', 'op_b'],
  currency: 'EUR',
  games: ['rf_ember_crown'],
  starts_at: '2026-12-01T18:00:00Z',
  ends_at: '2026-12-02T18:00:00Z',
  min_bet: '0.50',
  scoring: 'best_n_ratio',
  best_n: 10,
  places: [
    { from: 1, to: 1, prize: { kind: 'cash', amount: '500.00' } },
    { from: 2, to: 5, prize: { kind: 'pool_share', share_percent: '10' } },
    {
      from: 6,
      to: 10,
      prize: {
        kind: 'free_rounds',
        free_rounds: { game: 'rf_ember_crown', rounds: 20, coin: '0.10', bet_level: 1 },
      },
    },
  ],
  pool_amount: '1000.00',
};

function problemOf(body: unknown): string {
  try {
    checkCampaignRequest(body, NOW, GAMES);
  } catch (error) {
    if (error instanceof FieldProblem) return error.message;
    throw error;
  }
  return 'no problem';
}

describe('campaign terms', () => {
  it('reads a network tournament with a place table, a pool and rates', () => {
    // Rates let players of other currencies in; a free-rounds prize then cannot be (see below).
    const withRates = {
      ...tournament,
      rates: { USD: '0.92', SEK: '0.087' },
      places: tournament.places.slice(0, 2),
    };
    const terms = checkCampaignRequest(withRates, NOW, GAMES);
    expect(terms).toMatchObject({
      kind: 'tournament',
      scope: 'network',
      minBet: 50n,
      bestN: 10,
      optInRequired: true,
    });
    expect(terms.rates).toEqual([
      { currency: 'USD', rate: '0.92' },
      { currency: 'SEK', rate: '0.087' },
    ]);
    // 500 in cash and the whole pool (4 × 10 % of it shared): the budget a second admin approves.
    expect(budgetOf(terms)).toBe(50_000n + 100_000n);
  });

  it('names the field of every problem', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'lottery' }, 'kind:'],
      [{ name: 'ab' }, 'name:'],
      [{ currency: 'XXX' }, 'currency:'],
      [{ games: ['rf_ember_crown', 'rf_ember_crown'] }, 'games:'],
      [{ games: ['rf_none'] }, 'games[0]:'],
      [{ starts_at: '2026-11-26T10:00:00Z' }, 'starts_at:'],
      [{ starts_at: 'tomorrow' }, 'starts_at:'],
      [{ ends_at: '2026-12-01T17:00:00Z' }, 'ends_at:'],
      [{ ends_at: '2027-06-01T17:00:00Z' }, 'ends_at:'],
      [{ min_bet: '-1' }, 'min_bet:'],
      [{ scoring: 'loudest' }, 'scoring:'],
      [{ best_n: 0 }, 'best_n:'],
      [{ best_n: 51 }, 'best_n:'],
      [{ operators: [] }, 'operators:'],
      [{ operator_id: 'op_a' }, 'operator_id:'],
      [{ rates: { EUR: '1' } }, 'rates.EUR:'],
      [{ rates: { USD: '0' } }, 'rates.USD:'],
      [{ places: [{ from: 2, to: 2, prize: { kind: 'cash', amount: '1' } }] }, 'places[0].from:'],
      [{ places: [{ from: 1, to: 1, prize: { kind: 'cash', amount: '1.001' } }] }, 'places[0].prize.amount:'],
      [
        { places: [{ from: 1, to: 1, prize: { kind: 'pool_share', share_percent: '101' } }] },
        'share_percent:',
      ],
      [{ places: [{ from: 1, to: 11, prize: { kind: 'pool_share', share_percent: '10' } }] }, 'places:'],
      [
        {
          places: [
            {
              from: 1,
              to: 1,
              prize: {
                kind: 'free_rounds',
                free_rounds: { game: 'rf_copper_sevens', rounds: 5, coin: '0.1' },
              },
            },
          ],
        },
        'places[0].prize.free_rounds.game:',
      ],
      [{ pool_amount: undefined }, 'pool_amount:'],
      // A free-rounds prize is a grant in the campaign's currency: no rates, a coin its game offers.
      [{ rates: { USD: '0.92' } }, 'places[2].prize: a free-rounds prize is for a campaign of one currency'],
      [
        {
          pool_amount: undefined,
          places: [
            {
              from: 1,
              to: 1,
              prize: {
                kind: 'free_rounds',
                free_rounds: { game: 'rf_ember_crown', rounds: 5, coin: '0.07' },
              },
            },
          ],
        },
        'places[0].prize.free_rounds.coin:',
      ],
      [
        {
          pool_amount: undefined,
          places: [
            {
              from: 1,
              to: 1,
              prize: {
                kind: 'free_rounds',
                free_rounds: { game: 'rf_ember_crown', rounds: 5, coin: '0.10', bet_level: 99 },
              },
            },
          ],
        },
        'places[0].prize.free_rounds.bet_level:',
      ],
      [{ drops: [] }, 'drops:'],
      [{ surprise: true }, 'surprise:'],
    ];
    for (const [change, field] of cases) expect(problemOf({ ...tournament, ...change })).toContain(field);
  });

  it('reads a drop: prizes with counts, the budget at their most', () => {
    const drop = {
      kind: 'drop',
      name: 'Daily drops',
      scope: 'operator',
      operator_id: 'op_a',
      currency: 'EUR',
      games: GAMES,
      starts_at: '2026-12-01T00:00:00Z',
      ends_at: '2026-12-02T00:00:00Z',
      drops: [
        { count: 100, prize: { kind: 'bet_multiple', multiplier: 50, bet_cap: '1.00' } },
        { count: 3, prize: { kind: 'cash', amount: '250.00' } },
      ],
    };
    const terms = checkCampaignRequest(drop, NOW, GAMES);
    expect(budgetOf(terms)).toBe(100n * 5_000n + 3n * 25_000n);
    expect(problemOf({ ...drop, scoring: 'total_bet' })).toContain('scoring:');
    expect(
      problemOf({ ...drop, drops: [{ count: 10_001, prize: { kind: 'cash', amount: '1' } }] }),
    ).toContain('drops[0].count:');
    expect(
      problemOf({
        ...drop,
        drops: [{ count: 1, prize: { kind: 'bet_multiple', multiplier: 5, bet_cap: '0' } }],
      }),
    ).toContain('drops[0].prize.bet_cap:');
  });
});

describe('amounts between currencies', () => {
  const usd = conversionOf('0.92', 'USD', 'EUR');
  const jpy = conversionOf('0.0062', 'JPY', 'EUR');

  it('a minimum bet is met only by a stake worth at least it', () => {
    // 0.50 EUR at 0.92 EUR a dollar: 0.5435 USD, so 0.55 USD is the least that qualifies.
    expect(minBetIn(50n, usd)).toBe(55n);
    expect(toCampaignFine(54n, usd)).toBeLessThan(50n * 1_000_000n);
    expect(toCampaignFine(55n, usd)).toBeGreaterThanOrEqual(50n * 1_000_000n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 9n }), (min) => {
        const least = minBetIn(min, jpy);
        expect(toCampaignFine(least, jpy)).toBeGreaterThanOrEqual(min * 1_000_000n);
        if (least > 0n) expect(toCampaignFine(least - 1n, jpy)).toBeLessThan(min * 1_000_000n);
      }),
    );
  });

  it('a prize converts down, never paying more than its worth', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (prize) => {
        const paid = toPlayerMinor(prize, usd);
        expect(toCampaignFine(paid, usd)).toBeLessThanOrEqual(prize * 1_000_000n);
        expect(toCampaignFine(paid + 1n, usd)).toBeGreaterThan(prize * 1_000_000n - 1_000_000n);
      }),
    );
  });
});

describe('scores', () => {
  const round = (at: number, stake: bigint, win: bigint, sessionId = 's1') => ({
    roundId: `r${at}`,
    sessionId,
    at,
    stake,
    win,
    stakeFine: stake * 1_000_000n,
    winFine: win * 1_000_000n,
  });

  it('max multiplier keeps the best win over its bet, reached at its round', () => {
    const rule = { scoring: 'max_multiplier' as const, bestN: null };
    let entry = scoreRound(emptyEntry(), round(1000, 100n, 0n), rule);
    expect(entry).toMatchObject({ score: 0, at: 1000, rounds: 1 });
    entry = scoreRound(entry, round(2000, 100n, 2500n), rule);
    entry = scoreRound(entry, round(3000, 50n, 1250n), rule); // the same 25x later: the earlier stands
    expect(entry).toMatchObject({ score: 25, at: 2000, rounds: 3 });
    expect(scoreText('max_multiplier', entry.score, 'EUR')).toBe('25.00x');
    // A double a hair below its decimal (2.05 × 100 = 204.99999…) still reads as written.
    expect(scoreText('max_multiplier', 205 / 100, 'EUR')).toBe('2.05x');
    expect(scoreText('best_n_ratio', 2.0499, 'EUR')).toBe('2.04x');
  });

  it('best N sums the N best rounds: total win over total bet', () => {
    const rule = { scoring: 'best_n_ratio' as const, bestN: 2 };
    let entry = emptyEntry();
    for (const [at, stake, win] of [
      [1, 100n, 100n],
      [2, 100n, 500n],
      [3, 200n, 200n],
      [4, 100n, 300n],
    ] as const)
      entry = scoreRound(entry, round(at, stake, win), rule);
    expect(entry.best.map((kept) => kept.ratio)).toEqual([5, 3]);
    expect(entry.score).toBe(800 / 200);
  });

  it('total bet and qualifying rounds count every scored round', () => {
    let bet = emptyEntry();
    let count = emptyEntry();
    for (let i = 0; i < 5; i++) {
      bet = scoreRound(bet, round(i * 1000, 30n, 0n), { scoring: 'total_bet', bestN: null });
      count = scoreRound(count, round(i * 1000, 30n, 0n), { scoring: 'qualifying_rounds', bestN: null });
    }
    expect(bet.score).toBe(150 * 1_000_000);
    expect(scoreText('total_bet', bet.score, 'EUR')).toBe('1.50');
    expect(count.score).toBe(5);
  });

  it('shows a total bet as money only while its double is exact, never a rounded amount', () => {
    expect(scoreText('total_bet', Number.MAX_SAFE_INTEGER, 'EUR')).toBe('90071992.54');
    expect(() => scoreText('total_bet', 2 ** 53 + 2, 'EUR')).toThrow(RangeError);
    expect(() => scoreText('total_bet', 1.5, 'EUR')).toThrow(RangeError);
  });

  it('a round sent late (after a crash) leaves the same score as in its place, one session', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gap: fc.integer({ min: 1, max: 9_000 }),
            stake: fc.integer({ min: 1, max: 900 }),
            times: fc.integer({ min: 0, max: 50 }),
          }),
          {
            minLength: 2,
            maxLength: 30,
          },
        ),
        fc.nat(),
        fc.constantFrom('total_bet', 'qualifying_rounds', 'max_multiplier', 'best_n_ratio') as fc.Arbitrary<
          'total_bet' | 'qualifying_rounds' | 'max_multiplier' | 'best_n_ratio'
        >,
        (plays, pick, scoring) => {
          let at = 0;
          const rounds = plays.map((play) => {
            at += play.gap;
            return round(at, BigInt(play.stake), BigInt(play.stake * play.times));
          });
          const rule = { scoring, bestN: 3 };
          const late = pick % rounds.length;
          const inOrder = rounds.reduce((entry, next) => scoreRound(entry, next, rule), emptyEntry());
          const resent = [
            ...rounds.filter((_, i) => i !== late),
            rounds[late] as (typeof rounds)[number],
          ].reduce((entry, next) => scoreRound(entry, next, rule), emptyEntry());
          expect([resent.score, resent.rounds, resent.lastAt]).toEqual([
            inOrder.score,
            inOrder.rounds,
            inOrder.lastAt,
          ]);
          if (scoring !== 'best_n_ratio') expect(resent.at).toBe(inOrder.at);
        },
      ),
    );
  });

  it('a player does not score from two sessions at once', () => {
    const rule = { scoring: 'qualifying_rounds' as const, bestN: null };
    let entry = scoreRound(emptyEntry(), round(0, 10n, 0n, 's1'), rule);
    entry = scoreRound(entry, round(5_000, 10n, 0n, 's2'), rule); // the other session, 5 s later
    entry = scoreRound(entry, round(9_000, 10n, 0n, 's1'), rule); // and back
    expect(entry.score).toBe(1);
    entry = scoreRound(entry, round(9_000 + SESSION_HOLD_MS, 10n, 0n, 's2'), rule); // after a pause
    expect(entry.score).toBe(2);
  });
});

describe('prizes', () => {
  const places = checkCampaignRequest(tournament, NOW, GAMES).prizes;
  it('each place has its prize, and none past the table', () => {
    if (!('places' in places)) throw new Error('a tournament');
    expect(prizeOfPlace(places.places, 1)).toEqual({ kind: 'cash', amount: '500.00' });
    const share = prizeOfPlace(places.places, 4);
    expect(share && placeCash(share, 100_000n, 'EUR')).toBe(10_000n);
    expect(prizeOfPlace(places.places, 10)?.kind).toBe('free_rounds');
    expect(prizeOfPlace(places.places, 11)).toBeNull();
  });

  it('a drop pays a multiple of the bet counted up to its cap', () => {
    const prize = { kind: 'bet_multiple' as const, multiplier: 20, bet_cap: '1.00' };
    expect(dropCash(prize, 40n, 'EUR')).toBe(800n);
    expect(dropCash(prize, 500n, 'EUR')).toBe(2_000n);
  });
});

describe('a drop schedule', () => {
  const start = new Date('2026-12-01T00:00:00Z');
  const end = new Date('2026-12-01T06:00:00Z');
  const drops = [
    { count: 50, prize: { kind: 'cash' as const, amount: '5.00' } },
    { count: 2, prize: { kind: 'cash' as const, amount: '100.00' } },
  ];

  it('draws every point inside the period, in order, committed by a hash anyone can check once revealed', () => {
    const schedule = drawSchedule(createSeededRng(7), 'cmp_x', drops, start, end);
    expect(schedule.points).toHaveLength(52);
    for (const [i, point] of schedule.points.entries()) {
      expect(point.seq).toBe(i + 1);
      expect(point.at >= start && point.at < end).toBe(true);
      if (i > 0) expect(point.at >= (schedule.points[i - 1]?.at as Date)).toBe(true);
    }
    expect(
      schedule.points.filter((point) => point.prize.kind === 'cash' && point.prize.amount === '100.00'),
    ).toHaveLength(2);
    expect(scheduleCommit('cmp_x', schedule.points, schedule.salt)).toBe(schedule.commit);
    // Any change to a point, the salt or the campaign breaks the commitment.
    const moved = schedule.points.map((point, i) =>
      i === 3 ? { ...point, at: new Date(point.at.getTime() + 1000) } : point,
    );
    expect(scheduleCommit('cmp_x', moved, schedule.salt)).not.toBe(schedule.commit);
    expect(scheduleCommit('cmp_y', schedule.points, schedule.salt)).not.toBe(schedule.commit);
    // The prize's JSON is canonical: the same commitment whatever order a store gives its keys.
    const reordered = schedule.points.map((point) => ({
      ...point,
      prize: {
        amount: (point.prize as { amount: string }).amount,
        kind: point.prize.kind,
      } as DropPoint['prize'],
    }));
    expect(scheduleCommit('cmp_x', reordered, schedule.salt)).toBe(schedule.commit);
    // Two draws are not the same schedule.
    expect(drawSchedule(createSeededRng(8), 'cmp_x', drops, start, end).commit).not.toBe(schedule.commit);
  });
});

describe('fair play', () => {
  it('finds the longest run at one stake and one cadence, and breaks it on a change of either', () => {
    const bot = Array.from({ length: 300 }, (_, i) => ({ at: i * 2_000 + (i % 3) * 40, stake: 50n }));
    expect(longestCadenceRun(bot)).toMatchObject({ length: 300, stake: 50n });
    const person = Array.from({ length: 300 }, (_, i) => ({
      at: i * 2_000 + ((i * 7919) % 13) * 400,
      stake: i % 17 === 0 ? 100n : 50n,
    }));
    expect(longestCadenceRun(person).length).toBeLessThan(20);
    const changed = [
      ...bot.slice(0, 100),
      ...bot.slice(100).map((round) => ({ ...round, at: round.at + CADENCE_TOLERANCE_MS * 5 })),
    ];
    expect(longestCadenceRun(changed).length).toBe(200);
  });
});
