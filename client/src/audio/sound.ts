// The game's sound: its own music (a base-game and a feature track, synthesised from the score in
// its theme) and its own effects, all WebAudio, no audio files. Silent until the player's first
// gesture; music and effects each go through their own gain (the two volumes of the settings
// screen) and mute silences both. The music rests while the tab is hidden.

import { type Cue, DEFAULT_VOICE, playCue } from './effects.ts';
import { busGain, clampVolume, type SoundLevels } from './levels.ts';
import { MusicPlayer } from './music/player.ts';
import { type CompiledTrack, compileTrack } from './music/score.ts';
import { createSynth, type Synth } from './synth.ts';
import { loadTheme } from './themes/index.ts';
import type { Theme } from './themes/theme.ts';

export type { Cue } from './effects.ts';
export type { SoundLevels } from './levels.ts';
/** What the music plays: the base game's track, the feature's, or nothing. */
export type Scene = 'base' | 'feature' | 'off';

export interface SoundOptions extends SoundLevels {
  /** The game's slug: picks its music and the voice of its effects. */
  game?: string;
  /** Told each time the track actually playing changes (null: none), e.g. to mark the page for tests. */
  onMusic?: (track: 'base' | 'feature' | null) => void;
}

export class Sound {
  private context: AudioContext | null = null;
  private synth: Synth | null = null;
  /** Every effect goes through this gain (the effects volume); music through `musicBus`. */
  private effectsBus: GainNode | null = null;
  private musicBus: GainNode | null = null;
  private levels: SoundLevels;
  private readonly game: string | null;
  private readonly onMusic: SoundOptions['onMusic'];
  private theme: Theme | null = null;
  private tracks: Record<'base' | 'feature', CompiledTrack> | null = null;
  private music: MusicPlayer | null = null;
  /** The scene whose track is playing (null: none). */
  private playingScene: 'base' | 'feature' | null = null;
  /** The scene the game is in; its music starts once audio is unlocked. */
  scene: Scene = 'base';

  constructor(options: SoundOptions) {
    this.levels = { muted: options.muted, music: options.music, effects: options.effects };
    this.game = options.game ?? null;
    this.onMusic = options.onMusic;
  }

  get muted(): boolean {
    return this.levels.muted;
  }

  set muted(value: boolean) {
    this.levels.muted = value;
    this.applyLevels();
  }

  get volumes(): Readonly<SoundLevels> {
    return this.levels;
  }

  /** Sets the music or effects volume (0 to 1), heard at once. */
  setVolume(kind: 'music' | 'effects', value: number): void {
    this.levels[kind] = clampVolume(value);
    this.applyLevels();
  }

  /** Switches the music to a scene's track (base game, feature) or silence, crossfading. */
  setScene(scene: Scene): void {
    this.scene = scene;
    this.followScene();
  }

  /** Browsers allow audio only after a user gesture: call from a click handler. */
  unlock(): void {
    if (this.context) {
      if (this.context.state === 'suspended' && !document.hidden) void this.context.resume();
      return;
    }
    if (typeof AudioContext === 'undefined') return;
    try {
      const ctx = new AudioContext({ latencyHint: 'playback' });
      this.effectsBus = ctx.createGain();
      this.effectsBus.connect(ctx.destination);
      this.musicBus = ctx.createGain();
      this.musicBus.connect(ctx.destination);
      this.context = ctx;
      this.synth = createSynth(ctx);
      this.applyLevels(0);
    } catch {
      this.context = null;
      return;
    }
    document.addEventListener('visibilitychange', this.onVisibility);
    if (this.game)
      void loadTheme(this.game).then((theme) => {
        if (!theme) return;
        this.theme = theme;
        this.tracks = { base: compileTrack(theme.base), feature: compileTrack(theme.feature) };
        this.followScene();
      });
  }

  play(cue: Cue, index = 0): void {
    const ctx = this.context;
    if (this.muted || !ctx || !this.synth || !this.effectsBus || this.levels.effects === 0) return;
    if (ctx.state === 'suspended' && !document.hidden) void ctx.resume();
    playCue(
      this.synth,
      this.effectsBus,
      this.theme?.effects ?? DEFAULT_VOICE,
      cue,
      ctx.currentTime + 0.005,
      index,
    );
  }

  /** A hidden tab rests its audio clock (the music pauses where it is and goes on when shown). */
  private onVisibility = (): void => {
    const ctx = this.context;
    if (!ctx) return;
    if (document.hidden) void ctx.suspend();
    else void ctx.resume();
  };

  private get musicAudible(): boolean {
    return busGain(this.levels, 'music') > 0;
  }

  /** Starts, changes or stops the track to match the scene (no music is made while it is silent). */
  private followScene(): void {
    if (!this.synth || !this.musicBus || !this.theme || !this.tracks) return;
    const wanted = this.musicAudible && this.scene !== 'off' ? this.scene : null;
    if (wanted === this.playingScene) return;
    this.music ??= new MusicPlayer(this.synth, this.musicBus, this.theme);
    this.music.play(wanted ? this.tracks[wanted] : null);
    this.playingScene = wanted;
    this.onMusic?.(wanted);
  }

  private applyLevels(smoothing = 0.05): void {
    const ctx = this.context;
    if (!ctx) return;
    const at = ctx.currentTime;
    for (const [bus, kind] of [
      [this.effectsBus, 'effects'],
      [this.musicBus, 'music'],
    ] as const) {
      if (!bus) continue;
      if (smoothing === 0) bus.gain.value = busGain(this.levels, kind);
      else bus.gain.setTargetAtTime(busGain(this.levels, kind), at, smoothing);
    }
    this.followScene();
  }
}
