// Jade Paths: G major pentatonic (G A B D E), unhurried; a koto-like pluck over an airy pad, low
// strings and a wood block; the feature moves to E minor pentatonic with running koto and low drum.

import { BASS, PAD, PLUCK } from './patches.ts';
import type { Theme } from './theme.ts';

const KOTO = {
  ...PLUCK,
  layers: [{ wave: 'triangle' as const }, { wave: 'sawtooth' as const, ratio: 2, gain: 0.12 }],
  decay: 0.9,
  cutoff: 1200,
  sweep: 3600,
  q: 2,
  gain: 0.2,
};

export const theme: Theme = {
  base: {
    bpm: 76,
    beatsPerBar: 4,
    bars: 16,
    parts: [
      {
        voice: 'koto',
        step: 0.5,
        notes: `d5 - - b4 a4 - g4 - | e4 - g4 - a4 - - - | b4 - d5 - e5 - d5 b4 | a4 - - - - - . . |
          g4 - a4 b4 d5 - b4 - | a4 - g4 e4 d4 - - - | e4 - g4 a4 b4 - a4 g4 | g4 - - - - - . . |
          g5 - - e5 d5 - e5 - | b4 - - - a4 - b4 - | d5 - e5 - g5 - e5 d5 | e5 - - - - - . . |
          d5 - b4 a4 g4 - a4 - | b4 - d5 - e5 - - - | d5 b4 a4 - g4 - e4 - | g4 - - - - - . . `,
      },
      { voice: 'pad', step: 4, notes: 'g2+d3+b3 | - | e2+b2+d3 | - | a2+e3+g3 | - | d3+a3 | -' },
      { voice: 'bass', step: 2, notes: 'g1 d2 | g1 d2 | e1 b1 | e1 b1 | a1 e2 | a1 e2 | d2 a1 | d2 a1' },
      { voice: 'drums', step: 0.5, notes: 'b . . . . . b . | t . . . b . . . ' },
    ],
  },
  feature: {
    bpm: 96,
    beatsPerBar: 4,
    bars: 16,
    parts: [
      {
        voice: 'koto',
        step: 0.5,
        notes: `e5 - g5 e5 d5 - b4 - | a4 - b4 d5 e5 - - - | g5 - a5 g5 e5 - d5 - | b4 - - - - - . . |
          e5 d5 b4 a4 g4 - a4 - | b4 - d5 - e5 - g5 - | a5 - g5 e5 d5 - b4 d5 | e5 - - - - - . . `,
      },
      {
        voice: 'harp',
        step: 0.25,
        notes: `e3 b3 e4 g4 b4 g4 e4 b3 e3 b3 e4 g4 b4 g4 e4 b3 | d3 a3 d4 e4 a4 e4 d4 a3 d3 a3 d4 e4 a4 e4 d4 a3`,
      },
      { voice: 'bass', step: 1, notes: 'e2 - - e2 | d2 - - a1' },
      { voice: 'drums', step: 0.5, notes: 'T . . t . . t . | T . t . T . b b' },
    ],
  },
  patches: {
    koto: KOTO,
    harp: { ...KOTO, decay: 0.35, gain: 0.07 },
    pad: {
      ...PAD,
      layers: [
        { wave: 'sine', detune: -6 },
        { wave: 'triangle', detune: 6, gain: 0.6 },
      ],
      attack: 1.5,
      cutoff: 1800,
      gain: 0.08,
    },
    bass: { ...BASS, layers: [{ wave: 'sine' }, { wave: 'triangle', gain: 0.25 }], attack: 0.05, gain: 0.28 },
  },
  echo: { time: 0.59, feedback: 0.35, level: 0.26 },
  drumTune: 1,
  effects: {
    tone: { ...KOTO, gain: 0.22 },
    scale: 'g3 a3 b3 d4 e4 g4 a4 b4 d5 e5 g5 a5 b5',
    knock: 'block',
    whoosh: 1300,
  },
};
