import type { GalaxyMap } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { convexHull } from './convex-hull.ts';
import { findSystems } from './find-systems.ts';
import { buildPointGrid, nearestPoint } from './hit-test.ts';
import { declutterLabels } from './labels.ts';
import { buildGalaxyModel, describeHolding } from './model.ts';
import { centreOn, clampScale, fitView, panBy, toScreen, toWorld, zoomAt, ZOOM_IN_LIMIT } from './view.ts';

const size = { width: 400, height: 300 };
const close = (p: { x: number; y: number }, x: number, y: number) => {
  expect(p.x).toBeCloseTo(x, 9);
  expect(p.y).toBeCloseTo(y, 9);
};

describe('projection', () => {
  it('fits the galaxy in the canvas with north up, and maps screen points back to the same galaxy point', () => {
    const view = fitView({ minX: -100, minY: -50, maxX: 100, maxY: 50 }, size, 0);
    expect(view).toEqual({ cx: 0, cy: 0, scale: 2 });
    close(toScreen(view, size, -100, 50), 0, 50); // the north-west corner: left edge, above the middle
    close(toScreen(view, size, 100, -50), 400, 250);
    close(toWorld(view, size, 123, 45), ...([(123 - 200) / 2, (150 - 45) / 2] as const));
  });

  it('zooms about the pointer: the galaxy point under it stays under it, within the limits', () => {
    const view = { cx: 10, cy: -20, scale: 1 };
    const under = toWorld(view, size, 300, 80);
    const zoomed = zoomAt(view, size, 4, 300, 80, 1);
    expect(zoomed.scale).toBe(4);
    close(toScreen(zoomed, size, under.x, under.y), 300, 80);
    expect(zoomAt(view, size, 1_000, 0, 0, 1).scale).toBe(ZOOM_IN_LIMIT);
    expect(clampScale(0.01, 1)).toBe(0.5);
  });

  it('pans with the drag: the point under the pointer follows it', () => {
    const view = { cx: 0, cy: 0, scale: 3 };
    const grabbed = toWorld(view, size, 100, 100);
    close(toScreen(panBy(view, 40, -25), size, grabbed.x, grabbed.y), 140, 75);
  });

  it('centres on a system, zooming in to at least the given scale and never out', () => {
    const centred = centreOn({ cx: 0, cy: 0, scale: 1 }, 250, -75, 8);
    close(toScreen(centred, size, 250, -75), 200, 150);
    expect(centred.scale).toBe(8);
    expect(centreOn({ cx: 0, cy: 0, scale: 20 }, 1, 1, 8).scale).toBe(20);
  });
});

describe('hit-testing', () => {
  const xs = [0, 10, 10.5, 100, -40];
  const ys = [0, 10, 10.5, 100, 30];
  const grid = buildPointGrid(xs, ys, 5);

  it('finds the nearest point within the radius, across cells', () => {
    expect(nearestPoint(grid, 10.4, 10.4, 2)).toBe(2);
    expect(nearestPoint(grid, 9.9, 9.8, 2)).toBe(1);
    expect(nearestPoint(grid, -38, 28, 3)).toBe(4);
  });

  it('finds nothing farther than the radius', () => {
    expect(nearestPoint(grid, 50, 50, 5)).toBe(-1);
    expect(nearestPoint(grid, 3, 0, 2.9)).toBe(-1);
  });
});

describe('sector outlines', () => {
  it('is the convex hull of the points, inner and collinear points left out', () => {
    const hull = convexHull([
      [0, 0],
      [2, 0],
      [1, 0],
      [2, 2],
      [0, 2],
      [1, 1],
    ]);
    expect(hull).toEqual([
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ]);
  });
});

