// The jurisdiction profiles Reelforge knows, by code.
import type { Profile } from './profile.ts';
import { deProfile } from './profiles/de.ts';
import { defaultProfile } from './profiles/default.ts';
import { esProfile } from './profiles/es.ts';
import { nlProfile } from './profiles/nl.ts';
import { onProfile } from './profiles/on.ts';
import { seProfile } from './profiles/se.ts';
import { ukProfile } from './profiles/uk.ts';

export * from './profile.ts';
export * from './rules.ts';

export const PROFILES: ReadonlyMap<string, Profile> = new Map(
  [defaultProfile, ukProfile, deProfile, seProfile, nlProfile, esProfile, onProfile].map((p) => [p.code, p]),
);

export const DEFAULT_JURISDICTION = 'default';

export function findProfile(code: string): Profile | undefined {
  return PROFILES.get(code);
}

/** The profile of a code stored on a row: an unknown code (a profile since removed) plays as default. */
export function profileOf(code: string | null | undefined): Profile {
  return (code && PROFILES.get(code)) || (PROFILES.get(DEFAULT_JURISDICTION) as Profile);
}

export const JURISDICTION_CODES: readonly string[] = [...PROFILES.keys()];
