// The game's table, built in order: the HUD (only the controls the market and the session's ladder
// allow), then the stage fitted to the reels, the backdrop, the frame, the renderer, the reels and
// the feature scene, and the logo's emblem drawn as on the reels.
import type { JurisdictionRules, Screen, SessionInfo } from '../api/types.ts';
import type { Sound } from '../audio/sound.ts';
import { type MessageKey, t } from '../i18n/i18n.ts';
import { mountFrame } from '../identity/frame.ts';
import { identityOf } from '../identity/identity.ts';
import type { Ladder } from '../logic/bet.ts';
import { mountBackdrop } from '../scene/backdrop.ts';
import { ReelsView } from '../scene/reels.ts';
import { createStage } from '../scene/stage.ts';
import type { Palette } from '../scene/symbols.ts';
import { FeatureScene } from '../ui/feature-scene.ts';
import { fitStageToReels } from '../ui/fit.ts';
import { Hud } from '../ui/hud.ts';
import { speedCount } from './controls.ts';

const BADGES: Record<string, MessageKey> = {
  wild: 'badge.wild',
  scatter: 'badge.scatter',
  bonus: 'badge.bonus',
  collector: 'badge.collector',
};

/** The HUD with the controls this session offers. */
export function createHud(options: {
  root: HTMLElement;
  title: string;
  device: 'desktop' | 'mobile';
  info: SessionInfo;
  market: JurisdictionRules;
  ladder: Ladder;
  muted: boolean;
}): Hud {
  const { info, market, ladder } = options;
  const returnUrl = info.session.return_url;
  return new Hud(options.root, {
    title: info.game.title || options.title,
    emblem: '',
    device: options.device,
    hasLobby: typeof returnUrl === 'string' && /^https?:\/\//i.test(returnUrl),
    // A mode the market bans is left out of the session's ladder (modes null) and named in its rules.
    hasSpecial: info.game.features.special_bet && market.ante_allowed && ladder.modeCoins.special !== null,
    hasBuy: info.game.features.buy_feature && market.feature_buy_allowed && ladder.modeCoins.buy !== null,
    muted: options.muted,
    autoplay: market.autoplay.allowed,
    speeds: speedCount(market),
    fullscreen: market.fullscreen_allowed && document.fullscreenEnabled === true,
    showSessionTime: market.show_session_time,
    showNetPosition: market.show_net_position,
  });
}

/** The stage under the HUD: backdrop, frame, renderer, reels and the feature scene. */
export async function mountTable(options: {
  root: HTMLElement;
  hud: Hud;
  info: SessionInfo;
  device: 'desktop' | 'mobile';
  palette: Palette;
  sound: Sound;
  progress: (percent: number) => void;
  /** A cell's value as the reels label it (a multiplier, a money symbol's worth). */
  labelOf: (reel: number, row: number, screen: Screen) => string;
}): Promise<{ reels: ReelsView; scene: FeatureScene }> {
  const { root, hud, info, device, palette, sound } = options;
  const rules = info.game.rules;
  fitStageToReels(hud.root, { device, reels: rules.reels, rows: rules.rows });
  root.dataset.jurisdiction = info.jurisdiction?.code ?? 'default';
  mountBackdrop(root, rules.slug, palette);
  const identity = identityOf(rules.slug);
  if (identity) mountFrame(hud.stage, identity.frame, rules.rows);
  hud.setState('loading');
  const stage = await createStage(hud.stage);
  root.dataset.renderer = stage.renderer;
  options.progress(85);
  const reels = new ReelsView({
    app: stage.app,
    rules,
    palette,
    device,
    labelOf: options.labelOf,
    badgeOf: (kind) => {
      const key = BADGES[kind];
      return key ? t(key) : '';
    },
  });
  reels.relayout();
  const scene = new FeatureScene({
    root,
    stage: hud.stage,
    slug: rules.slug,
    reels: rules.reels,
    rows: rules.rows,
    freeSpinsStrip: hud.root.querySelector('[data-testid="free-spins"]'),
    setMusic: (scene) => sound.setScene(scene),
  });
  // The logo's emblem: the game's scatter (else its wild, else its top symbol) as drawn on the reels.
  const hero =
    rules.symbols.find((s) => s.kind === 'scatter') ??
    rules.symbols.find((s) => s.kind === 'wild') ??
    rules.symbols[rules.symbols.length - 1];
  if (hero) hud.setEmblem(reels.art.iconUrl(hero.id, 64));
  return { reels, scene };
}
