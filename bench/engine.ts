// Engine benchmark: spins per second per core for every game and mode, combinations per second of
// the exact calculator, and the speed-up of the simulator with 2 workers.
//   sh scripts/node24.sh node bench/engine.ts [--quick]
import { cpus } from 'node:os';
import { exactMode } from '../src/certify/exact.ts';
import { lineKernelFor } from '../src/certify/lines.ts';
import { simulateParallel } from '../src/certify/pool.ts';
import { simulateRounds } from '../src/certify/tally.ts';
import type { BetMode } from '../src/engine/model.ts';
import { machineFor } from '../src/engine/spin.ts';
import { allGames, getGame } from '../src/games/index.ts';

export interface EngineBenchOptions {
  quick?: boolean;
  log?: (line: string) => void;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export async function runEngineBench(opts: EngineBenchOptions = {}): Promise<string> {
  const log = opts.log ?? (() => {});
  const scale = opts.quick ? 0.1 : 1;
  const rows: string[] = [];
  for (const game of allGames()) {
    const model = game.variants[game.defaultVariant];
    if (!model) continue;
    for (const mode of ['base', 'special', 'buy'] as BetMode[]) {
      if (mode !== 'base' && !model.modes[mode]) continue;
      const rounds = Math.round((mode === 'buy' ? 100_000 : 2_000_000) * scale);
      simulateRounds(model, mode, Math.min(rounds, 20_000), 1, 9); // warm-up
      const started = performance.now();
      const tally = simulateRounds(model, mode, rounds, 1, 0);
      const seconds = (performance.now() - started) / 1000;
      // The path simulateRounds takes (as `reelforge simulate` and certification do).
      const path = mode !== 'buy' && lineKernelFor(machineFor(model)) ? 'line kernel' : 'generic';
      const row = `| ${game.slug} | ${mode} | ${path} | ${fmt(tally.calls / seconds)} | ${fmt(tally.rounds / seconds)} |`;
      rows.push(row);
      log(row);
    }
  }
  const ember = getGame('ember-crown')?.variants['96.5'];
  if (!ember) throw new Error('ember-crown missing');
  // The whole base round exactly: its reel sets' and its free spins' full cycles, then the laws.
  const exact = exactMode(ember, 'base');
  const combos = exact.combinationsWalked / exact.seconds;
  log(`exact: ${fmt(combos)} combinations/s`);

  // Long enough that starting the workers (about 0.3 s each) does not dominate at line-kernel speed.
  const parallelRounds = Math.round(80_000_000 * scale);
  const timed = async (workers: number) => {
    const started = performance.now();
    await simulateParallel({
      slug: 'ember-crown',
      variant: '96.5',
      mode: 'base',
      rounds: parallelRounds,
      seed: 5,
      workers,
    });
    return (performance.now() - started) / 1000;
  };
  const one = await timed(1);
  const two = await timed(2);
  log(`workers: 1 → ${one} s, 2 → ${two} s`);

  return [
    '## Game engine',
    '',
    `Command: \`sh scripts/node24.sh node bench/engine.ts${opts.quick ? ' --quick' : ''}\` (Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores).`,
    '',
    'Single thread, seeded xoshiro128**, default RTP variant. A round is a paid call plus every free spin it leads to; spins/s counts every call. Path: the line kernel (src/certify/lines.ts) or the generic play path, whichever the simulator uses.',
    '',
    '| game | mode | path | spins/s/core | rounds/s/core |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `Exact calculator (Ember Crown base round: ${fmt(exact.combinationsWalked)} stop combinations of its base and free reel sets walked, free spins as a branching law, in ${exact.seconds.toPrecision(3)} s): ${fmt(combos)} combinations/s/core.`,
    '',
    `Simulator on worker threads (Ember Crown base, ${fmt(parallelRounds)} rounds): 1 worker ${one.toPrecision(3)} s, 2 workers ${two.toPrecision(3)} s, speed-up ${(one / two).toPrecision(3)}×.`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const markdown = await runEngineBench({
    quick: process.argv.includes('--quick'),
    log: (l) => console.error(l),
  });
  console.log(markdown);
}
