import { afterEach, describe, expect, it } from 'vitest';
import type { CampaignPrize, SessionCampaign, Standing } from '../api/types.ts';
import { SUPPORTED_LANGUAGES, useLanguage } from '../i18n/i18n.ts';
import {
  boardRows,
  campaignsToShow,
  clockText,
  durationText,
  newPrizes,
  phaseOf,
  placesText,
  prizeSpecText,
  rulesOf,
  scoringText,
  tabOrder,
  wonText,
} from './campaigns.ts';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

function entry(
  over: Partial<SessionCampaign['campaign']> = {},
  rest: Partial<SessionCampaign> = {},
): SessionCampaign {
  return {
    campaign: {
      campaign_id: 'cmp_1',
      kind: 'tournament',
      name: 'Friday Sprint',
      scope: 'operator',
      owner_operator_id: 'op_1',
      currency: 'EUR',
      games: ['rf_ember_crown'],
      starts_at: at(-60),
      ends_at: at(134),
      min_bet: '0.50',
      scoring: 'max_multiplier',
      best_n: null,
      opt_in_required: true,
      places: [
        { from: 1, to: 1, prize: { kind: 'cash', amount: '500.00' } },
        {
          from: 2,
          to: 5,
          prize: { kind: 'free_rounds', free_rounds: { game: 'rf_ember_crown', rounds: 20 } },
        },
      ],
      drops: null,
      pool_amount: null,
      budget: '500.00',
      status: 'scheduled',
      drop_commit: null,
      drop_salt: null,
      drop_points: null,
      rates: [],
      created_at: at(-1000),
      ...over,
    },
    entered: true,
    can_enter: false,
    standings: null,
    me: null,
    prizes: [],
    ...rest,
  };
}

const standing = (place: number, player: string, over: Partial<Standing> = {}): Standing => ({
  place,
  player,
  score: 20 - place,
  score_text: `${20 - place}.00x`,
  rounds: 3,
  score_at: at(-5),
  ...over,
});

const prize = (id: string, over: Partial<CampaignPrize> = {}): CampaignPrize => ({
  prize_id: id,
  campaign_id: 'cmp_1',
  campaign_type: 'drop',
  source: 'drop',
  place: null,
  player_id: 'p-1',
  operator_id: 'op_1',
  kind: 'cash',
  amount: '2.50',
  currency: 'USD',
  free_rounds: null,
  free_round_grant_id: null,
  transaction_id: `tx_${id}`,
  status: 'pending',
  created_at: at(-1),
  paid_at: null,
  ...over,
});

const title = (symbol: string) => (symbol === 'rf_ember_crown' ? 'Ember Crown' : symbol);

afterEach(async () => {
  await useLanguage('en');
});

