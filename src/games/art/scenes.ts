// The drawn parts of each game's key art, as SVG fragments: a background scene in a 1200 × 1200 box
// (cropped to the artwork's shape, so what matters sits near the middle) and a hero in a 200 × 200
// box, taken from the game's own symbols (the crown scatter, the lantern, the ringed planet, the
// lighthouse, the jade coin, the copper seven). Pure strings: no I/O, no randomness but a seeded one.

export interface Scene {
  /** Gradient and filter definitions, ids prefixed with the theme's name. */
  defs: string;
  /** The background, drawn in 0…1200 on both axes. */
  background: string;
  /** The hero, drawn in 0…200 on both axes. */
  hero: string;
  /** Lettering colours, top to bottom, and the outline. */
  letters: { top: string; bottom: string; outline: string };
}

/** A small seeded generator (mulberry32), so every rendering of a game is the same picture. */
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

const r1 = (x: number) => Math.round(x * 10) / 10;

function dots(
  count: number,
  seed: number,
  fill: string,
  area: [number, number, number, number],
  size: [number, number],
): string {
  const random = seeded(seed);
  const [x0, y0, x1, y1] = area;
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = r1(x0 + random() * (x1 - x0));
    const y = r1(y0 + random() * (y1 - y0));
    const r = r1(size[0] + random() * (size[1] - size[0]));
    const o = r1(0.35 + random() * 0.65);
    out += `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" fill-opacity="${o}"/>`;
  }
  return out;
}

function linear(id: string, stops: string[], vertical = true): string {
  const [x2, y2] = vertical ? ['0', '1'] : ['1', '0'];
  const s = stops
    .map((c, i) => `<stop offset="${r1(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`)
    .join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

function radial(id: string, inner: string, outer: string, innerOpacity = 1, outerOpacity = 1): string {
  return `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${inner}" stop-opacity="${innerOpacity}"/><stop offset="1" stop-color="${outer}" stop-opacity="${outerOpacity}"/></radialGradient>`;
}

/** A flame tongue: base centre (x, y), width w, height h. */
function flame(x: number, y: number, w: number, h: number, fill: string): string {
  const l = r1(x - w / 2);
  const r = r1(x + w / 2);
  return `<path d="M${l} ${y} C${l} ${r1(y - h * 0.45)} ${r1(x - w * 0.1)} ${r1(y - h * 0.6)} ${x} ${r1(y - h)} C${r1(x + w * 0.15)} ${r1(y - h * 0.62)} ${r} ${r1(y - h * 0.42)} ${r} ${y} Z" fill="${fill}"/>`;
}

const ember: Scene = {
  defs: [
    radial('em-sky', '#7a1d0c', '#120403'),
    linear('em-fire', ['#fff3b0', '#ffb02e', '#ff5a12', '#b3170a']),
    linear('em-gold', ['#fff1a8', '#ffc83a', '#c97a10', '#7a3e05']),
    linear('em-band', ['#ffd45a', '#a85a08']),
    radial('em-ruby', '#ff8a80', '#9c0d0d'),
    radial('em-halo', '#ffb347', '#ff5a12', 0.75, 0),
  ].join(''),
  background: [
    '<rect width="1200" height="1200" fill="url(#em-sky)"/>',
    '<g opacity="0.9">',
    ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) =>
      flame(i * 110 + 40, 1210, 170, 260 + ((i * 97) % 5) * 60, 'url(#em-fire)'),
    ),
    '</g>',
    '<g opacity="0.55">',
    ...[0, 1, 2, 3, 4, 5, 6].map((i) => flame(i * 190 + 60, 1215, 120, 480 + ((i * 53) % 4) * 70, '#ff7a1a')),
    '</g>',
    dots(70, 11, '#ffcf6b', [0, 100, 1200, 1000], [2, 7]),
  ].join(''),
  hero: [
    '<circle cx="100" cy="104" r="96" fill="url(#em-halo)"/>',
    flame(100, 150, 120, 140, 'url(#em-fire)'),
    flame(64, 148, 60, 90, '#ff7a1a'),
    flame(136, 148, 60, 90, '#ff7a1a'),
    '<path d="M28 150 L34 72 L66 110 L100 48 L134 110 L166 72 L172 150 Z" fill="url(#em-gold)" stroke="#4a1c02" stroke-width="4" stroke-linejoin="round"/>',
    '<path d="M44 96 L66 122 L100 66 L134 122 L156 96" fill="none" stroke="#fff6c8" stroke-width="3" stroke-opacity="0.6" stroke-linejoin="round"/>',
    '<rect x="24" y="140" width="152" height="30" rx="8" fill="url(#em-band)" stroke="#4a1c02" stroke-width="4"/>',
    '<circle cx="100" cy="155" r="10" fill="url(#em-ruby)" stroke="#4a1c02" stroke-width="2"/>',
    '<circle cx="62" cy="155" r="7" fill="url(#em-ruby)" stroke="#4a1c02" stroke-width="2"/>',
    '<circle cx="138" cy="155" r="7" fill="url(#em-ruby)" stroke="#4a1c02" stroke-width="2"/>',
    '<circle cx="34" cy="70" r="7" fill="#fff3c4" stroke="#4a1c02" stroke-width="2.5"/>',
    '<circle cx="100" cy="45" r="8" fill="#fff3c4" stroke="#4a1c02" stroke-width="2.5"/>',
    '<circle cx="166" cy="70" r="7" fill="#fff3c4" stroke="#4a1c02" stroke-width="2.5"/>',
    '<path d="M96 28 l4 -10 l4 10 l10 4 l-10 4 l-4 10 l-4 -10 l-10 -4 z" fill="#fffbe6"/>',
  ].join(''),
  letters: { top: '#fff4c2', bottom: '#ff9a2e', outline: '#3a0803' },
};

