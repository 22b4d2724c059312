// What makes a game sound like itself: its two tracks, the patches they are played with, the echo
// of its space, and the voicing of its effects. One module a game beside this file.

import type { DrumKind, Track } from '../music/score.ts';
import type { Patch } from '../synth.ts';

export interface EffectsVoice {
  /** The melodic voice of wins, picks and features. */
  tone: Patch;
  /** The game's mode, low to high (note names, at least ten): wins climb it, reels stop on it. */
  scale: string;
  /** The knock of a reel stopping. */
  knock: DrumKind;
  /** Centre of the spin's whoosh, Hz. */
  whoosh: number;
}

export interface Theme {
  base: Track;
  feature: Track;
  /** The patches the tracks' parts name. */
  patches: Record<string, Patch>;
  /** A feedback echo on the music: delay seconds, feedback 0–1, send level 0–1. */
  echo: { time: number; feedback: number; level: number };
  /** Scales the drum kit's pitch. */
  drumTune: number;
  effects: EffectsVoice;
}
