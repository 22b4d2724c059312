// Screen layout: portrait or landscape, and the reel grid's cell size and place inside the stage.
// Pure arithmetic, so both orientations of every device are testable without a browser.

export type Orientation = 'portrait' | 'landscape';

export interface LayoutInput {
  width: number;
  height: number;
  device: 'desktop' | 'mobile';
  reels: number;
  rows: number;
}

export interface Layout {
  orientation: Orientation;
  /** Side of one square cell in CSS pixels. */
  cell: number;
  gap: number;
  /** How far the frame drawn around the grid reaches outside the cells (its stroke centred on it). */
  frame: number;
  /** Width of the frame's stroke. */
  stroke: number;
  /** Top-left of the grid inside the stage, and its size. */
  x: number;
  y: number;
  gridWidth: number;
  gridHeight: number;
}

export function orientationOf(width: number, height: number): Orientation {
  return height > width ? 'portrait' : 'landscape';
}

/** The ring a game's frame draws around the grid (identity/frame.ts), in cells; at least 8 px. */
export const FRAME_RATIO = 0.2;

/** Proportions of the grid in cells: phones keep thin gaps and a thin margin, the reels are the game. */
function proportions(device: LayoutInput['device']) {
  const phone = device === 'mobile';
  const gapRatio = phone ? 0.05 : 0.08;
  const frameRatio = FRAME_RATIO;
  const strokeRatio = gapRatio * 0.6;
  return {
    gapRatio,
    frameRatio,
    strokeRatio,
    // The frame and the half of its stroke outside it, on one side, in cells.
    outside: frameRatio + strokeRatio / 2 + 0.01,
    margin: (width: number, height: number) => Math.round(Math.min(width, height) * (phone ? 0.01 : 0.05)),
    maxCell: phone ? 140 : 180,
  };
}

export function computeLayout(input: LayoutInput): Layout {
  const { width, height, device, reels, rows } = input;
  const orientation = orientationOf(width, height);
  const p = proportions(device);
  const pad = p.margin(width, height);
  const fitW = (width - 2 * pad) / (reels + (reels - 1) * p.gapRatio + 2 * p.outside);
  const fitH = (height - 2 * pad) / (rows + (rows - 1) * p.gapRatio + 2 * p.outside);
  const cell = Math.max(16, Math.floor(Math.min(fitW, fitH, p.maxCell)));
  const gap = Math.max(2, Math.round(cell * p.gapRatio));
  const stroke = Math.max(2, cell * p.strokeRatio);
  const frame = Math.max(8, Math.round(cell * p.frameRatio));
  const gridWidth = reels * cell + (reels - 1) * gap;
  const gridHeight = rows * cell + (rows - 1) * gap;
  return {
    orientation,
    cell,
    gap,
    frame,
    stroke,
    x: Math.round((width - gridWidth) / 2),
    y: Math.round((height - gridHeight) / 2),
    gridWidth,
    gridHeight,
  };
}

/**
 * The least stage height at which the reels of a stage `width` wide are bounded by the width, not
 * the height: in portrait the stage is made this tall and the bands above and below go to the header
 * and the controls.
 */
export function heightForWidth(input: Omit<LayoutInput, 'height'>): number {
  const target = computeLayout({ ...input, height: input.width * 4 }).cell;
  // The least height that still gives the width-bound cell: a binary search over whole pixels.
  let low = 1;
  let high = input.width * 4;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (computeLayout({ ...input, height: mid }).cell >= target) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Centre of a cell in stage coordinates. */
export function cellCentre(layout: Layout, reel: number, row: number): { x: number; y: number } {
  return {
    x: layout.x + reel * (layout.cell + layout.gap) + layout.cell / 2,
    y: layout.y + row * (layout.cell + layout.gap) + layout.cell / 2,
  };
}
