// Whether a game's cap is reachable by its math alone: free spins that retrigger on some reel set
// they spin on have no bound on their length, so a sequence can pay any amount up to the cap.
import type { GameModel } from '../engine/model.ts';
import { machineFor } from '../engine/spin.ts';

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
