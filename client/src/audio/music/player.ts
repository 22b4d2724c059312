// Plays a theme's tracks: each rendered once into a seamless loop (render.ts), then looped by the
// audio thread, sample-accurate, with no timer in the page. A change of track is an equal-power
// crossfade that starts on the playing track's next beat (decks.ts).

import type { Theme } from '../themes/theme.ts';
import { type Deck, switchTrack } from './decks.ts';
import { renderLoop } from './render.ts';
import type { CompiledTrack } from './score.ts';
import { crossfadeCurve } from './sequencer.ts';

interface Voice {
  source: AudioBufferSourceNode;
  gain: GainNode;
}

export class MusicPlayer {
  private readonly ctx: AudioContext;
  private readonly out: AudioNode;
  private readonly theme: Theme;
  private decks: Deck[] = [];
  private readonly voices = new Map<number, Voice>();
  private readonly loops = new Map<CompiledTrack, Promise<AudioBuffer>>();
  private nextId = 1;
  /** Counts requests: a track that finishes rendering after a newer request is not started. */
  private request = 0;

  constructor(ctx: AudioContext, out: AudioNode, theme: Theme) {
    this.ctx = ctx;
    this.out = out;
    this.theme = theme;
  }

  /** Renders a track's loop (once; later calls share it). */
  prepare(track: CompiledTrack): Promise<AudioBuffer> {
    let loop = this.loops.get(track);
    if (!loop) {
      loop = renderLoop(track, this.theme, this.ctx.sampleRate);
      this.loops.set(track, loop);
    }
    return loop;
  }

  /** Crossfades to a track (null: fades to silence); true once it is playing, false if overtaken. */
  async play(track: CompiledTrack | null): Promise<boolean> {
    const request = ++this.request;
    const buffer = track ? await this.prepare(track) : null;
    if (request !== this.request) return false;
    const ctx = this.ctx;
    const id = this.nextId++;
    const change = switchTrack(this.decks, track, ctx.currentTime, id);
    this.decks = change.decks;
    for (const dropped of change.dropped) {
      this.voices.get(dropped)?.gain.disconnect();
      this.voices.delete(dropped);
    }
    if (buffer) {
      const gain = ctx.createGain();
      gain.gain.value = 0;
      gain.connect(this.out);
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      source.loop = true;
      source.connect(gain);
      const start = this.decks.find((d) => d.id === id)?.origin ?? ctx.currentTime;
      source.start(start);
      this.voices.set(id, { source, gain });
    }
    for (const fade of change.fades) {
      const voice = this.voices.get(fade.deck);
      if (!voice) continue;
      const param = voice.gain.gain;
      param.cancelScheduledValues(fade.from);
      try {
        param.setValueCurveAtTime(crossfadeCurve(fade.direction, 32), fade.from, fade.to - fade.from);
      } catch {
        // A fade still running over that span (scenes changed in quick succession): ramp instead.
        param.cancelScheduledValues(0);
        param.setValueAtTime(param.value, ctx.currentTime);
        param.linearRampToValueAtTime(fade.direction === 'in' ? 1 : 0, fade.to);
      }
      if (fade.direction === 'out') voice.source.stop(fade.to + 0.05);
    }
    return true;
  }
}
