// Copper Sevens: a bright fruit machine in C major at 126, square lead, organ stabs on the offbeat
// and a bouncing bass (I–vi–IV–V, the loop ending on V to fall back into I); the feature goes up a
// fourth to F at 144.

import { BASS } from './patches.ts';
import type { Theme } from './theme.ts';

const ORGAN = {
  layers: [
    { wave: 'square' as const, gain: 0.4 },
    { wave: 'sine' as const, ratio: 2, gain: 0.5 },
    { wave: 'sine' as const, ratio: 0.5, gain: 0.4 },
  ],
  attack: 0.005,
  decay: 0.12,
  sustain: 0.2,
  release: 0.06,
  cutoff: 3000,
  gain: 0.04,
};

const SQUARE_LEAD = {
  layers: [
    { wave: 'square' as const, gain: 0.7 },
    { wave: 'triangle' as const, ratio: 2, gain: 0.3 },
  ],
  attack: 0.01,
  decay: 0.2,
  sustain: 0.55,
  release: 0.1,
  cutoff: 3400,
  vibrato: 10,
  gain: 0.06,
};

const STABS_C = '. c4+e4+g4 . c4+e4+g4 . c4+e4+g4 . c4+e4+g4';

export const theme: Theme = {
  base: {
    bpm: 126,
    beatsPerBar: 4,
    bars: 16,
    parts: [
      {
        voice: 'lead',
        step: 0.5,
        notes: `e5 - g5 - c6 - g5 e5 | a5 - - - e5 - c5 - | f5 - a5 - c6 - a5 f5 | g5 - - - d5 - b4 - |
          c5 e5 g5 c6 b5 - g5 - | a5 - c6 - e6 - c6 - | d6 - c6 a5 f5 - a5 - | g5 - - - - - . . |
          g5 - g5 - e6 - c6 - | c6 - a5 - e5 - a5 - | a5 - f5 - c6 - a5 - | b5 - g5 - d6 - b5 - |
          c6 - e6 - g6 - e6 c6 | a5 - c6 - e6 - - - | f6 - e6 d6 c6 - a5 - | b5 - d6 - g5 - . . `,
      },
      {
        voice: 'stabs',
        step: 0.5,
        notes: `${STABS_C} | . a3+c4+e4 . a3+c4+e4 . a3+c4+e4 . a3+c4+e4 |
          . a3+c4+f4 . a3+c4+f4 . a3+c4+f4 . a3+c4+f4 | . b3+d4+g4 . b3+d4+g4 . b3+d4+g4 . b3+d4+g4`,
      },
      {
        voice: 'bass',
        step: 0.5,
        notes: 'c2 . g2 . c3 . g2 . | a1 . e2 . a2 . e2 . | f1 . c2 . f2 . c2 . | g1 . d2 . g2 . b1 .',
      },
      {
        voice: 'drums',
        step: 0.25,
        notes: 'K . h . S . h . K . h K S . h h | K . h . S . h . K . h . S . o .',
      },
    ],
  },
  feature: {
    bpm: 144,
    beatsPerBar: 4,
    bars: 16,
    parts: [
      {
        voice: 'lead',
        step: 0.5,
        notes: `c6 - a5 - f5 - a5 c6 | d6 - - - a5 - f5 - | bb5 - d6 - f6 - d6 bb5 | c6 - - - g5 - e5 - |
          f5 a5 c6 f6 e6 - c6 - | d6 - f6 - a6 - f6 - | g6 - f6 d6 bb5 - d6 - | c6 - - - e6 - g6 - `,
      },
      {
        voice: 'stabs',
        step: 0.5,
        notes: `. a3+c4+f4 . a3+c4+f4 . a3+c4+f4 . a3+c4+f4 | . a3+d4+f4 . a3+d4+f4 . a3+d4+f4 . a3+d4+f4 |
          . bb3+d4+f4 . bb3+d4+f4 . bb3+d4+f4 . bb3+d4+f4 | . c4+e4+g4 . c4+e4+g4 . bb3+c4+e4 . bb3+c4+e4`,
      },
      {
        voice: 'bass',
        step: 0.5,
        notes: 'f1 . c2 . f2 . c2 . | d2 . a1 . d2 . a1 . | bb1 . f2 . bb2 . f2 . | c2 . g2 . c3 . e2 .',
      },
      {
        voice: 'drums',
        step: 0.25,
        notes: 'K . h . S . h K K . h . S . h h | K . h . S . h K K . S . S S S S',
      },
    ],
  },
  patches: {
    lead: SQUARE_LEAD,
    stabs: ORGAN,
    bass: {
      ...BASS,
      layers: [{ wave: 'triangle' }, { wave: 'square', gain: 0.2 }],
      decay: 0.15,
      sustain: 0.4,
      gain: 0.3,
    },
  },
  echo: { time: 0.357, feedback: 0.2, level: 0.1 },
  drumTune: 1.15,
  effects: {
    tone: { ...SQUARE_LEAD, sustain: 0.3, gain: 0.1 },
    scale: 'c4 d4 e4 f4 g4 a4 b4 c5 d5 e5 f5 g5 a5 b5 c6',
    knock: 'block',
    whoosh: 1500,
  },
};
