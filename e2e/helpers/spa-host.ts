import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * The built SPA served from a host of its own, as in the split deployment: its /config.json
 * points the app at the auth service on another origin. Any other path gets index.html.
 */
export class SpaHost {
  private readonly server: Server;
  url = '';

  constructor(authBaseUrl: string) {
    const config = JSON.stringify({ authBaseUrl, integrationBaseUrl: '', simulator: true, version: '0.0.1' });
    this.server = createServer((req, res) => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://spa').pathname);
      if (pathname === '/config.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(config);
        return;
      }
      const file = path.join(WEB_DIST, path.normalize(pathname));
      const found = file.startsWith(WEB_DIST) && existsSync(file) && statSync(file).isFile() ? file : path.join(WEB_DIST, 'index.html');
      res.writeHead(200, { 'content-type': TYPES[path.extname(found)] ?? 'application/octet-stream' });
      createReadStream(found).pipe(res);
    });
  }

  async start(port: number): Promise<this> {
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: run npm run build -w web first');
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    this.url = `http://localhost:${port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