describe('the map model', () => {
  const answer: GalaxyMap = {
    sectors: [
      ['25:1', 'Core'],
      ['25:2', 'Rim'],
    ],
    systems: [
      ['9:1', 'Alpha', 0, 0, 0],
      ['9:2', 'Beta', 10, 0, 0],
      ['9:3', 'Gamma', 0, 10, 0],
      ['9:4', 'Delta', 100, 100, 1],
      ['9:5', 'Lost', 50, 50, -1],
    ],
    systemsPending: 3,
    entities: [
      ['2:1', 'Vengeance', 0, 0, 0],
      ['2:2', 'Spite', 0, 0, 0],
      ['4:1', 'Mine', 0, 0, 0],
      ['12:1', 'Crate', -5, -5, -1],
    ],
    entitiesUnplaced: 1,
  };
  const model = buildGalaxyModel(answer);

  it('outlines each sector around its systems: a hull for three or more, a box around one', () => {
    expect(model.outlines.map((o) => [o.name, o.points.length])).toEqual([
      ['Core', 3],
      ['Rim', 4],
    ]);
    expect(model.bounds).toEqual({ minX: 0, minY: 0, maxX: 100, maxY: 100 });
  });

  it("groups the faction's entities by system, and those with only coordinates by place", () => {
    expect(describeHolding(model.holdingAt.get(0)!)).toBe('3 entities: 2 ships, 1 facility');
    expect(model.holdings).toHaveLength(2);
    expect(model.holdings[1]).toMatchObject({ x: -5, y: -5, system: -1, names: ['Crate'] });
  });
});

describe('labels', () => {
  const label = (x: number, y: number, priority = 0, width = 60) => ({ x, y, width, height: 14, priority });

  it('draws a label only where it overlaps none drawn before it, the most important first', () => {
    // Three names piled on one spot and one apart: the pile shows its most important name, the loner its own.
    const drawn = declutterLabels([label(100, 100, 1), label(110, 104, 5), label(95, 98, 3), label(300, 100)], size);
    expect(drawn).toEqual([1, 3]);
  });

  it('keeps a gap between neighbours, and the order given among equals', () => {
    // 60 px wide, centres 64 px apart: 4 px between them is too tight to read as two names.
    expect(declutterLabels([label(100, 50), label(164, 50)], size)).toEqual([0]);
    expect(declutterLabels([label(100, 50), label(170, 50)], size)).toEqual([0, 1]);
    expect(declutterLabels([label(100, 50), label(100, 73)], size)).toEqual([0, 1]);
  });

  it('leaves out a label that would run off the canvas, or under the controls drawn over it', () => {
    expect(declutterLabels([label(20, 50), label(390, 50), label(200, 296), label(200, 150)], size)).toEqual([3]);
    const controls = { left: 350, top: 12, right: 390, bottom: 120 };
    expect(declutterLabels([label(320, 60), label(320, 140)], size, [controls])).toEqual([1]);
  });
});

describe('Find a system', () => {
  const systems = ['Mon Calamari', 'Calamari Prime', 'Dantooine', 'Tatooine', 'Nal Hutta', 'Hutt Space', 'Toon-Tatoo'].map((label, i) => ({
    value: `9:${i + 1}`,
    label,
  }));
  const names = (search: string, limit = 30) => findSystems(systems, search, limit).map((o) => o.label);

  it('ranks names that start with the query before names that merely contain it', () => {
    expect(names('cala')).toEqual(['Calamari Prime', 'Mon Calamari']);
    expect(names('hutt')).toEqual(['Hutt Space', 'Nal Hutta']);
    expect(names('TOO')).toEqual(['Toon-Tatoo', 'Dantooine', 'Tatooine']);
  });

  it('puts a name with a word that starts with the query before one that contains it inside a word', () => {
    expect(names('tat')).toEqual(['Tatooine', 'Toon-Tatoo']);
    expect(names('ta')).toEqual(['Tatooine', 'Toon-Tatoo', 'Nal Hutta']);
  });

  it('finds a system by its whole UID first, and suggests at most the limit', () => {
    expect(names('9:5')).toEqual(['Nal Hutta']);
    expect(names('a', 2)).toHaveLength(2);
    expect(names('', 3)).toEqual(['Mon Calamari', 'Calamari Prime', 'Dantooine']);
  });
});
