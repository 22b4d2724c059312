// Tunes every RTP variant of a game to its target: for each lever in order, finds the integer
// weights (out of 100 000) of its two sides at which the mode returns the target, measured the way
// certification measures it. Exact games: regula falsi on exact figures. Estimated games: secant
// steps on the certification's own estimate, with its seeds (common random numbers), starting from
// the weights in use; the last estimate is then the figure `reelforge certify` reproduces.
// Writes src/games/<slug>/weights.json.
//   sh scripts/node24.sh node src/certify/tune.ts <slug|all> [--workers K] [--seed S]
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import type { BetMode } from '../engine/model.ts';
import { getGame } from '../games/index.ts';
import { seedOffsetOf } from './certify.ts';
import { exactMode, isEnumerable } from './exact.ts';
import { estimatedBuyFigure, estimatedFigure, type FigureOptions, sequenceSampleFor } from './figures.ts';
import { percent } from './format.ts';
import { type Levers, tunedSlugs, tuningOf } from './tunings.ts';

const SCALE = 100_000;

type Evaluator = (levers: Levers, mode: BetMode) => Promise<number>;

function exactEvaluator(slug: string, variant: string): Evaluator {
  const tuning = tuningOf(slug);
  return async (levers, mode) => exactMode(tuning.build(variant, levers), mode).rtp;
}

function estimatedEvaluator(slug: string, variant: string, options: FigureOptions): Evaluator {
  const tuning = tuningOf(slug);
  const samples = new Map<string, Awaited<ReturnType<typeof sequenceSampleFor>>>();
  return async (levers, mode) => {
    const model = tuning.build(variant, levers);
    const ref = { model, slug, levers };
    const key = JSON.stringify(levers.free ?? null);
    let sample = samples.get(key);
    if (!sample) {
      sample = await sequenceSampleFor(ref, options);
      samples.set(key, sample);
    }
    const offset = seedOffsetOf(model, mode);
    const figure =
      mode === 'buy'
        ? await estimatedBuyFigure(ref, sample.wins, options, offset)
        : await estimatedFigure(ref, mode, sample.sample, options, offset);
    return figure.value;
  };
}

/** Regula falsi (Illinois) on [0, SCALE] for an exact, monotone f; the integer weight closest to the target. */
async function solveExact(f: (w: number) => Promise<number>, target: number): Promise<number> {
  let lo = 0;
  let hi = SCALE;
  let flo = (await f(lo)) - target;
  let fhi = (await f(hi)) - target;
  if (flo * fhi > 0) return Math.abs(flo) < Math.abs(fhi) ? lo : hi;
  let kept: 'lo' | 'hi' | null = null;
  while (hi - lo > 1) {
    let w = Math.round(lo - (flo * (hi - lo)) / (fhi - flo));
    w = Math.min(hi - 1, Math.max(lo + 1, w));
    const fw = (await f(w)) - target;
    if (fw === 0) return w;
    if (fw * flo < 0) {
      hi = w;
      fhi = fw;
      // The same end kept twice: halve its value so the next step lands on the other side.
      if (kept === 'lo') flo /= 2;
      kept = 'lo';
    } else {
      lo = w;
      flo = fw;
      if (kept === 'hi') fhi /= 2;
      kept = 'hi';
    }
  }
  const [a, b] = [(await f(lo)) - target, (await f(hi)) - target];
  return Math.abs(a) <= Math.abs(b) ? lo : hi;
}

/** Secant steps from the weight in use, each evaluation a full estimate with the same seeds. */
async function solveEstimated(
  f: (w: number) => Promise<number>,
  target: number,
  start: number,
): Promise<number> {
  let w0 = start;
  let f0 = (await f(w0)) - target;
  if (Math.abs(f0) < 0.00005) return w0;
  let w1 = Math.min(SCALE, Math.max(0, w0 + (f0 > 0 ? -1 : 1) * 2_000));
  let f1 = (await f(w1)) - target;
  for (let step = 0; step < 4 && Math.abs(f1) >= 0.00005 && f1 !== f0; step++) {
    const w2 = Math.min(SCALE, Math.max(0, Math.round(w1 - (f1 * (w1 - w0)) / (f1 - f0))));
    if (w2 === w1) break;
    w0 = w1;
    f0 = f1;
    w1 = w2;
    f1 = (await f(w1)) - target;
  }
  return Math.abs(f1) <= Math.abs(f0) ? w1 : w0;
}

