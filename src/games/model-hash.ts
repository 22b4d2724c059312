// A model's fingerprint: SHA-256 of its canonical JSON (keys sorted), stored with its certificate.
import { createHash } from 'node:crypto';
import type { GameModel } from '../engine/model.ts';

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function modelHash(model: GameModel): string {
  return createHash('sha256').update(canonical(model)).digest('hex');
}
