/** The start-up banner's widest line, box included: it fits a 100-column terminal. */
export const BANNER_COLUMNS = 100;

/** The migrations a start applied, short enough for the banner whatever their number. */
export function migrationsNote(applied: string[]): string {
  if (applied.length <= 2) return `applied ${applied.join(', ')}`;
  return `applied ${applied.length} migrations (${applied[0]} … ${applied.at(-1)})`;
}

/** `text` cut at spaces into lines of at most `width` characters; a longer word is cut where it must be. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(' ')) {
    while (word.length > width) {
      if (line) lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines;
}

/**
 * The lines in a box no wider than `columns`. A longer line is wrapped, its continuation indented
 * under its value when it starts with a label (`Database:   …`).
 */
export function formatBanner(lines: string[], columns = BANNER_COLUMNS): string {
  const inner = columns - 4; // "│ " before, " │" after
  const rows = lines.flatMap((line) => {
    if (line.length <= inner) return [line];
    const label = /^[A-Za-z ]{1,20}:\s+/.exec(line)?.[0] ?? '';
    const [first = '', ...rest] = wrap(line.slice(label.length), inner - label.length);
    return [label + first, ...rest.map((l) => ' '.repeat(label.length) + l)];
  });
  const width = Math.max(...rows.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return `┌${bar}┐\n${rows.map((l) => `│ ${l.padEnd(width)} │`).join('\n')}\n└${bar}┘\n`;
}
