// Plays a theme's tracks on WebAudio with a look-ahead scheduler: a timer wakes about every 50 ms
// and schedules, on the audio clock, every note due in the next quarter second, so timer jitter
// never shifts a note. A change of track is an equal-power crossfade (see decks.ts).

import { playDrum, playNote, type Synth } from '../synth.ts';
import type { Theme } from '../themes/theme.ts';
import { type Deck, dueNotes, switchTrack } from './decks.ts';
import type { CompiledTrack } from './score.ts';
import { crossfadeCurve } from './sequencer.ts';

const LOOKAHEAD = 0.25;
const TICK_MS = 50;

export class MusicPlayer {
  private decks: Deck[] = [];
  private readonly gains = new Map<number, GainNode>();
  private nextId = 1;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The mix of every deck, before the echo and the music volume. */
  private readonly mix: GainNode;

  private readonly synth: Synth;
  private readonly theme: Theme;

  constructor(synth: Synth, out: AudioNode, theme: Theme) {
    this.synth = synth;
    this.theme = theme;
    const ctx = synth.ctx;
    this.mix = ctx.createGain();
    this.mix.connect(out);
    const delay = ctx.createDelay(2);
    delay.delayTime.value = theme.echo.time;
    const feedback = ctx.createGain();
    feedback.gain.value = theme.echo.feedback;
    const send = ctx.createGain();
    send.gain.value = theme.echo.level;
    const darken = ctx.createBiquadFilter();
    darken.frequency.value = 2500;
    this.mix.connect(send).connect(delay).connect(darken).connect(feedback).connect(delay);
    darken.connect(out);
  }

  /** Crossfades to a track (null: fades to silence). */
  play(track: CompiledTrack | null): void {
    const ctx = this.synth.ctx;
    const id = this.nextId++;
    const change = switchTrack(this.decks, track, ctx.currentTime, id);
    this.decks = change.decks;
    if (track) {
      const gain = ctx.createGain();
      gain.gain.value = 0;
      gain.connect(this.mix);
      this.gains.set(id, gain);
    }
    for (const fade of change.fades) {
      const param = this.gains.get(fade.deck)?.gain;
      if (!param) continue;
      param.cancelScheduledValues(fade.from);
      try {
        param.setValueCurveAtTime(crossfadeCurve(fade.direction, 32), fade.from, fade.to - fade.from);
      } catch {
        // A fade still running over that span (scenes changed in quick succession): ramp instead.
        param.cancelScheduledValues(0);
        param.setValueAtTime(param.value, ctx.currentTime);
        param.linearRampToValueAtTime(fade.direction === 'in' ? 1 : 0, fade.to);
      }
    }
    this.tick();
  }

  /** Stops at once (the context is closing or the page is going away). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const gain of this.gains.values()) gain.disconnect();
    this.gains.clear();
    this.decks = [];
  }

  get playing(): boolean {
    return this.decks.some((d) => d.until === Number.POSITIVE_INFINITY);
  }

  private tick = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ctx = this.synth.ctx;
    const due = dueNotes(this.decks, ctx.currentTime, LOOKAHEAD);
    this.decks = due.decks;
    for (const id of due.finished) {
      this.gains.get(id)?.disconnect();
      this.gains.delete(id);
    }
    for (const note of due.notes) {
      const out = this.gains.get(note.deck);
      if (!out) continue;
      const { event } = note;
      if (event.drum)
        playDrum(this.synth, out, event.drum, note.time, event.velocity * 0.55, this.theme.drumTune);
      else {
        const patch = this.theme.patches[event.voice];
        if (patch) playNote(this.synth, out, patch, note.time, event.pitch, note.duration, event.velocity);
      }
    }
    if (this.decks.length > 0) this.timer = setTimeout(this.tick, TICK_MS);
  };
}
