// The feature scene's own backdrop for each game, drawn here in SVG (our own drawings): Ember's
// night sky over a burning ridge, the Dunes at moonrise with lanterns adrift, Orbit's nebula, a storm
// over Harbor's lighthouse, Jade's moonlit lotus pond. Pure strings in a 1200 × 1200 box (cropped to
// the screen, so what matters sits near the middle); the motion (rain, lightning, twinkling) is CSS.

export interface FeatureArt {
  svg: string;
  /** The tint of the reel frame and counters in the feature (a CSS colour). */
  glow: string;
  /** A layer of motion the stylesheet animates: rain, twinkling stars, drifting lanterns. */
  motion: 'rain' | 'twinkle' | 'drift' | 'petals';
}

/** A small seeded generator (mulberry32): every drawing of a scene is the same picture. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r = (x: number) => Math.round(x);

function stars(count: number, seed: number, fill: string, maxY: number): string {
  const random = seeded(seed);
  let out = '';
  for (let i = 0; i < count; i++)
    out += `<circle cx="${r(random() * 1200)}" cy="${r(random() * maxY)}" r="${(0.8 + random() * 2.4).toFixed(1)}" fill="${fill}" fill-opacity="${(0.35 + random() * 0.65).toFixed(2)}"/>`;
  return out;
}

/** A silhouette of hills through the given heights, closed along the bottom. */
function ridge(heights: number[], fill: string, bottom = 1200): string {
  const step = 1200 / (heights.length - 1);
  const points = heights.map((y, i) => `${r(i * step)} ${y}`);
  return `<path d="M0 ${bottom} L${points.join(' L')} L1200 ${bottom} Z" fill="${fill}"/>`;
}

function gradient(id: string, stops: string[], vertical = true): string {
  const s = stops
    .map((c, i) => `<stop offset="${(i / (stops.length - 1)).toFixed(2)}" stop-color="${c}"/>`)
    .join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${s}</linearGradient>`;
}

function glow(id: string, colour: string, opacity = 0.8): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1200" preserveAspectRatio="xMidYMid slice" width="100%" height="100%"><defs>${defs}</defs>${body}</svg>`;
}

const ember: FeatureArt = {
  glow: '#ff6a2a',
  motion: 'twinkle',
  svg: svg(
    gradient('fe-sky', ['#05051a', '#1a0b35', '#5a1230', '#c2360f']) +
      glow('fe-moon', '#ffe6b0') +
      glow('fe-lava', '#ff7a1a', 0.9),
    [
      '<rect width="1200" height="1200" fill="url(#fe-sky)"/>',
      stars(140, 11, '#fff4dc', 700),
      '<circle cx="250" cy="420" r="150" fill="url(#fe-moon)"/>',
      '<path d="M250 350 A70 70 0 1 0 250 490 A58 58 0 1 1 250 350 Z" fill="#fff1cf"/>',
      '<ellipse cx="600" cy="1010" rx="760" ry="240" fill="url(#fe-lava)"/>',
      ridge([880, 820, 760, 800, 700, 640, 700, 760, 720, 800, 860, 900, 870], '#2a0608'),
      ridge([960, 930, 900, 940, 910, 880, 920, 960, 930, 950, 980, 990, 960], '#140304'),
      '<path d="M520 700 L560 600 L600 560 L640 600 L680 700 Z" fill="#2a0608"/>',
      '<path d="M560 600 L600 520 L640 600" fill="none" stroke="#ff9a3d" stroke-width="6" stroke-opacity="0.7"/>',
    ].join(''),
  ),
};

const dunes: FeatureArt = {
  glow: '#ffc94a',
  motion: 'drift',
  svg: svg(
    gradient('fd-sky', ['#030b24', '#14205a', '#4b2c6b', '#d2745a']) +
      glow('fd-moon', '#fff0c8', 0.9) +
      glow('fd-lamp', '#ffb43c', 0.95) +
      gradient('fd-sand', ['#5b3418', '#2a1407']),
    [
      '<rect width="1200" height="1200" fill="url(#fd-sky)"/>',
      stars(110, 23, '#fffbe8', 650),
      '<circle cx="600" cy="600" r="330" fill="url(#fd-moon)"/>',
      '<circle cx="600" cy="600" r="150" fill="#fff2cf" fill-opacity="0.92"/>',
      ...[
        [220, 380, 1],
        [380, 250, 0.8],
        [870, 330, 1.1],
        [1010, 480, 0.75],
        [720, 190, 0.6],
      ].map(
        ([x, y, s]) =>
          `<g transform="translate(${x} ${y}) scale(${s})"><circle r="70" fill="url(#fd-lamp)"/><path d="M-16 -22 Q0 -34 16 -22 L12 20 Q0 26 -12 20 Z" fill="#ffcf6a"/><rect x="-9" y="20" width="18" height="6" fill="#8a4a14"/></g>`,
      ),
      ridge([860, 800, 760, 790, 840, 820, 770, 740, 780, 830, 860, 820, 800], 'url(#fd-sand)'),
      ridge([980, 940, 900, 930, 980, 960, 920, 940, 990, 1000, 960, 930, 950], '#1c0c04'),
    ].join(''),
  ),
};

