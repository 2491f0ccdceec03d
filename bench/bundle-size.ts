// The production bundle's size per chunk (raw, gzip, and brotli as sent when the build wrote a .br),
// and per route: the JS and CSS a browser loads before that route's screen can render (index.html's
// scripts, module preloads and stylesheets, plus the route chunk and the files Vite preloads with it).
// Run after `npm run build -w web`: npx tsx bench/bundle-size.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { report } from './lib/report.ts';

const GOAL_LOGIN_KB = 120;
const GOAL_ROUTE_KB = 180;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(10);

const sizes = new Map<string, { raw: number; gzip: number; br: number | null }>();
for (const file of readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f))) {
  const full = path.join(dist, 'assets', file);
  const buf = readFileSync(full);
  sizes.set(`assets/${file}`, {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    br: existsSync(`${full}.br`) ? readFileSync(`${full}.br`).length : null,
  });
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
const entry = [...initial].find((f) => html.includes(`src="/${f}"`)) ?? '';
const entrySource = entry ? readFileSync(path.join(dist, entry), 'utf8') : '';

// Vite's route-level lazy imports: import(`./login-….js`), __vite__mapDeps([indices into m.f]).
const mapDeps = JSON.parse(/m\.f=(\[[^\]]*\])/.exec(entrySource)?.[1] ?? '[]') as string[];
const routes = [...entrySource.matchAll(/import\([`"']\.\/([^`"']+)[`"']\),__vite__mapDeps\(\[([\d,]*)\]\)/g)].map((m) => ({
  name: m[1]!.replace(/-[\w-]{8}\.js$/, ''),
  files: new Set([
    ...initial,
    `assets/${m[1]}`,
    ...m[2]!
      .split(',')
      .filter(Boolean)
      .map((i) => mapDeps[Number(i)]!),
  ]),
}));

const total = (files: Iterable<string>, k: 'raw' | 'gzip' | 'br') =>
  [...files].reduce((n, f) => n + (sizes.get(f)?.[k] ?? sizes.get(f)?.gzip ?? 0), 0);

console.log(`${'chunk'.padEnd(44)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}  loaded`);
for (const [file, s] of [...sizes].sort((a, b) => Number(initial.has(b[0])) - Number(initial.has(a[0])) || b[1].raw - a[1].raw)) {
  console.log(
    `${file.slice(7).padEnd(44)}${kb(s.raw)}${kb(s.gzip)}${s.br === null ? '         –' : kb(s.br)}  ${initial.has(file) ? 'initial' : 'on demand'}`,
  );
}
console.log(`\n${'before the screen renders, per route'.padEnd(44)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
console.log(
  `${'(initial load: index.html only)'.padEnd(44)}${kb(total(initial, 'raw'))}${kb(total(initial, 'gzip'))}${kb(total(initial, 'br'))}`,
);
for (const r of routes)
  console.log(`${r.name.padEnd(44)}${kb(total(r.files, 'raw'))}${kb(total(r.files, 'gzip'))}${kb(total(r.files, 'br'))}`);

const login = routes.find((r) => r.name === 'login');
const loginGzip = total(login?.files ?? initial, 'gzip') / 1024;
const heaviest = routes.reduce((a, b) => (total(b.files, 'gzip') > total(a.files, 'gzip') ? b : a), { name: '(initial)', files: initial });
const heaviestGzip = total(heaviest.files, 'gzip') / 1024;
report({
  name: '/login JS+CSS before it renders, gzip',
  figure: `${loginGzip.toFixed(1)} kB`,
  goal: `≤ ${GOAL_LOGIN_KB} kB`,
  pass: loginGzip <= GOAL_LOGIN_KB,
});
report({
  name: `heaviest route's initial load (${heaviest.name}), gzip`,
  figure: `${heaviestGzip.toFixed(1)} kB`,
  goal: `≤ ${GOAL_ROUTE_KB} kB`,
  pass: heaviestGzip <= GOAL_ROUTE_KB,
});
const compressed = [...sizes.values()].filter((s) => s.raw >= 1024);
report({
  name: 'bundles above 1 kB with a brotli copy to send',
  figure: `${compressed.filter((s) => s.br !== null).length} of ${compressed.length}`,
  goal: 'all',
  pass: compressed.every((s) => s.br !== null),
});
