import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, loadPrefs, parsePrefs, updatePrefs } from './prefs.ts';

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('player settings on the device', () => {
  it('starts from the defaults when nothing is stored', () => {
    expect(loadPrefs(memory())).toEqual(DEFAULT_PREFS);
    expect(loadPrefs(null)).toEqual(DEFAULT_PREFS);
  });

  it('keeps each valid field and replaces each bad one by its default', () => {
    const prefs = parsePrefs(
      JSON.stringify({ music: 0.25, effects: 7, speed: 'warp', intro: false, muted: 'yes' }),
    );
    expect(prefs).toEqual({ ...DEFAULT_PREFS, music: 0.25, effects: 1, intro: false });
    expect(parsePrefs('not json')).toEqual(DEFAULT_PREFS);
    expect(parsePrefs('[1,2]')).toEqual(DEFAULT_PREFS);
    expect(parsePrefs(JSON.stringify({ music: -1, effects: Number.NaN }))).toMatchObject({
      music: 0,
      effects: 0.8,
    });
  });

  it('carries an earlier client’s mute switch over', () => {
    expect(loadPrefs(memory({ 'rf.muted': '1' })).muted).toBe(true);
    expect(loadPrefs(memory({ 'rf.muted': '1', 'rf.prefs.v1': '{"muted":false}' })).muted).toBe(false);
  });

  it('writes every change back so the next visit starts from it', () => {
    const store = memory();
    const next = updatePrefs(loadPrefs(store), { speed: 'turbo', leftHanded: true, music: 0.1 }, store);
    expect(next).toMatchObject({ speed: 'turbo', leftHanded: true, music: 0.1 });
    expect(loadPrefs(store)).toEqual(next);
  });

  it('plays on with the defaults when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(loadPrefs(broken)).toEqual(DEFAULT_PREFS);
    expect(() => updatePrefs(DEFAULT_PREFS, { muted: true }, broken)).not.toThrow();
  });
});
