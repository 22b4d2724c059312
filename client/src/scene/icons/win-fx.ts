// Which win animation a symbol plays: every high symbol (the top-paying ones, wilds, scatters and
// the other specials) has one drawn for what it is; low symbols share the pulse and glow. Pure: no
// Pixi here, so the unit test checks every game's symbols without a renderer.
import { type IconName, iconNameFor } from './resolve.ts';

export const WIN_FX = [
  'pulse', // the shared one: a pulse and a glow
  'flare', // rays turning behind, sparks flying up (crowns, golden treasures)
  'blaze', // flames leaping: stretching upward, embers rising
  'flicker', // a lamp's glow flickering, motes drifting up
  'swim', // swaying like a fish, bubbles rising
  'slither', // a lizard's wriggle through rising embers
  'swing', // swinging from the top like a bell
  'flash', // a white flash and a metal shine sweeping across
  'sweep', // a shine sweeping across, a firm pulse
  'orbit', // sparkles circling
  'streak', // a dash forward with a trail of sparks
  'wave', // rolling and spraying droplets
  'beam', // a beam of light turning
  'shimmer', // a portrait's sheen crossing and twinkles around
  'spin', // a coin turning on its edge
  'soar', // rising and gliding, feathers of light drifting
  'haze', // heat haze: breathing and shimmering
  'burst', // light bursting out of a gate
  'bob', // rocking on the waves, puffs of steam
  'pounce', // a leap forward with a shake
  'sparkle', // a gem's glints
] as const;

export type WinFx = (typeof WIN_FX)[number];

const BY_ICON: Record<IconName, WinFx> = {
  cinder: 'pulse',
  flint: 'pulse',
  torch: 'pulse',
  brazier: 'pulse',
  feather: 'soar',
  opal: 'sparkle',
  salamander: 'slither',
  'ember-queen': 'shimmer',
  flame: 'blaze',
  crown: 'flare',
  jug: 'pulse',
  rug: 'pulse',
  sack: 'pulse',
  teapot: 'pulse',
  camel: 'pulse',
  falcon: 'soar',
  'nomad-queen': 'shimmer',
  mirage: 'haze',
  lantern: 'flicker',
  'star-berry': 'pulse',
  'moon-grape': 'pulse',
  'nebula-plum': 'pulse',
  'sun-pear': 'pulse',
  'ringed-apple': 'pulse',
  'orbit-peach': 'pulse',
  'crystal-melon': 'sparkle',
  'golden-pod': 'flare',
  planet: 'orbit',
  comet: 'streak',
  rope: 'pulse',
  net: 'pulse',
  buoy: 'pulse',
  compass: 'pulse',
  lighthouse: 'beam',
  steamer: 'bob',
  tide: 'wave',
  crate: 'flash',
  harbormaster: 'shimmer',
  bamboo: 'pulse',
  'lotus-leaf': 'pulse',
  koi: 'swim',
  'jade-bell': 'swing',
  crane: 'soar',
  tiger: 'pounce',
  pagoda: 'flare',
  'jade-coin': 'spin',
  gate: 'burst',
  cherry: 'pulse',
  lemon: 'pulse',
  plum: 'pulse',
  bell: 'swing',
  bar: 'sweep',
  seven: 'flash',
  coin: 'spin',
  gem: 'sparkle',
};

export function winFxOf(icon: IconName): WinFx {
  return BY_ICON[icon];
}

/** A symbol's win animation, by its name (as the icon is chosen). */
export function winFxFor(symbol: { name: string; code: string }): WinFx {
  return BY_ICON[iconNameFor(symbol)];
}

/**
 * The symbols that get their own animation: every special one and the top two regular symbols
 * (a paytable lists regular symbols from the lowest paying to the highest).
 */
export function highSymbols<T extends { kind: string }>(symbols: readonly T[]): T[] {
  const regular = symbols.filter((s) => s.kind === 'regular');
  return [...regular.slice(-2), ...symbols.filter((s) => s.kind !== 'regular')];
}
