import { WebPreloads, type WebFirstLoad } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The links that start a first load with the page: API answers are fetched with the session cookie
 * (the app's own fetch then takes them), chunks as module preloads, stylesheets as stylesheets (the
 * app would add the same ones before its first paint anyway). Chunks at low priority: nothing runs
 * before the entry script, so its files go first; so do stylesheets, unless the page came rendered
 * (`rendered`: no API requests, it carries their answers), which paints as soon as they are here.
 */
function preloadLinks({ modules, styles, requests }: WebFirstLoad, authBaseUrl: string, rendered = false): string {
  const base = authBaseUrl.replace(/\/+$/, '');
  const stylePriority = rendered ? '' : ' fetchpriority="low"';
  return [
    ...(rendered ? [] : requests).map(
      (request) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(base + request)}">`,
    ),
    ...styles.map((href) => `<link rel="stylesheet" crossorigin${stylePriority} href="${escapeAttribute(href)}">`),
    ...modules.map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeAttribute(href)}">`),
  ].join('');
}

/** index.html of one build, and per path listed in preloads.json that page with the path's preloads. */
interface PageTemplates {
  plain: string;
  /** With the path's API requests preloaded too (a page the browser renders), or for a page the server renders, which carries their answers. */
  signedIn: Map<string, { withRequests: string; rendered: string }>;
}

function readPages(root: string, authBaseUrl: string, log: FastifyBaseLogger): PageTemplates {
  const plain = readFileSync(path.join(root, 'index.html'), 'utf8');
  const file = path.join(root, 'preloads.json');
  if (!existsSync(file)) return { plain, signedIn: new Map() };
  let preloads: WebPreloads;
  try {
    preloads = WebPreloads.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    // A build from another version: the pages still work, only without their preloads.
    log.warn({ err: error }, `${file} is not what this server reads; index.html goes out without preloads`);
    return { plain, signedIn: new Map() };
  }
  const withLinks = (firstLoad: WebFirstLoad, rendered = false) =>
    plain.replace('</head>', `${preloadLinks(firstLoad, authBaseUrl, rendered)}</head>`);
  return {
    plain,
    signedIn: new Map(
      Object.entries(preloads).map(([pathname, firstLoad]) => [
        pathname,
        { withRequests: withLinks(firstLoad), rendered: withLinks(firstLoad, true) },
      ]),
    ),
  };
}

/**
 * The current build's index.html and, for a visitor with a session cookie, per path the web build
 * lists in preloads.json, that page naming the path's chunks, stylesheets and first API requests, so
 * they start as the page arrives instead of once the entry script has run. The same page for every
 * such visitor (nothing personal in it); a stale cookie costs a few downloads before the app sends the
 * visitor to /login. Read again when index.html or preloads.json changes, so a new build is served at
 * once, as the plain index.html is. Undefined while a build rewrites index.html.
 */
export function pageTemplates(root: string, authBaseUrl: string, log: FastifyBaseLogger) {
  const modified = (file: string) =>
    stat(path.join(root, file)).then(
      ({ mtimeMs }) => mtimeMs,
      () => null,
    );
  let built: string | undefined;
  let pages: PageTemplates | undefined;
  return async (): Promise<PageTemplates | undefined> => {
    const [index, preloads] = await Promise.all([modified('index.html'), modified('preloads.json')]);
    if (index === null) return undefined; // a build is rewriting index.html right now: the plain file goes out
    if (`${index}:${preloads}` !== built) {
      try {
        pages = readPages(root, authBaseUrl, log);
        built = `${index}:${preloads}`;
      } catch {
        return undefined; // as above
      }
    }
    return pages;
  };
}