async function tuneVariant(
  slug: string,
  variant: string,
  target: number,
  start: Levers,
  options: FigureOptions,
) {
  const tuning = tuningOf(slug);
  const levers: Levers = { ...structuredClone(tuning.defaults), ...structuredClone(start) };
  const exact = isEnumerable(tuning.build(variant, levers));
  const evaluate = exact ? exactEvaluator(slug, variant) : estimatedEvaluator(slug, variant, options);
  for (const step of tuning.steps) {
    const f = (w: number) => evaluate({ ...levers, [step.lever]: [w, SCALE - w] }, step.mode);
    const current = levers[step.lever] ?? [SCALE / 2, SCALE / 2];
    const share = Math.round(((current[0] ?? 0) * SCALE) / ((current[0] ?? 0) + (current[1] ?? 0) || 1));
    const w = exact ? await solveExact(f, target) : await solveEstimated(f, target, share);
    levers[step.lever] = [w, SCALE - w];
    console.log(
      `${slug}/${variant} ${step.lever} (${step.mode}): ${w}:${SCALE - w} → ${percent(await f(w), 4)}%`,
    );
  }
  return levers;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      workers: { type: 'string', default: String(Math.max(1, cpus().length)) },
      seed: { type: 'string', default: '20240601' },
    },
  });
  const options: FigureOptions = {
    seed: BigInt(values.seed),
    workers: Number(values.workers),
    halfWidth: 0.001,
    pilotRounds: 500_000,
    crossCheckRounds: 100_000,
    chunk: 250_000,
    bar: (label) => ({ update() {}, stop: () => console.log(`  ${label}: done`) }),
  };
  const which = positionals[0] ?? 'all';
  for (const slug of which === 'all' ? tunedSlugs() : [which]) {
    const game = getGame(slug);
    if (!game) throw new Error(`unknown game ${slug}`);
    const file = new URL(`../games/${slug}/weights.json`, import.meta.url);
    const current = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Levers>;
    const out: Record<string, Levers> = {};
    for (const v of game.rtpVariants) {
      const [whole, fraction = ''] = v.target.split('.');
      const target = (Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2))) / 10000;
      out[v.id] = await tuneVariant(slug, v.id, target, current[v.id] ?? {}, options);
      writeFileSync(file, weightsJson({ ...current, ...out }));
    }
  }
}

/**
 * weights.json as the repository's formatter (Biome, 110 columns) writes it: an array of numbers on
 * one line where it fits, else filled line by line. The file's text is part of the certificate's
 * code hash, so a later `biome check --write` must not change it.
 */
export function weightsJson(weights: Record<string, Levers>): string {
  const text = JSON.stringify(weights, null, 2).replace(
    /^( *)("[^"]*": )?\[\n([\d,\s]+?)\n *\]/gm,
    (_whole, indent: string, key: string | undefined, body: string) => {
      const numbers = body.split(',').map((n) => n.trim());
      const line = `${indent}${key ?? ''}[${numbers.join(', ')}]`;
      if (line.length + 1 <= WIDTH) return line;
      const lines: string[] = [];
      let current = '';
      for (const n of numbers) {
        const next = current ? `${current} ${n},` : `${n},`;
        if (current && indent.length + 2 + next.length > WIDTH) {
          lines.push(current);
          current = `${n},`;
        } else current = next;
      }
      lines.push(current.slice(0, -1));
      return [`${indent}${key ?? ''}[`, ...lines.map((l) => `${indent}  ${l}`), `${indent}]`].join('\n');
    },
  );
  return `${text}\n`;
}

const WIDTH = 110;

if (import.meta.main) await main();
