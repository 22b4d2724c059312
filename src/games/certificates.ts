// Certified figures, read once from certification/<slug>.json (written by `reelforge certify`).
// A figure counts only while the model it was measured on is unchanged (same hash).
import { readFileSync } from 'node:fs';
import type { BetMode, GameModel } from '../engine/model.ts';
import { modelHash } from './model-hash.ts';

export const CERTIFICATION_DIR = new URL('../../certification/', import.meta.url);

export interface CertifiedMode {
  /** Measured RTP in percent, two decimals ("96.48"). */
  rtp: string;
  rounds: number;
  /** Half-width of the 99% interval in percentage points ("0.10"). */
  halfWidth99: string;
  hitFrequency: string;
  sd: string;
  volatilityIndex: string;
  featureFrequency: string;
  maxWinX: string;
  capHits: number;
  baseRtp: string;
  featureRtp: string;
  /** Exact full-cycle screen RTP (percent, four decimals) where the model can be enumerated. */
  exactScreenRtp: string | null;
}

export interface CertifiedVariant {
  modelHash: string;
  target: string;
  modes: Partial<Record<BetMode, CertifiedMode>>;
}

export interface Certificate {
  slug: string;
  symbol: string;
  seed: string;
  variants: Record<string, CertifiedVariant>;
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

// Whether a model matches its certificate, per model object: hashing a model serialises all of it,
// and the catalog and the runtime ask on every request.
const matches = new WeakMap<GameModel, boolean>();

/** The certified RTP of `mode` for this exact model, or null (not certified, or the model changed since). */
export function certifiedFigure(model: GameModel, mode: BetMode = 'base'): CertifiedMode | null {
  const variant = readCertificate(model.slug)?.variants[model.variant];
  if (!variant) return null;
  let matching = matches.get(model);
  if (matching === undefined) {
    matching = variant.modelHash === modelHash(model);
    matches.set(model, matching);
  }
  return matching ? (variant.modes[mode] ?? null) : null;
}
