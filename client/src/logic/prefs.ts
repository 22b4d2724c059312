// The player's own settings, kept on this device (localStorage) and shared by every game: sound,
// speed, space-to-spin, the intro screen and the side the controls sit on. Read once at start,
// written on every change; a browser that refuses storage plays with the defaults.

export type Speed = 'normal' | 'turbo' | 'super';

export interface Prefs {
  /** Music volume, 0 to 1. */
  music: number;
  /** Effects volume, 0 to 1. */
  effects: number;
  /** Every sound off, whatever the volumes say. */
  muted: boolean;
  /** Reel speed (the market may allow fewer; the game clamps it). */
  speed: Speed;
  /** The space bar spins (where the market allows it). */
  spaceToSpin: boolean;
  /** The intro screen (key art and features) shows before the game. */
  intro: boolean;
  /** The spin button and bet controls sit on the left. */
  leftHanded: boolean;
}

export const DEFAULT_PREFS: Readonly<Prefs> = {
  music: 0.6,
  effects: 0.8,
  muted: false,
  speed: 'normal',
  spaceToSpin: true,
  intro: true,
  leftHanded: false,
};

const KEY = 'rf.prefs.v1';
/** The key an earlier client kept only the mute switch under. */
const LEGACY_MUTED = 'rf.muted';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const volume = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : fallback;
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** What a stored text says, each field checked on its own: a bad or missing field takes its default. */
export function parsePrefs(text: string | null, legacyMuted: string | null = null): Prefs {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const speed =
    raw.speed === 'turbo' || raw.speed === 'super' || raw.speed === 'normal' ? raw.speed : 'normal';
  return {
    music: volume(raw.music, DEFAULT_PREFS.music),
    effects: volume(raw.effects, DEFAULT_PREFS.effects),
    muted: flag(raw.muted, legacyMuted === '1'),
    speed,
    spaceToSpin: flag(raw.spaceToSpin, DEFAULT_PREFS.spaceToSpin),
    intro: flag(raw.intro, DEFAULT_PREFS.intro),
    leftHanded: flag(raw.leftHanded, DEFAULT_PREFS.leftHanded),
  };
}

export function loadPrefs(store: Storage | null = storage()): Prefs {
  if (!store) return { ...DEFAULT_PREFS };
  try {
    return parsePrefs(store.getItem(KEY), store.getItem(LEGACY_MUTED));
  } catch {
    return { ...DEFAULT_PREFS };
  }
}

export function savePrefs(prefs: Prefs, store: Storage | null = storage()): void {
  try {
    store?.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // storage full or refused: the settings hold for this visit only
  }
}

/** Changes some settings and writes them all back; returns the new settings. */
export function updatePrefs(prefs: Prefs, change: Partial<Prefs>, store: Storage | null = storage()): Prefs {
  const next = parsePrefs(JSON.stringify({ ...prefs, ...change }));
  savePrefs(next, store);
  return next;
}
