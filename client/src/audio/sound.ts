// Sounds synthesised with WebAudio (no audio files): a whir for the spin, a knock per reel stop,
// rising notes for wins, a chord for features and a climbing figure under an anticipated reel. Silent
// until the player's first gesture. Effects and music each go through their own gain (the two
// volumes of the settings screen); mute silences both.

export type Cue = 'spin' | 'stop' | 'win' | 'big' | 'feature' | 'click' | 'error' | 'tension';
/** What the music plays: the base game's track, the feature's, or nothing. */
export type Scene = 'base' | 'feature' | 'off';

export interface SoundLevels {
  muted: boolean;
  /** 0 to 1. */
  music: number;
  /** 0 to 1. */
  effects: number;
}

export class Sound {
  private context: AudioContext | null = null;
  /** Every effect goes through this gain (the effects volume); music through `musicBus`. */
  private effectsBus: GainNode | null = null;
  private musicBus: GainNode | null = null;
  private levels: SoundLevels;
  /** The scene the game is in; its music starts once audio is unlocked. */
  scene: Scene = 'base';

  constructor(levels: SoundLevels) {
    this.levels = { ...levels };
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
    this.levels[kind] = Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
    this.applyLevels();
  }

  /** Switches the music to a scene's track (base game, feature) or silence. */
  setScene(scene: Scene): void {
    this.scene = scene;
  }

  /** Browsers allow audio only after a user gesture: call from a click handler. */
  unlock(): void {
    if (this.context || typeof AudioContext === 'undefined') return;
    try {
      const ctx = new AudioContext();
      this.effectsBus = ctx.createGain();
      this.effectsBus.connect(ctx.destination);
      this.musicBus = ctx.createGain();
      this.musicBus.connect(ctx.destination);
      this.context = ctx;
      this.applyLevels();
    } catch {
      this.context = null;
    }
  }

  private applyLevels(): void {
    const ctx = this.context;
    if (!ctx) return;
    const at = ctx.currentTime;
    const off = this.levels.muted;
    this.effectsBus?.gain.setTargetAtTime(off ? 0 : this.levels.effects, at, 0.02);
    this.musicBus?.gain.setTargetAtTime(off ? 0 : this.levels.music, at, 0.05);
  }

  play(cue: Cue): void {
    const ctx = this.context;
    if (this.muted || !ctx || this.levels.effects === 0) return;
    if (ctx.state === 'suspended') void ctx.resume();
    const now = ctx.currentTime;
    switch (cue) {
      case 'spin':
        this.noise(ctx, now, 0.35, 900);
        break;
      case 'stop':
        this.tone(ctx, now, 140, 0.08, 'triangle', 0.25);
        break;
      case 'click':
        this.tone(ctx, now, 660, 0.04, 'square', 0.06);
        break;
      case 'win':
        [523, 659, 784].forEach((f, i) => {
          this.tone(ctx, now + i * 0.08, f, 0.16, 'sine', 0.18);
        });
        break;
      case 'big':
        [523, 659, 784, 1047, 1319].forEach((f, i) => {
          this.tone(ctx, now + i * 0.1, f, 0.3, 'triangle', 0.2);
        });
        break;
      case 'feature':
        for (const f of [392, 494, 587, 784]) this.tone(ctx, now, f, 0.9, 'sine', 0.12);
        break;
      case 'tension':
        // A rising pair under a held reel: one more feature symbol may land.
        for (const [i, f] of [330, 392, 440, 523].entries())
          this.tone(ctx, now + i * 0.2, f, 0.3, 'triangle', 0.1);
        break;
      case 'error':
        this.tone(ctx, now, 220, 0.18, 'sawtooth', 0.08);
        this.tone(ctx, now + 0.18, 165, 0.25, 'sawtooth', 0.08);
        break;
    }
  }

  private tone(
    ctx: AudioContext,
    at: number,
    frequency: number,
    length: number,
    type: OscillatorType,
    level: number,
  ): void {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(level, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(gain).connect(this.effectsBus ?? ctx.destination);
    osc.start(at);
    osc.stop(at + length + 0.02);
  }

  private noise(ctx: AudioContext, at: number, length: number, cutoff: number): void {
    const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.setValueAtTime(cutoff, at);
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.12, at);
    source
      .connect(filter)
      .connect(gain)
      .connect(this.effectsBus ?? ctx.destination);
    source.start(at);
  }
}