const dune: Scene = {
  defs: [
    linear('du-sky', ['#0d1033', '#3a1d4a', '#c0602a', '#f2b45a']),
    linear('du-sand1', ['#d99a4a', '#8a4f1c']),
    linear('du-sand2', ['#b9752f', '#5c3110']),
    linear('du-sand3', ['#7a4518', '#2a1406']),
    linear('du-brass', ['#fff0b0', '#f2c14e', '#b07515', '#5c3a06']),
    radial('du-glow', '#fff6cf', '#ffb347', 1, 0),
    radial('du-flame', '#ffffff', '#ffb02e'),
  ].join(''),
  background: [
    '<rect width="1200" height="1200" fill="url(#du-sky)"/>',
    dots(90, 22, '#fff8e0', [0, 0, 1200, 560], [1, 3.2]),
    '<circle cx="880" cy="260" r="70" fill="#fff3d6"/><circle cx="905" cy="245" r="62" fill="#1a1440" fill-opacity="0.92"/>',
    '<path d="M0 760 C220 640 420 700 620 760 C820 820 1000 700 1200 720 L1200 1200 L0 1200 Z" fill="url(#du-sand1)"/>',
    '<path d="M0 880 C260 780 520 900 760 860 C960 826 1080 800 1200 840 L1200 1200 L0 1200 Z" fill="url(#du-sand2)"/>',
    '<path d="M0 1010 C300 930 640 1040 900 990 C1040 965 1120 960 1200 980 L1200 1200 L0 1200 Z" fill="url(#du-sand3)"/>',
  ].join(''),
  hero: [
    '<circle cx="100" cy="112" r="92" fill="url(#du-glow)" fill-opacity="0.8"/>',
    '<path d="M100 6 C92 6 88 12 88 18 L112 18 C112 12 108 6 100 6 Z" fill="url(#du-brass)" stroke="#3b2403" stroke-width="3"/>',
    '<path d="M60 48 C62 28 80 18 100 18 C120 18 138 28 140 48 Z" fill="url(#du-brass)" stroke="#3b2403" stroke-width="4" stroke-linejoin="round"/>',
    '<rect x="54" y="46" width="92" height="12" rx="5" fill="url(#du-brass)" stroke="#3b2403" stroke-width="4"/>',
    '<path d="M62 58 L138 58 L146 150 L54 150 Z" fill="#3a2205" stroke="#3b2403" stroke-width="4" stroke-linejoin="round"/>',
    '<path d="M70 66 L130 66 L136 142 L64 142 Z" fill="#ffcf5c" fill-opacity="0.9"/>',
    '<ellipse cx="100" cy="112" rx="22" ry="30" fill="url(#du-flame)"/>',
    '<path d="M100 84 C92 100 90 112 100 128 C110 112 108 100 100 84 Z" fill="#fff8dc"/>',
    '<path d="M100 58 L100 150 M62 104 L138 104" stroke="url(#du-brass)" stroke-width="5"/>',
    '<path d="M54 150 L146 150 L136 172 L64 172 Z" fill="url(#du-brass)" stroke="#3b2403" stroke-width="4" stroke-linejoin="round"/>',
    '<rect x="74" y="172" width="52" height="14" rx="5" fill="url(#du-brass)" stroke="#3b2403" stroke-width="4"/>',
    dots(10, 5, '#fff3c4', [30, 30, 170, 190], [1.5, 3]),
  ].join(''),
  letters: { top: '#fff7d6', bottom: '#f2b23a', outline: '#2a1402' },
};

