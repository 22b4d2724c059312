// A track rendered once into a loop of samples, on the audio thread of an OfflineAudioContext, and
// then played as a looping buffer: the music costs the page next to nothing while it plays (making
// a few dozen voices a second on the main thread cost the game frames on a slow phone). Notes are
// handed to the renderer window by window (the look-ahead scheduler's windows, at the render's
// pauses), and the tail that rings past the loop's end is folded onto its start, so the loop has
// no seam.

import { createSynth, playDrum, playNote } from '../synth.ts';
import type { Theme } from '../themes/theme.ts';
import { scheduleWindows } from './decks.ts';
import type { CompiledTrack } from './score.ts';
import { loopSeconds, notesInWindow } from './sequencer.ts';

/** Seconds of release and echo rendered past the loop's end and folded onto its start. */
const TAIL = 2.5;
/** Seconds of notes handed to the renderer at each pause. */
const WINDOW = 2;

export async function renderLoop(
  track: CompiledTrack,
  theme: Theme,
  sampleRate: number,
): Promise<AudioBuffer> {
  const loop = loopSeconds(track);
  const loopFrames = Math.round(loop * sampleRate);
  const ctx = new OfflineAudioContext(1, loopFrames + Math.ceil(TAIL * sampleRate), sampleRate);
  const synth = createSynth(ctx);
  const mix = ctx.createGain();
  // Headroom: the loudest track peaks near −4 dBFS at full volume, leaving room for the effects.
  mix.gain.value = 0.7;
  mix.connect(ctx.destination);
  // The echo: a delay fed back on itself.
  const delay = ctx.createDelay(1);
  delay.delayTime.value = theme.echo.time;
  const feedback = ctx.createGain();
  feedback.gain.value = theme.echo.feedback;
  const send = ctx.createGain();
  send.gain.value = theme.echo.level;
  mix.connect(send).connect(delay).connect(feedback).connect(delay);
  delay.connect(ctx.destination);

  const schedule = (from: number, to: number) => {
    for (const note of notesInWindow(track, 0, from, to)) {
      const { event } = note;
      if (event.drum) playDrum(synth, mix, event.drum, note.time, event.velocity * 0.55, theme.drumTune);
      else {
        const patch = theme.patches[event.voice];
        if (patch) playNote(synth, mix, patch, note.time, event.pitch, note.duration, event.velocity);
      }
    }
  };
  // The loop's own notes (the second pass's start is not rendered: the fold stands for it).
  const [first, ...rest] = scheduleWindows(loop, WINDOW);
  if (first) schedule(...first);
  let paused = true;
  try {
    for (const [from, to] of rest) {
      // Pauses fall on render quanta; each hands over the next window just before it is due.
      const at = Math.max(0, Math.floor(((from - 0.5) * sampleRate) / 128) * 128) / sampleRate;
      void ctx.suspend(at).then(() => {
        schedule(from, to);
        void ctx.resume();
      });
    }
  } catch {
    paused = false; // a browser without pauses in offline rendering: every note up front
  }
  if (!paused) for (const window of rest) schedule(...window);
  const rendered = await ctx.startRendering();
  const out = new AudioBuffer({ length: loopFrames, sampleRate, numberOfChannels: 1 });
  const source = rendered.getChannelData(0);
  const samples = new Float32Array(loopFrames);
  samples.set(source.subarray(0, loopFrames));
  for (let i = loopFrames; i < source.length; i++) {
    const j = i - loopFrames;
    samples[j] = (samples[j] ?? 0) + (source[i] ?? 0);
  }
  out.copyToChannel(samples, 0);
  return out;
}
