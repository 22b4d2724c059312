// Certificates, read from certification/<slug>.json (written by `reelforge certify`). A certificate
// binds a variant's figures to the math they were measured on: the model data (modelHash) AND the
// code that plays it (codeHash: every engine source file, the reel helpers, the game's model.ts and
// weights.json). A model whose certificate hash is not the one on file is not certified: the
// registry withholds the game and staff see the reason.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { BetMode, GameModel } from '../engine/model.ts';
import { signedListing } from './manifest.ts';
import { modelHash } from './model-hash.ts';

export const CERTIFICATION_DIR = new URL('../../certification/', import.meta.url);
const SRC_DIR = new URL('../', import.meta.url);

export interface CertifiedMode {
  /** Certified RTP in percent, two decimals ("96.48"): the exact figure where there is one. */
  rtp: string;
  /**
   * exact: calculated over every outcome (the reels' full cycle, features as exact laws);
   * simulated: an unbiased estimate from sampled stops (see `estimator`), ±`halfWidth99` at 99 %.
   */
  method: 'exact' | 'simulated';
  /** The exact RTP in percent with four decimals, or null where the mode cannot be calculated. */
  exactRtp: string | null;
  /** How a simulated figure was estimated, in one sentence; null for exact figures. */
  estimator: string | null;
  /** Samples behind a simulated figure (stops drawn); for an exact figure, the cross-check's rounds. */
  rounds: number;
  /** Half-width of the certified figure's 99 % interval in pp ("0.087"; "0.000" when exact). */
  halfWidth99: string;
  /** Whether the certified figure is exact or its 99 % half-width is at most the target (0.1 pp). */
  meetsPrecision: boolean;
  /** Plain simulation of whole rounds through the engine's play path, as an independent check. */
  crossCheck: CrossCheck;
  /** Share of rounds that pay anything, percent. */
  hitFrequency: string;
  /** Standard deviation of a round's win in stakes (exact where the RTP is). */
  sd: string;
  volatilityIndex: string;
  /** Share of rounds that start a feature, percent. */
  featureFrequency: string;
  /** The paid spin's own pays and the features' share of the RTP, percent. */
  baseRtp: string;
  featureRtp: string;
  /** Chance that one round of this mode reaches the variant's maximum win. */
  maxWinProbability: MaxWinProbability | null;
  par: ParSheet;
}

export interface CrossCheck {
  rounds: number;
  /** Simulated RTP, percent, and its 99 % half-width in pp. */
  rtp: string;
  halfWidth99: string;
  /** Whether the certified figure lies inside the simulation's 99 % interval (widened by its own). */
  agrees: boolean;
  /** Largest win seen, × the mode's stake, and rounds the cap cut. */
  maxWinX: string;
  capHits: number;
}

/** The figures a lab reads beside the RTP: what triggers how often, and what pays how much. */
export interface ParSheet {
  /** Chance of each reel set of the paid spin (and of the free spins, prefixed "free:"). */
  reelSetWeights: Record<string, string>;
  /** Rounds by scatters in view at the end of the paid spin: chance and free spins awarded. */
  triggers: Array<{ scatters: number; oneIn: string; probability: string; freeSpins: number }>;
  /** Free spins a paid round plays on average, retriggers included (null: the game has none). */
  freeSpinsPerRound: string | null;
  /** Every paying combination: how often it pays per round and its share of the RTP (pp). */
  combinations: Array<{
    phase: 'spin' | 'free_spin';
    kind: string;
    symbol: string;
    count: number;
    /** "1 in N" rounds (N with three significant figures). */
    oneIn: string;
    rtp: string;
  }>;
  /** Features beyond the screen (free spins, hold-and-collect, picks): their share of the RTP, pp. */
  features: Record<string, string>;
}

/** A reel set as printed on a PAR sheet. */
export interface ReelSetSheet {
  id: string;
  /** One entry per reel: the strip's symbol codes top to bottom, and how many of each. */
  reels: Array<{ length: number; strip: string; counts: Record<string, number> }>;
}

export interface MaxWin {
  /** Most a round can pay, × the base total bet, two decimals ("500.00"). */
  multiplier: string;
  /** exact: the largest win of any outcome, below the cap; cap: the cap, which the math can reach. */
  kind: 'exact' | 'cap';
  /** One sentence on how it was established. */
  basis: string;
  /** Chance that one base-game round pays the maximum win (null in certificates written before it). */
  probability?: MaxWinProbability | null;
}

/** The chance of the maximum win, as a market that asks for it shows it ("1 in N rounds"). */
export interface MaxWinProbability {
  /** N of "1 in N", an integer string rounded to three significant figures ("4310000000"). */
  oneIn: string;
  /** The probability itself in scientific notation, four significant figures ("2.320e-10"). */
  value: string;
  /**
   * exact: calculated over every outcome; bound: at most `value` (so 1 in at least `oneIn`), from a
   * proven upper bound where the cap is only reached through unbounded free spins; estimate:
   * simulated (the 99 % interval in `basis`).
   */
  kind: 'exact' | 'bound' | 'estimate';
  basis: string;
}

