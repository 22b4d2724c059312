// `reelforge simulate <symbol>`: plays N whole rounds of one game, variant and mode on worker
// threads and reports the statistics certification uses.
import { cpus } from 'node:os';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { simulateParallel } from '../certify/pool.ts';
import { percent, type Summary, summarize, type Tally } from '../certify/tally.ts';
import type { BetMode } from '../engine/model.ts';
import { certifiedFigure, getGame, modelOf } from '../games/index.ts';

export interface SimulateOptions {
  variant?: string;
  mode: BetMode;
  spins: number;
  seed: bigint;
  workers: number;
  /** Where progress and the report go (defaults to stdout). */
  out?: NodeJS.WritableStream & { isTTY?: boolean };
}

export interface SimulateReport {
  summary: Summary;
  /** The certified figure of this mode (percent, as text), or null when not certified. */
  certifiedRtp: string | null;
  seconds: number;
  roundsPerSecond: number;
  text: string;
}

export async function runSimulation(symbol: string, options: SimulateOptions): Promise<SimulateReport> {
  const game = getGame(symbol);
  if (!game) throw new Error(`unknown game ${symbol}`);
  const model = modelOf(game, options.variant);
  if (options.mode !== 'base' && !model.modes[options.mode])
    throw new Error(`${game.slug} has no ${options.mode} mode`);
  const out = options.out ?? process.stdout;
  const started = performance.now();
  const bar = out.isTTY
    ? new SingleBar({ stream: out, format: ' {bar} {percentage}% | {value}/{total} rounds | RTP {rtp}%' })
    : null;
  bar?.start(options.spins, 0, { rtp: '-' });
  let lastLine = 0;
  const onProgress = (done: number, running: Tally) => {
    const rtp = percent(summarize(running).rtp);
    if (bar) bar.update(done, { rtp });
    else if (performance.now() - lastLine > 5000 || done === options.spins) {
      lastLine = performance.now();
      out.write(`${done}/${options.spins} rounds, RTP ${rtp}%\n`);
    }
  };
  const tally = await simulateParallel({
    slug: game.slug,
    variant: model.variant,
    mode: options.mode,
    rounds: options.spins,
    seed: options.seed,
    workers: options.workers,
    onProgress,
  });
  bar?.stop();
  const seconds = (performance.now() - started) / 1000;
  const summary = summarize(tally);
  const certified = certifiedFigure(model, options.mode);
  const pp = (x: number) => `${percent(x)}%`;
  const lines = [
    `${game.title} (${game.symbol}) variant ${model.variant}, mode ${options.mode}: ${summary.rounds} rounds, seed ${options.seed}`,
    `RTP                 ${pp(summary.rtp)} ± ${percent(summary.halfWidth99, 3)} pp (99% CI)`,
    `  base / feature    ${pp(summary.baseRtp)} / ${pp(summary.featureRtp)}`,
    certified === null
      ? '  certified         not certified'
      : `  certified         ${certified.rtp}% (${certified.method}): ${agrees(summary, certified) ? 'the simulation agrees' : 'OUTSIDE the simulation’s interval'}`,
    `hit frequency       ${pp(summary.hitFrequency)}`,
    `standard deviation  ${summary.sd.toPrecision(4)} × stake; volatility index ${summary.volatilityIndex.toPrecision(4)}`,
    `feature frequency   ${percent(summary.featureFrequency, 3)}%${summary.featureFrequency > 0 ? ` (1 in ${Math.round(1 / summary.featureFrequency)})` : ''}`,
    `max observed win    ${summary.maxWinX.toPrecision(6)} × stake; cap hits ${summary.capHits}`,
    `speed               ${Math.round(summary.rounds / seconds)} rounds/s on ${options.workers} worker(s), ${seconds.toPrecision(3)} s`,
  ];
  const text = `${lines.join('\n')}\n`;
  return {
    summary,
    certifiedRtp: certified?.rtp ?? null,
    seconds,
    roundsPerSecond: summary.rounds / seconds,
    text,
  };
}

export function registerSimulateCommand(program: Command): void {
  program
    .command('simulate')
    .description('simulate a game to measure its RTP, hit frequency and volatility')
    .argument('<symbol>', 'game symbol or slug')
    .option('--variant <id>', 'RTP variant (default: the game default)')
    .option('--mode <mode>', 'base | special | buy', 'base')
    .option('--spins <n>', 'rounds to play', '1000000')
    .option('--seed <s>', 'seed of the simulation RNG', '1')
    .option('--workers <k>', 'worker threads', String(Math.max(1, cpus().length)))
    .action(async (symbol: string, opts: Record<string, string>) => {
      const mode = opts.mode as BetMode;
      if (!['base', 'special', 'buy'].includes(mode)) throw new Error('--mode must be base, special or buy');
      const report = await runSimulation(symbol, {
        variant: opts.variant,
        mode,
        spins: Number(opts.spins),
        seed: BigInt(opts.seed ?? '1'),
        workers: Number(opts.workers),
      });
      process.stdout.write(report.text);
    });
}

/** Whether the certified figure lies in the simulation's 99 % interval widened by its own. */
function agrees(summary: Summary, certified: { rtp: string; halfWidth99: string }): boolean {
  const rtp = Number(certified.rtp) / 100;
  return Math.abs(summary.rtp - rtp) <= summary.halfWidth99 + Number(certified.halfWidth99) / 100 + 0.00005;
}
