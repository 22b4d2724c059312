// Ember Crown: A minor, fire and drums. The base game walks i–VI–VII–V with a saw lead over taiko
// and a driving bass; the feature runs the descending Andalusian cadence at 132 with the toms up.

import { BASS, LEAD, PAD, PLUCK } from './patches.ts';
import type { Theme } from './theme.ts';

export const theme: Theme = {
  base: {
    bpm: 100,
    beatsPerBar: 4,
    bars: 16,
    parts: [
      {
        voice: 'lead',
        step: 0.5,
        notes: `e5 - - - d5 c5 b4 c5 | a4 - - - . . e4 a4 | c5 - - - b4 a4 g4 a4 | b4 - - - g4 - d5 - |
          e5 - - - f5 e5 d5 c5 | a4 - - - c5 - e5 - | g#5 - - - f5 e5 d5 b4 | e5 - - - - - . . |
          d5 - f5 - a5 - g5 f5 | e5 - - - c5 - a4 - | f5 - e5 - c5 - a4 c5 | b4 - - - g#4 - e4 - |
          a4 - c5 - e5 - a5 - | g5 f5 e5 - c5 - a4 - | b4 - d5 - g5 - f5 - | e5 - - - g#4 - b4 - `,
      },
      {
        voice: 'pad',
        step: 4,
        notes: `a3+c4+e4 | - | f3+a3+c4 | g3+b3+d4 | a3+c4+e4 | - | e3+g#3+b3 | - |
          d3+f3+a3 | a3+c4+e4 | f3+a3+c4 | e3+g#3+b3 | a3+c4+e4 | f3+a3+c4 | g3+b3+d4 | e3+g#3+b3`,
      },
      {
        voice: 'bass',
        step: 0.5,
        notes: `a1 . a2 a1 . a1 a2 . | a1 . a2 a1 . a1 g1 . | f1 . f2 f1 . f1 f2 . | g1 . g2 g1 . g1 b1 . |
          a1 . a2 a1 . a1 a2 . | a1 . a2 a1 . a1 c2 . | e1 . e2 e1 . e1 e2 . | e1 . e2 e1 . e1 g#1 . |
          d2 . d3 d2 . d2 d3 . | a1 . a2 a1 . a1 a2 . | f1 . f2 f1 . f1 f2 . | e1 . e2 e1 . e1 e2 . |
          a1 . a2 a1 . a1 a2 . | f1 . f2 f1 . f1 f2 . | g1 . g2 g1 . g1 g2 . | e1 . e2 e1 . g#1 b1 .`,
      },
      {
        voice: 'drums',
        step: 0.25,
        notes: `T . h . s . h k k . h . s . h . | T . h . s . h k k . h . s . t . |
          T . h . s . h k k . h . s . h . | T . h . s . t . t . T . T . T T`,
      },
    ],
  },
  feature: {
    bpm: 132,
    beatsPerBar: 4,
    bars: 16,
    parts: [
      {
        voice: 'lead',
        step: 0.5,
        notes: `a5 - e5 - a5 - c6 b5 | b5 - g5 - d5 - g5 - | a5 - f5 - c5 - f5 a5 | g#5 - - - e5 - - - |
          c6 - b5 a5 e5 - a5 - | d6 - c6 b5 g5 - b5 - | c6 - a5 - f5 - a5 c6 | b5 - g#5 - e5 - - - |
          e5 - - - a5 - - - | d5 - - - g5 - - - | c5 - - - f5 - a5 - | g#5 - - - b5 - - - |
          c6 - - - e6 - - - | b5 - - - d6 - - - | a5 - - - c6 - - - | b5 - g#5 - e5 - - - `,
      },
      { voice: 'pad', step: 4, notes: 'a3+c4+e4 | g3+b3+d4 | f3+a3+c4 | e3+g#3+b3' },
      {
        voice: 'bass',
        step: 0.5,
        notes: `a1 a1 a2 a1 a1 a1 a2 a1 | g1 g1 g2 g1 g1 g1 g2 g1 | f1 f1 f2 f1 f1 f1 f2 f1 | e1 e1 e2 e1 e1 e1 e2 e1`,
      },
      {
        voice: 'drums',
        step: 0.25,
        notes: `K . t . S . t t K . t . S . T T | K . t . S . t t K . K . S T T T`,
      },
      { voice: 'drums', step: 0.25, notes: '. . h . . . h . . . h . . . o .' },
    ],
  },
  patches: {
    lead: { ...LEAD, cutoff: 1800, sweep: 2200 },
    pad: { ...PAD, cutoff: 800 },
    bass: {
      ...BASS,
      layers: [{ wave: 'sawtooth' }, { wave: 'sine', ratio: 0.5, gain: 0.8 }],
      cutoff: 420,
      gain: 0.22,
    },
  },
  echo: { time: 0.45, feedback: 0.3, level: 0.18 },
  drumTune: 0.9,
  effects: {
    tone: {
      ...PLUCK,
      layers: [{ wave: 'sawtooth' }, { wave: 'square', ratio: 2, gain: 0.2 }],
      cutoff: 1600,
      gain: 0.16,
    },
    scale: 'a3 b3 c4 d4 e4 f4 g#4 a4 b4 c5 d5 e5 f5 g#5 a5',
    knock: 'taiko',
    whoosh: 700,
  },
};