const orbit: Scene = {
  defs: [
    radial('or-sky', '#2b1a6b', '#05031a'),
    radial('or-neb1', '#7cf29c', '#7cf29c', 0.35, 0),
    radial('or-neb2', '#c86bff', '#c86bff', 0.4, 0),
    radial('or-apple', '#ff9e9e', '#b3122e'),
    radial('or-far', '#8fd3ff', '#1d3b8a'),
    linear('or-ring', ['#fff3b0', '#7cf29c', '#2f8f6a'], false),
    linear('or-leaf', ['#b6ff9e', '#2f9a4a']),
    radial('or-berry', '#d9b3ff', '#5b2a9c'),
  ].join(''),
  background: [
    '<rect width="1200" height="1200" fill="url(#or-sky)"/>',
    '<ellipse cx="300" cy="380" rx="420" ry="260" fill="url(#or-neb2)"/>',
    '<ellipse cx="900" cy="820" rx="460" ry="300" fill="url(#or-neb1)"/>',
    dots(160, 33, '#ffffff', [0, 0, 1200, 1200], [0.8, 3]),
    '<circle cx="1010" cy="200" r="70" fill="url(#or-far)"/>',
    '<ellipse cx="1010" cy="200" rx="120" ry="22" fill="none" stroke="#bfe6ff" stroke-opacity="0.6" stroke-width="6"/>',
    '<circle cx="170" cy="980" r="40" fill="#ffcf6b" fill-opacity="0.85"/>',
  ].join(''),
  hero: [
    '<path d="M20 128 A82 24 0 0 1 180 100" fill="none" stroke="url(#or-ring)" stroke-width="10" stroke-linecap="round" opacity="0.85"/>',
    '<circle cx="100" cy="110" r="60" fill="url(#or-apple)" stroke="#4a0614" stroke-width="4"/>',
    '<path d="M70 82 C78 70 92 66 104 70" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="7" stroke-linecap="round"/>',
    '<path d="M100 52 C98 40 100 30 106 22" fill="none" stroke="#5a3310" stroke-width="6" stroke-linecap="round"/>',
    '<path d="M106 34 C120 20 142 22 150 30 C138 44 118 46 106 34 Z" fill="url(#or-leaf)" stroke="#1f5a2a" stroke-width="3"/>',
    '<path d="M20 128 A82 24 0 0 0 180 100" fill="none" stroke="url(#or-ring)" stroke-width="10" stroke-linecap="round"/>',
    '<circle cx="30" cy="60" r="13" fill="url(#or-berry)" stroke="#2a0f4a" stroke-width="2.5"/>',
    '<circle cx="172" cy="160" r="11" fill="#ffcf6b" stroke="#5a3a06" stroke-width="2.5"/>',
    '<path d="M160 48 l3 -9 l3 9 l9 3 l-9 3 l-3 9 l-3 -9 l-9 -3 z" fill="#ffffff"/>',
  ].join(''),
  letters: { top: '#f4fff6', bottom: '#7cf29c', outline: '#120a33' },
};

