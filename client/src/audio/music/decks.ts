// The music's bookkeeping, pure: which tracks are playing (decks), how far each has been
// scheduled, and when a change of track fades one out and the next in. The player applies what
// these functions return to WebAudio; tests drive them with any clock they like.

import type { CompiledTrack } from './score.ts';
import { notesInWindow, secondsPerBeat, type TimedNote } from './sequencer.ts';

export interface Deck {
  id: number;
  track: CompiledTrack;
  /** Audio-clock time its loop's first pass starts. */
  origin: number;
  /** Notes before this time have been handed out. */
  scheduledTo: number;
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
 */
export function switchTrack(
  decks: readonly Deck[],
  track: CompiledTrack | null,
  now: number,
  id: number,
  timing: Timing = TIMING,
): { decks: Deck[]; fades: Fade[] } {
  const current = decks.find((d) => d.until === Number.POSITIVE_INFINITY);
  const earliest = now + timing.lead;
  const start = current ? nextBeat(current, earliest) : earliest;
  const fades: Fade[] = [];
  const next = decks.map((deck) => {
    if (deck.until !== Number.POSITIVE_INFINITY) return deck;
    fades.push({ deck: deck.id, direction: 'out', from: start, to: start + timing.fade });
    return { ...deck, until: start + timing.fade };
  });
  if (track) {
    next.push({ id, track, origin: start, scheduledTo: start, until: Number.POSITIVE_INFINITY });
    fades.push({ deck: id, direction: 'in', from: start, to: start + timing.fade });
  }
  return { decks: next, fades };
}

function nextBeat(deck: Deck, time: number): number {
  const beat = secondsPerBeat(deck.track);
  if (time <= deck.origin) return deck.origin;
  return deck.origin + Math.ceil((time - deck.origin) / beat - 1e-9) * beat;
}

/**
 * The notes to schedule now: from where each deck stopped up to `now + lookahead` (never past the
 * end of its fade). A deck whose end is more than `tail` seconds past is dropped (`finished`).
 */
export function dueNotes(
  decks: readonly Deck[],
  now: number,
  lookahead: number,
  tail = 2,
): { notes: (TimedNote & { deck: number })[]; decks: Deck[]; finished: number[] } {
  const notes: (TimedNote & { deck: number })[] = [];
  const kept: Deck[] = [];
  const finished: number[] = [];
  for (const deck of decks) {
    if (deck.until + tail < now) {
      finished.push(deck.id);
      continue;
    }
    // A late tick (a busy main thread) skips what is already past rather than playing it in a burst.
    const from = Math.max(deck.scheduledTo, now);
    const to = Math.min(now + lookahead, deck.until);
    if (to > from)
      for (const note of notesInWindow(deck.track, deck.origin, from, to))
        notes.push({ ...note, deck: deck.id });
    kept.push({ ...deck, scheduledTo: Math.max(deck.scheduledTo, to) });
  }
  notes.sort((a, b) => a.time - b.time);
  return { notes, decks: kept, finished };
}
