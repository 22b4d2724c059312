// Lantern of the Dunes: D hijaz (D E♭ F♯ G A B♭ C), a plucked oud over a drone and a hand drum in
// the maqsum rhythm (doum tek – tek doum – tek –); the feature quickens it with the drone a step up.

import { BASS, PAD, PLUCK } from './patches.ts';
import type { Theme } from './theme.ts';

export const theme: Theme = {
  base: {
    bpm: 92,
    beatsPerBar: 4,
    bars: 16,
    parts: [
      {
        voice: 'oud',
        step: 0.5,
        notes: `d4 - eb4 f#4 g4 - f#4 eb4 | d4 - - - . . a3 d4 | eb4 - f#4 - g4 a4 bb4 a4 | g4 - f#4 - eb4 - d4 - |
          a4 - bb4 a4 g4 - f#4 g4 | a4 - - - d5 - c5 bb4 | a4 g4 f#4 g4 a4 - g4 f#4 | eb4 - - - d4 - - - |
          d5 - c5 bb4 a4 - bb4 c5 | d5 - - - a4 - - - | c5 - bb4 a4 g4 - a4 bb4 | a4 - - - f#4 - eb4 - |
          d4 eb4 f#4 g4 a4 bb4 a4 g4 | f#4 - - - eb4 - f#4 - | g4 - f#4 eb4 d4 - eb4 f#4 | d4 - - - - - . .`,
      },
      { voice: 'drone', step: 4, notes: 'd3+a3 | - | c3+g3 | d3+a3' },
      {
        voice: 'bass',
        step: 0.5,
        notes: `d2 . . d2 a1 . d2 . | d2 . . d2 a1 . c2 . | c2 . . c2 g1 . c2 . | d2 . . eb2 d2 . a1 .`,
      },
      { voice: 'drums', step: 0.5, notes: 'D e . e D . e . | D e . e D . e e' },
      { voice: 'drums', step: 0.25, notes: 'r . r r r . r r r . r r r . r r' },
    ],
  },
  feature: {
    bpm: 116,
    beatsPerBar: 4,
    bars: 16,
    parts: [
      {
        voice: 'oud',
        step: 0.5,
        notes: `a4 bb4 a4 g4 f#4 g4 a4 - | d5 - c5 bb4 a4 - - - | bb4 c5 bb4 a4 g4 a4 bb4 - | a4 - g4 f#4 eb4 - d4 - |
          d4 f#4 a4 d5 c5 bb4 a4 g4 | f#4 - g4 - a4 - - - | bb4 a4 g4 f#4 eb4 f#4 g4 eb4 | d4 - - - d5 - - - `,
      },
      {
        voice: 'ney',
        step: 2,
        notes: `. . | d5 - | - - | c5 bb4 | a4 - | - - | g4 f#4 | eb4 d4 |
          . . | a4 - | bb4 - | a4 - | d5 - | c5 - | bb4 a4 | - . `,
      },
      { voice: 'drone', step: 4, notes: 'd3+a3 | - | eb3+bb3 | d3+a3' },
      { voice: 'bass', step: 0.5, notes: 'd2 . a1 d2 . d2 a1 . | d2 . a1 d2 . eb2 d2 .' },
      {
        voice: 'drums',
        step: 0.25,
        notes: 'D . e . D e . e D . e . D e E e | D . e . D e . e D . e e D E D e',
      },
    ],
  },
  patches: {
    oud: { ...PLUCK, cutoff: 700, sweep: 2600, decay: 0.45, gain: 0.24 },
    ney: {
      layers: [{ wave: 'sine' }, { wave: 'triangle', ratio: 2, gain: 0.15 }],
      attack: 0.18,
      decay: 0.5,
      sustain: 0.8,
      release: 0.4,
      cutoff: 2400,
      vibrato: 22,
      gain: 0.08,
    },
    drone: {
      ...PAD,
      layers: [
        { wave: 'triangle', detune: -4 },
        { wave: 'sawtooth', detune: 4, gain: 0.3 },
      ],
      cutoff: 600,
      gain: 0.06,
    },
    bass: { ...BASS, gain: 0.26 },
  },
  echo: { time: 0.33, feedback: 0.35, level: 0.22 },
  drumTune: 1,
  effects: {
    tone: { ...PLUCK, cutoff: 900, gain: 0.2 },
    scale: 'd4 eb4 f#4 g4 a4 bb4 c5 d5 eb5 f#5 g5 a5 bb5',
    knock: 'doum',
    whoosh: 1100,
  },
};
