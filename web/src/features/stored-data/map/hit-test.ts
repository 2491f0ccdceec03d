/** Points bucketed in square cells, so the point under the pointer is found among a few, not thousands. */
export interface PointGrid {
  cell: number;
  buckets: Map<string, number[]>;
  xs: ArrayLike<number>;
  ys: ArrayLike<number>;
}

const key = (cx: number, cy: number) => `${cx},${cy}`;

export function buildPointGrid(xs: ArrayLike<number>, ys: ArrayLike<number>, cell: number): PointGrid {
  const buckets = new Map<string, number[]>();
  for (let i = 0; i < xs.length; i++) {
    const k = key(Math.floor(xs[i]! / cell), Math.floor(ys[i]! / cell));
    const bucket = buckets.get(k);
    if (bucket) bucket.push(i);
    else buckets.set(k, [i]);
  }
  return { cell, buckets, xs, ys };
}

/** The index of the point nearest (x, y) within `radius` (galaxy units), or -1. */
export function nearestPoint(grid: PointGrid, x: number, y: number, radius: number): number {
  const { cell, buckets, xs, ys } = grid;
  let best = -1;
  let bestDistance = radius * radius;
  for (let cx = Math.floor((x - radius) / cell); cx <= Math.floor((x + radius) / cell); cx++) {
    for (let cy = Math.floor((y - radius) / cell); cy <= Math.floor((y + radius) / cell); cy++) {
      for (const i of buckets.get(key(cx, cy)) ?? []) {
        const d = (xs[i]! - x) ** 2 + (ys[i]! - y) ** 2;
        if (d <= bestDistance) {
          bestDistance = d;
          best = i;
        }
      }
    }
  }
  return best;
}
