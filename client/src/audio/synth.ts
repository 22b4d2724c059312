// The synth core shared by music and effects: a patch (oscillator layers, envelope, filter) played
// at a time for a length, and a small drum kit from noise and swept sines. Every node is made for
// one note and stops itself, so nothing has to be tracked or freed.

import { type DrumKind, frequencyOf } from './music/score.ts';

export interface Layer {
  wave: OscillatorType;
  /** Frequency ratio to the note (2 an octave up, 3.5 an inharmonic bell partial). */
  ratio?: number;
  /** Cents off the note (two layers ±8 make a chorus). */
  detune?: number;
  gain?: number;
}

export interface Patch {
  layers: Layer[];
  /** Seconds. */
  attack: number;
  /** Seconds from the peak down to the sustain level. */
  decay: number;
  /** Level held while the note lasts, 0 to 1 of the peak (0 makes a pluck). */
  sustain: number;
  /** Seconds to silence after the note's end. */
  release: number;
  /** Low-pass cutoff, Hz. */
  cutoff: number;
  /** Hz the cutoff starts above `cutoff`, falling over `decay` (the bite of a pluck). */
  sweep?: number;
  q?: number;
  /** Vibrato depth in cents (5.5 Hz), for held notes only. */
  vibrato?: number;
  /** Peak level at full velocity. */
  gain: number;
}

export interface Synth {
  readonly ctx: BaseAudioContext;
  /** One second of white noise, shared by every noisy sound. */
  readonly noise: AudioBuffer;
}

export function createSynth(ctx: BaseAudioContext): Synth {
  const noise = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
  const data = noise.getChannelData(0);
  let seed = 0x2545f491;
  for (let i = 0; i < data.length; i++) {
    // xorshift: the same hiss every time, no Math.random needed
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    data[i] = ((seed >>> 0) / 0xffffffff) * 2 - 1;
  }
  return { ctx, noise };
}

/** Plays one note of a patch into `out`; `pitch` is a MIDI number. */
export function playNote(
  synth: Synth,
  out: AudioNode,
  patch: Patch,
  time: number,
  pitch: number,
  length: number,
  velocity: number,
): void {
  const { ctx } = synth;
  const peak = patch.gain * velocity;
  const end = time + Math.max(length, patch.attack);
  const stop = end + patch.release + 0.05;
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(0, time);
  amp.gain.linearRampToValueAtTime(peak, time + patch.attack);
  const held = Math.max(peak * patch.sustain, 0.0001);
  amp.gain.setTargetAtTime(held, time + patch.attack, patch.decay / 3);
  amp.gain.setTargetAtTime(0, end, patch.release / 4);
  const filter = ctx.createBiquadFilter();
  filter.type = 'lowpass';
  filter.Q.value = patch.q ?? 0.7;
  filter.frequency.setValueAtTime(patch.cutoff + (patch.sweep ?? 0), time);
  if (patch.sweep) filter.frequency.setTargetAtTime(patch.cutoff, time + 0.005, patch.decay / 3);
  filter.connect(amp).connect(out);
  const base = frequencyOf(pitch);
  // One vibrato for the note, fed into every layer's detune.
  let vibrato: GainNode | null = null;
  if (patch.vibrato && length > 0.3) {
    const lfo = ctx.createOscillator();
    lfo.frequency.value = 5.5;
    vibrato = ctx.createGain();
    vibrato.gain.setValueAtTime(0, time);
    vibrato.gain.linearRampToValueAtTime(patch.vibrato, time + Math.min(0.4, length));
    lfo.connect(vibrato);
    lfo.start(time);
    lfo.stop(stop);
  }
  for (const layer of patch.layers) {
    const osc = ctx.createOscillator();
    osc.type = layer.wave;
    osc.frequency.setValueAtTime(base * (layer.ratio ?? 1), time);
    osc.detune.setValueAtTime(layer.detune ?? 0, time);
    vibrato?.connect(osc.detune);
    let source: AudioNode = osc;
    if (layer.gain !== undefined && layer.gain !== 1) {
      const level = ctx.createGain();
      level.gain.value = layer.gain;
      source = osc.connect(level);
    }
    source.connect(filter);
    osc.start(time);
    osc.stop(stop);
  }
}

