import { describe, expect, it } from 'vitest';
import type { GameInfo } from '../games/types.ts';
import { checkCoin, checkLaunchRequest, type LaunchRequest, launchUrl, resolveLaunchGame } from './launch.ts';

const valid = { symbol: 'rf_ember_crown', external_player_id: 'player-1' };

describe('checkLaunchRequest', () => {
  it('accepts the smallest request and fills the defaults', () => {
    expect(checkLaunchRequest(valid)).toEqual({
      ok: true,
      input: {
        gameKey: { symbol: 'rf_ember_crown', slug: undefined },
        playerId: 'player-1',
        playMode: 'real',
        coinText: undefined,
        currency: undefined,
        returnUrl: undefined,
        device: 'desktop',
        terms: {
          jurisdiction: undefined,
          realityCheckInterval: null,
          ageBand: null,
          timeLimitSeconds: null,
          lossLimitText: null,
          historyUrl: null,
        },
      },
    });
  });

  it('accepts every field, normalising currency and device', () => {
    const result = checkLaunchRequest({
      slug: 'ember-crown',
      external_player_id: 'a b~!',
      coin: '0.10',
      currency: 'eur',
      return_url: 'https://casino.example/lobby?x=1',
      device: 'tablet',
      operator_id: 'op_ignored_here',
    });
    expect(result).toEqual({
      ok: true,
      input: {
        gameKey: { symbol: undefined, slug: 'ember-crown' },
        playerId: 'a b~!',
        playMode: 'real',
        coinText: '0.10',
        currency: 'EUR',
        returnUrl: 'https://casino.example/lobby?x=1',
        device: 'mobile',
        terms: {
          jurisdiction: undefined,
          realityCheckInterval: null,
          ageBand: null,
          timeLimitSeconds: null,
          lossLimitText: null,
          historyUrl: null,
        },
      },
    });
  });

  it.each([
    ['device mobile', { device: 'mobile' }],
    ['null optional fields', { coin: null, currency: null, return_url: null, device: null }],
    ['a 128-character player id', { external_player_id: 'p'.repeat(128) }],
    ['an http return_url', { return_url: 'http://localhost:3000/back' }],
    ['unknown fields', { extra: { nested: true } }],
  ])('accepts %s', (_name, patch) => {
    expect(checkLaunchRequest({ ...valid, ...patch } as LaunchRequest).ok).toBe(true);
  });

  it.each([
    ['symbol', { symbol: undefined }, 'symbol or slug is required'],
    ['symbol', { symbol: '' }, 'symbol or slug is required'],
    ['symbol', { symbol: 42 }, 'symbol must be a string'],
    ['slug', { symbol: undefined, slug: ['x'] }, 'slug must be a string'],
    ['external_player_id', { external_player_id: undefined }, 'external_player_id is required'],
    ['external_player_id', { external_player_id: 7 }, 'external_player_id must be a string'],
    ['external_player_id', { external_player_id: '' }, 'external_player_id must be 1 to 128 printable'],
    ['external_player_id', { external_player_id: 'p'.repeat(129) }, 'external_player_id must be 1 to 128'],
    ['external_player_id', { external_player_id: ' padded' }, 'external_player_id must be 1 to 128'],
    ['external_player_id', { external_player_id: 'tab\there' }, 'external_player_id must be 1 to 128'],
    ['external_player_id', { external_player_id: 'é' }, 'external_player_id must be 1 to 128'],
    ['currency', { currency: 'EURO' }, 'currency must be exactly 3 letters'],
    ['currency', { currency: 'E1R' }, 'currency must be exactly 3 letters'],
    ['currency', { currency: 'xyz' }, 'currency XYZ is not supported'],
    ['currency', { currency: 978 }, 'currency must be a string'],
    ['coin', { coin: 0.1 }, 'coin must be a string'],
    ['coin', { coin: '-0.10' }, 'coin must be a positive decimal string'],
    ['coin', { coin: '1e-1' }, 'coin must be a positive decimal string'],
    ['coin', { coin: '.5' }, 'coin must be a positive decimal string'],
    ['return_url', { return_url: '/lobby' }, 'return_url must be an absolute http(s) URL'],
    ['return_url', { return_url: 'javascript:alert(1)' }, 'return_url must be an absolute http(s) URL'],
    ['return_url', { return_url: `https://x.example/${'a'.repeat(2048)}` }, 'return_url must be'],
    ['device', { device: 'tv' }, 'device must be one of desktop, mobile, tablet'],
    ['device', { device: 'Desktop' }, 'device must be one of desktop, mobile, tablet'],
  ])('400 naming %s for %j', (field, patch, detail) => {
    const result = checkLaunchRequest({ ...valid, ...patch } as LaunchRequest);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.status).toBe(400);
    expect(result.error.code).toBe('invalid_request');
    expect(result.error.detail).toContain(detail);
    expect(result.error.detail).toContain(field);
  });
});

