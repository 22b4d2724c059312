import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RoundStep, timedStep } from './settlement.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('timedStep', () => {
  it('answers what the step answered and tells how long it took', async () => {
    // The monotonic clock is read once before and once after the step: 1000 ms then 1250 ms.
    vi.spyOn(performance, 'now').mockReturnValueOnce(1000).mockReturnValueOnce(1250);
    const seen: Array<[RoundStep, number]> = [];
    const answer = await timedStep(
      (step, seconds) => seen.push([step, seconds]),
      'open',
      async () => 'opened',
    );
    expect(answer).toBe('opened');
    expect(seen).toEqual([['open', 0.25]]);
  });

  it('tells the time of a step that threw, and throws the same error', async () => {
    const seen: RoundStep[] = [];
    const failure = new Error('connection lost');
    await expect(
      timedStep(
        (step) => seen.push(step),
        'debit_record',
        async () => {
          throw failure;
        },
      ),
    ).rejects.toBe(failure);
    expect(seen).toEqual(['debit_record']);
  });

  it('runs the step as it is when nothing observes', async () => {
    await expect(timedStep(undefined, 'read', async () => 42)).resolves.toBe(42);
  });
});
