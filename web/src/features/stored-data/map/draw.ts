import { declutterLabels, type LabelCandidate, type ScreenBox } from './labels.ts';
import type { GalaxyModel } from './model.ts';
import { toScreen, type Size, type View } from './view.ts';

// The theme's navy and gold (web/src/app/theme.ts).
const COLOURS = {
  space: '#0a101c',
  outline: 'rgba(139, 152, 176, 0.45)',
  outlineFill: 'rgba(62, 75, 99, 0.18)',
  sectorLabel: 'rgba(181, 192, 211, 0.75)',
  system: '#d6dce7',
  systemLabel: '#b5c0d3',
  holding: 'rgba(255, 176, 27, 0.85)',
  highlight: '#ffca64',
};

/** Systems are named on the map itself once fewer than this many are in view. */
const LABEL_SYSTEMS_BELOW = 120;
/** A label's height in CSS pixels: the 12 px font and a little air. */
const LABEL_HEIGHT = 14;
/** Where the zoom buttons stand over the canvas (top right, 12 px in, three 34 px buttons): no label goes under them. */
/** Label widths by text in the one label font, measured once: a frame that moves the map measures nothing again. */
const labelWidths = new Map<string, number>();
const LABEL_FONT = '12px system-ui, sans-serif';

const controlsBox = (size: Size): ScreenBox => ({ left: size.width - 12 - 34, top: 12, right: size.width - 12, bottom: 12 + 3 * 34 });

const inView = (p: { x: number; y: number }, size: Size, margin: number) =>
  p.x >= -margin && p.y >= -margin && p.x <= size.width + margin && p.y <= size.height + margin;

/** Radius in pixels of the gold ring that marks the faction's entities at a place. */
const holdingRadius = (count: number) => Math.min(2.5 + Math.sqrt(count) * 1.2, 12);

/**
 * Draws the whole map in one pass on a canvas of `size` CSS pixels (the context already scaled to the
 * device's pixel ratio): sector outlines, systems, the faction's holdings and the highlighted system.
 */
export function drawGalaxy(ctx: CanvasRenderingContext2D, model: GalaxyModel, view: View, size: Size, highlight: number): void {
  ctx.fillStyle = COLOURS.space;
  ctx.fillRect(0, 0, size.width, size.height);

  ctx.beginPath();
  for (const outline of model.outlines) {
    outline.points.forEach(([x, y], i) => {
      const p = toScreen(view, size, x, y);
      if (i === 0) ctx.moveTo(p.x, p.y);
      else ctx.lineTo(p.x, p.y);
    });
    ctx.closePath();
  }
  ctx.fillStyle = COLOURS.outlineFill;
  ctx.fill();
  ctx.strokeStyle = COLOURS.outline;
  ctx.lineWidth = 1;
  ctx.stroke();

  // A dot grows a little as the map zooms in, so a zoomed-in system is easy to hit.
  const dot = Math.min(1.5 + view.scale / 4, 4);
  // toScreen, unrolled: this loop runs over every system on every frame.
  const { scale } = view;
  const ox = size.width / 2 - view.cx * scale;
  const oy = size.height / 2 + view.cy * scale;
  const { xs, ys } = model;
  let visible = 0;
  ctx.beginPath();
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]! * scale + ox;
    const y = oy - ys[i]! * scale;
    if (x < -dot || y < -dot || x > size.width + dot || y > size.height + dot) continue;
    visible++;
    ctx.rect(x - dot / 2, y - dot / 2, dot, dot);
  }
  ctx.fillStyle = COLOURS.system;
  ctx.fill();

  // Rings shrink with the whole galaxy in a small canvas, so they do not hide the systems.
  const ringScale = Math.min(Math.max(view.scale, 0.5), 1);
  ctx.beginPath();
  for (const holding of model.holdings) {
    const p = toScreen(view, size, holding.x, holding.y);
    const r = holdingRadius(holding.names.length) * ringScale;
    if (!inView(p, size, r)) continue;
    ctx.moveTo(p.x + r, p.y);
    ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  }
  ctx.strokeStyle = COLOURS.holding;
  ctx.lineWidth = 1.25;
  ctx.stroke();

  ctx.font = LABEL_FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // Labels go only where they fit: none overlaps another, the ones that matter most placed first.
  const labels: LabelCandidate[] = [];
  const texts: string[] = [];
  const addLabel = (text: string, x: number, y: number, priority: number) => {
    let width = labelWidths.get(text);
    if (width === undefined) labelWidths.set(text, (width = ctx.measureText(text).width));
    labels.push({ x, y, width, height: LABEL_HEIGHT, priority });
    texts.push(text);
  };
  if (visible < LABEL_SYSTEMS_BELOW) {
    // The highlighted system first, then those where the faction holds the most.
    ctx.fillStyle = COLOURS.systemLabel;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]! * scale + ox;
      const y = oy - ys[i]! * scale;
      if (x < 0 || y < 0 || x > size.width || y > size.height) continue;
      addLabel(model.names[i]!, x, y + dot + 9, i === highlight ? Infinity : (model.holdingAt.get(i)?.names.length ?? 0));
    }
  } else {
    // Sector names where a sector is wide enough on screen to hold one, the widest first.
    ctx.fillStyle = COLOURS.sectorLabel;
    for (const outline of model.outlines) {
      if (outline.width * scale < 90) continue;
      const p = toScreen(view, size, outline.centre[0], outline.centre[1]);
      if (inView(p, size, 0)) addLabel(outline.name, p.x, p.y, outline.width);
    }
  }
  for (const i of declutterLabels(labels, size, [controlsBox(size)])) ctx.fillText(texts[i]!, labels[i]!.x, labels[i]!.y);

  if (highlight >= 0) {
    const p = toScreen(view, size, model.xs[highlight]!, model.ys[highlight]!);
    ctx.beginPath();
    ctx.arc(p.x, p.y, 8, 0, Math.PI * 2);
    ctx.strokeStyle = COLOURS.highlight;
    ctx.lineWidth = 2;
    ctx.stroke();
  }
}
