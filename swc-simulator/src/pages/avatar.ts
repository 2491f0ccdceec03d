import { createHash } from 'node:crypto';
import { esc } from './escape.ts';

const COLOURS = ['#c0392b', '#2471a3', '#1e8449', '#b9770e', '#7d3c98', '#117a65', '#a04000', '#2e4053'];

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/** The numeric part of the UID picks the colour (neighbouring UIDs differ); other UIDs are hashed. */
export function avatarColourIndex(uid: string): number {
  const id = /^\d+:(\d+)$/.exec(uid)?.[1];
  const n = id !== undefined ? Number(id.slice(-9)) : createHash('sha256').update(uid).digest().readUInt32BE(0);
  return n % COLOURS.length;
}

/** A 128×128 avatar: the character's initials on a circle coloured from its UID. */
export function avatarSvg(uid: string, name: string): string {
  const colour = COLOURS[avatarColourIndex(uid)]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${esc(name)}">
<circle cx="64" cy="64" r="64" fill="${colour}"/>
<circle cx="64" cy="64" r="58" fill="none" stroke="#ffffff33" stroke-width="2"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui, Segoe UI, Roboto, sans-serif" font-size="48" font-weight="700" fill="#ffffff">${esc(initials(name))}</text>
</svg>
`;
}
