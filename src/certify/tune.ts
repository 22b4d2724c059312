// Tunes every RTP variant of a game to its target: for each lever in order, simulates the mode
// with the lever's first and then its second side only, and mixes the two by integer weights
// (a mode's expected return is linear in the chance of each side). Where the round can be
// calculated exactly (no free spins) the sides are exact figures, not simulations. Writes src/games/<slug>/weights.json.
//   sh scripts/node24.sh node src/certify/tune.ts <slug|all> [--rounds N] [--buy-rounds N] [--workers K]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { BetMode, GameModel } from '../engine/model.ts';
import { getGame } from '../games/index.ts';
import { exactBuyRtp, exactScreenRtp, isEnumerable, isFullyExact } from './exact.ts';
import { simulateParallel } from './pool.ts';
import { percent, summarize } from './tally.ts';
import { type Levers, tunedSlugs, tuningOf } from './tunings.ts';

const SCALE = 100_000;

async function tuneVariant(
  slug: string,
  variant: string,
  target: number,
  rounds: number,
  buyRounds: number,
  workers: number,
) {
  const tuning = tuningOf(slug);
  const levers: Levers = structuredClone(tuning.defaults);
  for (const step of tuning.steps) {
    const sides: number[] = [];
    let exactly = true;
    for (const side of [
      [1, 0],
      [0, 1],
    ]) {
      const trial = { ...levers, [step.lever]: side };
      const exactRound = exactRoundRtp(tuning.build(variant, trial), step.mode);
      if (exactRound !== null) {
        sides.push(exactRound);
        continue;
      }
      exactly = false;
      const tally = await simulateParallel({
        slug,
        variant,
        levers: trial,
        mode: step.mode,
        rounds: step.mode === 'buy' ? buyRounds : rounds,
        seed: 77,
        workers,
      });
      const summary = summarize(tally);
      const model = tuning.build(variant, trial);
      // Where the screen can be enumerated, only the feature share carries simulation noise.
      const exact =
        step.mode !== 'buy' && isEnumerable(model) ? exactScreenRtp(model, step.mode).screenRtp : null;
      sides.push(exact === null ? summary.rtp : exact + summary.featureRtp);
    }
    const [first, second] = sides as [number, number];
    let share = (target - second) / (first - second);
    if (!(share >= 0 && share <= 1)) {
      console.warn(`${slug}/${variant} ${step.lever}: target ${target} outside [${second}, ${first}]`);
      share = Math.min(1, Math.max(0, share));
    }
    let w = Math.round(share * SCALE);
    if (step.mode === 'buy' && !exactly) {
      // Free spins with retriggers are not quite linear in the mix: one secant step on the
      // bought feature itself, along the slope between the two sides.
      const trial = { ...levers, [step.lever]: [w, SCALE - w] };
      const at = summarize(
        await simulateParallel({
          slug,
          variant,
          levers: trial,
          mode: 'buy',
          rounds: buyRounds * 4,
          seed: 78,
          workers,
        }),
      ).rtp;
      w = Math.min(SCALE, Math.max(0, Math.round((share + (target - at) / (first - second)) * SCALE)));
    }
    levers[step.lever] = [w, SCALE - w];
    console.log(
      `${slug}/${variant} ${step.lever} (${step.mode}): sides ${percent(first)}% / ${percent(second)}% → ${w}:${SCALE - w}`,
    );
  }
  return levers;
}

/** The whole round's exact RTP where the model allows it (no free spins), else null. */
function exactRoundRtp(model: GameModel, mode: BetMode): number | null {
  if (mode === 'buy') return exactBuyRtp(model)?.rtp ?? null;
  return isFullyExact(model) ? exactScreenRtp(model, mode).roundRtp : null;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      rounds: { type: 'string', default: '4000000' },
      'buy-rounds': { type: 'string', default: '200000' },
      workers: { type: 'string', default: '2' },
    },
  });
  const which = positionals[0] ?? 'all';
  const slugs = which === 'all' ? tunedSlugs() : [which];
  for (const slug of slugs) {
    const game = getGame(slug);
    if (!game) throw new Error(`unknown game ${slug}`);
    const out: Record<string, Levers> = {};
    for (const v of game.rtpVariants) {
      const [whole, fraction = ''] = v.target.split('.');
      const target = (Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2))) / 10000;
      out[v.id] = await tuneVariant(
        slug,
        v.id,
        target,
        Number(values.rounds),
        Number(values['buy-rounds']),
        Number(values.workers),
      );
    }
    writeFileSync(
      new URL(`../games/${slug}/weights.json`, import.meta.url),
      `${JSON.stringify(out, null, 2)}\n`,
    );
  }
}

await main();