describe('campaigns in time', () => {
  it('places a campaign before its start, running, over and final', () => {
    expect(phaseOf(entry(), NOW)).toBe('live');
    expect(phaseOf(entry({ starts_at: at(5) }), NOW)).toBe('upcoming');
    expect(phaseOf(entry({ ends_at: at(-1) }), NOW)).toBe('ended');
    expect(phaseOf(entry({ status: 'ended' }), NOW)).toBe('ended');
    expect(phaseOf(entry({ status: 'frozen', ends_at: at(-10) }), NOW)).toBe('final');
  });

  it('shows the running campaign first, the soonest to end before the others; never a cancelled one', () => {
    const shown = campaignsToShow(
      [
        entry({ campaign_id: 'final', status: 'frozen', ends_at: at(-10) }),
        entry({ campaign_id: 'later', starts_at: at(30), ends_at: at(90) }),
        entry({ campaign_id: 'long', ends_at: at(600) }),
        entry({ campaign_id: 'gone', status: 'cancelled' }),
        entry({ campaign_id: 'short', ends_at: at(20) }),
      ],
      NOW,
    );
    expect(shown.map((e) => e.campaign.campaign_id)).toEqual(['short', 'long', 'later', 'final']);
  });

  it('once over, shows the one that ended last first: a tournament just frozen before a drop over before it', () => {
    const shown = campaignsToShow(
      [
        entry({ campaign_id: 'drop', kind: 'drop', status: 'frozen', ends_at: at(-12) }),
        entry({ campaign_id: 'race', status: 'frozen', ends_at: at(-10) }),
      ],
      NOW,
    );
    expect(shown.map((e) => e.campaign.campaign_id)).toEqual(['race', 'drop']);
  });

  it('keeps the panel’s tabs in the order the campaigns start, whichever runs or ends first', () => {
    const race = entry({ campaign_id: 'race', starts_at: at(-10), ends_at: at(600) });
    const drop = entry({ campaign_id: 'drop', kind: 'drop', starts_at: at(-5), ends_at: at(20) });
    // The drop ends sooner, so it leads the badge; its tab stays after the race's.
    expect(campaignsToShow([race, drop], NOW).map((e) => e.campaign.campaign_id)).toEqual(['drop', 'race']);
    expect(tabOrder([drop, race]).map((e) => e.campaign.campaign_id)).toEqual(['race', 'drop']);
  });

  it('says how long is left in at most two units, in the player’s language', () => {
    expect(durationText(2 * 3600_000 + 14 * 60_000 + 5_000, 'en')).toBe('2h 14m');
    expect(durationText(45_000, 'en')).toBe('45s');
    expect(durationText(3 * 86_400_000 + 4 * 3600_000, 'en')).toBe('3d 4h');
    expect(durationText(-5, 'en')).toBe('0s');
    expect(clockText(entry(), NOW)).toBe('Ends in 2h 14m');
    expect(clockText(entry({ starts_at: at(5) }), NOW)).toBe('Starts in 5m');
    expect(clockText(entry({ status: 'frozen' }), NOW)).toBe('Final results');
    // A drop has no standings: over is over, in every phase after its end.
    expect(clockText(entry({ kind: 'drop', status: 'frozen' }), NOW)).toBe('Ended');
    expect(clockText(entry({ kind: 'drop', ends_at: at(-1) }), NOW)).toBe('Ended');
  });
});

describe('the leaderboard', () => {
  const top = Array.from({ length: 12 }, (_, i) => standing(i + 1, `Pl***${i + 1}`));

  it('shows the top ten and the player’s own place after a gap when below them', () => {
    const me = standing(37, 'p-1***', { player_id: 'p-1' });
    const rows = boardRows(
      entry(
        {},
        {
          standings: {
            campaign_id: 'cmp_1',
            status: 'scheduled',
            final: false,
            players: 40,
            top,
            updated_at: at(0),
          },
          me,
        },
      ),
      'p-1',
    );
    expect(rows).toHaveLength(11);
    expect(rows.slice(0, 10).map((r) => r.place)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows.slice(0, 10).some((r) => r.mine)).toBe(false);
    expect(rows[10]).toEqual({ place: 37, player: 'p-1***', score: me.score_text, mine: true, apart: true });
  });

  it('highlights the player inside the top ten, once, by their id', () => {
    const mine = top.map((row) =>
      row.place === 3 ? { ...row, player_id: 'p-1' } : { ...row, player_id: `x${row.place}` },
    );
    const rows = boardRows(
      entry(
        {},
        {
          standings: {
            campaign_id: 'cmp_1',
            status: 'scheduled',
            final: false,
            players: 12,
            top: mine,
            updated_at: at(0),
          },
          me: mine[2] as Standing,
        },
      ),
      'p-1',
    );
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.mine).map((r) => r.place)).toEqual([3]);
    expect(rows.some((r) => r.apart)).toBe(false);
  });

  it('is empty without standings, and has no row of the player who has not scored', () => {
    expect(boardRows(entry(), 'p-1')).toEqual([]);
  });
});

