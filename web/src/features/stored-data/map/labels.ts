import type { Size } from './view.ts';

/** A label that would be drawn centred on (x, y) in screen pixels, and how much it matters. */
export interface LabelCandidate {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Higher first: the labels that matter most take their place before the others. */
  priority: number;
}

/** Empty pixels kept around every label, so neighbours read as two names rather than one. */
const GAP = 8;

/** A box on the canvas, in screen pixels. */
export interface ScreenBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Which labels to draw so none overlaps another: highest priority first (ties keep their order), each
 * only where its box, `GAP` pixels wider all round, touches no label placed before it nor a `reserved`
 * box (the controls drawn over the canvas), and lies wholly on the canvas. Answers the indices of the
 * candidates to draw.
 */
export function declutterLabels(candidates: readonly LabelCandidate[], size: Size, reserved: readonly ScreenBox[] = []): number[] {
  const order = candidates.map((_, i) => i).sort((a, b) => candidates[b]!.priority - candidates[a]!.priority || a - b);
  const placed: ScreenBox[] = [...reserved];
  const drawn: number[] = [];
  for (const i of order) {
    const c = candidates[i]!;
    const box = { left: c.x - c.width / 2, top: c.y - c.height / 2, right: c.x + c.width / 2, bottom: c.y + c.height / 2 };
    if (box.left < 0 || box.top < 0 || box.right > size.width || box.bottom > size.height) continue;
    const clashes = placed.some(
      (p) => box.left < p.right + GAP && p.left < box.right + GAP && box.top < p.bottom + GAP && p.top < box.bottom + GAP,
    );
    if (clashes) continue;
    placed.push(box);
    drawn.push(i);
  }
  return drawn;
}