const harbor: Scene = {
  defs: [
    linear('ha-sky', ['#0b1f3a', '#1e4f72', '#f29a5a', '#ffd18a']),
    linear('ha-sea', ['#0f5b7a', '#052333']),
    linear('ha-beam', ['#fff6c8', '#fff6c8'], false),
    linear('ha-red', ['#ff6b5a', '#a3160c'], false),
    linear('ha-white', ['#ffffff', '#b8cfd8'], false),
    radial('ha-lamp', '#ffffff', '#ffd24a', 1, 0),
    linear('ha-wood', ['#d9a05b', '#7a4a1c']),
  ].join(''),
  background: [
    '<rect width="1200" height="1200" fill="url(#ha-sky)"/>',
    '<circle cx="300" cy="690" r="110" fill="#ffd18a" fill-opacity="0.8"/>',
    '<path d="M0 720 L180 650 L330 700 L520 640 L700 720 Z" fill="#143247"/>',
    '<rect y="720" width="1200" height="480" fill="url(#ha-sea)"/>',
    ...[0, 1, 2, 3, 4, 5, 6].map(
      (i) =>
        `<path d="M${-60 + ((i * 137) % 200)} ${780 + i * 62} q40 -18 80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0" fill="none" stroke="#bdf2ff" stroke-opacity="${r1(0.18 + i * 0.05)}" stroke-width="5"/>`,
    ),
  ].join(''),
  hero: [
    '<path d="M104 44 L200 10 L200 80 Z" fill="url(#ha-beam)" fill-opacity="0.55"/>',
    '<path d="M96 44 L0 14 L0 74 Z" fill="url(#ha-beam)" fill-opacity="0.35"/>',
    '<circle cx="100" cy="44" r="34" fill="url(#ha-lamp)"/>',
    '<path d="M82 28 L100 12 L118 28 Z" fill="#a3160c" stroke="#2a0a06" stroke-width="3" stroke-linejoin="round"/>',
    '<rect x="84" y="28" width="32" height="26" rx="3" fill="#fff6c8" stroke="#2a0a06" stroke-width="3"/>',
    '<rect x="78" y="54" width="44" height="8" rx="2" fill="#2a3a44" stroke="#0a1418" stroke-width="2"/>',
    '<path d="M84 62 L116 62 L126 176 L74 176 Z" fill="url(#ha-white)" stroke="#0a1418" stroke-width="3.5" stroke-linejoin="round"/>',
    '<path d="M85.5 78 L114.5 78 L117 106 L83 106 Z" fill="url(#ha-red)"/>',
    '<path d="M81.7 122 L118.3 122 L121 150 L79 150 Z" fill="url(#ha-red)"/>',
    '<rect x="94" y="156" width="12" height="20" rx="2" fill="#2a3a44"/>',
    '<path d="M30 176 C60 168 140 168 170 176 L178 192 L22 192 Z" fill="#3a4a55" stroke="#0a1418" stroke-width="3"/>',
    '<rect x="128" y="150" width="40" height="30" rx="3" fill="url(#ha-wood)" stroke="#3a1f08" stroke-width="3"/>',
    '<path d="M128 165 L168 165 M148 150 L148 180" stroke="#3a1f08" stroke-width="2.5"/>',
    '<rect x="136" y="158" width="24" height="14" rx="3" fill="#ffe08a" stroke="#3a1f08" stroke-width="2"/>',
  ].join(''),
  letters: { top: '#f2feff', bottom: '#4fd1e8', outline: '#041a26' },
};

