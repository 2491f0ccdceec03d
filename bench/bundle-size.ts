// The production bundle's size per chunk (raw, gzip, and brotli as sent when the build wrote a .br),
// and per path: the JS and CSS a browser loads before that path's screen can render: index.html's
// script, module preloads and stylesheets, plus each lazy chunk the path renders (layout, guards,
// screen) with the files Vite preloads alongside it. /login is in the entry: index.html is all it needs.
// Run after `npm run build -w web`: npx node bench/bundle-size.ts   (WEB_DIST=… to measure another build)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { report } from './lib/report.ts';

const GOAL_LOGIN_KB = 120;
const GOAL_INITIAL_KB = 180;

/**
 * The lazy chunks each measured path renders, outermost first (see web/src/app/router.tsx). The layout,
 * the session guard and the dashboard share one: signed-in-landing (web/vite.config.ts).
 */
const PATHS: Record<string, string[]> = {
  '/login': [],
  '/dashboard': ['signed-in-landing'],
  '/profile': ['signed-in-landing', 'profile'],
  '/admin': ['signed-in-landing', 'admin-guard', 'admin'],
  '/admin/users': ['signed-in-landing', 'admin-guard', 'admin-users'],
  '/admin/apps': ['signed-in-landing', 'admin-guard', 'admin-apps'],
  '/admin/jwts': ['signed-in-landing', 'admin-jwts'],
};

const dist = path.resolve(process.env.WEB_DIST ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../web/dist'));
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

// Vite's lazy imports in the entry: import(`./app-layout-….js`) …, __vite__mapDeps([indices into m.f]).
const mapDeps = JSON.parse(/m\.f=(\[[^\]]*\])/.exec(entrySource)?.[1] ?? '[]') as string[];
const lazyChunks = new Map(
  [...entrySource.matchAll(/import\(`\.\/([^`]+\.js)`\)[^`]*?__vite__mapDeps\(\[([\d,]*)\]\)/g)].map((m) => [
    m[1]!.replace(/-[\w-]{8}\.js$/, ''),
    new Set([
      `assets/${m[1]}`,
      ...m[2]!
        .split(',')
        .filter(Boolean)
        .map((i) => mapDeps[Number(i)]!),
    ]),
  ]),
);

function filesOf(chunks: string[]): Set<string> {
  const files = new Set(initial);
  for (const name of chunks) {
    const chunk = lazyChunks.get(name);
    if (!chunk) throw new Error(`no lazy chunk named ${name} in ${entry}: update PATHS after renaming a route module`);
    for (const file of chunk) files.add(file);
  }
  return files;
}

const total = (files: Iterable<string>, k: 'raw' | 'gzip' | 'br') =>
  [...files].reduce((n, f) => n + (sizes.get(f)?.[k] ?? sizes.get(f)?.gzip ?? 0), 0);
const row = (name: string, files: Iterable<string>) =>
  `${name.padEnd(44)}${kb(total(files, 'raw'))}${kb(total(files, 'gzip'))}${kb(total(files, 'br'))}`;

console.log(`${'chunk'.padEnd(44)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}  loaded`);
for (const [file, s] of [...sizes].sort((a, b) => Number(initial.has(b[0])) - Number(initial.has(a[0])) || b[1].raw - a[1].raw)) {
  console.log(
    `${file.slice(7).padEnd(44)}${kb(s.raw)}${kb(s.gzip)}${s.br === null ? '         –' : kb(s.br)}  ${initial.has(file) ? 'initial' : 'on demand'}`,
  );
}
console.log(`\n${'lazy chunk with what it preloads'.padEnd(44)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
for (const [name, files] of lazyChunks) console.log(row(name, files));
console.log(`\n${'before the screen renders, per path'.padEnd(44)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
console.log(row('(initial load: what index.html names)', initial));
for (const [pathname, chunks] of Object.entries(PATHS)) console.log(row(pathname, filesOf(chunks)));

const loginGzip = total(filesOf(PATHS['/login']!), 'gzip') / 1024;
const initialGzip = total(initial, 'gzip') / 1024;
const [heaviest, heaviestFiles] = Object.entries(PATHS)
  .map(([p, chunks]) => [p, filesOf(chunks)] as const)
  .reduce((a, b) => (total(b[1], 'gzip') > total(a[1], 'gzip') ? b : a));
report({
  name: '/login JS+CSS before it renders, gzip',
  figure: `${loginGzip.toFixed(1)} kB`,
  goal: `≤ ${GOAL_LOGIN_KB} kB`,
  pass: loginGzip <= GOAL_LOGIN_KB,
});
report({
  name: 'initial load (index.html: entry, preloads, CSS), gzip',
  figure: `${initialGzip.toFixed(1)} kB`,
  goal: `≤ ${GOAL_INITIAL_KB} kB`,
  pass: initialGzip <= GOAL_INITIAL_KB,
});
report({
  name: `heaviest measured path before it renders (${heaviest}), gzip`,
  figure: `${(total(heaviestFiles, 'gzip') / 1024).toFixed(1)} kB`,
  goal: 'none',
  pass: null,
});
const compressed = [...sizes.values()].filter((s) => s.raw >= 1024);
report({
  name: 'bundles above 1 kB with a brotli copy to send',
  figure: `${compressed.filter((s) => s.br !== null).length} of ${compressed.length}`,
  goal: 'all',
  pass: compressed.every((s) => s.br !== null),
});
