// The most a round can pay, established rather than assumed: exact where every outcome can be
// enumerated (the walk in exact.ts, with hold-and-collect and picks at their best), else the cap
// when the math provably reaches it (free spins that retrigger without limit can pay any amount).
import type { GameModel } from '../engine/model.ts';
import { machineFor } from '../engine/spin.ts';
import type { MaxWin } from '../games/certificates.ts';
import { exactBuyRtp, exactScreenRtp, isFullyExact } from './exact.ts';
import { percent } from './tally.ts';

export interface MaxWinResult extends MaxWin {
  /** In coins (a base bet is `lineCost` coins). */
  coins: number;
}

function multiplier(coins: number, lineCost: number): string {
  return percent(coins / lineCost / 100);
}

/** Whether free spins can retrigger on some reel set they spin on: then a sequence has no bound. */
export function retriggersWithoutLimit(model: GameModel): boolean {
  const scatter = model.scatter;
  const m = machineFor(model);
  if (!scatter || !m.free) return false;
  const needed = scatter.retrigger.findIndex((n) => n > 0);
  if (needed < 0) return false;
  return m.free.sets.some((set, i) => {
    const weight =
      (m.free?.table.cumulative[i] as number) - (i === 0 ? 0 : (m.free?.table.cumulative[i - 1] as number));
    if (weight <= 0) return false;
    let most = 0;
    set.strips.forEach((strip, r) => {
      let best = 0;
      for (let stop = 0; stop < (set.lengths[r] as number); stop++) {
        let n = 0;
        for (let row = 0; row < m.rows; row++) if (strip[stop + row] === scatter.symbol) n++;
        best = Math.max(best, n);
      }
      most += best;
    });
    return most >= needed;
  });
}

export function maxWinOf(model: GameModel): MaxWinResult {
  const cap = model.maxWinMultiplier * model.lineCost;
  const capped: MaxWinResult = {
    coins: cap,
    multiplier: multiplier(cap, model.lineCost),
    kind: 'cap',
    basis: '',
  };
  if (isFullyExact(model)) {
    let coins = exactScreenRtp(model, 'base').maxCoins;
    if (model.modes.special) coins = Math.max(coins, exactScreenRtp(model, 'special').maxCoins);
    const buy = exactBuyRtp(model);
    if (buy) coins = Math.max(coins, buy.maxCoins);
    if (coins >= cap)
      return {
        ...capped,
        basis: `the largest outcome (${multiplier(coins, model.lineCost)}×) is above the cap, so the cap is paid`,
      };
    const extras = [
      model.collect ? 'crates at their largest value and a full harbor' : null,
      model.pick ? 'the pick bonus at its best' : null,
    ].filter((x) => x !== null);
    return {
      coins,
      multiplier: multiplier(coins, model.lineCost),
      kind: 'exact',
      basis: `largest win over every screen of every reel set${extras.length > 0 ? `, with ${extras.join(' and ')}` : ''}; below the cap, which is never reached`,
    };
  }
  if (retriggersWithoutLimit(model))
    return {
      ...capped,
      basis: 'free spins retrigger without limit, so a sequence can reach the cap, which then ends it',
    };
  throw new Error(`${model.slug}: no bound on its largest win is known`);
}