const jade: Scene = {
  defs: [
    linear('ja-sky', ['#eaf7e0', '#7fc9a0', '#1d6b4a', '#06281d']),
    linear('ja-m1', ['#3f8f6a', '#1d5a40']),
    linear('ja-m2', ['#2a6e50', '#0e3a28']),
    radial('ja-coin', '#b9ffd9', '#12805a'),
    linear('ja-rim', ['#f4e3a0', '#b58a2a']),
    linear('ja-petal', ['#ffe3ef', '#ff8fb8']),
    linear('ja-bamboo', ['#8fdc7a', '#3a8a3a'], false),
  ].join(''),
  background: [
    '<rect width="1200" height="1200" fill="url(#ja-sky)"/>',
    '<circle cx="600" cy="360" r="150" fill="#fff8e8" fill-opacity="0.7"/>',
    '<path d="M0 720 L160 470 L300 640 L470 400 L640 660 L800 450 L980 650 L1120 500 L1200 580 L1200 1200 L0 1200 Z" fill="url(#ja-m1)" fill-opacity="0.8"/>',
    '<rect y="660" width="1200" height="120" fill="#eaf7e0" fill-opacity="0.25"/>',
    '<path d="M0 880 L220 690 L420 860 L610 720 L820 900 L1020 740 L1200 860 L1200 1200 L0 1200 Z" fill="url(#ja-m2)"/>',
    ...[40, 110, 1080, 1150].map(
      (x, i) =>
        `<rect x="${x}" y="${120 + i * 30}" width="34" height="1100" fill="url(#ja-bamboo)"/>` +
        [0, 1, 2, 3, 4]
          .map(
            (k) =>
              `<rect x="${x - 3}" y="${260 + k * 190 + i * 30}" width="40" height="8" rx="3" fill="#2a6a2a"/>`,
          )
          .join(''),
    ),
  ].join(''),
  hero: [
    '<circle cx="100" cy="96" r="84" fill="url(#ja-rim)" stroke="#4a3608" stroke-width="4"/>',
    '<circle cx="100" cy="96" r="72" fill="url(#ja-coin)" stroke="#0a4a32" stroke-width="3"/>',
    '<circle cx="100" cy="96" r="58" fill="none" stroke="#0a4a32" stroke-width="2.5" stroke-dasharray="6 5"/>',
    '<rect x="80" y="76" width="40" height="40" rx="3" fill="#06281d" stroke="#f4e3a0" stroke-width="4"/>',
    '<path d="M56 60 C70 46 88 40 104 40" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6" stroke-linecap="round"/>',
    '<path d="M100 196 C70 196 44 184 36 168 C58 160 80 166 100 178 C120 166 142 160 164 168 C156 184 130 196 100 196 Z" fill="#2f9a6a" stroke="#0a3a26" stroke-width="3"/>',
    '<path d="M100 182 C84 170 78 150 88 132 C96 146 100 160 100 182 Z" fill="url(#ja-petal)" stroke="#a8406a" stroke-width="2.5"/>',
    '<path d="M100 182 C116 170 122 150 112 132 C104 146 100 160 100 182 Z" fill="url(#ja-petal)" stroke="#a8406a" stroke-width="2.5"/>',
    '<path d="M100 184 C88 178 68 172 60 152 C78 152 92 164 100 184 Z" fill="url(#ja-petal)" stroke="#a8406a" stroke-width="2.5"/>',
    '<path d="M100 184 C112 178 132 172 140 152 C122 152 108 164 100 184 Z" fill="url(#ja-petal)" stroke="#a8406a" stroke-width="2.5"/>',
    '<path d="M100 182 C94 166 94 146 100 126 C106 146 106 166 100 182 Z" fill="#fff0f6" stroke="#a8406a" stroke-width="2.5"/>',
  ].join(''),
  letters: { top: '#f4fff9', bottom: '#3ddc97', outline: '#032016' },
};

