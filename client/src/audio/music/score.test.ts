import { describe, expect, it } from 'vitest';
import { compileTrack, midiOf, readPart } from './score.ts';

describe('reading a score', () => {
  it('names notes as MIDI numbers', () => {
    expect(midiOf('a4')).toBe(69);
    expect(midiOf('c4')).toBe(60);
    expect(midiOf('c#5')).toBe(73);
    expect(midiOf('bb3')).toBe(58);
    expect(midiOf('x4')).toBeNull();
  });

  it('lengthens a note for each hold, across bar lines, and rests end it', () => {
    const { events, beats } = readPart({ voice: 'lead', step: 0.5, notes: 'a4 - - . | c5! - e5+g5 -' }, 2);
    expect(beats).toBe(4);
    expect(events).toEqual([
      { beat: 0, length: 1.5, voice: 'lead', pitch: 69, drum: null, velocity: 0.72 },
      { beat: 2, length: 1, voice: 'lead', pitch: 72, drum: null, velocity: 1 },
      { beat: 3, length: 1, voice: 'lead', pitch: 76, drum: null, velocity: 0.72 },
      { beat: 3, length: 1, voice: 'lead', pitch: 79, drum: null, velocity: 0.72 },
    ]);
    const held = readPart({ voice: 'pad', step: 4, notes: 'c3 | - | . | e3' }, 4).events;
    expect(held.map((e) => [e.beat, e.length])).toEqual([
      [0, 8],
      [12, 4],
    ]);
  });

  it('reads drum letters, upper case accented', () => {
    const { events } = readPart({ voice: 'drums', step: 1, notes: 'K+h . s d' }, 4);
    expect(events.map((e) => [e.beat, e.drum, e.velocity])).toEqual([
      [0, 'kick', 1],
      [0, 'hat', 0.72],
      [2, 'snare', 0.72],
      [3, 'doum', 0.72],
    ]);
  });

  it('refuses a bar of the wrong length, an unknown token, a part that does not divide the loop', () => {
    expect(() => readPart({ voice: 'lead', step: 1, notes: 'a4 - - | c5 - - -' }, 4)).toThrow(/bar 1 has 3/);
    expect(() => readPart({ voice: 'lead', step: 1, notes: 'h4 - - -' }, 4)).toThrow(/unknown note/);
    expect(() => readPart({ voice: 'drums', step: 1, notes: 'k x . .' }, 4)).toThrow(/unknown drum/);
    expect(() =>
      compileTrack({
        bpm: 120,
        beatsPerBar: 4,
        bars: 4,
        parts: [{ voice: 'l', step: 4, notes: 'a4 | a4 | a4' }],
      }),
    ).toThrow(/does not divide/);
  });

  it('repeats each part to fill the loop', () => {
    const track = compileTrack({
      bpm: 120,
      beatsPerBar: 4,
      bars: 4,
      parts: [
        { voice: 'drums', step: 1, notes: 'k . . .' },
        { voice: 'bass', step: 4, notes: 'a1 | c2' },
      ],
    });
    expect(track.beats).toBe(16);
    expect(track.events.filter((e) => e.drum).map((e) => e.beat)).toEqual([0, 4, 8, 12]);
    expect(track.events.filter((e) => !e.drum).map((e) => [e.beat, e.pitch])).toEqual([
      [0, 33],
      [4, 36],
      [8, 33],
      [12, 36],
    ]);
  });
});
