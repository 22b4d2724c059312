// Certification: every game, variant and mode. Line and ways games are calculated exactly over
// every outcome (exact.ts: the reels' full cycle with money values, hold-and-collect, picks and
// free spins as exact laws); tumbling pay-anywhere games are estimated without bias to ±0.1 pp at
// 99 % (estimate.ts). Every figure is checked against a plain simulation of whole rounds through the
// engine's play path. Writes certification/<slug>.json (a PAR sheet: figures, reel strips, trigger
// and pay-combination frequencies, the maximum win and its probability, the hashes of the model and
// code), certification/<slug>.md, REPORT.md and SVG plots.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { BetMode, GameModel } from '../engine/model.ts';
import {
  CERTIFICATION_DIR,
  type Certificate,
  type CertifiedVariant,
  certificateHash,
  codeHash,
  gameSources,
  type MaxWin,
  type ReelSetSheet,
} from '../games/certificates.ts';
import type { Game } from '../games/index.ts';
import { modelHash } from '../games/model-hash.ts';
import { convergenceSvg, distributionSvg } from './charts.ts';
import { isEnumerable } from './exact.ts';
import {
  estimatedBuyFigure,
  estimatedFigure,
  exactFigure,
  type FigureOptions,
  type ModeFigure,
  sequenceSampleFor,
} from './figures.ts';
import { percent } from './format.ts';
import { retriggersWithoutLimit } from './max-win.ts';
import { gameReport, REPORT_HEADER } from './report.ts';

export interface CertifyOptions extends FigureOptions {
  games: Game[];
  log: (line: string) => void;
  /** The command line, recorded in each certificate. */
  command: string;
}

const MODES: BetMode[] = ['base', 'special', 'buy'];

function targetOf(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  return (Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2))) / 10000;
}

export function reelSetSheets(model: GameModel): ReelSetSheet[] {
  const code = (id: number) => model.symbols[id]?.code ?? String(id);
  return model.reelSets.map((set) => ({
    id: set.id,
    reels: set.strips.map((strip) => {
      const counts: Record<string, number> = {};
      for (const s of strip) counts[code(s)] = (counts[code(s)] ?? 0) + 1;
      return { length: strip.length, strip: strip.map(code).join(' '), counts };
    }),
  }));
}

export function modesOf(model: GameModel): BetMode[] {
  return MODES.filter((mode) => mode === 'base' || model.modes[mode]);
}

/** Each mode's seeds are its own (the tuner uses the same, so its last estimate is the certified one). */
export function seedOffsetOf(model: GameModel, mode: BetMode): bigint {
  return BigInt(modesOf(model).indexOf(mode) * 10_000_000);
}

/** Every mode of one variant: exact where the screens can be walked, else estimated. */
async function certifyVariant(game: Game, model: GameModel, options: CertifyOptions): Promise<ModeFigure[]> {
  const modes = modesOf(model);
  const offset = (i: number) => seedOffsetOf(model, modes[i] as BetMode);
  const ref = { model, slug: game.slug, levers: null };
  if (isEnumerable(model)) {
    const out: ModeFigure[] = [];
    for (const [i, mode] of modes.entries()) out.push(await exactFigure(ref, mode, options, offset(i)));
    return out;
  }
  const { wins, sample } = await sequenceSampleFor(ref, options);
  const out: ModeFigure[] = [];
  for (const [i, mode] of modes.entries()) {
    out.push(
      mode === 'buy'
        ? await estimatedBuyFigure(ref, wins, options, offset(i))
        : await estimatedFigure(ref, mode, sample, options, offset(i)),
    );
  }
  return out;
}

