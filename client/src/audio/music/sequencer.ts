// When each note of a looping track sounds, for a window of time: the look-ahead scheduler asks for
// [from, to) again and again, each window starting where the last ended, so a note falls in exactly
// one window (half-open intervals) and the loop repeats without a seam. Pure: no WebAudio here.

import type { CompiledTrack, NoteEvent } from './score.ts';

export interface TimedNote {
  /** Seconds on the audio clock. */
  time: number;
  /** Seconds. */
  duration: number;
  event: NoteEvent;
}

export function secondsPerBeat(track: Pick<CompiledTrack, 'bpm'>): number {
  return 60 / track.bpm;
}

export function loopSeconds(track: CompiledTrack): number {
  return track.beats * secondsPerBeat(track);
}

/**
 * The notes that start in [from, to) when the loop's first pass began at `origin`. Every time is
 * computed from the pass number and the note's beat alone, so adjacent windows agree at their edge.
 */
export function notesInWindow(track: CompiledTrack, origin: number, from: number, to: number): TimedNote[] {
  const spb = secondsPerBeat(track);
  const loop = track.beats * spb;
  const out: TimedNote[] = [];
  if (to <= from || track.events.length === 0 || loop <= 0) return out;
  const first = Math.max(0, Math.floor((from - origin) / loop));
  const last = Math.floor((to - origin) / loop);
  for (let pass = first; pass <= last; pass++) {
    for (const event of track.events) {
      const time = origin + (pass * track.beats + event.beat) * spb;
      if (time >= from && time < to) out.push({ time, duration: event.length * spb, event });
    }
  }
  return out;
}

/** The first bar line at or after `time` (a new track can start on the old one's downbeat). */
export function nextBarLine(origin: number, barSeconds: number, time: number): number {
  if (time <= origin) return origin;
  return origin + Math.ceil((time - origin) / barSeconds - 1e-9) * barSeconds;
}

/**
 * Equal-power crossfade curves: the outgoing track's gain falls as cos, the incoming rises as sin, so
 * the summed loudness holds steady through the change.
 */
export function crossfadeCurve(direction: 'in' | 'out', points: number): Float32Array {
  const curve = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    const x = points === 1 ? 1 : i / (points - 1);
    curve[i] = direction === 'in' ? Math.sin((x * Math.PI) / 2) : Math.cos((x * Math.PI) / 2);
  }
  return curve;
}
