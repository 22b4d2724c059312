// Harbor Haul: a sea shanty in D dorian, six-eight (three quarter beats a bar, in eighths): squeeze
// box melody, oom-pah bass and chords, stamp and wood; the feature is a stormier 4/4 haul at 132.

import { BASS, PLUCK } from './patches.ts';
import type { Theme } from './theme.ts';

const ACCORDION = {
  layers: [
    { wave: 'sawtooth' as const, detune: -9, gain: 0.45 },
    { wave: 'sawtooth' as const, detune: 9, gain: 0.45 },
    { wave: 'square' as const, ratio: 0.5, gain: 0.25 },
  ],
  attack: 0.03,
  decay: 0.2,
  sustain: 0.75,
  release: 0.12,
  cutoff: 2200,
  vibrato: 8,
  gain: 0.07,
};

export const theme: Theme = {
  base: {
    bpm: 150,
    beatsPerBar: 3,
    bars: 16,
    parts: [
      {
        voice: 'squeeze',
        step: 0.5,
        notes: `a4 - a4 a4 - f4 | d4 - f4 a4 - - | g4 - g4 g4 - e4 | c4 - e4 g4 - - |
          a4 - b4 c5 - a4 | d5 - c5 a4 - f4 | e4 - f4 g4 - e4 | d4 - - d4 - - |
          c5 - c5 c5 - a4 | f4 - a4 c5 - - | e5 - d5 c5 - g4 | e4 - g4 c5 - - |
          d5 - d5 c5 - a4 | f4 - g4 a4 - - | g4 - e4 c4 - e4 | d4 - - - - . `,
      },
      {
        voice: 'chords',
        step: 1.5,
        notes: `. d4+f4+a4 | . d4+f4+a4 | . c4+e4+g4 | . c4+e4+g4 | . d4+f4+a4 | . d4+f4+a4 | . c4+e4+a4 | . d4+f4+a4 |
          . c4+f4+a4 | . c4+f4+a4 | . c4+e4+g4 | . c4+e4+g4 | . d4+f4+a4 | . d4+f4+a4 | . c4+e4+g4 | . d4+f4+a4`,
      },
      {
        voice: 'bass',
        step: 1.5,
        notes: `d2 a1 | d2 a1 | c2 g1 | c2 g1 | d2 a1 | d2 a1 | a1 e2 | d2 a1 |
          f2 c2 | f2 c2 | c2 g1 | c2 g1 | d2 a1 | d2 a1 | c2 a1 | d2 a1`,
      },
      { voice: 'drums', step: 0.5, notes: 'K . b s . b | K . b s . b | K . b s . b | K . b S b b' },
    ],
  },
  feature: {
    bpm: 132,
    beatsPerBar: 4,
    bars: 16,
    parts: [
      {
        voice: 'squeeze',
        step: 0.5,
        notes: `d5 - a4 - d5 e5 f5 d5 | c5 - a4 - f4 - a4 c5 | e5 - c5 - g4 - c5 e5 | c#5 - - - a4 - - - |
          f5 - e5 d5 a4 - d5 - | a5 - g5 f5 c5 - f5 - | g5 - e5 c5 e5 - g5 - | a5 - - - e5 - c#5 - `,
      },
      {
        voice: 'chords',
        step: 1,
        notes:
          '. d4+f4+a4 . d4+f4+a4 | . c4+f4+a4 . c4+f4+a4 | . c4+e4+g4 . c4+e4+g4 | . c#4+e4+a4 . c#4+e4+a4',
      },
      { voice: 'bass', step: 1, notes: 'd2 a1 d2 a1 | f2 c2 f2 c2 | c2 g1 c2 g1 | a1 e2 a1 c#2' },
      {
        voice: 'drums',
        step: 0.25,
        notes: 'K . . . S . b . K . K . S . b b | K . . . S . b . K . K . S S S S',
      },
    ],
  },
  patches: {
    squeeze: ACCORDION,
    chords: { ...ACCORDION, attack: 0.02, decay: 0.15, sustain: 0.3, gain: 0.035 },
    bass: { ...BASS, layers: [{ wave: 'triangle' }, { wave: 'square', gain: 0.15 }], gain: 0.3 },
  },
  echo: { time: 0.3, feedback: 0.2, level: 0.12 },
  drumTune: 0.95,
  effects: {
    tone: { ...PLUCK, layers: [{ wave: 'triangle' }, { wave: 'sine', ratio: 2, gain: 0.4 }], gain: 0.22 },
    scale: 'd4 e4 f4 g4 a4 b4 c5 d5 e5 f5 g5 a5 b5',
    knock: 'block',
    whoosh: 900,
  },
};