describe('resolveLaunchGame', () => {
  const ember = { symbol: 'rf_ember', slug: 'ember' } as GameInfo;
  const dune = { symbol: 'rf_dune', slug: 'dune' } as GameInfo;
  const find = (key: string) => [ember, dune].find((game) => game.symbol === key || game.slug === key);

  it.each([
    [{ symbol: 'rf_ember', slug: undefined }, ember],
    [{ symbol: undefined, slug: 'ember' }, ember],
    [{ symbol: 'rf_ember', slug: 'ember' }, ember],
    [{ symbol: 'rf_ember', slug: 'unknown' }, ember],
  ])('%j names %s', (key, game) => {
    expect(resolveLaunchGame(key, find)).toEqual({ ok: true, game });
  });

  it('refuses a symbol and a slug of two different games', () => {
    const result = resolveLaunchGame({ symbol: 'rf_ember', slug: 'dune' }, find);
    expect(result.ok || result.error.status).toBe(400);
  });

  it('answers 404 for an unknown game', () => {
    const result = resolveLaunchGame({ symbol: 'rf_nope', slug: undefined }, find);
    expect(result.ok || [result.error.status, result.error.detail]).toEqual([404, 'game rf_nope not found']);
  });
});

describe('checkCoin', () => {
  const coins = [1n, 10n, 100n];
  it.each([
    [undefined, 'USD', null],
    ['0.10', 'USD', 10n],
    ['0.1', 'USD', 10n],
    ['1.00', 'USD', 100n],
    ['1', 'JPY', 1n],
  ])('%s %s -> %s', (text, currency, coin) => {
    expect(checkCoin(text, currency, coins)).toEqual({ ok: true, coin });
  });

  it.each([
    ['0.20', 'USD'],
    ['0.001', 'USD'],
    ['0', 'USD'],
    ['0.5', 'JPY'],
  ])('%s %s is not a coin value: 400 naming coin', (text, currency) => {
    const result = checkCoin(text, currency, coins);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.detail).toMatch(/^coin /);
  });
});

describe('launchUrl', () => {
  it('puts the token, device and language in the query and escapes the symbol', () => {
    expect(launchUrl('https://games.example', 'rf_ember crown', 'tok+/=', 'mobile', 'pt-BR')).toBe(
      'https://games.example/gs2c/play/rf_ember%20crown?token=tok%2B%2F%3D&device=mobile&lang=pt-BR',
    );
  });
});

describe('checkLaunchRequest: jurisdiction fields (issue 13)', () => {
  it('reads every field', () => {
    const result = checkLaunchRequest({
      ...valid,
      jurisdiction: 'uk',
      reality_check_interval: 600,
      player_age_band: '18-24',
      session_time_limit: 1800,
      session_loss_limit: '50.00',
      history_url: 'https://casino.example/history',
    });
    expect(result.ok && result.input.terms).toEqual({
      jurisdiction: 'uk',
      realityCheckInterval: 600,
      ageBand: '18-24',
      timeLimitSeconds: 1800,
      lossLimitText: '50.00',
      historyUrl: 'https://casino.example/history',
    });
  });

  it.each([
    ['jurisdiction', { jurisdiction: 'xx' }, /^jurisdiction "xx" is not a known market/],
    ['jurisdiction', { jurisdiction: 7 }, /^jurisdiction must be a string/],
    [
      'reality_check_interval',
      { reality_check_interval: 59 },
      /^reality_check_interval must be a whole number/,
    ],
    ['reality_check_interval', { reality_check_interval: 86_401 }, /^reality_check_interval must be/],
    ['reality_check_interval', { reality_check_interval: '600' }, /^reality_check_interval must be/],
    ['reality_check_interval', { reality_check_interval: 60.5 }, /^reality_check_interval must be/],
    ['player_age_band', { player_age_band: '16-17' }, /^player_age_band must be 18-24 or 25\+/],
    ['session_time_limit', { session_time_limit: 0 }, /^session_time_limit must be a whole number/],
    ['session_loss_limit', { session_loss_limit: '-5' }, /^session_loss_limit must be a positive decimal/],
    ['session_loss_limit', { session_loss_limit: 5 }, /^session_loss_limit must be a string/],
    ['history_url', { history_url: 'http://casino.example/h' }, /^history_url must be an absolute https URL/],
    ['history_url', { history_url: 'not a url' }, /^history_url must be/],
  ])('400 naming %s for %j', (_field, patch, detail) => {
    const result = checkLaunchRequest({ ...valid, ...patch } as LaunchRequest);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.status).toBe(400);
      expect(result.error.detail).toMatch(detail);
    }
  });
});
