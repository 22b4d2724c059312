// Which icon a symbol gets: a keyword match on its name (then its code), first rule wins, so the
// more specific names come first ("Jade Bell" before "Bell", "Ember Queen" before "Queen").
// Symbols no rule knows get the generic cut gem in their own colour. Pure: no Pixi here, so the
// unit test can check every game's symbols without a renderer.

export const ICON_RULES = [
  // Ember Crown
  [/cinder|coal/i, 'cinder'],
  [/flint/i, 'flint'],
  [/torch/i, 'torch'],
  [/brazier/i, 'brazier'],
  [/feather/i, 'feather'],
  [/opal/i, 'opal'],
  [/salamander|lizard/i, 'salamander'],
  [/ember queen|fire queen/i, 'ember-queen'],
  [/ember wild|flame|blaze/i, 'flame'],
  // Lantern of the Dunes
  [/jug|amphora|vase/i, 'jug'],
  [/rug|carpet/i, 'rug'],
  [/spice|sack/i, 'sack'],
  [/teapot|kettle/i, 'teapot'],
  [/camel/i, 'camel'],
  [/falcon|hawk/i, 'falcon'],
  [/queen/i, 'nomad-queen'],
  [/mirage|oasis/i, 'mirage'],
  [/lantern|lamp/i, 'lantern'],
  // Orbit Orchard
  [/berry/i, 'star-berry'],
  [/grape/i, 'moon-grape'],
  [/nebula/i, 'nebula-plum'],
  [/pear/i, 'sun-pear'],
  [/apple/i, 'ringed-apple'],
  [/peach/i, 'orbit-peach'],
  [/melon/i, 'crystal-melon'],
  [/pod/i, 'golden-pod'],
  [/planet/i, 'planet'],
  [/comet|meteor/i, 'comet'],
  // Harbor Haul
  [/rope/i, 'rope'],
  [/\bnet\b/i, 'net'],
  [/buoy/i, 'buoy'],
  [/compass/i, 'compass'],
  [/lighthouse/i, 'lighthouse'],
  [/steamer|ship|boat/i, 'steamer'],
  [/tide|wave/i, 'tide'],
  [/crate|cargo/i, 'crate'],
  [/harbou?r ?master|captain/i, 'harbormaster'],
  // Jade Paths
  [/bamboo/i, 'bamboo'],
  [/lotus/i, 'lotus-leaf'],
  [/koi|carp/i, 'koi'],
  [/jade bell/i, 'jade-bell'],
  [/crane/i, 'crane'],
  [/tiger/i, 'tiger'],
  [/pagoda/i, 'pagoda'],
  [/jade wild|jade coin|dragon/i, 'jade-coin'],
  [/gate/i, 'gate'],
  // Copper Sevens and other classics
  [/cherr/i, 'cherry'],
  [/lemon/i, 'lemon'],
  [/plum/i, 'plum'],
  [/bell/i, 'bell'],
  [/\bbar\b/i, 'bar'],
  [/seven|\b7\b/i, 'seven'],
  [/coin/i, 'coin'],
  [/crown/i, 'crown'],
] as const satisfies ReadonlyArray<readonly [RegExp, string]>;

export type IconName = (typeof ICON_RULES)[number][1] | 'gem';

export const FALLBACK_ICON = 'gem' as const;

export function iconNameFor(symbol: { name: string; code: string }): IconName {
  for (const field of [symbol.name, symbol.code]) {
    for (const [pattern, icon] of ICON_RULES) if (pattern.test(field)) return icon;
  }
  return FALLBACK_ICON;
}

/** The word a special symbol wears on its banner; empty for paying symbols and value carriers. */
export function badgeFor(kind: string): string {
  switch (kind) {
    case 'wild':
      return 'WILD';
    case 'scatter':
      return 'FREE SPINS';
    case 'bonus':
      return 'BONUS';
    case 'collector':
      return 'COLLECT';
    default:
      return '';
  }
}
