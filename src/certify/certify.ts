// Certification: every game, variant and mode. Where every outcome can be enumerated (games
// without free spins or tumbles: screens, hold-and-collect and picks) the RTP is calculated
// exactly and a simulation cross-checks it. Everything else is simulated for N = (z·σ/h)² rounds
// (σ from a pilot, h = 0.1 pp at 99%), continued with fresh streams until the final run's own
// half-width is within h; a cap on rounds (for a figure out of reach on this machine) is stated as
// a shortfall. The maximum win is computed (exact, or the cap where the math reaches it). Writes
// certification/<slug>.json (with the model, code and certificate hashes), certification/REPORT.md
// and SVG plots.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { BetMode, GameModel } from '../engine/model.ts';
import {
  CERTIFICATION_DIR,
  type Certificate,
  type CertifiedMode,
  certificateHash,
  codeHash,
  gameSources,
} from '../games/certificates.ts';
import type { Game } from '../games/index.ts';
import { modelHash } from '../games/model-hash.ts';
import { convergenceSvg, distributionSvg } from './charts.ts';
import { exactBuyRtp, exactScreenRtp, isEnumerable, isFullyExact } from './exact.ts';
import { maxWinOf } from './max-win.ts';
import { simulateParallel } from './pool.ts';
import { mergeTallies, percent, summarize, type Tally, Z99 } from './tally.ts';

export interface CertifyOptions {
  games: Game[];
  seed: bigint;
  workers: number;
  /** Target half-width of the 99% interval, as a fraction (0.001 = 0.1 pp). */
  halfWidth: number;
  pilotRounds: number;
  /** Cap on simulated rounds of a mode without an exact figure (null: none, run to the target). */
  maxRounds: number | null;
  /** Rounds of the simulation that cross-checks an exact figure. */
  crossCheckRounds: number;
  chunk: number;
  log: (line: string) => void;
}

interface ModeResult {
  mode: BetMode;
  figure: CertifiedMode;
  /** Rounds ±h needs, from the final run's σ (simulated figures). */
  required: number;
  seconds: number;
}

const MODES: BetMode[] = ['base', 'special', 'buy'];

function targetOf(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  return (Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2))) / 10000;
}

/** The whole mode's exact RTP (fraction) where every outcome can be enumerated, else null. */
function exactRtpOf(model: GameModel, mode: BetMode): number | null {
  if (mode === 'buy') return exactBuyRtp(model)?.rtp ?? null;
  return isFullyExact(model) ? exactScreenRtp(model, mode).roundRtp : null;
}

function requiredRounds(sd: number, halfWidth: number): number {
  return Math.ceil(((Z99 * sd) / halfWidth) ** 2);
}

