import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { busGain } from '../levels.ts';
import { dueNotes, switchTrack } from './decks.ts';
import { compileTrack } from './score.ts';
import { crossfadeCurve, loopSeconds, nextBarLine, notesInWindow } from './sequencer.ts';

// 120 bpm, two bars of 4/4: a loop of 4 s; quarter-note kicks and an eighth-note pickup at the end.
const track = compileTrack({
  bpm: 120,
  beatsPerBar: 4,
  bars: 2,
  parts: [
    { voice: 'drums', step: 1, notes: 'k . k . | k . k .' },
    { voice: 'lead', step: 0.5, notes: 'a4 - . . . . . . | . . . . . . c5 e5' },
  ],
});
const key = (n: { time: number; event: { voice: string; pitch: number; drum: string | null } }) =>
  `${n.time.toFixed(9)}:${n.event.voice}:${n.event.pitch}:${n.event.drum}`;

describe('notes in a window of time', () => {
  it('times each note by tempo from the loop start', () => {
    expect(loopSeconds(track)).toBe(4);
    const notes = notesInWindow(track, 10, 10, 14);
    expect(notes.map((n) => [n.time, n.event.voice])).toEqual([
      [10, 'drums'],
      [10, 'lead'],
      [11, 'drums'],
      [12, 'drums'],
      [13, 'drums'],
      [13.5, 'lead'],
      [13.75, 'lead'],
    ]);
    expect(notes[1]?.duration).toBe(0.5);
  });

  it('loops without a seam: the second pass starts one loop length after the first', () => {
    const first = notesInWindow(track, 0, 0, 4);
    const second = notesInWindow(track, 0, 4, 8);
    expect(second.map((n) => n.time - 4)).toEqual(first.map((n) => n.time));
    // the last note of a pass and the first of the next are a sixteenth and an eighth apart, as written
    expect(second[0]?.time).toBe(4);
    expect(first.at(-1)?.time).toBe(3.75);
  });

  it('plays nothing before the loop starts or in an empty window', () => {
    expect(notesInWindow(track, 5, 0, 5)).toEqual([]);
    expect(notesInWindow(track, 0, 3, 3)).toEqual([]);
  });

  it('loses and doubles no note however the time is cut into windows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.001, max: 0.7, noNaN: true }), { minLength: 1, maxLength: 200 }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (steps, origin) => {
          let at = origin;
          const pieces: string[] = [];
          for (const step of steps) {
            pieces.push(...notesInWindow(track, origin, at, at + step).map(key));
            at += step;
          }
          const whole = notesInWindow(track, origin, origin, at).map(key);
          expect(pieces).toEqual(whole);
        },
      ),
    );
  });

  it('finds the next bar line', () => {
    expect(nextBarLine(1, 2, 0)).toBe(1);
    expect(nextBarLine(1, 2, 1)).toBe(1);
    expect(nextBarLine(1, 2, 1.1)).toBe(3);
    expect(nextBarLine(1, 2, 5)).toBe(5);
  });
});

describe('the look-ahead scheduler and crossfades', () => {
  const other = compileTrack({
    bpm: 90,
    beatsPerBar: 3,
    bars: 1,
    parts: [{ voice: 'bell', step: 1, notes: 'c5 e5 g5' }],
  });

  it('hands out every note once when ticks come uneven (each within the look-ahead)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 0.24, noNaN: true }), { minLength: 5, maxLength: 300 }),
        (gaps) => {
          let { decks } = switchTrack([], track, 0, 1, { lead: 0.1, fade: 1 });
          let now = 0;
          const played: string[] = [];
          for (const gap of gaps) {
            const due = dueNotes(decks, now, 0.25);
            decks = due.decks;
            played.push(...due.notes.map(key));
            now += gap;
          }
          const end = decks[0]?.scheduledTo ?? 0;
          expect(played).toEqual(notesInWindow(track, 0.1, 0.1, end).map(key));
          expect(new Set(played).size).toBe(played.length);
        },
      ),
    );
  });

  it('skips what is already past after a stalled tick instead of playing it in a burst', () => {
    let { decks } = switchTrack([], track, 0, 1, { lead: 0.1, fade: 1 });
    decks = dueNotes(decks, 0, 0.25).decks;
    const late = dueNotes(decks, 2.02, 0.25).notes.map((n) => n.time);
    expect(late).toEqual([2.1]); // the kick at 1.1 and the note at 0.1+… before 2.02 are not replayed
  });

  it('starts the new track on the old one’s next beat and fades both over the same span', () => {
    const start = switchTrack([], track, 0, 1, { lead: 0.1, fade: 1.5 });
    expect(start.fades).toEqual([{ deck: 1, direction: 'in', from: 0.1, to: 1.6 }]);
    let decks = dueNotes(start.decks, 7.3, 0.25).decks; // scheduled up to 7.55
    const change = switchTrack(decks, other, 7.3, 2, { lead: 0.1, fade: 1.5 });
    // beats of the old track fall at 0.1 + k·0.5: the first at or after 7.4 is 7.6
    expect(change.fades).toEqual([
      { deck: 1, direction: 'out', from: 7.6, to: 9.1 },
      { deck: 2, direction: 'in', from: 7.6, to: 9.1 },
    ]);
    decks = change.decks;
    const heard: { deck: number; time: number }[] = [];
    for (let now = 7.3; now < 13; now += 0.05) {
      const due = dueNotes(decks, now, 0.25);
      decks = due.decks;
      heard.push(...due.notes.map((n) => ({ deck: n.deck, time: n.time })));
    }
    // The old track plays on through its fade-out and stops there; the new one starts on the beat.
    expect(Math.max(...heard.filter((n) => n.deck === 1).map((n) => n.time))).toBeLessThan(9.1);
    expect(heard.filter((n) => n.deck === 1).some((n) => n.time > 8)).toBe(true);
    expect(Math.min(...heard.filter((n) => n.deck === 2).map((n) => n.time))).toBeCloseTo(7.6, 9);
    // …and is dropped once its tail has rung out.
    expect(decks.map((d) => d.id)).toEqual([2]);
  });

  it('fading to silence keeps no current track', () => {
    const { decks } = switchTrack([], track, 0, 1);
    const off = switchTrack(decks, null, 1, 2);
    expect(off.decks.every((d) => d.until < Number.POSITIVE_INFINITY)).toBe(true);
    expect(off.fades.map((f) => f.direction)).toEqual(['out']);
  });

  it('crossfades at equal power', () => {
    const rise = crossfadeCurve('in', 33);
    const fall = crossfadeCurve('out', 33);
    expect([rise[0], rise[32], fall[0], fall[32]]).toEqual([0, 1, 1, expect.closeTo(0, 6)]);
    for (let i = 0; i < 33; i++) expect((rise[i] ?? 0) ** 2 + (fall[i] ?? 0) ** 2).toBeCloseTo(1, 6);
  });
});

describe('volume', () => {
  it('follows the square of the slider and mute silences both buses', () => {
    const levels = { muted: false, music: 0.5, effects: 1 };
    expect(busGain(levels, 'music')).toBe(0.25);
    expect(busGain(levels, 'effects')).toBe(1);
    expect(busGain({ ...levels, muted: true }, 'music')).toBe(0);
    expect(busGain({ ...levels, muted: true }, 'effects')).toBe(0);
    expect(busGain({ ...levels, music: 7 }, 'music')).toBe(1);
    expect(busGain({ ...levels, music: Number.NaN }, 'music')).toBe(0);
  });
});