const copper: Scene = {
  defs: [
    radial('co-sky', '#7a3e14', '#1a0b03'),
    linear('co-seven', ['#ffe2b8', '#e8944a', '#a04e14', '#5a2606']),
    radial('co-cherry', '#ff8a8a', '#a30d1a'),
    linear('co-frame', ['#f2b27a', '#8a4a1a']),
  ].join(''),
  background: [
    '<rect width="1200" height="1200" fill="url(#co-sky)"/>',
    '<g opacity="0.22">',
    ...Array.from({ length: 24 }, (_, i) => {
      const a = (i / 24) * Math.PI * 2;
      const b = a + Math.PI / 48;
      const p = (t: number, r: number) => `${r1(600 + Math.cos(t) * r)} ${r1(600 + Math.sin(t) * r)}`;
      return `<path d="M600 600 L${p(a, 1000)} L${p(b, 1000)} Z" fill="#ffcf9a"/>`;
    }),
    '</g>',
    '<rect x="40" y="40" width="1120" height="1120" rx="40" fill="none" stroke="url(#co-frame)" stroke-width="14" stroke-opacity="0.7"/>',
    '<rect x="70" y="70" width="1060" height="1060" rx="30" fill="none" stroke="#d9823b" stroke-width="4" stroke-opacity="0.5" stroke-dasharray="2 16" stroke-linecap="round"/>',
    dots(40, 66, '#ffd9a8', [80, 80, 1120, 1120], [2, 5]),
  ].join(''),
  hero: [
    '<circle cx="100" cy="100" r="90" fill="#ffcf9a" fill-opacity="0.12"/>',
    '<path d="M40 30 L160 30 L160 58 C128 90 108 130 100 184 L62 184 C70 132 92 92 118 62 L40 62 Z" fill="url(#co-seven)" stroke="#3a1604" stroke-width="6" stroke-linejoin="round"/>',
    '<path d="M48 38 L152 38" stroke="#fff3e0" stroke-opacity="0.7" stroke-width="4" stroke-linecap="round"/>',
    '<path d="M150 132 C146 116 148 104 160 94 M150 132 C162 122 172 118 184 120" fill="none" stroke="#2f6a1a" stroke-width="4" stroke-linecap="round"/>',
    '<path d="M160 94 C170 86 182 88 188 94 C178 102 168 100 160 94 Z" fill="#4aa03a" stroke="#1f4a12" stroke-width="2"/>',
    '<circle cx="148" cy="150" r="18" fill="url(#co-cherry)" stroke="#4a0606" stroke-width="3"/>',
    '<circle cx="182" cy="138" r="16" fill="url(#co-cherry)" stroke="#4a0606" stroke-width="3"/>',
    '<circle cx="142" cy="143" r="5" fill="#ffffff" fill-opacity="0.7"/>',
    '<circle cx="177" cy="132" r="4.5" fill="#ffffff" fill-opacity="0.7"/>',
  ].join(''),
  letters: { top: '#fff1e2', bottom: '#e8944a', outline: '#2a0f02' },
};

const SCENES: Record<string, Scene> = {
  'ember-crown': ember,
  'dune-lantern': dune,
  'orbit-orchard': orbit,
  'harbor-haul': harbor,
  'jade-paths': jade,
  'copper-sevens': copper,
};

/** A game's scene by slug; a game without one gets a cut gem over its own palette. */
export function sceneFor(
  slug: string | undefined,
  palette: { background: string; accent: string; text: string },
): Scene {
  const known = slug !== undefined ? SCENES[slug] : undefined;
  if (known) return known;
  return {
    defs: [
      radial('ge-sky', palette.accent, palette.background, 0.35, 1),
      linear('ge-gem', ['#ffffff', palette.accent, palette.background]),
    ].join(''),
    background: `<rect width="1200" height="1200" fill="${palette.background}"/><rect width="1200" height="1200" fill="url(#ge-sky)"/>${dots(60, 7, '#ffffff', [0, 0, 1200, 1200], [1, 3])}`,
    hero: '<path d="M100 20 L170 80 L100 184 L30 80 Z" fill="url(#ge-gem)" stroke="#000000" stroke-opacity="0.5" stroke-width="4" stroke-linejoin="round"/><path d="M30 80 L170 80 M100 20 L70 80 L100 184 L130 80 Z" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>',
    letters: { top: '#ffffff', bottom: palette.accent, outline: '#000000' },
  };
}
