// `reelforge certify --all` (or `--game <symbol>`): certifies every game, variant and mode and
// rewrites certification/, with a progress bar per step (a line per step when not on a terminal).
import { cpus } from 'node:os';
import { MultiBar, Presets } from 'cli-progress';
import type { Command } from 'commander';
import { certify } from '../certify/certify.ts';
import { allGames, getGame } from '../games/index.ts';
import { CliError } from './context.ts';

/** Progress bars on a terminal; elsewhere one line when a step starts and one when it ends. */
function progressBars(out: NodeJS.WriteStream) {
  const multi = out.isTTY
    ? new MultiBar(
        {
          stream: out,
          format: ' {bar} {percentage}% | {label} {note}',
          hideCursor: true,
          clearOnComplete: false,
        },
        Presets.shades_classic,
      )
    : null;
  return {
    bar(label: string, total: number) {
      const started = performance.now();
      const bar = multi?.create(total, 0, { label, note: '' });
      if (!multi) out.write(`${label}…\n`);
      return {
        update(done: number, note = '') {
          bar?.update(done, { label, note });
        },
        stop() {
          if (bar) {
            bar.update(total, { label, note: `${Math.round((performance.now() - started) / 1000)} s` });
            bar.stop();
          } else out.write(`${label}: done in ${Math.round((performance.now() - started) / 1000)} s\n`);
        },
      };
    },
    log(line: string) {
      if (multi) multi.log(`${line}\n`);
      else out.write(`${line}\n`);
    },
    stop() {
      multi?.stop();
    },
  };
}

export function registerCertifyCommand(program: Command): void {
  program
    .command('certify')
    .description(
      'certify every game, variant and mode (exact where the screens can be walked, else estimated to ±0.1 pp at 99%) and write certification/',
    )
    .option('--all', 'every game (the default when no --game is given)')
    .option('--game <symbol>', 'only this game')
    .option('--seed <s>', 'simulation seed', '20240601')
    .option('--workers <k>', 'worker threads', String(Math.max(1, cpus().length)))
    .option('--half-width <pp>', 'target 99% half-width in percentage points', '0.1')
    .option('--cross-check <n>', 'rounds of the plain simulation that checks each figure', '2000000')
    .option('--pilot <n>', 'pilot samples that estimate the spread', '500000')
    .action(async (opts: Record<string, string | boolean>) => {
      if (opts.all && opts.game) throw new CliError('give --all or --game, not both');
      const games =
        typeof opts.game === 'string' ? [getGame(opts.game)].filter((g) => g !== undefined) : allGames();
      if (games.length === 0) throw new CliError(`unknown game ${opts.game}`);
      const [whole = '0', fraction = ''] = String(opts.halfWidth ?? '0.1').split('.');
      const halfWidth = (Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3))) / 100000;
      const bars = progressBars(process.stdout);
      const seed = BigInt(String(opts.seed));
      const workers = Number(opts.workers);
      const crossCheck = Number(opts.crossCheck);
      const pilot = Number(opts.pilot);
      try {
        const { seconds } = await certify({
          games,
          seed,
          workers,
          halfWidth,
          pilotRounds: pilot,
          crossCheckRounds: crossCheck,
          chunk: 250_000,
          bar: bars.bar,
          log: bars.log,
          command: `reelforge certify --seed ${seed} --workers ${workers} --half-width ${opts.halfWidth} --cross-check ${crossCheck} --pilot ${pilot}`,
        });
        bars.stop();
        process.stdout.write(
          `certification/ written in ${Math.round(seconds)} s (${Math.round(seconds / 60)} min)\n`,
        );
      } finally {
        bars.stop();
      }
    });
}
