import { describe, expect, it } from 'vitest';
import { type RoundStep, timedStep } from './settlement.ts';

describe('timedStep', () => {
  it('answers what the step answered and tells how long it took', async () => {
    const seen: Array<[RoundStep, number]> = [];
    const answer = await timedStep(
      (step, seconds) => seen.push([step, seconds]),
      'open',
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return 'opened';
      },
    );
    expect(answer).toBe('opened');
    expect(seen).toHaveLength(1);
    const [step, seconds] = seen[0] as [RoundStep, number];
    expect(step).toBe('open');
    // At least the step's own wait (a timer never fires before its time); no upper bound is asserted.
    expect(seconds).toBeGreaterThanOrEqual(0.015);
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
