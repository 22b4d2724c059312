// The game's effects, each cue a short figure in the game's own mode and voice: a whoosh for the
// spin, a knock and a low note a reel stop (climbing reel by reel), a tremolo build under a held
// reel and a bright chord when that reel lands, climbing notes for wins, a chord for features.

import { midiOf } from './music/score.ts';
import { type Patch, playDrum, playNote, type Synth } from './synth.ts';
import type { EffectsVoice } from './themes/theme.ts';

export type Cue =
  | 'spin'
  | 'stop'
  /** An anticipated reel starts its long spin (one more feature symbol may land). */
  | 'tension'
  /** The anticipated reel lands. */
  | 'tension-stop'
  | 'win'
  | 'big'
  | 'feature'
  /** A pick in the pick bonus turns over. */
  | 'pick'
  /** Values gathered into a total (hold-and-collect, a pick total). */
  | 'collect'
  | 'click'
  | 'error';

const DEFAULT_TONE: Patch = {
  layers: [{ wave: 'triangle' }, { wave: 'sine', ratio: 2, gain: 0.3 }],
  attack: 0.005,
  decay: 0.3,
  sustain: 0.2,
  release: 0.2,
  cutoff: 4000,
  gain: 0.2,
};

/** The voice of a game without a theme (and of every game until its theme has loaded). */
export const DEFAULT_VOICE: EffectsVoice = {
  tone: DEFAULT_TONE,
  scale: 'c4 d4 e4 g4 a4 c5 d5 e5 g5 a5 c6',
  knock: 'block',
  whoosh: 1200,
};

/** The scale as MIDI numbers (unknown names left out). */
export function scaleOf(voice: EffectsVoice): number[] {
  return voice.scale
    .split(/\s+/)
    .map(midiOf)
    .filter((n): n is number => n !== null);
}

function whoosh(synth: Synth, out: AudioNode, at: number, centre: number, length: number, level: number) {
  const { ctx } = synth;
  const source = ctx.createBufferSource();
  source.buffer = synth.noise;
  const band = ctx.createBiquadFilter();
  band.type = 'bandpass';
  band.Q.value = 1.4;
  band.frequency.setValueAtTime(centre * 0.5, at);
  band.frequency.exponentialRampToValueAtTime(centre * 2, at + length);
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(0, at);
  amp.gain.linearRampToValueAtTime(level, at + length * 0.3);
  amp.gain.linearRampToValueAtTime(0, at + length);
  source.connect(band).connect(amp).connect(out);
  source.start(at, 0, length + 0.02);
}

/** Plays a cue at `at` (audio-clock seconds); `index` is the reel for stops. */
export function playCue(synth: Synth, out: AudioNode, voice: EffectsVoice, cue: Cue, at: number, index = 0) {
  const scale = scaleOf(voice);
  const note = (i: number) => scale[Math.max(0, Math.min(scale.length - 1, i))] ?? 60;
  const tone = voice.tone;
  switch (cue) {
    case 'spin':
      whoosh(synth, out, at, voice.whoosh, 0.4, 0.16);
      return;
    case 'stop':
      playDrum(synth, out, voice.knock, at, 0.55);
      playNote(synth, out, tone, at, note(index) - 12, 0.08, 0.45);
      return;
    case 'tension':
      for (let i = 0; i < 8; i++)
        playNote(
          synth,
          out,
          tone,
          at + i * 0.14,
          note(4 + (i % 2) + Math.floor(i / 2)),
          0.12,
          0.3 + i * 0.06,
        );
      whoosh(synth, out, at, voice.whoosh * 1.5, 1.1, 0.06);
      return;
    case 'tension-stop':
      playDrum(synth, out, voice.knock, at, 1);
      for (const i of [7, 9, 11]) playNote(synth, out, tone, at, note(i), 0.5, 0.6);
      return;
    case 'win':
      [0, 2, 4].forEach((step, i) => {
        playNote(synth, out, tone, at + i * 0.07, note(7 + step), 0.14, 0.7);
      });
      return;
    case 'big':
      [0, 2, 4, 5, 7].forEach((step, i) => {
        playNote(synth, out, tone, at + i * 0.09, note(step + 4), 0.2, 0.8);
      });
      for (const step of [7, 9, 11]) playNote(synth, out, tone, at + 0.5, note(step), 1.2, 0.7);
      playDrum(synth, out, voice.knock, at + 0.5, 1);
      return;
    case 'feature':
      playDrum(synth, out, 'gong', at, 0.8);
      for (const step of [0, 2, 4, 7])
        playNote(synth, out, tone, at + step * 0.03, note(step + 3), 1.2, 0.55);
      whoosh(synth, out, at, voice.whoosh, 0.9, 0.1);
      return;
    case 'pick':
      playNote(synth, out, tone, at, note(8), 0.1, 0.6);
      playNote(synth, out, tone, at + 0.08, note(10), 0.25, 0.7);
      playDrum(synth, out, 'shaker', at, 0.8);
      return;
    case 'collect':
      for (let i = 0; i < 4; i++) playNote(synth, out, tone, at + i * 0.05, note(6 + i * 2), 0.1, 0.5);
      playDrum(synth, out, 'block', at + 0.2, 0.6, 1.6);
      return;
    case 'click':
      playDrum(synth, out, 'block', at, 0.25, 1.4);
      return;
    case 'error':
      playNote(synth, out, DEFAULT_TONE, at, 57, 0.18, 0.5);
      playNote(synth, out, DEFAULT_TONE, at + 0.18, 52, 0.25, 0.5);
      return;
  }
}