async function certifyMode(
  game: Game,
  variant: string,
  mode: BetMode,
  options: CertifyOptions,
  svgDir: URL,
): Promise<ModeResult> {
  const started = performance.now();
  const model = game.variants[variant];
  if (!model) throw new Error(`${game.slug}: no variant ${variant}`);
  const exact = exactRtpOf(model, mode);
  const base = { slug: game.slug, variant, mode, workers: options.workers, chunk: options.chunk };
  const points: Array<{ rounds: number; rtp: number; halfWidth: number }> = [];
  let running: Tally | null = null;
  const onChunk = (_i: number, chunk: Tally) => {
    running = running ? mergeTallies(running, chunk) : structuredClone(chunk);
    const s = summarize(running);
    points.push({ rounds: s.rounds, rtp: s.rtp, halfWidth: s.halfWidth99 });
  };
  let rounds: number;
  if (exact !== null) rounds = options.crossCheckRounds;
  else {
    const pilot = summarize(
      await simulateParallel({ ...base, rounds: options.pilotRounds, seed: options.seed + 1_000_000n }),
    );
    rounds = Math.max(options.pilotRounds, requiredRounds(pilot.sd, options.halfWidth));
    if (options.maxRounds !== null) rounds = Math.min(rounds, options.maxRounds);
  }
  let tally = await simulateParallel({ ...base, rounds, seed: options.seed, onChunk });
  let streams = Math.ceil(rounds / options.chunk);
  // A pilot's σ can fall short of the final run's: continue on fresh streams until the run's own
  // half-width is within the target (or the cap stops it).
  while (exact === null) {
    const s = summarize(tally);
    if (s.halfWidth99 <= options.halfWidth) break;
    const cap = options.maxRounds ?? Number.POSITIVE_INFINITY;
    if (s.rounds >= cap) break;
    const more = Math.min(
      cap - s.rounds,
      Math.max(options.chunk, Math.ceil(requiredRounds(s.sd, options.halfWidth) * 1.02) - s.rounds),
    );
    options.log(`  ${game.slug} ${variant} ${mode}: ±${percent(s.halfWidth99, 3)} pp, ${more} more rounds`);
    const extra = await simulateParallel({
      ...base,
      rounds: more,
      seed: options.seed,
      onChunk,
      firstStream: streams,
    });
    streams += Math.ceil(more / options.chunk);
    tally = mergeTallies(tally, extra);
  }
  const s = summarize(tally);
  const screen = mode !== 'buy' && isEnumerable(model) ? exactScreenRtp(model, mode) : null;
  const target = targetOf(game.rtpVariants.find((v) => v.id === variant)?.target ?? '0');
  const name = `${game.slug}-${variant}-${mode}`;
  writeFileSync(
    new URL(`${name}-convergence.svg`, svgDir),
    convergenceSvg(`${game.title} ${variant} ${mode}: RTP convergence`, points, target),
  );
  writeFileSync(
    new URL(`${name}-distribution.svg`, svgDir),
    distributionSvg(`${game.title} ${variant} ${mode}: win distribution`, tally),
  );
  return {
    mode,
    required: requiredRounds(s.sd, options.halfWidth),
    seconds: (performance.now() - started) / 1000,
    figure: {
      rtp: percent(exact ?? s.rtp),
      method: exact === null ? 'simulated' : 'exact',
      exactRtp: exact === null ? null : percent(exact, 4),
      rounds: s.rounds,
      simulatedRtp: percent(s.rtp),
      halfWidth99: percent(s.halfWidth99, 3),
      meetsPrecision: exact !== null || s.halfWidth99 <= options.halfWidth,
      hitFrequency: percent(screen && isFullyExact(model) ? screen.hitFrequency : s.hitFrequency),
      sd: s.sd.toPrecision(4),
      volatilityIndex: s.volatilityIndex.toPrecision(4),
      featureFrequency: percent(s.featureFrequency, 4),
      maxWinX: s.maxWinX.toPrecision(6),
      capHits: s.capHits,
      baseRtp: percent(screen ? screen.screenRtp : s.baseRtp),
      featureRtp: percent(screen && isFullyExact(model) ? screen.featureRtp : s.featureRtp),
      exactScreenRtp: screen ? percent(screen.screenRtp, 4) : null,
    },
  };
}

const HEADER = [
  '# Reelforge certification report',
  '',
  'Generated by `reelforge certify` (commands per game below). Every figure is either **exact** or',
  '**simulated** to a 99% half-width of at most 0.1 percentage point; where a simulation could not',
  'reach that on this machine the row says `no` under "±0.1 pp" and the catalog and paytable show',
  'the achieved half-width beside the figure.',
  '',
  '- **exact**: the whole round calculated over every outcome: every stop combination of every reel set',
  '  (weighted by the reel-set draw), collector pays at the mean crate value, hold-and-collect as a',
  '  Markov chain over filled cells and respins left, the pick bonus as a chain over picks. A',
  '  simulation of the same mode must contain the exact figure in its 99% interval (`simulated` column,',
  '  a cross-check) and the test suite recomputes the figure.',
  '- **simulated**: N = (z·σ/h)² whole rounds (z = 2.576, h = 0.1 pp, σ from a pilot), continued on fresh',
  "  streams until the final run's own half-width is within h. `needed` is N computed from the final",
  "  run's σ. `exact screen` is the calculated base-game screen share the simulated base share must agree with.",
  '- **max win**: the most one round can pay, × the base total bet: `exact` (largest outcome, the cap',
  '  never reached) or `cap` (the math reaches the cap, which is then what the game pays).',
  '- Hashes: `model` is SHA-256 of the model data, `code` of the engine and game source files, and',
  '  `certificate` binds both; the server offers a variant only when all three match.',
  '',
];