/** The most a round of any mode pays, × the base bet, with its chance where a base round reaches it. */
function maxWinOf(model: GameModel, figures: ModeFigure[]): MaxWin {
  const top = Math.max(...figures.map((f) => f.maxCoins));
  const reaching = figures.filter((f) => f.maxCoins === top);
  const kind = reaching.some((f) => f.maxKind === 'cap') ? 'cap' : 'exact';
  const from = reaching.find((f) => f.mode === 'base') ?? reaching[0];
  const multiplier = percent(top / model.lineCost / 100);
  const basis =
    kind === 'cap'
      ? retriggersWithoutLimit(model)
        ? 'free spins retrigger without limit, so a round can reach the cap, which then ends it'
        : 'a round can reach the cap, which then ends it'
      : `the largest win of any round, over every outcome of every mode; the cap (${model.maxWinMultiplier}×) is never reached`;
  return {
    multiplier,
    kind,
    basis: from && from.mode !== 'base' ? `${basis} (reached in the ${from.mode} mode)` : basis,
    probability: from?.maxProbability ?? null,
  };
}

export async function certify(options: CertifyOptions): Promise<{ seconds: number }> {
  const started = performance.now();
  const svgDir = new URL('svg/', CERTIFICATION_DIR);
  mkdirSync(svgDir, { recursive: true });
  for (const game of options.games) {
    const gameStarted = performance.now();
    const code = codeHash(gameSources(game.slug));
    const variants: Record<string, CertifiedVariant> = {};
    const figuresByVariant: Record<string, ModeFigure[]> = {};
    for (const v of game.rtpVariants) {
      const model = game.variants[v.id];
      if (!model) continue;
      const figures = await certifyVariant(game, model, options);
      figuresByVariant[v.id] = figures;
      const model256 = modelHash(model);
      variants[v.id] = {
        modelHash: model256,
        codeHash: code,
        certificateHash: certificateHash(model256, code),
        target: v.target,
        maxWin: maxWinOf(model, figures),
        modes: Object.fromEntries(figures.map((f) => [f.mode, f.figure])),
        reelSets: reelSetSheets(model),
      };
      for (const f of figures) {
        options.log(
          `${game.slug} ${v.id} ${f.mode}: RTP ${f.figure.rtp}% (${f.figure.method}${f.figure.method === 'exact' ? ` ${f.figure.exactRtp}%` : ` ± ${f.figure.halfWidth99} pp over ${f.figure.rounds} samples`}), cross-check ${f.figure.crossCheck.rtp}% ± ${f.figure.crossCheck.halfWidth99} ${f.figure.crossCheck.agrees ? 'agrees' : 'DISAGREES'} (${Math.round(f.seconds)} s)`,
        );
        const name = `${game.slug}-${v.id}-${f.mode}`;
        const target = targetOf(v.target);
        if (f.convergence.length > 0)
          writeFileSync(
            new URL(`${name}-convergence.svg`, svgDir),
            convergenceSvg(`${game.title} ${v.id} ${f.mode}: estimate convergence`, f.convergence, target),
          );
        writeFileSync(
          new URL(`${name}-distribution.svg`, svgDir),
          distributionSvg(`${game.title} ${v.id} ${f.mode}: win distribution`, f.buckets),
        );
      }
    }
    const seconds = Math.round((performance.now() - gameStarted) / 1000);
    const certificate: Certificate = {
      slug: game.slug,
      symbol: game.symbol,
      seed: String(options.seed),
      command: `${options.command} --game ${game.symbol}`,
      seconds,
      variants,
    };
    writeFileSync(
      new URL(`${game.slug}.json`, CERTIFICATION_DIR),
      `${JSON.stringify(certificate, null, 2)}\n`,
    );
    writeFileSync(
      new URL(`${game.slug}.md`, CERTIFICATION_DIR),
      gameReport(game, certificate, figuresByVariant, options),
    );
  }
  // The report gathers every game's section, so certifying one game keeps the others.
  const sections = readdirSync(CERTIFICATION_DIR)
    .filter((f) => f.endsWith('.md') && f !== 'REPORT.md')
    .sort()
    .map((f) => readFileSync(new URL(f, CERTIFICATION_DIR), 'utf8'));
  writeFileSync(new URL('REPORT.md', CERTIFICATION_DIR), [...REPORT_HEADER, ...sections].join('\n'));
  return { seconds: (performance.now() - started) / 1000 };
}
