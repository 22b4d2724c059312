import { describe, expect, it } from 'vitest';
import {
  effectiveRules,
  findProfile,
  JURISDICTION_CODES,
  PERMISSIVE,
  PROFILES,
  type Profile,
} from './index.ts';
import {
  checkSessionTerms,
  elapsedSeconds,
  limitReached,
  maxStakeMinor,
  modeAllowed,
  nextRoundAt,
  realityCheckInterval,
  roundRefusal,
  type SessionFacts,
} from './rules.ts';

const rulesOf = (code: string) => effectiveRules(findProfile(code) as Profile);
const T0 = new Date('2026-01-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

function facts(patch: Partial<SessionFacts> = {}): SessionFacts {
  return {
    now: T0,
    startedAt: T0,
    lastRoundAt: null,
    netPosition: 0n,
    realityCheckAt: null,
    timeLimitSeconds: null,
    lossLimit: null,
    ended: false,
    featureInProgress: false,
    demo: false,
    ...patch,
  };
}

describe('profiles as data', () => {
  it('has the seven markets, each rule with its source, and a date version', () => {
    expect(JURISDICTION_CODES).toEqual(['default', 'uk', 'de', 'se', 'nl', 'es', 'on']);
    for (const profile of PROFILES.values()) {
      expect(profile.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const [name, rule] of Object.entries(profile.rules)) {
        expect(name in PERMISSIVE).toBe(true);
        expect(rule?.source.length, `${profile.code}.${name}`).toBeGreaterThan(20);
      }
    }
  });

  it('default sets nothing: every switch open, nothing shown, nothing enforced', () => {
    expect(findProfile('default')?.rules).toEqual({});
    expect(rulesOf('default')).toEqual(PERMISSIVE);
  });

  it('uk: 2.5 s cycles, no autoplay, turbo or slam stop, displays on, one game, £5/£2 caps', () => {
    const uk = rulesOf('uk');
    expect(uk.min_cycle_ms).toBe(2500);
    expect(uk.autoplay.allowed).toBe(false);
    expect([uk.turbo_allowed, uk.super_turbo_allowed, uk.quick_stop_allowed]).toEqual([false, false, false]);
    expect([uk.show_net_position, uk.show_session_time]).toEqual([true, true]);
    expect(uk.celebrate_at_or_below_stake).toBe(false);
    expect(uk.one_game_at_a_time).toBe(true);
    expect([uk.feature_buy_allowed, uk.ante_allowed]).toEqual([false, true]);
    expect(findProfile('uk')?.rules.feature_buy_allowed?.source).toContain(
      'Games-warning-for-online-operators',
    );
    expect(maxStakeMinor(uk, 'GBP', '25+')).toBe(500n);
    expect(maxStakeMinor(uk, 'GBP', '18-24')).toBe(200n);
    // No age band given: the lower cap, never above the law.
    expect(maxStakeMinor(uk, 'GBP', null)).toBe(200n);
  });

  it('de: €1 in EUR only, 5 s, no autoplay or jackpots, RTP and max win shown', () => {
    const de = rulesOf('de');
    expect(maxStakeMinor(de, 'EUR', null)).toBe(100n);
    expect(maxStakeMinor(de, 'EUR', '18-24')).toBe(100n);
    expect(de.min_cycle_ms).toBe(5000);
    expect(de.autoplay.allowed).toBe(false);
    expect(de.jackpots_allowed).toBe(false);
    expect([de.show_rtp, de.show_max_win, de.show_max_win_probability]).toEqual([true, true, true]);
  });

  it('se, nl, on ban autoplay; es requires session limits; on 2.5 s and one game', () => {
    for (const code of ['se', 'nl', 'on']) expect(rulesOf(code).autoplay.allowed).toBe(false);
    expect(rulesOf('es').session_limits_required).toBe(true);
    expect(rulesOf('on').min_cycle_ms).toBe(2500);
    expect(rulesOf('on').one_game_at_a_time).toBe(true);
    expect(rulesOf('nl').currency).toBe('EUR');
  });
});

describe('promotions (issue 29)', () => {
  it('no market: promotions run and the campaign decides on opt-in', () => {
    expect(PERMISSIVE.promotions_allowed).toBe(true);
    expect(PERMISSIVE.promotion_opt_in_required).toBe(false);
  });

  it('de, se, nl: no tournaments or drops; uk, es, on: allowed', () => {
    expect(['de', 'se', 'nl'].map((code) => rulesOf(code).promotions_allowed)).toEqual([false, false, false]);
    expect(['uk', 'es', 'on'].map((code) => rulesOf(code).promotions_allowed)).toEqual([true, true, true]);
    expect(findProfile('de')?.rules.promotions_allowed?.source).toContain('Abs. 8');
    expect(findProfile('se')?.rules.promotions_allowed?.source).toContain('14 kap. 9 §');
  });

  it('every market that sets them requires an explicit opt-in, and an uncertain source says so', () => {
    for (const code of JURISDICTION_CODES.filter((c) => c !== 'default')) {
      const profile = findProfile(code) as Profile;
      expect(profile.rules.promotions_allowed, code).toBeDefined();
      expect(profile.rules.promotion_opt_in_required?.value, code).toBe(true);
    }
    for (const code of ['uk', 'es', 'on', 'nl', 'se'])
      expect(
        `${findProfile(code)?.rules.promotion_opt_in_required?.source} ${findProfile(code)?.rules.promotions_allowed?.source}`,
        code,
      ).toMatch(/Not certain/);
  });
});

describe('checkSessionTerms', () => {
  const none = { ageBand: null, realityCheckSeconds: null, timeLimitSeconds: null, lossLimit: null };
  it('refuses a currency other than the cap currency (no conversion)', () => {
    expect(checkSessionTerms(rulesOf('uk'), 'uk', 'USD', none)?.field).toBe('currency');
    expect(checkSessionTerms(rulesOf('uk'), 'uk', 'GBP', none)).toBeNull();
    expect(checkSessionTerms(rulesOf('de'), 'de', 'GBP', none)?.detail).toMatch(/EUR/);
    expect(checkSessionTerms(rulesOf('nl'), 'nl', 'USD', none)?.field).toBe('currency');
    expect(checkSessionTerms(rulesOf('default'), 'default', 'JPY', none)).toBeNull();
  });
  it('es needs both session limits', () => {
    expect(checkSessionTerms(rulesOf('es'), 'es', 'EUR', none)?.field).toBe('session_time_limit');
    expect(checkSessionTerms(rulesOf('es'), 'es', 'EUR', { ...none, timeLimitSeconds: 600 })?.field).toBe(
      'session_loss_limit',
    );
    expect(
      checkSessionTerms(rulesOf('es'), 'es', 'EUR', { ...none, timeLimitSeconds: 600, lossLimit: 1n }),
    ).toBeNull();
  });
  it('a reality check interval: the launch one, else the default only where required', () => {
    expect(realityCheckInterval(rulesOf('uk'), 900)).toBe(900);
    expect(realityCheckInterval(rulesOf('uk'), null)).toBeNull();
    const required = { ...PERMISSIVE, reality_check: { required: true, default_interval_seconds: 3600 } };
    expect(realityCheckInterval(required, null)).toBe(3600);
  });
});

describe('roundRefusal', () => {
  const uk = rulesOf('uk');
  it('cycle time: refused until min_cycle_ms after the last start, with the wait', () => {
    expect(roundRefusal(uk, facts({ lastRoundAt: at(0), now: at(1000) }))).toEqual({
      code: 'cycle_too_fast',
      retryAfterMs: 1500,
    });
    expect(roundRefusal(uk, facts({ lastRoundAt: at(0), now: at(2500) }))).toBeNull();
    expect(roundRefusal(rulesOf('default'), facts({ lastRoundAt: at(0), now: at(1) }))).toBeNull();
    expect(nextRoundAt(uk, at(0), at(100)).toISOString()).toBe(at(2500).toISOString());
    expect(nextRoundAt(uk, null, at(100)).toISOString()).toBe(at(100).toISOString());
  });
  it('reality check due blocks, but a feature in progress finishes', () => {
    const due = facts({ realityCheckAt: at(0), now: at(1) });
    expect(roundRefusal(uk, due)).toEqual({ code: 'reality_check_due' });
    expect(roundRefusal(uk, { ...due, featureInProgress: true })).toBeNull();
    expect(roundRefusal(uk, facts({ realityCheckAt: at(10), now: at(1) }))).toBeNull();
  });
  it('time and loss limits end play; demo sessions have no loss limit', () => {
    expect(limitReached(facts({ timeLimitSeconds: 60, now: at(60_000) }))).toBe('time');
    expect(limitReached(facts({ timeLimitSeconds: 60, now: at(59_999) }))).toBeNull();
    expect(limitReached(facts({ lossLimit: 500n, netPosition: -500n }))).toBe('loss');
    expect(limitReached(facts({ lossLimit: 500n, netPosition: -499n }))).toBeNull();
    expect(limitReached(facts({ lossLimit: 500n, netPosition: -900n, demo: true }))).toBeNull();
    expect(roundRefusal(uk, facts({ lossLimit: 1n, netPosition: -1n }))).toEqual({
      code: 'session_limit_reached',
      limit: 'loss',
    });
  });
  it('an ended session plays no more, not even a feature', () => {
    expect(roundRefusal(uk, facts({ ended: true, featureInProgress: true }))).toEqual({
      code: 'session_ended',
    });
  });
  it('elapsed seconds are whole and never negative', () => {
    expect(elapsedSeconds({ startedAt: at(0), now: at(1999) })).toBe(1);
    expect(elapsedSeconds({ startedAt: at(5000), now: at(0) })).toBe(0);
  });
  it('modes: buy and ante follow the profile', () => {
    const banned = { ...PERMISSIVE, feature_buy_allowed: false, ante_allowed: false };
    expect(modeAllowed(banned, 'buy')).toBe(false);
    expect(modeAllowed(banned, 'special')).toBe(false);
    expect(modeAllowed(banned, 'base')).toBe(true);
    expect(modeAllowed(PERMISSIVE, 'buy')).toBe(true);
  });
});