export interface CertifiedVariant {
  modelHash: string;
  codeHash: string;
  /** SHA-256 binding modelHash and codeHash: what a round played under this certificate stores. */
  certificateHash: string;
  target: string;
  maxWin: MaxWin;
  modes: Partial<Record<BetMode, CertifiedMode>>;
  /** The reel strips and symbol counts the figures were computed on. */
  reelSets: ReelSetSheet[];
}

export interface Certificate {
  slug: string;
  symbol: string;
  seed: string;
  /** The command that wrote it and how long the game took. */
  command: string;
  seconds: number;
  variants: Record<string, CertifiedVariant>;
}

/** Source text by path relative to src/ ("engine/spin.ts"). */
export type SourceFiles = ReadonlyMap<string, string>;

/** The source files a game's play depends on, as they are on disk now. */
export function gameSources(slug: string): SourceFiles {
  const files = new Map<string, string>();
  const read = (path: string) => files.set(path, readFileSync(new URL(path, SRC_DIR), 'utf8'));
  for (const name of readdirSync(new URL('engine/', SRC_DIR)).sort()) {
    if (name.endsWith('.ts') && !name.endsWith('.test.ts')) read(`engine/${name}`);
  }
  read('games/reels.ts');
  read(`games/${slug}/model.ts`);
  read(`games/${slug}/weights.json`);
  return files;
}

/** SHA-256 over every source file's path and SHA-256, in path order. */
export function codeHash(sources: SourceFiles): string {
  const lines = [...sources.keys()].sort().map(
    (path) =>
      `${path}\0${createHash('sha256')
        .update(sources.get(path) as string)
        .digest('hex')}\n`,
  );
  return createHash('sha256').update(lines.join('')).digest('hex');
}

export function certificateHash(modelDigest: string, codeDigest: string): string {
  return createHash('sha256')
    .update(`reelforge-certificate-v1\nmodel ${modelDigest}\ncode ${codeDigest}\n`)
    .digest('hex');
}

const cache = new Map<string, Certificate | null>();

/** The certificate of a game, or null when none has been written. */
export function readCertificate(slug: string): Certificate | null {
  if (!cache.has(slug)) {
    try {
      cache.set(
        slug,
        JSON.parse(readFileSync(new URL(`${slug}.json`, CERTIFICATION_DIR), 'utf8')) as Certificate,
      );
    } catch {
      cache.set(slug, null);
    }
  }
  return cache.get(slug) ?? null;
}

export type CertificationReason =
  | 'no_certificate'
  | 'certificate_not_signed'
  | 'variant_not_certified'
  | 'model_changed'
  | 'code_changed'
  | 'precision_missed';

export type Certification =
  | { ok: true; certificateHash: string; certified: CertifiedVariant }
  | { ok: false; reason: CertificationReason; detail: string };

/**
 * Whether `model`, played by the code in `sources`, is the one `certificate` certifies. Pure: the
 * caller supplies the certificate and the sources (tests plant changes in them).
 */
export function checkCertification(
  model: GameModel,
  certificate: Certificate | null,
  sources: SourceFiles,
): Certification {
  if (!certificate)
    return { ok: false, reason: 'no_certificate', detail: `no certification/${model.slug}.json` };
  const certified = certificate.variants[model.variant];
  if (!certified)
    return {
      ok: false,
      reason: 'variant_not_certified',
      detail: `${model.slug} ${model.variant} is not in its certificate`,
    };
  const model256 = modelHash(model);
  if (certified.modelHash !== model256)
    return {
      ok: false,
      reason: 'model_changed',
      detail: `${model.slug} ${model.variant}: model data hash ${model256.slice(0, 12)}… is not the certified ${certified.modelHash.slice(0, 12)}…`,
    };
  const code256 = codeHash(sources);
  const expected = certificateHash(model256, code256);
  if (certified.codeHash !== code256 || certified.certificateHash !== expected)
    return {
      ok: false,
      reason: 'code_changed',
      detail: `${model.slug} ${model.variant}: engine or game source hash ${code256.slice(0, 12)}… is not the certified ${String(certified.codeHash).slice(0, 12)}…`,
    };
  const base = certified.modes.base;
  if (!base?.meetsPrecision)
    return {
      ok: false,
      reason: 'precision_missed',
      detail: base
        ? `${model.slug} ${model.variant}: the base game's certified RTP is ± ${base.halfWidth99} pp at 99 %, wider than the ± ${PRECISION_PP} pp a published figure needs`
        : `${model.slug} ${model.variant}: the certificate has no figure for the base game`,
    };
  return { ok: true, certificateHash: expected, certified };
}

/** The widest 99 % half-width, in percentage points, of an RTP that may be published and played. */
export const PRECISION_PP = '0.1';

