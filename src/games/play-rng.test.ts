import { describe, expect, it } from 'vitest';
import { createSeededRng } from '../engine/rng.ts';
import { choosePlayRng, createPlayRng, type PlayRngSource } from './play-rng.ts';

const fixedSeed: PlayRngSource = { kind: 'test', forSession: () => createSeededRng(42) };

describe('choosePlayRng', () => {
  it.each(['development', 'test', 'staging', 'production'])('plays %s on the CSPRNG by default', (env) => {
    const choice = choosePlayRng(env);
    expect(choice.ok && choice.source.kind).toBe('csprng');
  });

  it.each(['development', 'test'])('takes a test harness source in %s', (env) => {
    const choice = choosePlayRng(env, fixedSeed);
    expect(choice.ok && choice.source).toBe(fixedSeed);
  });

  it.each(['staging', 'production'])('refuses a test source in %s, never plays it', (env) => {
    const choice = choosePlayRng(env, fixedSeed);
    expect(choice).toMatchObject({ ok: false, reason: 'test_rng_outside_test' });
  });

  it('gives every session the one play generator, whose draws do not repeat a seeded stream', () => {
    const choice = choosePlayRng('production');
    if (!choice.ok) throw new Error(choice.detail);
    expect(choice.source.forSession('ses_a')).toBe(choice.source.forSession('ses_b'));
    const a = Array.from({ length: 8 }, () => createPlayRng().int(2 ** 32));
    const b = Array.from({ length: 8 }, () => createPlayRng().int(2 ** 32));
    expect(a).not.toEqual(b);
  });
});
