// Starting points for the games' patches; each theme spreads one and changes what makes it its own.

import type { Patch } from '../synth.ts';

/** A plucked string: bright at the attack, dying away (oud, koto, harp). */
export const PLUCK: Patch = {
  layers: [{ wave: 'triangle' }, { wave: 'sawtooth', gain: 0.35, detune: 4 }],
  attack: 0.004,
  decay: 0.5,
  sustain: 0,
  release: 0.3,
  cutoff: 900,
  sweep: 3200,
  q: 1.2,
  gain: 0.22,
};

/** A held, slowly rising chord bed. */
export const PAD: Patch = {
  layers: [
    { wave: 'sawtooth', detune: -9, gain: 0.5 },
    { wave: 'sawtooth', detune: 9, gain: 0.5 },
  ],
  attack: 0.6,
  decay: 1,
  sustain: 0.8,
  release: 1,
  cutoff: 900,
  gain: 0.05,
};

export const BASS: Patch = {
  layers: [{ wave: 'triangle' }, { wave: 'sine', ratio: 0.5, gain: 0.6 }],
  attack: 0.01,
  decay: 0.3,
  sustain: 0.6,
  release: 0.12,
  cutoff: 700,
  gain: 0.3,
};

export const LEAD: Patch = {
  layers: [
    { wave: 'sawtooth', detune: -5, gain: 0.6 },
    { wave: 'square', detune: 5, gain: 0.4 },
  ],
  attack: 0.02,
  decay: 0.3,
  sustain: 0.6,
  release: 0.2,
  cutoff: 2000,
  sweep: 1500,
  vibrato: 14,
  gain: 0.09,
};

/** A struck bell: the note with an inharmonic partial that dies faster. */
export const BELL: Patch = {
  layers: [
    { wave: 'sine' },
    { wave: 'sine', ratio: 3.01, gain: 0.35 },
    { wave: 'sine', ratio: 5.4, gain: 0.12 },
  ],
  attack: 0.003,
  decay: 1.4,
  sustain: 0,
  release: 0.8,
  cutoff: 6000,
  gain: 0.14,
};
