import { describe, expect, it } from 'vitest';
import { messageFor } from '../logic/messages.ts';
import { takeToken } from '../logic/token.ts';
import { createRuntimeClient, newClientRoundId, RuntimeFailure, retryDelay } from './runtime.ts';
import type { SpinRequest } from './types.ts';

const body: SpinRequest = {
  coin: '0.10',
  bet_level: 1,
  special_bet: false,
  buy_feature: false,
  client_round_id: 'c-1',
};

/** A tiny fake of the runtime API contract: answers in order from a script. */
function fakeRuntime(script: Array<'network' | { status: number; json: unknown }>) {
  const seen: Array<{ url: string; init: RequestInit }> = [];
  const fake: typeof fetch = async (input, init) => {
    seen.push({ url: String(input), init: init ?? {} });
    const next = script.shift();
    if (!next || next === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(next.json), { status: next.status });
  };
  return { fake, seen };
}

describe('runtime client', () => {
  it('sends the token as a Bearer header only', async () => {
    const { fake, seen } = fakeRuntime([{ status: 200, json: { balance: '1.00' } }]);
    const client = createRuntimeClient({ token: 'tok_secret', fetch: fake });
    await client.session();
    expect(seen[0]?.url).toBe('/api/runtime/v1/session');
    const headers = seen[0]?.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok_secret');
    expect(seen[0]?.url).not.toContain('tok_secret');
  });

  it('retries a lost connection with the same client_round_id', async () => {
    const { fake, seen } = fakeRuntime([
      'network',
      { status: 409, json: { error: 'round_in_progress' } },
      {
        status: 200,
        json: { round: { id: 'rnd_1' }, balance: '9.00', state: { free_spins_left: 0, feature: null } },
      },
    ]);
    const retries: number[] = [];
    const client = createRuntimeClient({ token: 't', fetch: fake, sleep: async () => {} });
    const result = await client.spin(body, (n) => retries.push(n));
    expect(result.balance).toBe('9.00');
    expect(retries).toEqual([1, 2]);
    const ids = seen.map((s) => JSON.parse(String(s.init.body)).client_round_id);
    expect(ids).toEqual(['c-1', 'c-1', 'c-1']);
  });

  it('does not retry definitive answers', async () => {
    const { fake, seen } = fakeRuntime([
      { status: 402, json: { success: false, error: 'insufficient_funds', detail: 'x' } },
    ]);
    const client = createRuntimeClient({ token: 't', fetch: fake, sleep: async () => {} });
    const error = await client.spin(body).catch((e) => e);
    expect(error).toBeInstanceOf(RuntimeFailure);
    expect(error.failure).toEqual({ kind: 'api', status: 402, code: 'insufficient_funds', detail: 'x' });
    expect(seen).toHaveLength(1);
  });

  it('gives up after a few attempts and reports the lost connection', async () => {
    const { fake, seen } = fakeRuntime(['network', 'network', 'network', 'network', 'network', 'network']);
    const client = createRuntimeClient({ token: 't', fetch: fake, sleep: async () => {} });
    const error = await client.spin(body).catch((e) => e);
    expect(error.failure).toEqual({ kind: 'network' });
    expect(seen).toHaveLength(5);
    expect(messageFor(error.failure)).toMatchObject({ title: 'Connection lost', retry: true });
  });

  it('retry rule: wallet answers are final, server errors and conflicts back off', () => {
    expect(retryDelay({ kind: 'api', status: 503, code: 'wallet_unavailable', detail: '' }, 0)).toBeNull();
    expect(retryDelay({ kind: 'api', status: 500, code: 'internal', detail: '' }, 0)).toBe(400);
    expect(retryDelay({ kind: 'network' }, 2)).toBe(1600);
    expect(retryDelay({ kind: 'network' }, 4)).toBeNull();
  });

  it('makes valid idempotency keys', () => {
    const id = newClientRoundId();
    expect(id).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/);
    expect(newClientRoundId()).not.toBe(id);
  });

  it('messages: expired session is fatal, insufficient funds is not', () => {
    expect(messageFor({ kind: 'api', status: 401, code: 'session_expired', detail: '' }).fatal).toBe(true);
    expect(messageFor({ kind: 'api', status: 402, code: 'insufficient_funds', detail: '' })).toMatchObject({
      title: 'Insufficient funds',
      fatal: false,
    });
  });
});

describe('market refusals (issue 13)', () => {
  it('keeps the extra fields of an error body for the player message', async () => {
    const { fake } = fakeRuntime([
      {
        status: 409,
        json: { success: false, error: 'session_limit_reached', detail: 'x', limit: 'loss' },
      },
    ]);
    const client = createRuntimeClient({ token: 't', fetch: fake, sleep: async () => {} });
    const error = await client.spin(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeFailure);
    const failure = (error as RuntimeFailure).failure;
    expect(failure).toMatchObject({ kind: 'api', code: 'session_limit_reached', extra: { limit: 'loss' } });
    expect(messageFor(failure)).toMatchObject({ title: 'Play limit reached', fatal: true, retry: false });
    expect(messageFor(failure).text).toContain('loss limit');
  });

  it('names the limit that ended play, and the stake cap in the currency', () => {
    const time = messageFor({
      kind: 'api',
      status: 409,
      code: 'session_limit_reached',
      detail: '',
      extra: { limit: 'time' },
    });
    expect(time.text).toContain('time limit');
    const cap = messageFor(
      { kind: 'api', status: 400, code: 'stake_above_limit', detail: '', extra: { max_stake: '2.00' } },
      (d) => `£${d}`,
    );
    expect(cap).toMatchObject({ title: 'Bet too high', fatal: false });
    expect(cap.text).toContain('£2.00');
  });

  it('does not retry the market refusals by itself', () => {
    for (const code of [
      'cycle_too_fast',
      'reality_check_due',
      'session_limit_reached',
      'game_in_progress_elsewhere',
    ])
      expect(retryDelay({ kind: 'api', status: 409, code, detail: '' }, 0)).toBeNull();
    const elsewhere = messageFor({
      kind: 'api',
      status: 409,
      code: 'game_in_progress_elsewhere',
      detail: '',
    });
    expect(elsewhere).toMatchObject({ title: 'Another game is open', fatal: false, retry: false });
    expect(messageFor({ kind: 'api', status: 400, code: 'mode_not_allowed', detail: '' }).title).toBe(
      'Not available',
    );
  });
});

describe('token', () => {
  it('moves the token out of the address', () => {
    expect(takeToken('https://g.example/gs2c/play/rf_x?token=abc&device=mobile#top')).toEqual({
      token: 'abc',
      cleanUrl: '/gs2c/play/rf_x?device=mobile#top',
    });
    expect(takeToken('https://g.example/gs2c/play/rf_x')).toEqual({
      token: null,
      cleanUrl: '/gs2c/play/rf_x',
    });
  });
});
