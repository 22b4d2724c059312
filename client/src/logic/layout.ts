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
  /** Top-left of the grid inside the stage, and its size. */
  x: number;
  y: number;
  gridWidth: number;
  gridHeight: number;
}

export function orientationOf(width: number, height: number): Orientation {
  return height > width ? 'portrait' : 'landscape';
}

export function computeLayout(input: LayoutInput): Layout {
  const { width, height, device, reels, rows } = input;
  const orientation = orientationOf(width, height);
  // Phones keep a thinner margin: the reels are the game there.
  const pad = Math.round(Math.min(width, height) * (device === 'mobile' ? 0.01 : 0.05));
  const gapRatio = 0.08;
  // The frame drawn around the grid (two gaps and its stroke) must fit inside the stage too.
  const frameRatio = 2 * gapRatio + 0.05;
  const fitW = (width - 2 * pad) / (reels + (reels - 1) * gapRatio + 2 * frameRatio);
  const fitH = (height - 2 * pad) / (rows + (rows - 1) * gapRatio + 2 * frameRatio);
  const cell = Math.max(16, Math.floor(Math.min(fitW, fitH, device === 'mobile' ? 140 : 180)));
  const gap = Math.max(2, Math.round(cell * gapRatio));
  const gridWidth = reels * cell + (reels - 1) * gap;
  const gridHeight = rows * cell + (rows - 1) * gap;
  return {
    orientation,
    cell,
    gap,
    x: Math.round((width - gridWidth) / 2),
    y: Math.round((height - gridHeight) / 2),
    gridWidth,
    gridHeight,
  };
}

/** Centre of a cell in stage coordinates. */
export function cellCentre(layout: Layout, reel: number, row: number): { x: number; y: number } {
  return {
    x: layout.x + reel * (layout.cell + layout.gap) + layout.cell / 2,
    y: layout.y + row * (layout.cell + layout.gap) + layout.cell / 2,
  };
}
