// The music's bookkeeping, pure: which tracks are playing (decks) and when a change of track fades
// one out and the next in. The player applies what these functions return to WebAudio; tests drive
// them with any clock they like.

import type { CompiledTrack } from './score.ts';
import { secondsPerBeat } from './sequencer.ts';

export interface Deck {
  id: number;
  track: CompiledTrack;
  /** Audio-clock time its loop's first pass starts. */
  origin: number;
  /** Audio-clock time it falls silent (its fade-out ends); Infinity while it is the current track. */
  until: number;
}

export interface Fade {
  deck: number;
  direction: 'in' | 'out';
  from: number;
  to: number;
}

export interface Timing {
  /** Seconds from the call to the earliest start (room for the audio thread). */
  lead: number;
  /** Crossfade length in seconds. */
  fade: number;
}

export const TIMING: Timing = { lead: 0.08, fade: 1.6 };

/**
 * Changes the music to `track` (or silence): the current deck fades out and the new one fades in
 * over the same span, starting on the current track's next beat so the change falls in time.
 * Decks whose fade ended before `now` are dropped.
 */
export function switchTrack(
  decks: readonly Deck[],
  track: CompiledTrack | null,
  now: number,
  id: number,
  timing: Timing = TIMING,
): { decks: Deck[]; fades: Fade[]; dropped: number[] } {
  const dropped = decks.filter((d) => d.until < now).map((d) => d.id);
  const live = decks.filter((d) => d.until >= now);
  const current = live.find((d) => d.until === Number.POSITIVE_INFINITY);
  const earliest = now + timing.lead;
  const start = current ? nextBeat(current, earliest) : earliest;
  const fades: Fade[] = [];
  const next = live.map((deck) => {
    if (deck.until !== Number.POSITIVE_INFINITY) return deck;
    fades.push({ deck: deck.id, direction: 'out', from: start, to: start + timing.fade });
    return { ...deck, until: start + timing.fade };
  });
  if (track) {
    next.push({ id, track, origin: start, until: Number.POSITIVE_INFINITY });
    fades.push({ deck: id, direction: 'in', from: start, to: start + timing.fade });
  }
  return { decks: next, fades, dropped };
}

function nextBeat(deck: Deck, time: number): number {
  const beat = secondsPerBeat(deck.track);
  if (time <= deck.origin) return deck.origin;
  return deck.origin + Math.ceil((time - deck.origin) / beat - 1e-9) * beat;
}

/** The windows [from, to) the notes of one pass of a loop are handed out in: gapless, in order. */
export function scheduleWindows(loop: number, window: number): [number, number][] {
  const windows: [number, number][] = [];
  for (let i = 0; i * window < loop; i++) windows.push([i * window, Math.min((i + 1) * window, loop)]);
  return windows;
}
