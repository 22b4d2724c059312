// A track as data: parts written as tokens, one token a step, read into note events measured in
// beats. Pure (no WebAudio), so the compositions can be checked by tests and by reading them.
//
// Tokens: a note `a4`, `c#5`, `eb3` (add `!` for an accent); a chord `a3+c4+e4`; a drum hit by
// letter (upper case accented, chords of hits `k+h`); `.` a rest; `-` holds the note before one
// more step. `|` marks a bar and is checked: every bar holds exactly `beatsPerBar / step` tokens.

/** Drum sounds the synth core can play, each named by a letter in drum parts. */
export const DRUMS = {
  k: 'kick',
  s: 'snare',
  h: 'hat',
  o: 'open-hat',
  c: 'clap',
  t: 'taiko',
  d: 'doum',
  e: 'tek',
  b: 'block',
  r: 'shaker',
  g: 'gong',
} as const;

export type DrumKind = (typeof DRUMS)[keyof typeof DRUMS];

export interface Part {
  /** The patch that plays it (a key of the theme's patches), or 'drums'. */
  voice: string;
  /** Length of one token in beats: 0.25 a sixteenth, 0.5 an eighth, 1 a quarter. */
  step: number;
  notes: string;
}

export interface Track {
  /** Quarter-note beats a minute. */
  bpm: number;
  beatsPerBar: number;
  /** Length of the loop; every part's pattern repeats to fill it. */
  bars: number;
  parts: Part[];
}

export interface NoteEvent {
  /** Start within the loop, in beats. */
  beat: number;
  /** Held length in beats. */
  length: number;
  voice: string;
  /** MIDI note number (0 for a drum hit). */
  pitch: number;
  drum: DrumKind | null;
  /** 0 to 1. */
  velocity: number;
}

export interface CompiledTrack {
  bpm: number;
  /** Beats in one pass of the loop. */
  beats: number;
  /** Events of one pass, sorted by start. */
  events: NoteEvent[];
}

const NOTE = /^([a-g])(#|b)?(-?\d)(!?)$/;
const SEMITONE: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };

/** The MIDI number of a note name (`a4` is 69); null when it is not one. */
export function midiOf(name: string): number | null {
  const m = NOTE.exec(name);
  if (!m) return null;
  const [, letter = 'c', accidental, octave = '4'] = m;
  const shift = accidental === '#' ? 1 : accidental === 'b' ? -1 : 0;
  return 12 * (Number(octave) + 1) + (SEMITONE[letter] ?? 0) + shift;
}

export function frequencyOf(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

const ACCENT = 1;
const NORMAL = 0.72;

function hitsOf(token: string, voice: string): Omit<NoteEvent, 'beat' | 'length'>[] {
  return token.split('+').map((piece) => {
    if (voice === 'drums') {
      const drum = DRUMS[piece.toLowerCase() as keyof typeof DRUMS];
      if (!drum || piece.length !== 1) throw new Error(`unknown drum "${piece}"`);
      return { voice, pitch: 0, drum, velocity: piece === piece.toUpperCase() ? ACCENT : NORMAL };
    }
    const pitch = midiOf(piece);
    if (pitch === null) throw new Error(`unknown note "${piece}"`);
    return { voice, pitch, drum: null, velocity: piece.endsWith('!') ? ACCENT : NORMAL };
  });
}

/** One part's events over one pass of its own pattern, and the pattern's length in beats. */
export function readPart(part: Part, beatsPerBar: number): { events: NoteEvent[]; beats: number } {
  const perBar = beatsPerBar / part.step;
  if (!Number.isInteger(perBar)) throw new Error(`step ${part.step} does not divide a bar`);
  const bars = part.notes.split('|').map((bar) => bar.trim().split(/\s+/).filter(Boolean));
  const events: NoteEvent[] = [];
  let at = 0;
  // The notes a `-` lengthens (a hold may cross a bar line).
  let held: NoteEvent[] = [];
  bars.forEach((tokens, index) => {
    if (tokens.length !== perBar)
      throw new Error(`${part.voice} bar ${index + 1} has ${tokens.length} steps, not ${perBar}`);
    for (const token of tokens) {
      const beat = at * part.step;
      at++;
      if (token === '-') {
        for (const event of held) event.length += part.step;
        continue;
      }
      if (token === '.') {
        held = [];
        continue;
      }
      held = hitsOf(token, part.voice).map((hit) => ({ ...hit, beat, length: part.step }));
      events.push(...held);
    }
  });
  return { events, beats: at * part.step };
}

/** The whole loop: each part repeated to the track's length (a part must divide it). */
export function compileTrack(track: Track): CompiledTrack {
  const beats = track.bars * track.beatsPerBar;
  const events: NoteEvent[] = [];
  for (const part of track.parts) {
    const pattern = readPart(part, track.beatsPerBar);
    const times = beats / pattern.beats;
    if (!Number.isInteger(times))
      throw new Error(`${part.voice} (${pattern.beats} beats) does not divide ${beats} beats`);
    for (let pass = 0; pass < times; pass++)
      for (const event of pattern.events) events.push({ ...event, beat: event.beat + pass * pattern.beats });
  }
  events.sort((a, b) => a.beat - b.beat);
  return { bpm: track.bpm, beats, events };
}
