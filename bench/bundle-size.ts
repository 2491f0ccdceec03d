// Prints the production bundle's size per chunk (raw and gzip), grouped by route where Vite named
// the chunk after a route module. Run after `npm run build -w web`: npx tsx bench/bundle-size.ts
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
const assets = path.join(dist, 'assets');
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(10);

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = new Set([...html.matchAll(/assets\/([^"']+\.(?:js|css))/g)].map((m) => m[1]));
const rows = readdirSync(assets)
  .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
  .map((file) => {
    const buf = readFileSync(path.join(assets, file));
    return { file, raw: statSync(path.join(assets, file)).size, gzip: gzipSync(buf, { level: 9 }).length, initial: entry.has(file) };
  })
  .sort((a, b) => Number(b.initial) - Number(a.initial) || b.raw - a.raw);

console.log(`${'chunk'.padEnd(44)}${'raw'.padStart(10)}${'gzip'.padStart(10)}  loaded`);
for (const r of rows) console.log(`${r.file.padEnd(44)}${kb(r.raw)}${kb(r.gzip)}  ${r.initial ? 'initial' : 'on its route'}`);
const initial = rows.filter((r) => r.initial);
const sum = (xs: typeof rows, k: 'raw' | 'gzip') => xs.reduce((n, r) => n + r[k], 0);
console.log(`${'initial load (entry js + css)'.padEnd(44)}${kb(sum(initial, 'raw'))}${kb(sum(initial, 'gzip'))}`);
console.log(`${'all chunks'.padEnd(44)}${kb(sum(rows, 'raw'))}${kb(sum(rows, 'gzip'))}`);