const orbit: FeatureArt = {
  glow: '#b07cff',
  motion: 'twinkle',
  svg: svg(
    `<radialGradient id="fo-space" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="#2a0f5e"/><stop offset="0.6" stop-color="#0b0626"/><stop offset="1" stop-color="#020109"/></radialGradient>` +
      glow('fo-neb1', '#ff4fd8', 0.45) +
      glow('fo-neb2', '#35e0ff', 0.4) +
      gradient('fo-planet', ['#ffd08a', '#e0609a', '#5a2a9c']) +
      glow('fo-halo', '#b07cff', 0.5),
    [
      '<rect width="1200" height="1200" fill="url(#fo-space)"/>',
      '<ellipse cx="380" cy="420" rx="520" ry="300" fill="url(#fo-neb1)" transform="rotate(-20 380 420)"/>',
      '<ellipse cx="860" cy="760" rx="520" ry="280" fill="url(#fo-neb2)" transform="rotate(25 860 760)"/>',
      stars(220, 37, '#ffffff', 1200),
      '<circle cx="930" cy="260" r="200" fill="url(#fo-halo)"/>',
      '<circle cx="930" cy="260" r="110" fill="url(#fo-planet)"/>',
      '<ellipse cx="930" cy="260" rx="190" ry="42" fill="none" stroke="#ffe2a8" stroke-width="10" stroke-opacity="0.75" transform="rotate(-18 930 260)"/>',
      '<circle cx="230" cy="930" r="60" fill="#3dd2c2" fill-opacity="0.8"/><circle cx="214" cy="912" r="22" fill="#b9fff6" fill-opacity="0.5"/>',
    ].join(''),
  ),
};

const harbor: FeatureArt = {
  glow: '#7fe7ff',
  motion: 'rain',
  svg: svg(
    gradient('fh-sky', ['#05070d', '#17202d', '#2c3b4d', '#0d1d2a']) +
      gradient('fh-sea', ['#0e3347', '#04121c']) +
      glow('fh-beam', '#fff6c0', 0.55) +
      glow('fh-cloud', '#3e4e63', 0.9),
    [
      '<rect width="1200" height="1200" fill="url(#fh-sky)"/>',
      ...[
        [200, 160, 380],
        [620, 110, 460],
        [1040, 190, 360],
        [400, 330, 420],
        [900, 360, 380],
      ].map(
        ([x, y, w]) =>
          `<ellipse cx="${x}" cy="${y}" rx="${w}" ry="${r((w as number) * 0.42)}" fill="url(#fh-cloud)"/>`,
      ),
      '<path class="fh-bolt" d="M700 200 L660 380 L720 380 L640 600 L760 340 L700 340 L750 200 Z" fill="#e9f6ff"/>',
      '<rect y="760" width="1200" height="440" fill="url(#fh-sea)"/>',
      '<path d="M0 790 Q100 740 200 790 T400 790 T600 790 T800 790 T1000 790 T1200 790 V860 H0 Z" fill="#14465e"/>',
      '<path d="M0 880 Q150 820 300 880 T600 880 T900 880 T1200 880 V960 H0 Z" fill="#0b3045" fill-opacity="0.9"/>',
      '<path d="M880 420 L1200 300 L1200 520 Z" fill="url(#fh-beam)"/>',
      '<path d="M850 800 L862 470 L898 470 L910 800 Z" fill="#1c2733"/>',
      '<path d="M862 560 H898 M866 640 H894 M870 720 H890" stroke="#b5323a" stroke-width="22"/>',
      '<rect x="856" y="430" width="48" height="44" fill="#ffe9a0"/><path d="M848 432 L880 398 L912 432 Z" fill="#1c2733"/>',
      '<path d="M780 800 H990 L1010 830 H760 Z" fill="#10161e"/>',
    ].join(''),
  ),
};

const jade: FeatureArt = {
  glow: '#5df0b4',
  motion: 'petals',
  svg: svg(
    gradient('fj-sky', ['#02130f', '#0a3a2e', '#1b5e4b', '#2d7a63']) +
      glow('fj-moon', '#f4ffe8', 0.85) +
      gradient('fj-water', ['#0d4a3c', '#031a14']) +
      glow('fj-lotus', '#ffb6d9', 0.8),
    [
      '<rect width="1200" height="1200" fill="url(#fj-sky)"/>',
      '<circle cx="600" cy="330" r="260" fill="url(#fj-moon)"/>',
      '<circle cx="600" cy="330" r="120" fill="#f3ffe9" fill-opacity="0.9"/>',
      ridge([620, 560, 500, 540, 600, 560, 520, 580, 640, 600, 560, 600, 650], '#0c3a2f', 760),
      ridge([700, 660, 640, 680, 700, 660, 690, 720, 700, 680, 700, 720, 740], '#06261e', 780),
      '<rect y="760" width="1200" height="440" fill="url(#fj-water)"/>',
      '<ellipse cx="600" cy="820" rx="110" ry="20" fill="#f3ffe9" fill-opacity="0.25"/>',
      ...[
        [230, 900, 1],
        [520, 1010, 1.2],
        [860, 930, 0.9],
        [1040, 1060, 1.1],
        [120, 1080, 0.8],
      ].map(
        ([x, y, s]) =>
          `<g transform="translate(${x} ${y}) scale(${s})"><ellipse rx="110" ry="30" fill="#1f7a4f"/><ellipse rx="80" ry="40" cy="-30" fill="url(#fj-lotus)"/><path d="M0 -70 Q20 -40 0 -20 Q-20 -40 0 -70 Z M-34 -54 Q-6 -40 -8 -18 Q-36 -30 -34 -54 Z M34 -54 Q6 -40 8 -18 Q36 -30 34 -54 Z" fill="#ffc7e0"/></g>`,
      ),
    ].join(''),
  ),
};

const ARTS: Record<string, FeatureArt> = {
  'ember-crown': ember,
  'dune-lantern': dunes,
  'orbit-orchard': orbit,
  'harbor-haul': harbor,
  'jade-paths': jade,
};

/** The feature backdrop of a game (a game without its own gets Orbit's neutral night sky). */
export function featureArtOf(slug: string): FeatureArt {
  return ARTS[slug] ?? orbit;
}
