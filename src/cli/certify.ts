// `reelforge certify`: certifies every game, variant and mode and rewrites certification/.
import { cpus } from 'node:os';
import type { Command } from 'commander';
import { certify } from '../certify/certify.ts';
import { allGames, getGame } from '../games/index.ts';

export function registerCertifyCommand(program: Command): void {
  program
    .command('certify')
    .description(
      'certify every game, variant and mode (exact where every outcome can be enumerated, else simulated to the target) and write certification/',
    )
    .option('--game <symbol>', 'only this game')
    .option('--seed <s>', 'simulation seed', '20240601')
    .option('--workers <k>', 'worker threads', String(Math.max(1, cpus().length)))
    .option('--half-width <pp>', 'target 99% half-width in percentage points', '0.1')
    .option('--max-rounds <n>', 'cap on rounds of a simulated mode (default: none, run to the target)')
    .option('--cross-check <n>', 'rounds of the simulation that cross-checks an exact figure', '10000000')
    .option('--pilot <n>', 'pilot rounds that estimate σ', '300000')
    .action(async (opts: Record<string, string>) => {
      const games = opts.game ? [getGame(opts.game)].filter((g) => g !== undefined) : allGames();
      if (games.length === 0) throw new Error(`unknown game ${opts.game}`);
      const [whole = '0', fraction = ''] = (opts.halfWidth ?? '0.1').split('.');
      const halfWidth = (Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3))) / 100000;
      const { seconds } = await certify({
        games,
        seed: BigInt(opts.seed ?? '1'),
        workers: Number(opts.workers),
        halfWidth,
        pilotRounds: Number(opts.pilot),
        maxRounds: opts.maxRounds ? Number(opts.maxRounds) : null,
        crossCheckRounds: Number(opts.crossCheck),
        chunk: 250_000,
        log: (line) => process.stdout.write(`${line}\n`),
      });
      process.stdout.write(`certification/ written in ${Math.round(seconds)} s\n`);
    });
}
