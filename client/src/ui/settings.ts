// The settings screen: sound (music and effects volumes, mute), spin speed, space-to-spin, the intro
// screen and the side the controls sit on. Each control writes the player's settings at once
// (`apply`, which stores them through prefs.ts and sets them on the game); only what the market
// allows is offered (no turbo where it is banned, no space-to-spin where spacebar play is).
import '../styles/settings.css';
import { type MessageKey, t } from '../i18n/i18n.ts';
import type { Prefs, Speed } from '../logic/prefs.ts';
import { h } from './dom.ts';
import { showModal } from './modal.ts';

export interface SettingsOptions {
  prefs: Prefs;
  /** The speeds the market allows, slowest first ('normal' alone: no speed choice is shown). */
  speeds: readonly Speed[];
  /** The market allows the space bar to spin. */
  spaceAllowed: boolean;
  /** Stores and applies a change; answers the settings as they now are. */
  apply(change: Partial<Prefs>): Prefs;
}

const SPEED_NAMES: Record<Speed, MessageKey> = {
  normal: 'speed.normal',
  turbo: 'speed.turbo',
  super: 'speed.super',
};

/** The speeds a market allows: normal, then turbo, then super turbo (`count` of them, 1 to 3). */
export function allowedSpeeds(count: number): Speed[] {
  return (['normal', 'turbo', 'super'] as const).slice(0, Math.max(1, Math.min(3, count)));
}

/** The player's speed where the market allows it, else the fastest it allows. */
export function clampSpeed(speed: Speed, allowed: readonly Speed[]): Speed {
  return allowed.includes(speed) ? speed : (allowed[allowed.length - 1] ?? 'normal');
}

/** The gear button that opens the settings (placed in the HUD's menu by the game). */
export function settingsButton(): HTMLButtonElement {
  const label = t('settings.open');
  return h(
    'button',
    {
      type: 'button',
      class: 'round settings-gear',
      'aria-label': label,
      title: label,
      'aria-haspopup': 'dialog',
      'data-testid': 'settings-open',
    },
    h('span', { class: 'gear-icon', 'aria-hidden': 'true' }),
  );
}

/** Spin and bet on the left: mirrors the control bar (CSS in settings.css) on every layout. */
export function applyHandedness(root: HTMLElement, leftHanded: boolean): void {
  root.classList.toggle('left-handed', leftHanded);
}

function volumeControl(id: string, label: string, value: number, onInput: (v: number) => void) {
  const percent = Math.round(value * 100);
  const shown = h('output', { for: id, class: 'setting-value' }, `${percent}%`);
  const input = h('input', {
    type: 'range',
    id,
    min: 0,
    max: 100,
    step: 5,
    value: percent,
    'aria-valuetext': `${percent}%`,
    'data-testid': id,
  });
  input.addEventListener('input', () => {
    const text = `${input.value}%`;
    shown.textContent = text;
    input.setAttribute('aria-valuetext', text);
    onInput(Number(input.value) / 100);
  });
  return h('div', { class: 'setting range' }, h('label', { for: id }, label), input, shown);
}

function switchControl(id: string, label: string, checked: boolean, onChange: (on: boolean) => void) {
  const input = h('input', { type: 'checkbox', id, role: 'switch', checked, 'data-testid': id });
  input.addEventListener('change', () => onChange(input.checked));
  return h('div', { class: 'setting switch' }, input, h('label', { for: id }, label));
}

/** Opens the settings screen; resolves when it closes. */
export function openSettings(options: SettingsOptions): Promise<void> {
  return new Promise((resolve) => {
    let prefs = options.prefs;
    const apply = (change: Partial<Prefs>) => {
      prefs = options.apply(change);
    };
    const sound = h(
      'fieldset',
      {},
      h('legend', {}, t('settings.sound')),
      volumeControl('set-music', t('settings.music'), prefs.music, (music) => apply({ music })),
      volumeControl('set-effects', t('settings.effects'), prefs.effects, (effects) => apply({ effects })),
      switchControl('set-muted', t('settings.mute'), prefs.muted, (muted) => apply({ muted })),
    );
    const speed =
      options.speeds.length > 1
        ? h(
            'fieldset',
            { class: 'speeds' },
            h('legend', {}, t('settings.speed')),
            ...options.speeds.map((value) => {
              const id = `set-speed-${value}`;
              const input = h('input', {
                type: 'radio',
                name: 'set-speed',
                id,
                value,
                checked: clampSpeed(prefs.speed, options.speeds) === value,
                'data-testid': id,
              });
              input.addEventListener('change', () => {
                if (input.checked) apply({ speed: value });
              });
              return h(
                'div',
                { class: 'setting choice' },
                input,
                h('label', { for: id }, t(SPEED_NAMES[value])),
              );
            }),
          )
        : null;
    const play = h(
      'fieldset',
      {},
      h('legend', {}, t('settings.play')),
      options.spaceAllowed
        ? switchControl('set-space', t('settings.space'), prefs.spaceToSpin, (spaceToSpin) =>
            apply({ spaceToSpin }),
          )
        : null,
      switchControl('set-intro', t('settings.intro'), prefs.intro, (intro) => apply({ intro })),
      switchControl('set-left', t('settings.left_handed'), prefs.leftHanded, (leftHanded) =>
        apply({ leftHanded }),
      ),
    );
    const dialog = h(
      'dialog',
      { class: 'sheet narrow settings', 'aria-labelledby': 'settings-title', 'data-testid': 'settings' },
      h('h2', { id: 'settings-title' }, t('settings.title')),
      sound,
      speed,
      play,
      h(
        'div',
        { class: 'dialog-actions' },
        h('button', { type: 'button', class: 'primary', onclick: () => dialog.close() }, t('settings.done')),
      ),
    );
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve();
    });
    showModal(dialog);
  });
}
