// The reel frame each game is drawn in, as SVG made here in code: forged iron with embers, carved
// sandstone with brass, neon on glass, ship's timber and rope, jade in red lacquer, a copper cabinet
// with bulbs. It lies over the reels' canvas as a ring around the grid (pointer-events none), placed
// from the grid's rectangle the reels publish on the stage (`data-grid`), so the reels' code does not
// change for it. Its glow colour is a CSS variable: the free-spins scene retints it (skins.css).
import type { FrameKind } from './identity.ts';

export interface Grid {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The ring around a grid of `rows` rows: its width and the gap the reels leave around their cells. */
export function ringOf(grid: Grid, rows: number): { ring: number; gap: number } {
  // The layout's own proportions (logic/layout.ts): cells, gaps of 0.08 cell, a frame of 0.21 cell.
  const cell = grid.height / (rows + (rows - 1) * 0.08);
  return { ring: Math.max(8, Math.round(cell * 0.2)), gap: Math.max(2, Math.round(cell * 0.08)) };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function roundRect(x: number, y: number, w: number, h: number, r: number): string {
  const q = Math.min(r, w / 2, h / 2);
  return `M${r1(x + q)},${r1(y)}H${r1(x + w - q)}A${r1(q)},${r1(q)} 0 0 1 ${r1(x + w)},${r1(y + q)}V${r1(y + h - q)}A${r1(q)},${r1(q)} 0 0 1 ${r1(x + w - q)},${r1(y + h)}H${r1(x + q)}A${r1(q)},${r1(q)} 0 0 1 ${r1(x)},${r1(y + h - q)}V${r1(y + q)}A${r1(q)},${r1(q)} 0 0 1 ${r1(x + q)},${r1(y)}Z`;
}

/** Points spaced about `step` apart along the middle of the band, corners included. */
function alongBand(W: number, H: number, inset: number, step: number): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  const side = (x0: number, y0: number, x1: number, y1: number) => {
    const length = Math.hypot(x1 - x0, y1 - y0);
    const n = Math.max(1, Math.round(length / step));
    for (let i = 0; i < n; i++) points.push([x0 + ((x1 - x0) * i) / n, y0 + ((y1 - y0) * i) / n]);
  };
  const a = inset;
  side(a, a, W - a, a);
  side(W - a, a, W - a, H - a);
  side(W - a, H - a, a, H - a);
  side(a, H - a, a, a);
  return points;
}

interface Geometry {
  W: number;
  H: number;
  /** Band thickness, from the outer edge to the opening. */
  t: number;
  /** The band as one even-odd path, and the opening's outline. */
  band: string;
  opening: string;
}

function geometry(grid: Grid, ring: number, gap: number, outerRadius: number): Geometry {
  const W = grid.width + 2 * ring;
  const H = grid.height + 2 * ring;
  const t = ring - gap / 2;
  const opening = roundRect(t, t, W - 2 * t, H - 2 * t, gap);
  return { W, H, t, band: `${roundRect(0, 0, W, H, outerRadius)}${opening}`, opening };
}

const glow = 'class="glow"';
const glowFill = 'class="glow-fill"';

type Drawing = (g: Geometry) => string;

const DRAWINGS: Record<FrameKind, Drawing> = {
  'forged-iron': ({ W, H, t, band, opening }) => {
    const rivets = alongBand(W, H, t / 2, Math.max(28, t * 2.4))
      .map(([x, y]) => `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(t * 0.14)}" fill="url(#rf-rivet)"/>`)
      .join('');
    const embers = [0.18, 0.34, 0.52, 0.67, 0.83]
      .map(
        (f, i) =>
          `<circle class="ember e${i % 3} glow-fill" cx="${r1(W * f)}" cy="${r1(H - t * (0.3 + (i % 2) * 0.35))}" r="${r1(t * 0.09)}"/>`,
      )
      .join('');
    const c = W / 2;
    const crown = `<path d="M${r1(c - t * 1.6)},${r1(t * 0.9)}L${r1(c - t * 1.8)},${r1(-t * 0.4)}L${r1(c - t * 0.8)},${r1(t * 0.2)}L${r1(c)},${r1(-t * 0.8)}L${r1(c + t * 0.8)},${r1(t * 0.2)}L${r1(c + t * 1.8)},${r1(-t * 0.4)}L${r1(c + t * 1.6)},${r1(t * 0.9)}Z" fill="url(#rf-iron)" stroke="#0c0a0a" stroke-width="1.5"/><path d="M${r1(c - t * 1.45)},${r1(t * 0.6)}H${r1(c + t * 1.45)}" stroke-width="2" ${glow} opacity="0.9"/>`;
    return `<defs><linearGradient id="rf-iron" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6a6264"/><stop offset="0.45" stop-color="#2c2628"/><stop offset="1" stop-color="#171213"/></linearGradient><linearGradient id="rf-heat" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#ff5a1a" stop-opacity="0"/><stop offset="1" stop-color="#ff5a1a" stop-opacity="0.55"/></linearGradient><radialGradient id="rf-rivet" cx="0.35" cy="0.3"><stop offset="0" stop-color="#d9d2d0"/><stop offset="0.5" stop-color="#6e6668"/><stop offset="1" stop-color="#1a1617"/></radialGradient></defs>
<path d="${band}" fill="url(#rf-iron)" fill-rule="evenodd" stroke="#0c0a0a" stroke-width="2"/>
<path d="${band}" fill="url(#rf-heat)" fill-rule="evenodd"/>
<path d="${opening}" fill="none" stroke-width="${r1(Math.max(3, t * 0.22))}" ${glow} opacity="0.35"/>
<path d="${opening}" fill="none" stroke-width="1.5" ${glow}/>${rivets}${embers}${crown}`;
  },

  sandstone: ({ W, H, t, band, opening }) => {
    const carvings = alongBand(W, H, t * 0.42, Math.max(22, t * 1.5))
      .map(
        ([x, y]) =>
          `<path d="M${r1(x)},${r1(y - t * 0.2)}L${r1(x + t * 0.2)},${r1(y)}L${r1(x)},${r1(y + t * 0.2)}L${r1(x - t * 0.2)},${r1(y)}Z" fill="#7a5326" opacity="0.55"/>`,
      )
      .join('');
    const c = W / 2;
    const arch = `<path d="M${r1(c - t * 1.9)},${r1(t)}C${r1(c - t * 1.9)},${r1(-t * 0.2)} ${r1(c - t * 0.5)},${r1(-t * 0.3)} ${r1(c)},${r1(-t * 1.1)}C${r1(c + t * 0.5)},${r1(-t * 0.3)} ${r1(c + t * 1.9)},${r1(-t * 0.2)} ${r1(c + t * 1.9)},${r1(t)}Z" fill="url(#rf-sand)" stroke="url(#rf-brass)" stroke-width="${r1(Math.max(2, t * 0.14))}"/><circle cx="${r1(c)}" cy="${r1(t * 0.2)}" r="${r1(t * 0.32)}" ${glowFill}/><circle cx="${r1(c)}" cy="${r1(t * 0.2)}" r="${r1(t * 0.6)}" ${glowFill} opacity="0.3"/>`;
    return `<defs><linearGradient id="rf-sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f0d29a"/><stop offset="0.5" stop-color="#c99a5a"/><stop offset="1" stop-color="#8e6230"/></linearGradient><linearGradient id="rf-brass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff1b0"/><stop offset="0.5" stop-color="#d4a23c"/><stop offset="1" stop-color="#7a5212"/></linearGradient></defs>
<path d="${band}" fill="url(#rf-sand)" fill-rule="evenodd" stroke="#4a2c0c" stroke-width="2"/>${carvings}
<path d="${opening}" fill="none" stroke="url(#rf-brass)" stroke-width="${r1(Math.max(2.5, t * 0.2))}"/>
<path d="${opening}" fill="none" stroke-width="1" ${glow} opacity="0.8"/>${arch}`;
  },

  'neon-glass': ({ W, H, t, band, opening }) => {
    const outer = roundRect(t * 0.25, t * 0.25, W - t * 0.5, H - t * 0.5, t * 0.9);
    const tube = (d: string, style: string) =>
      `<path d="${d}" fill="none" stroke-width="${r1(Math.max(5, t * 0.45))}" ${style} opacity="0.25"/><path d="${d}" fill="none" stroke-width="${r1(Math.max(2, t * 0.14))}" ${style}/><path d="${d}" fill="none" stroke="#fff" stroke-width="1" opacity="0.8"/>`;
    const c = W / 2;
    const planet = `<ellipse cx="${r1(c)}" cy="${r1(t * 0.35)}" rx="${r1(t * 1.7)}" ry="${r1(t * 0.45)}" fill="none" stroke="#b06bff" stroke-width="2"/><circle cx="${r1(c)}" cy="${r1(t * 0.35)}" r="${r1(t * 0.6)}" fill="url(#rf-planet)"/>`;
    return `<defs><linearGradient id="rf-glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a1a6a" stop-opacity="0.9"/><stop offset="0.5" stop-color="#0d0830" stop-opacity="0.85"/><stop offset="1" stop-color="#241060" stop-opacity="0.9"/></linearGradient><radialGradient id="rf-planet" cx="0.35" cy="0.3"><stop offset="0" stop-color="#e8fff0"/><stop offset="0.5" stop-color="#7cf29c"/><stop offset="1" stop-color="#1a5a5a"/></radialGradient></defs>
<path d="${band}" fill="url(#rf-glass)" fill-rule="evenodd"/>${tube(outer, 'stroke="#b06bff"')}${tube(opening, glow)}${planet}`;
  },

  'ship-timber': ({ W, H, t, band, opening }) => {
    const seams: string[] = [];
    const plank = Math.max(60, t * 5);
    for (let x = plank; x < W - t; x += plank)
      seams.push(`M${r1(x)},0V${r1(t)}M${r1(x + plank / 2)},${r1(H - t)}V${r1(H)}`);
    for (let y = plank; y < H - t; y += plank)
      seams.push(`M0,${r1(y)}H${r1(t)}M${r1(W - t)},${r1(y)}H${r1(W)}`);
    const rope = roundRect(t * 0.2, t * 0.2, W - t * 0.4, H - t * 0.4, t * 0.8);
    const lay = r1(Math.max(3, t * 0.16));
    const bolts = [
      [t / 2, t / 2],
      [W - t / 2, t / 2],
      [t / 2, H - t / 2],
      [W - t / 2, H - t / 2],
    ]
      .map(
        ([x, y]) =>
          `<circle cx="${r1(x ?? 0)}" cy="${r1(y ?? 0)}" r="${r1(t * 0.2)}" fill="url(#rf-brass2)" stroke="#3a2408"/>`,
      )
      .join('');
    const c = W / 2;
    const rw = t * 0.95;
    const spokes = Array.from({ length: 8 }, (_, i) => {
      const a = (i * Math.PI) / 4;
      return `M${r1(c + Math.cos(a) * rw * 0.3)},${r1(t * 0.3 + Math.sin(a) * rw * 0.3)}L${r1(c + Math.cos(a) * rw * 1.25)},${r1(t * 0.3 + Math.sin(a) * rw * 1.25)}`;
    }).join('');
    const wheel = `<path d="${spokes}" stroke="#6b4423" stroke-width="${r1(Math.max(2, t * 0.16))}" stroke-linecap="round"/><circle cx="${r1(c)}" cy="${r1(t * 0.3)}" r="${r1(rw)}" fill="none" stroke="url(#rf-wood)" stroke-width="${r1(Math.max(3, t * 0.24))}"/><circle cx="${r1(c)}" cy="${r1(t * 0.3)}" r="${r1(rw * 0.3)}" fill="url(#rf-brass2)"/>`;
    return `<defs><linearGradient id="rf-wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9a6a3c"/><stop offset="0.5" stop-color="#6b4423"/><stop offset="1" stop-color="#4a2c14"/></linearGradient><radialGradient id="rf-brass2" cx="0.35" cy="0.3"><stop offset="0" stop-color="#fff1b8"/><stop offset="0.5" stop-color="#c9a063"/><stop offset="1" stop-color="#6a4a1a"/></radialGradient></defs>
<path d="${band}" fill="url(#rf-wood)" fill-rule="evenodd" stroke="#2a190c" stroke-width="2"/>
<path d="${seams.join('')}" stroke="#2a190c" stroke-width="1.5" opacity="0.7"/>
<path d="${rope}" fill="none" stroke="#d9b77a" stroke-width="${lay}"/><path d="${rope}" fill="none" stroke="#7a5a2a" stroke-width="${lay}" stroke-dasharray="${r1(lay * 0.5)} ${r1(lay * 0.9)}"/>
<path d="${opening}" fill="none" stroke="#c9a063" stroke-width="${r1(Math.max(2, t * 0.12))}"/><path d="${opening}" fill="none" stroke-width="1" ${glow}/>${bolts}${wheel}`;
  },

  'jade-lacquer': ({ W, H, t, band, opening }) => {
    const goldLine = roundRect(t * 0.22, t * 0.22, W - t * 0.44, H - t * 0.44, t * 0.3);
    const scroll = (x: number, y: number, sx: number, sy: number) =>
      `<path d="M${r1(x)},${r1(y + sy * t * 1.4)}V${r1(y + sy * t * 0.5)}A${r1(t * 0.5)},${r1(t * 0.5)} 0 1 ${sx * sy > 0 ? 1 : 0} ${r1(x + sx * t * 0.5)},${r1(y)}H${r1(x + sx * t * 1.4)}" fill="none" stroke="#ffd98a" stroke-width="${r1(Math.max(1.5, t * 0.1))}"/><circle cx="${r1(x + sx * t * 0.45)}" cy="${r1(y + sy * t * 0.45)}" r="${r1(t * 0.16)}" fill="#ffd98a"/>`;
    const a = t * 0.55;
    const c = W / 2;
    const disc = `<circle cx="${r1(c)}" cy="${r1(t * 0.3)}" r="${r1(t * 0.85)}" fill="url(#rf-jade)" stroke="#ffd98a" stroke-width="${r1(Math.max(1.5, t * 0.1))}"/><circle cx="${r1(c)}" cy="${r1(t * 0.3)}" r="${r1(t * 0.3)}" fill="#4a0709" stroke="#ffd98a"/>`;
    return `<defs><linearGradient id="rf-lacquer" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b3161b"/><stop offset="0.55" stop-color="#7a0d10"/><stop offset="1" stop-color="#4a0709"/></linearGradient><linearGradient id="rf-jade" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c8ffe0"/><stop offset="0.45" stop-color="#3fbf80"/><stop offset="1" stop-color="#0c5236"/></linearGradient></defs>
<path d="${band}" fill="url(#rf-lacquer)" fill-rule="evenodd" stroke="#2a0305" stroke-width="2"/>
<path d="${goldLine}" fill="none" stroke="#e0b64f" stroke-width="1.5"/>
<path d="${opening}" fill="none" stroke="url(#rf-jade)" stroke-width="${r1(Math.max(3, t * 0.34))}"/><path d="${opening}" fill="none" stroke-width="1" ${glow}/>
${scroll(a, a, 1, 1)}${scroll(W - a, a, -1, 1)}${scroll(a, H - a, 1, -1)}${scroll(W - a, H - a, -1, -1)}${disc}`;
  },

  'copper-bulbs': ({ W, H, t, band, opening }) => {
    const bulbs = alongBand(W, H, t / 2, Math.max(18, t * 1.5))
      .map(
        ([x, y], i) =>
          `<circle class="bulb b${i % 2}" cx="${r1(x)}" cy="${r1(y)}" r="${r1(Math.max(2.5, t * 0.2))}" fill="url(#rf-bulb)"/>`,
      )
      .join('');
    return `<defs><linearGradient id="rf-copper" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f0a066"/><stop offset="0.35" stop-color="#b8581e"/><stop offset="0.7" stop-color="#7a3410"/><stop offset="1" stop-color="#c8682e"/></linearGradient><radialGradient id="rf-bulb" cx="0.4" cy="0.35"><stop offset="0" stop-color="#fff"/><stop offset="0.45" stop-color="#ffe9a8"/><stop offset="1" stop-color="#e08a2a"/></radialGradient></defs>
<path d="${band}" fill="url(#rf-copper)" fill-rule="evenodd" stroke="#2b1005" stroke-width="2"/>
<path d="${roundRect(t * 0.12, t * 0.12, W - t * 0.24, H - t * 0.24, t * 0.9)}" fill="none" stroke="#ffd2a0" stroke-width="1" opacity="0.7"/>
<path d="${opening}" fill="none" stroke="#ffd2a0" stroke-width="${r1(Math.max(2, t * 0.12))}"/><path d="${opening}" fill="none" stroke-width="1" ${glow}/>${bulbs}`;
  },
};

const RADII: Record<FrameKind, number> = {
  'forged-iron': 0.25,
  sandstone: 0.6,
  'neon-glass': 1,
  'ship-timber': 0.4,
  'jade-lacquer': 0.15,
  'copper-bulbs': 1.1,
};

/** The frame's SVG for a grid rectangle (in CSS pixels of the stage). */
export function frameSvg(kind: FrameKind, grid: Grid, rows: number): { svg: string; ring: number } {
  const { ring, gap } = ringOf(grid, rows);
  const g = geometry(grid, ring, gap, ring * RADII[kind]);
  const body = DRAWINGS[kind](g);
  return {
    ring,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${r1(g.W)}" height="${r1(g.H)}" viewBox="0 0 ${r1(g.W)} ${r1(g.H)}" overflow="visible" data-frame="${kind}">${body}</svg>`,
  };
}

/** Reads the stage's `data-grid` ("x,y,width,height"). */
export function parseGrid(text: string | undefined): Grid | null {
  const parts = (text ?? '').split(',').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [x = 0, y = 0, width = 0, height = 0] = parts;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/**
 * Puts the game's frame around the reels and keeps it there: redrawn whenever the reels publish a
 * new grid rectangle (a resize, a turned phone). Returns the frame's element.
 */
export function mountFrame(stage: HTMLElement, kind: FrameKind, rows: number): HTMLElement {
  const frame = document.createElement('div');
  frame.className = 'reel-frame';
  frame.dataset.testid = 'reel-frame';
  frame.dataset.frame = kind;
  frame.setAttribute('aria-hidden', 'true');
  // Inside the stage, so the ring follows the reels when a line of notes sits above them.
  stage.append(frame);
  let drawn = '';
  const draw = () => {
    const text = stage.dataset.grid;
    const grid = parseGrid(text);
    if (!grid || text === drawn) return;
    drawn = text ?? '';
    const { svg, ring } = frameSvg(kind, grid, rows);
    // The grid is in the stage's coordinates, and the frame is inside the stage (its offset parent):
    // adding the stage's own offset put the ring a line too low whenever a line sat above the reels.
    frame.style.left = `${grid.x - ring}px`;
    frame.style.top = `${grid.y - ring}px`;
    frame.style.width = `${grid.width + 2 * ring}px`;
    frame.style.height = `${grid.height + 2 * ring}px`;
    // Our own constant drawing from numbers: no player or operator text in it.
    frame.innerHTML = svg;
  };
  new MutationObserver(draw).observe(stage, { attributes: true, attributeFilter: ['data-grid'] });
  draw();
  return frame;
}
