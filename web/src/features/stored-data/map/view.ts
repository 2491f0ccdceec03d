/** The map's camera: the galaxy point at the canvas centre and how many CSS pixels one galaxy unit spans. */
export interface View {
  cx: number;
  cy: number;
  scale: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The smallest box around every point; null when there is none. */
export function boundsOf(xs: ArrayLike<number>, ys: ArrayLike<number>): Bounds | null {
  if (xs.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    minX = Math.min(minX, xs[i]!);
    maxX = Math.max(maxX, xs[i]!);
    minY = Math.min(minY, ys[i]!);
    maxY = Math.max(maxY, ys[i]!);
  }
  return { minX, minY, maxX, maxY };
}

/** The whole of `bounds` in view, `padding` pixels from every edge. */
export function fitView(bounds: Bounds, size: Size, padding = 24): View {
  const spanX = Math.max(bounds.maxX - bounds.minX, 1);
  const spanY = Math.max(bounds.maxY - bounds.minY, 1);
  const scale = Math.min((size.width - 2 * padding) / spanX, (size.height - 2 * padding) / spanY);
  return { cx: (bounds.minX + bounds.maxX) / 2, cy: (bounds.minY + bounds.maxY) / 2, scale: Math.max(scale, 1e-6) };
}

// Galaxy y grows northwards, up the screen; canvas y grows downwards.
export function toScreen(view: View, size: Size, x: number, y: number): Point {
  return { x: (x - view.cx) * view.scale + size.width / 2, y: size.height / 2 - (y - view.cy) * view.scale };
}

export function toWorld(view: View, size: Size, sx: number, sy: number): Point {
  return { x: (sx - size.width / 2) / view.scale + view.cx, y: (size.height / 2 - sy) / view.scale + view.cy };
}

/** How far in and out the map zooms, relative to the view that fits the whole galaxy. */
const ZOOM_OUT_LIMIT = 0.5;
export const ZOOM_IN_LIMIT = 80;

export function clampScale(scale: number, fitScale: number): number {
  return Math.min(Math.max(scale, fitScale * ZOOM_OUT_LIMIT), fitScale * ZOOM_IN_LIMIT);
}

/** Zooms by `factor` about the screen point (sx, sy): the galaxy point under it stays under it. */
export function zoomAt(view: View, size: Size, factor: number, sx: number, sy: number, fitScale: number): View {
  const anchor = toWorld(view, size, sx, sy);
  const scale = clampScale(view.scale * factor, fitScale);
  return {
    scale,
    cx: anchor.x - (sx - size.width / 2) / scale,
    cy: anchor.y - (size.height / 2 - sy) / scale,
  };
}

/** Moves the galaxy with a drag of (dx, dy) screen pixels. */
export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, cx: view.cx - dx / view.scale, cy: view.cy + dy / view.scale };
}

/** (x, y) at the centre, zoomed in to at least `minScale`. */
export function centreOn(view: View, x: number, y: number, minScale: number): View {
  return { cx: x, cy: y, scale: Math.max(view.scale, minScale) };
}
