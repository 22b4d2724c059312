import { describe, expect, it } from 'vitest';
import { AutoplayRun, readAmount, readSettings, roundChoices } from './autoplay.ts';

const free = {
  autoplay: { allowed: true, max_rounds: null, requires_loss_limit: false, requires_single_win_limit: false },
};
const strict = {
  autoplay: { allowed: true, max_rounds: 20, requires_loss_limit: true, requires_single_win_limit: true },
};

describe('autoplay settings', () => {
  it('offers counts up to the profile maximum', () => {
    expect(roundChoices(free)).toEqual([10, 25, 50, 100]);
    expect(roundChoices(strict)).toEqual([10, 20]);
    expect(roundChoices({ autoplay: { ...free.autoplay, max_rounds: 5 } })).toEqual([5]);
  });

  it('reads amounts typed with a point or a comma, and refuses the rest', () => {
    expect(readAmount('10', 'EUR')).toBe(1000n);
    expect(readAmount(' 10,5 ', 'EUR')).toBe(1050n);
    expect(readAmount('10.50', 'EUR')).toBe(1050n);
    expect(readAmount('', 'EUR')).toBeNull();
    expect(readAmount('0', 'EUR')).toBe('invalid');
    expect(readAmount('-3', 'EUR')).toBe('invalid');
    expect(readAmount('1.234', 'EUR')).toBe('invalid');
    expect(readAmount('ten', 'EUR')).toBe('invalid');
  });

  it('requires the limits the profile requires and names the field that is wrong', () => {
    expect(readSettings({ rounds: '25', loss: '', win: '' }, free, 'EUR')).toEqual({
      ok: true,
      settings: { rounds: 25, lossLimit: null, winLimit: null },
    });
    expect(readSettings({ rounds: '20', loss: '', win: '5' }, strict, 'EUR')).toEqual({
      ok: false,
      field: 'loss',
      problem: 'required',
    });
    expect(readSettings({ rounds: '20', loss: '5', win: '' }, strict, 'EUR')).toEqual({
      ok: false,
      field: 'win',
      problem: 'required',
    });
    expect(readSettings({ rounds: '20', loss: 'x', win: '' }, strict, 'EUR')).toMatchObject({
      field: 'loss',
      problem: 'invalid',
    });
    expect(readSettings({ rounds: '50', loss: '5', win: '5' }, strict, 'EUR')).toMatchObject({
      field: 'rounds',
    });
    expect(readSettings({ rounds: '20', loss: '5', win: '7' }, strict, 'EUR')).toEqual({
      ok: true,
      settings: { rounds: 20, lossLimit: 500n, winLimit: 700n },
    });
  });
});

describe('an autoplay run', () => {
  it('stops after its count', () => {
    const run = new AutoplayRun({ rounds: 2, lossLimit: null, winLimit: null });
    expect(run.beforeRound(100n, 10_000n)).toBeNull();
    expect(run.afterRound({ stake: 100n, win: 0n, feature: false })).toBeNull();
    expect(run.beforeRound(100n, 10_000n)).toBeNull();
    expect(run.afterRound({ stake: 100n, win: 50n, feature: false })).toBe('count');
    expect(run.beforeRound(100n, 10_000n)).toBe('count');
  });

  it('never starts a round that could take the loss past the limit', () => {
    const run = new AutoplayRun({ rounds: 100, lossLimit: 250n, winLimit: null });
    expect(run.beforeRound(100n, 10_000n)).toBeNull();
    expect(run.afterRound({ stake: 100n, win: 0n, feature: false })).toBeNull();
    expect(run.beforeRound(100n, 10_000n)).toBeNull();
    expect(run.afterRound({ stake: 100n, win: 0n, feature: false })).toBeNull();
    expect(run.loss).toBe(200n);
    expect(run.beforeRound(100n, 10_000n)).toBe('loss_limit');
    expect(run.stopped).toBe('loss_limit');
  });

  it('counts wins against the loss and stops once the loss reaches the limit', () => {
    const run = new AutoplayRun({ rounds: 100, lossLimit: 200n, winLimit: null });
    expect(run.afterRound({ stake: 100n, win: 150n, feature: false })).toBeNull();
    expect(run.loss).toBe(-50n);
    expect(run.afterRound({ stake: 100n, win: 0n, feature: false })).toBeNull();
    expect(run.afterRound({ stake: 100n, win: 0n, feature: false })).toBeNull();
    expect(run.afterRound({ stake: 100n, win: 0n, feature: false })).toBe('loss_limit');
  });

  it('stops on a single win at the limit, a feature, and a balance below the stake', () => {
    const win = new AutoplayRun({ rounds: 10, lossLimit: null, winLimit: 1000n });
    expect(win.afterRound({ stake: 100n, win: 999n, feature: false })).toBeNull();
    expect(win.afterRound({ stake: 100n, win: 1000n, feature: false })).toBe('win_limit');
    const feature = new AutoplayRun({ rounds: 10, lossLimit: null, winLimit: null });
    expect(feature.afterRound({ stake: 100n, win: 0n, feature: true })).toBe('feature');
    const broke = new AutoplayRun({ rounds: 10, lossLimit: null, winLimit: null });
    expect(broke.beforeRound(100n, 99n)).toBe('funds');
  });

  it('keeps the first reason it stopped for', () => {
    const run = new AutoplayRun({ rounds: 10, lossLimit: null, winLimit: null });
    expect(run.stop('reality_check')).toBe('reality_check');
    expect(run.stop('player')).toBe('reality_check');
    expect(run.beforeRound(1n, 10n)).toBe('reality_check');
  });
});