export async function certify(options: CertifyOptions): Promise<{ seconds: number }> {
  const started = performance.now();
  const svgDir = new URL('svg/', CERTIFICATION_DIR);
  mkdirSync(svgDir, { recursive: true });
  for (const game of options.games) {
    const gameStarted = performance.now();
    const report: string[] = [];
    const certificate: Certificate = {
      slug: game.slug,
      symbol: game.symbol,
      seed: String(options.seed),
      variants: {},
    };
    const code = codeHash(gameSources(game.slug));
    report.push(`## ${game.title} (\`${game.symbol}\`)`, '');
    report.push(
      '| variant | mode | RTP | method | ±0.1 pp | exact | simulated ±99% (pp) | rounds | needed | base / feature | exact screen | hit freq | σ | VI | feature freq | max seen × | cap hits |',
    );
    report.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    const notes: string[] = [];
    for (const v of game.rtpVariants) {
      const model = game.variants[v.id];
      if (!model) continue;
      const maxWin = maxWinOf(model);
      const model256 = modelHash(model);
      const entry: Certificate['variants'][string] = {
        modelHash: model256,
        codeHash: code,
        certificateHash: certificateHash(model256, code),
        target: v.target,
        maxWin: { multiplier: maxWin.multiplier, kind: maxWin.kind, basis: maxWin.basis },
        modes: {},
      };
      certificate.variants[v.id] = entry;
      notes.push(
        `- ${v.id}: max win **${maxWin.multiplier}×** (${maxWin.kind}: ${maxWin.basis}); model \`${model256.slice(0, 16)}\`, code \`${code.slice(0, 16)}\`, certificate \`${entry.certificateHash.slice(0, 16)}\`.`,
      );
      for (const mode of MODES) {
        if (mode !== 'base' && !model.modes[mode]) continue;
        const result = await certifyMode(game, v.id, mode, options, svgDir);
        entry.modes[mode] = result.figure;
        const f = result.figure;
        options.log(
          `${game.slug} ${v.id} ${mode}: RTP ${f.rtp}% (${f.method}), simulated ${f.simulatedRtp}% ± ${f.halfWidth99} pp over ${f.rounds} rounds (${Math.round(result.seconds)} s)`,
        );
        report.push(
          `| ${v.id} | ${mode} | **${f.rtp}%** | ${f.method} | ${f.meetsPrecision ? 'yes' : `no (±${f.halfWidth99})`} | ${f.exactRtp ?? '—'} | ${f.simulatedRtp}% ± ${f.halfWidth99} | ${f.rounds} | ${f.method === 'exact' ? '—' : result.required} | ${f.baseRtp}% / ${f.featureRtp}% | ${f.exactScreenRtp ?? '—'} | ${f.hitFrequency}% | ${f.sd} | ${f.volatilityIndex} | ${f.featureFrequency}% | ${f.maxWinX} | ${f.capHits} |`,
        );
      }
    }
    report.push('', ...notes, '');
    for (const v of game.rtpVariants) {
      for (const mode of MODES) {
        if (!certificate.variants[v.id]?.modes[mode]) continue;
        const name = `${game.slug}-${v.id}-${mode}`;
        report.push(
          `![${name} convergence](svg/${name}-convergence.svg) ![${name} distribution](svg/${name}-distribution.svg)`,
          '',
        );
      }
    }
    const cap = options.maxRounds === null ? '' : ` --max-rounds ${options.maxRounds}`;
    report.push(
      `Seed ${options.seed}, ${options.workers} workers, ${options.maxRounds === null ? 'no cap on rounds' : `capped at ${options.maxRounds} rounds a simulated mode`}, cross-checks of ${options.crossCheckRounds} rounds, ${Math.round((performance.now() - gameStarted) / 1000)} s:`,
      `\`reelforge certify --game ${game.symbol} --seed ${options.seed} --workers ${options.workers}${cap} --cross-check ${options.crossCheckRounds}\`.`,
      '',
    );
    writeFileSync(
      new URL(`${game.slug}.json`, CERTIFICATION_DIR),
      `${JSON.stringify(certificate, null, 2)}\n`,
    );
    writeFileSync(new URL(`${game.slug}.md`, CERTIFICATION_DIR), report.join('\n'));
  }
  // The report gathers every game's section, so certifying one game keeps the others.
  const sections = readdirSync(CERTIFICATION_DIR)
    .filter((f) => f.endsWith('.md') && f !== 'REPORT.md')
    .sort()
    .map((f) => readFileSync(new URL(f, CERTIFICATION_DIR), 'utf8'));
  writeFileSync(new URL('REPORT.md', CERTIFICATION_DIR), [...HEADER, ...sections].join('\n'));
  return { seconds: (performance.now() - started) / 1000 };
}
