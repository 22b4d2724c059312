import { describe, expect, it } from 'vitest';
import { checked, paramsOf, paramsView, percentOf, ppmOf, stored } from './jackpot-params.ts';

describe('jackpot tier parameters as staff write them', () => {
  it.each([
    ['0.5', 5_000n],
    ['1', 10_000n],
    ['10', 100_000n],
    ['0.0001', 1n],
  ])('percent %s is %s parts per million, and back', (text, ppm) => {
    expect(ppmOf(text, 'contribution_rate')).toBe(ppm);
    expect(percentOf(ppm)).toBe(text);
  });

  it.each([
    [{ seed: '1.00' }, 'contribution_rate: required'],
    [{ seed: '1.001', contribution_rate: '1' }, 'seed: '],
    [{ seed: '1.00', contribution_rate: '0.00001' }, 'contribution_rate: '],
    [{ seed: '1.00', contribution_rate: '1', deadline: '24:00' }, 'deadline: '],
    [{ seed: 5, contribution_rate: '1' }, 'seed: must be a string'],
  ])('%j is refused naming its field', async (body, problem) => {
    const answer = await checked(() => paramsOf(body, null, 'USD', ''));
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.detail.startsWith(problem)).toBe(true);
  });

  it('a change keeps the fields it does not name, and reads back as it was written', async () => {
    const base = paramsOf(
      { seed: '10.00', contribution_rate: '0.5', odds_stake: '5000.00' },
      null,
      'USD',
      '',
    );
    const changed = paramsOf({ contribution_rate: '2', deadline: null }, base, 'USD', '');
    expect(paramsView(stored(changed), 'USD')).toEqual({
      seed: '10.00',
      contribution_rate: '2',
      reserve_rate: '0',
      ceiling: null,
      odds_stake: '5000.00',
      deadline: null,
    });
  });
});
