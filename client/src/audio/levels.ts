// Volume math: a slider's 0–1 position to a gain. Loudness is heard roughly logarithmically, so the
// gain follows the square of the position (half way is about −12 dB, not −6 dB); mute wins over all.

export interface SoundLevels {
  muted: boolean;
  /** 0 to 1. */
  music: number;
  /** 0 to 1. */
  effects: number;
}

export function clampVolume(value: number): number {
  return Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
}

/** The gain of the music or effects bus for these levels. */
export function busGain(levels: SoundLevels, kind: 'music' | 'effects'): number {
  if (levels.muted) return 0;
  const v = clampVolume(levels[kind]);
  return v * v;
}
