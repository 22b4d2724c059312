// The player's controls: the HUD's buttons, Space to spin, the stage tapped to stop the reels, and
// the settings (gear, sound, speed, handedness) stored per device and applied to the game at once.
import type { JurisdictionRules } from '../api/types.ts';
import type { Sound } from '../audio/sound.ts';
import { t } from '../i18n/i18n.ts';
import { type BetChoice, type Ladder, type Mode, stepBet, totalBet } from '../logic/bet.ts';
import { type Prefs, updatePrefs } from '../logic/prefs.ts';
import { motion } from '../scene/tween.ts';
import { chooseTotalBet } from '../ui/bet-panel.ts';
import type { Hud } from '../ui/hud.ts';
import { allowedSpeeds, applyHandedness, clampSpeed, openSettings, settingsButton } from '../ui/settings.ts';

/** Elements that handle Space themselves; anywhere else on the page Space spins. */
const OWN_SPACE = 'button, input, select, textarea, a[href], [contenteditable="true"]';

/** Speeds the market allows: 1 (normal only), 2 (turbo) or 3 (super turbo). */
export function speedCount(market: JurisdictionRules): number {
  return market.turbo_allowed ? (market.super_turbo_allowed ? 3 : 2) : 1;
}

/** What the controls ask of the game. */
export interface ControlActions {
  /** Spin, or stop the reels while they may be stopped early. */
  spin(): void;
  /** The stage was tapped: stops the reels while they may be stopped early. */
  tapStage(): void;
  toggleAutoplay(): void;
  changeBet(next: BetChoice): void;
  toggleSpecial(): void;
  buy(): void;
  paytable(): void;
  history(): void;
  lobby(): void;
}

export interface ControlsDeps {
  hud: Hud;
  sound: Sound;
  market: JurisdictionRules;
  ladder: Ladder;
  prefs: Prefs;
  bet(): BetChoice;
  mode(): Mode;
  money(minor: bigint): string;
  actions: ControlActions;
}

export class GameControls {
  private readonly deps: ControlsDeps;
  /** The player's settings on this device (sound, speed, space-to-spin, intro, handedness). */
  prefs: Prefs;

  constructor(deps: ControlsDeps) {
    this.deps = deps;
    this.prefs = deps.prefs;
  }

  /** Stores a change of the player's settings without applying it (the intro's "do not show again"). */
  remember(change: Partial<Prefs>): void {
    this.prefs = updatePrefs(this.prefs, change);
  }

  /** Every button, Space and the stage, once the reels are there to answer them. */
  wire(): void {
    const { hud, sound, market, ladder, actions } = this.deps;
    const click = (button: HTMLButtonElement | null, action: () => void) =>
      button?.addEventListener('click', () => {
        sound.unlock();
        sound.play('click');
        action();
      });
    click(hud.spin, () => actions.spin());
    click(hud.auto, () => actions.toggleAutoplay());
    click(hud.speed, () => {
      motion.speed = hud.nextSpeed();
      const speeds = allowedSpeeds(speedCount(market));
      this.remember({ speed: speeds[hud.speedIndexNow()] ?? 'normal' });
    });
    click(hud.fullscreen, () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
      else void document.documentElement.requestFullscreen().catch(() => {});
    });
    document.addEventListener('fullscreenchange', () =>
      hud.fullscreen?.setAttribute('aria-pressed', String(document.fullscreenElement !== null)),
    );
    // Any first gesture starts the audio (a dialog's button as much as the Spin button).
    for (const gesture of ['pointerdown', 'keydown'] as const)
      document.addEventListener(gesture, () => sound.unlock(), { capture: true });
    hud.stage.addEventListener('pointerdown', () => actions.tapStage());
    click(hud.betUp, () => actions.changeBet(stepBet(ladder, this.deps.bet(), 1)));
    click(hud.betDown, () => actions.changeBet(stepBet(ladder, this.deps.bet(), -1)));
    click(hud.betSettings, async () => {
      const chosen = await chooseTotalBet(ladder, this.deps.bet(), (b) =>
        this.deps.money(totalBet(ladder, b, this.deps.mode())),
      );
      if (chosen) actions.changeBet(chosen);
    });
    click(hud.special, () => actions.toggleSpecial());
    click(hud.buy, () => actions.buy());
    click(hud.paytable, () => actions.paytable());
    click(hud.history, () => actions.history());
    click(hud.lobby, () => actions.lobby());
    hud.mute.addEventListener('click', () => {
      sound.muted = !sound.muted;
      hud.setMuted(sound.muted);
      this.remember({ muted: sound.muted });
    });
    document.addEventListener('keydown', (event) => {
      if (event.code !== 'Space' || event.repeat || document.querySelector('dialog[open]')) return;
      // Where the market bans spacebar play, Space does nothing in the game (nor stops the reels).
      if (!market.spacebar_allowed || !this.prefs.spaceToSpin) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(OWN_SPACE)) return; // a focused button answers Space itself
      event.preventDefault();
      if (!hud.spin.disabled) hud.spin.click();
    });
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
    motion.reduced = reduce.matches;
    reduce.addEventListener('change', () => (motion.reduced = reduce.matches));
  }

  /** The gear in the menu, and the stored settings applied to the game as it opens. */
  mountSettings(): void {
    const { hud, sound, market } = this.deps;
    const gear = settingsButton();
    hud.root.querySelector('nav.menu')?.append(gear);
    gear.addEventListener('click', () => {
      sound.unlock();
      sound.play('click');
      void openSettings({
        prefs: this.prefs,
        speeds: allowedSpeeds(speedCount(market)),
        spaceAllowed: market.spacebar_allowed,
        apply: (change) => this.apply(change),
      });
    });
    this.apply({});
  }

  /** Stores a change of the player's settings and sets them all on the game at once. */
  private apply(change: Partial<Prefs>): Prefs {
    const { hud, sound, market } = this.deps;
    this.prefs = updatePrefs(this.prefs, change);
    sound.setVolume('music', this.prefs.music);
    sound.setVolume('effects', this.prefs.effects);
    sound.muted = this.prefs.muted;
    hud.setMuted(this.prefs.muted);
    const speeds = allowedSpeeds(speedCount(market));
    motion.speed = hud.setSpeed(speeds.indexOf(clampSpeed(this.prefs.speed, speeds)));
    applyHandedness(hud.root, this.prefs.leftHanded);
    hud.setKeysHint(
      market.spacebar_allowed && this.prefs.spaceToSpin ? t('hud.keys') : t('hud.keys_no_space'),
    );
    return this.prefs;
  }
}