describe('prizes', () => {
  it('finds the prizes not seen at the last reading', () => {
    const before = new Set(['a']);
    const fresh = newPrizes(before, [entry({}, { prizes: [prize('b'), prize('a')] })]);
    expect(fresh.map((p) => p.prize_id)).toEqual(['b']);
    expect(newPrizes(new Set(['a', 'b']), [entry({}, { prizes: [prize('b'), prize('a')] })])).toEqual([]);
  });

  it('describes each kind of prize in the campaign’s currency', () => {
    expect(prizeSpecText({ kind: 'cash', amount: '500.00' }, 'EUR', null, title)).toBe('€500.00');
    expect(prizeSpecText({ kind: 'bet_multiple', multiplier: 20, bet_cap: '1.00' }, 'EUR', null, title)).toBe(
      '20× the bet of the spin it lands on (bets counted up to €1.00)',
    );
    expect(
      prizeSpecText(
        { kind: 'free_rounds', free_rounds: { game: 'rf_ember_crown', rounds: 1 } },
        'EUR',
        null,
        title,
      ),
    ).toBe('1 free round on Ember Crown');
    expect(prizeSpecText({ kind: 'pool_share', share_percent: '12.5' }, 'EUR', '1000.00', title)).toBe(
      '12.5 % of the €1,000.00 pool',
    );
    expect(prizeSpecText({ kind: 'pool_share', share_ppm: 250_000 }, 'EUR', null, title)).toBe(
      '25 % of the prize pool',
    );
    expect(placesText(1, 1)).toBe('Place 1');
    expect(placesText(4, 10)).toBe('Places 4–10');
  });

  it('shows a prize won in the player’s own currency', () => {
    expect(wonText(prize('a'), title)).toBe('$2.50');
    expect(
      wonText(
        prize('a', { kind: 'free_rounds', amount: '0', free_rounds: { game: 'rf_ember_crown', rounds: 10 } }),
        title,
      ),
    ).toBe('10 free rounds on Ember Crown');
  });
});

describe('the rules in the player’s words', () => {
  const date = (d: Date) => d.toISOString().slice(0, 16);

  it('say what scores, the minimum bet, the period, that free rounds and demo never score, ties and payment', () => {
    const lines = rulesOf(entry(), 'EUR', date);
    expect(lines).toEqual([
      'Your score is your highest single win divided by the bet of its spin.',
      'A spin qualifies from a bet of €0.50.',
      `Runs from ${at(-60).slice(0, 16)} to ${at(134).slice(0, 16)}.`,
      'Free rounds and demo play never score.',
      'Only spins you play after joining count.',
      'Equal scores: the one reached first places higher.',
      'When the tournament ends, the final standings are confirmed and published; prizes are then paid to your casino account.',
    ]);
  });

  it('explain a drop’s committed schedule, a network, any bet and the rate for another currency', () => {
    const drop = entry({
      kind: 'drop',
      scoring: null,
      scope: 'network',
      min_bet: '0.00',
      opt_in_required: false,
      places: null,
      drops: [{ count: 50, prize: { kind: 'cash', amount: '10.00' } }],
    });
    const lines = rulesOf({ ...drop, entered: false }, 'USD', date);
    expect(lines[0]).toMatch(/drawn by the certified random number generator before the campaign started/);
    expect(lines).toContain('Every paid spin qualifies, whatever its bet.');
    expect(lines).toContain('Players of several casinos take part and share one leaderboard.');
    expect(lines).toContain('A prize is paid to your casino account shortly after the spin it lands on.');
    expect(lines.at(-1)).toBe(
      'Amounts are set in EUR; in your currency they are converted at the campaign’s fixed rate.',
    );
    expect(lines).not.toContain('Only spins you play after joining count.');
  });

  it('count the best N rounds in the plural the language asks for', () => {
    expect(scoringText(entry({ scoring: 'best_n_ratio', best_n: 10 }))).toBe(
      'Your score is your total win divided by your total bet over your best 10 spins.',
    );
  });

  it('are written in every language of the client, not left in English', async () => {
    const english = [
      ...rulesOf(entry(), 'USD', date),
      ...rulesOf(entry({ kind: 'drop', scoring: null, scope: 'network' }), 'USD', date),
    ];
    for (const language of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
      await useLanguage(language);
      const lines = [
        ...rulesOf(entry(), 'USD', date),
        ...rulesOf(entry({ kind: 'drop', scoring: null, scope: 'network' }), 'USD', date),
      ];
      expect(lines, language).toHaveLength(english.length);
      lines.forEach((line, i) => {
        expect(line, `${language} line ${i}`).not.toBe(english[i]);
      });
      expect(clockText(entry(), NOW), language).not.toBe('Ends in 2h 14m');
    }
  });
});
