// Orbit Orchard: C lydian (the raised fourth, F♯, floats), sixteenth arpeggios through a long echo,
// a bell melody and a soft pulse; the feature turns to E minor at 120 with four on the floor.

import { BASS, BELL, PAD } from './patches.ts';
import type { Theme } from './theme.ts';

export const theme: Theme = {
  base: {
    bpm: 104,
    beatsPerBar: 4,
    bars: 16,
    parts: [
      {
        voice: 'bell',
        step: 1,
        notes: `g5 - - - | e5 - b5 - | a5 - - - | f#5 - - - | g5 - - b5 | e6 - d6 - | a5 - - - | - - - - |
          e6 - d6 c6 | b5 - g5 - | a5 - f#5 - | d6 - - - | b5 - g5 - | e5 - - - | f#5 - a5 - | d5 - - - `,
      },
      {
        voice: 'arp',
        step: 0.25,
        notes: `c4 e4 g4 b4 c5 b4 g4 e4 c4 e4 g4 b4 c5 b4 g4 e4 | c4 e4 g4 b4 c5 b4 g4 e4 c4 e4 g4 b4 c5 b4 g4 e4 |
          c4 d4 f#4 a4 d5 a4 f#4 d4 c4 d4 f#4 a4 d5 a4 f#4 d4 | c4 d4 f#4 a4 d5 a4 f#4 d4 c4 d4 f#4 a4 d5 a4 f#4 d4 |
          e4 g4 b4 d5 e5 d5 b4 g4 e4 g4 b4 d5 e5 d5 b4 g4 | e4 g4 b4 d5 e5 d5 b4 g4 e4 g4 b4 d5 e5 d5 b4 g4 |
          d4 f#4 a4 c5 d5 c5 a4 f#4 d4 f#4 a4 c5 d5 c5 a4 f#4 | d4 f#4 a4 c5 d5 c5 a4 f#4 d4 f#4 a4 c5 d5 c5 a4 f#4`,
      },
      {
        voice: 'pad',
        step: 4,
        notes: 'c3+g3+b3+e4 | - | c3+d4+f#4+a4 | - | e3+g3+b3+d4 | - | d3+f#3+a3+c4 | -',
      },
      {
        voice: 'bass',
        step: 1,
        notes:
          'c2 - - c3 | c2 - g1 - | c2 - - c3 | c2 - d2 - | e2 - - e3 | e2 - b1 - | d2 - - d3 | d2 - a1 -',
      },
      {
        voice: 'drums',
        step: 0.25,
        notes: 'k . . . . . h . k . k . c . h . | k . . . . . h . k . . . c . h h',
      },
    ],
  },
  feature: {
    bpm: 120,
    beatsPerBar: 4,
    bars: 16,
    parts: [
      {
        voice: 'lead',
        step: 0.5,
        notes: `b5 - - - e6 - d6 b5 | c6 - - - g5 - e5 - | d6 - - - b5 - g5 - | a5 - - - f#5 - a5 - |
          g5 - b5 - e6 - - - | e6 - d6 - c6 - g5 - | b5 - d6 - g6 - f#6 - | f#6 - - - - - . . `,
      },
      {
        voice: 'arp',
        step: 0.25,
        notes: `e4 g4 b4 e5 g5 e5 b4 g4 e4 g4 b4 e5 g5 e5 b4 g4 | c4 e4 g4 c5 e5 c5 g4 e4 c4 e4 g4 c5 e5 c5 g4 e4 |
          g3 b3 d4 g4 b4 g4 d4 b3 g3 b3 d4 g4 b4 g4 d4 b3 | d4 f#4 a4 d5 f#5 d5 a4 f#4 d4 f#4 a4 d5 f#5 d5 a4 f#4`,
      },
      {
        voice: 'bass',
        step: 0.5,
        notes: `e2 e2 e3 e2 e2 e2 e3 e2 | c2 c2 c3 c2 c2 c2 c3 c2 | g1 g1 g2 g1 g1 g1 g2 g1 | d2 d2 d3 d2 d2 d2 d3 d2`,
      },
      {
        voice: 'drums',
        step: 0.25,
        notes: 'K . h . c . h . K . h K c . h h | K . h . c . h . K . h . c . o .',
      },
    ],
  },
  patches: {
    bell: { ...BELL, gain: 0.11 },
    arp: {
      layers: [{ wave: 'square' }],
      attack: 0.003,
      decay: 0.18,
      sustain: 0,
      release: 0.1,
      cutoff: 1400,
      sweep: 1800,
      gain: 0.05,
    },
    pad: {
      ...PAD,
      layers: [
        { wave: 'triangle', detune: -12 },
        { wave: 'sawtooth', detune: 12, gain: 0.25 },
      ],
      attack: 1.2,
      cutoff: 1300,
      gain: 0.07,
    },
    bass: { ...BASS, layers: [{ wave: 'sine' }, { wave: 'triangle', gain: 0.3 }], gain: 0.3 },
    lead: {
      layers: [
        { wave: 'square', detune: -7, gain: 0.5 },
        { wave: 'sawtooth', detune: 7, gain: 0.5 },
      ],
      attack: 0.03,
      decay: 0.3,
      sustain: 0.6,
      release: 0.25,
      cutoff: 2600,
      vibrato: 18,
      gain: 0.07,
    },
  },
  echo: { time: 0.43, feedback: 0.45, level: 0.3 },
  drumTune: 1.1,
  effects: {
    tone: { ...BELL, gain: 0.16 },
    scale: 'c4 d4 e4 f#4 g4 a4 b4 c5 d5 e5 f#5 g5 a5 b5 c6',
    knock: 'block',
    whoosh: 1800,
  },
};