/** Why a mode of a certified variant is not offered: the certificate lacks it or misses precision. */
export type ModeWithheld = {
  mode: BetMode;
  reason: 'mode_not_certified' | 'precision_missed';
  detail: string;
};

/**
 * Whether a paid mode the model has (ante or buy) may be offered under `certification`: only when
 * the certificate carries the mode's figure and that figure meets the precision. Null: offered.
 */
export function modeWithheld(
  model: GameModel,
  mode: Exclude<BetMode, 'base'>,
  certification: Certification = certificationOf(model),
): ModeWithheld | null {
  if (!model.modes[mode] || !certification.ok) return null;
  const figure = certification.certified.modes[mode];
  const name = `${model.slug} ${model.variant} ${mode}`;
  if (!figure)
    return {
      mode,
      reason: 'mode_not_certified',
      detail: `${name}: the certificate has no figure for the mode`,
    };
  if (!figure.meetsPrecision)
    return {
      mode,
      reason: 'precision_missed',
      detail: `${name}: the certified RTP is ± ${figure.halfWidth99} pp at 99 %, wider than ± ${PRECISION_PP} pp`,
    };
  return null;
}

// One check per model object, the first time it is asked for (at start-up, when the registry loads
// the models): hashing reads and digests the sources.
const checked = new WeakMap<GameModel, Certification>();

/** SHA-256 of a certificate file as it is on disk (what the signed manifest lists), or null. */
export function certificateFileHash(slug: string): string | null {
  try {
    return createHash('sha256')
      .update(readFileSync(new URL(`${slug}.json`, CERTIFICATION_DIR)))
      .digest('hex');
  } catch {
    return null;
  }
}

/**
 * Whether a certificate's bytes are the ones the signed manifest lists: `signed` holds the path →
 * hash listing of a manifest whose signature verified, `fileHash` the certificate's SHA-256.
 */
export function checkCertificateSigned(
  slug: string,
  fileHash: string,
  signed: ReadonlyMap<string, string>,
): Certification | null {
  const listed = signed.get(`certification/${slug}.json`);
  if (listed === fileHash) return null;
  return {
    ok: false,
    reason: 'certificate_not_signed',
    detail: listed
      ? `certification/${slug}.json (SHA-256 ${fileHash.slice(0, 12)}…) is not the signed ${listed.slice(0, 12)}…`
      : `certification/${slug}.json is not in a manifest whose signature verifies`,
  };
}

/** The certification of a loaded model against the files on disk (memoised per model). */
export function certificationOf(model: GameModel): Certification {
  let result = checked.get(model);
  if (!result) {
    const fileHash = certificateFileHash(model.slug);
    result =
      (fileHash === null ? null : checkCertificateSigned(model.slug, fileHash, signedListing())) ??
      checkCertification(model, readCertificate(model.slug), gameSources(model.slug));
    checked.set(model, result);
  }
  return result;
}

/** The certified figures of `mode` for this exact model and code, or null (not certified). */
export function certifiedFigure(model: GameModel, mode: BetMode = 'base'): CertifiedMode | null {
  const certification = certificationOf(model);
  return certification.ok ? (certification.certified.modes[mode] ?? null) : null;
}

/** A stored round that may not be replayed under the model now in place: never another outcome. */
export type ReplayRefusal = {
  ok: false;
  reason: 'replay_model_mismatch';
  /** The certificate hash the round recorded. */
  storedHash: string | null;
  /** The certificate hash of the model now in place; null when it is not certified (or missing). */
  currentHash: string | null;
  detail: string;
};

/** May be replayed: `checked` when the round's certificate hash was compared (null: not stored). */
export type ReplayAllowed = { ok: true; checked: boolean; currentHash: string | null };

/**
 * Whether a stored round may be replayed under `model`: only under the certificate it was played
 * under. `storedHash` is the certificate hash the round recorded; null for rounds stored before
 * rounds recorded it (migration 010), which replay under the current model unchecked.
 */
export function checkReplayModel(
  storedHash: string | null,
  model: GameModel,
  certification: Certification = certificationOf(model),
): ReplayAllowed | ReplayRefusal {
  const currentHash = certification.ok ? certification.certificateHash : null;
  if (storedHash === null) return { ok: true, checked: false, currentHash };
  const name = `${model.slug} ${model.variant}`;
  if (!certification.ok)
    return {
      ok: false,
      reason: 'replay_model_mismatch',
      storedHash,
      currentHash,
      detail: `the round was played under certificate ${storedHash}; ${name} has no certified model now (${certification.reason}: ${certification.detail})`,
    };
  if (certification.certificateHash !== storedHash)
    return {
      ok: false,
      reason: 'replay_model_mismatch',
      storedHash,
      currentHash,
      detail: `the round was played under certificate ${storedHash}; ${name} is now certificate ${certification.certificateHash}`,
    };
  return { ok: true, checked: true, currentHash };
}