function noiseBurst(
  synth: Synth,
  out: AudioNode,
  time: number,
  length: number,
  level: number,
  filter: { type: BiquadFilterType; frequency: number; q?: number },
): void {
  const { ctx } = synth;
  const source = ctx.createBufferSource();
  source.buffer = synth.noise;
  const band = ctx.createBiquadFilter();
  band.type = filter.type;
  band.frequency.value = filter.frequency;
  band.Q.value = filter.q ?? 0.7;
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(level, time);
  amp.gain.setTargetAtTime(0, time + 0.002, length / 4);
  source.connect(band).connect(amp).connect(out);
  // A random start in the second of noise so repeated hits do not sound identical.
  source.start(time, (time * 7.31) % 0.5, length + 0.05);
}

function drop(
  synth: Synth,
  out: AudioNode,
  time: number,
  from: number,
  to: number,
  length: number,
  level: number,
  wave: OscillatorType = 'sine',
): void {
  const { ctx } = synth;
  const osc = ctx.createOscillator();
  osc.type = wave;
  osc.frequency.setValueAtTime(from, time);
  osc.frequency.exponentialRampToValueAtTime(to, time + length * 0.6);
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(level, time);
  amp.gain.setTargetAtTime(0, time + 0.005, length / 4);
  osc.connect(amp).connect(out);
  osc.start(time);
  osc.stop(time + length + 0.05);
}

/** One drum hit; `tune` scales its pitch (a game's kit may sit higher or lower). */
export function playDrum(
  synth: Synth,
  out: AudioNode,
  kind: DrumKind,
  time: number,
  velocity: number,
  tune = 1,
) {
  const v = velocity;
  switch (kind) {
    case 'kick':
      drop(synth, out, time, 150 * tune, 42 * tune, 0.32, 0.9 * v);
      return;
    case 'snare':
      noiseBurst(synth, out, time, 0.16, 0.45 * v, { type: 'highpass', frequency: 1400 });
      drop(synth, out, time, 220 * tune, 160 * tune, 0.09, 0.3 * v, 'triangle');
      return;
    case 'hat':
      noiseBurst(synth, out, time, 0.04, 0.16 * v, { type: 'highpass', frequency: 7500 });
      return;
    case 'open-hat':
      noiseBurst(synth, out, time, 0.26, 0.13 * v, { type: 'highpass', frequency: 6500 });
      return;
    case 'clap':
      for (const lag of [0, 0.011, 0.023])
        noiseBurst(synth, out, time + lag, 0.09, 0.3 * v, { type: 'bandpass', frequency: 1600, q: 1.2 });
      return;
    case 'taiko':
      drop(synth, out, time, 120 * tune, 58 * tune, 0.6, 0.9 * v);
      noiseBurst(synth, out, time, 0.08, 0.3 * v, { type: 'lowpass', frequency: 700 });
      return;
    case 'doum':
      drop(synth, out, time, 105 * tune, 72 * tune, 0.4, 0.75 * v);
      noiseBurst(synth, out, time, 0.03, 0.12 * v, { type: 'lowpass', frequency: 900 });
      return;
    case 'tek':
      noiseBurst(synth, out, time, 0.05, 0.32 * v, { type: 'bandpass', frequency: 3200 * tune, q: 2 });
      drop(synth, out, time, 720 * tune, 640 * tune, 0.04, 0.18 * v);
      return;
    case 'block':
      drop(synth, out, time, 1150 * tune, 1050 * tune, 0.07, 0.3 * v, 'triangle');
      return;
    case 'shaker':
      noiseBurst(synth, out, time, 0.06, 0.1 * v, { type: 'bandpass', frequency: 6200, q: 1.5 });
      return;
    case 'gong':
      for (const [ratio, level] of [
        [1, 0.3],
        [1.42, 0.18],
        [2.05, 0.12],
      ] as const)
        drop(synth, out, time, 196 * tune * ratio, 190 * tune * ratio, 2.4, level * v);
      return;
  }
}
