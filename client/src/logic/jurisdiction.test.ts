import { describe, expect, it } from 'vitest';
import type { JurisdictionInfo } from '../api/types.ts';
import {
  celebrates,
  clockSkew,
  DEFAULT_RULES,
  formatElapsed,
  nextRoundAt,
  realityCheckDueAt,
  rulesOf,
  SessionMeter,
} from './jurisdiction.ts';

const uk = {
  ...DEFAULT_RULES,
  min_cycle_ms: 2500,
  autoplay: { allowed: false, max_rounds: null, requires_loss_limit: true, requires_single_win_limit: false },
  turbo_allowed: false,
  super_turbo_allowed: false,
  quick_stop_allowed: false,
  show_net_position: true,
  show_session_time: true,
  celebrate_at_or_below_stake: false,
};

function info(partial: Partial<JurisdictionInfo> = {}): JurisdictionInfo {
  return {
    code: 'uk',
    name: 'Great Britain',
    version: '2025-04-09',
    rules: uk,
    reality_check: null,
    limits: { time_limit_seconds: null, loss_limit: null },
    session_started_at: '2026-01-01T10:00:00.000Z',
    elapsed_seconds: 0,
    net_position: '0.00',
    history_url: null,
    next_round_at: '2026-01-01T10:00:00.000Z',
    ended: false,
    ...partial,
  };
}

describe('the session profile', () => {
  it('is the permissive default when the server sends none', () => {
    expect(rulesOf({})).toEqual(DEFAULT_RULES);
    expect(rulesOf({}).autoplay.allowed).toBe(true);
    expect(rulesOf({}).show_net_position).toBe(false);
  });

  it('takes the server rules, missing ones from the default', () => {
    const { turbo_allowed: _, ...partial } = uk;
    const rules = rulesOf({ jurisdiction: info({ rules: partial as typeof uk }) });
    expect(rules.autoplay.allowed).toBe(false);
    expect(rules.min_cycle_ms).toBe(2500);
    expect(rules.turbo_allowed).toBe(true);
  });
});

describe('celebration', () => {
  it('celebrates a win above the stake everywhere and nothing when nothing was won', () => {
    expect(celebrates(uk, 101n, 100n)).toBe(true);
    expect(celebrates(DEFAULT_RULES, 0n, 100n)).toBe(false);
    expect(celebrates(uk, 0n, 100n)).toBe(false);
  });

  it('celebrates no return at or below the stake where the profile forbids it', () => {
    expect(celebrates(uk, 100n, 100n)).toBe(false);
    expect(celebrates(uk, 40n, 100n)).toBe(false);
    expect(celebrates(DEFAULT_RULES, 100n, 100n)).toBe(true);
  });
});

describe('the session clock', () => {
  it('formats minutes and hours', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65)).toBe('1:05');
    expect(formatElapsed(3600 + 2 * 60 + 9)).toBe('1:02:09');
    expect(formatElapsed(-3)).toBe('0:00');
  });

  it('ticks locally from the server figure and takes each new one', () => {
    const meter = new SessionMeter({ elapsed_seconds: 100, net_position: '-2.50' }, 1_000_000);
    expect(meter.seconds(1_000_000)).toBe(100);
    expect(meter.seconds(1_004_999)).toBe(104);
    expect(meter.net).toBe('-2.50');
    meter.update({ elapsed_seconds: 130, net_position: '1.00' }, 1_010_000);
    expect(meter.seconds(1_010_500)).toBe(130);
    expect(meter.net).toBe('1.00');
  });
});

describe('round timing', () => {
  const started = Date.parse('2026-01-01T10:00:00.000Z');

  it('reads the server clock as sent when it agrees within a second, else by the difference', () => {
    expect(clockSkew(info({ elapsed_seconds: 60 }), started + 60_400)).toBe(0);
    expect(clockSkew(info({ elapsed_seconds: 60 }), started + 50_000)).toBe(10_000);
  });

  it('waits for the later of the server time and one cycle after this round started', () => {
    const now = started + 1000;
    expect(nextRoundAt(uk, started, now, '2026-01-01T10:00:02.500Z', 0)).toBe(started + 2500);
    expect(nextRoundAt(uk, started, now, '2026-01-01T10:00:03.000Z', 0)).toBe(started + 3000);
    expect(nextRoundAt(uk, started, now, undefined, 0)).toBe(started + 2500);
    // a server clock ten seconds ahead: its time moved onto this clock
    expect(nextRoundAt(uk, started, now, '2026-01-01T10:00:13.000Z', 10_000)).toBe(started + 3000);
  });

  it('never waits longer than one cycle from now, nor at all without a minimum', () => {
    const now = started + 1000;
    expect(nextRoundAt(uk, started, now, '2026-01-01T11:00:00.000Z', 0)).toBe(now + 2500);
    expect(nextRoundAt(DEFAULT_RULES, started, now, '2026-01-01T10:00:00.500Z', 0)).toBe(now);
  });

  it('places the reality check on this clock', () => {
    expect(realityCheckDueAt(info(), 0)).toBeNull();
    const check = { interval_seconds: 3600, due: false, next_due_at: '2026-01-01T11:00:00.000Z' };
    expect(realityCheckDueAt(info({ reality_check: check }), 0)).toBe(started + 3_600_000);
    expect(realityCheckDueAt(info({ reality_check: check }), 5000)).toBe(started + 3_595_000);
  });
});

describe('the default rules', () => {
  it("are the server's answer for a session under the default profile (one source)", async () => {
    const { jurisdictionView } = await import('../../../src/domain/jurisdiction.ts');
    const { effectiveRules, findProfile } = await import('../../../src/jurisdictions/index.ts');
    const profile = findProfile('default');
    if (!profile) throw new Error('no default profile');
    const now = new Date('2026-01-01T10:00:00Z');
    const row = {
      currency: 'EUR',
      reality_check_interval: null,
      reality_check_at: null,
      time_limit_seconds: null,
      loss_limit: null,
      session_started_at: now,
      net_position: 0n,
      history_url: null,
      last_round_at: null,
      ended_at: null,
    };
    const served = jurisdictionView(
      { profile, rules: effectiveRules(profile), maxStake: null } as never,
      row as never,
      now,
    );
    expect(DEFAULT_RULES).toEqual(served.rules);
    // The disagreement the audit found: the server shows neither unless a market asks.
    expect(DEFAULT_RULES.show_rtp).toBe(false);
    expect(DEFAULT_RULES.show_max_win).toBe(false);
    expect(rulesOf({ jurisdiction: undefined })).toEqual(served.rules);
  });
});
