// A bare node:http hello-world, the baseline bench/verify.ts compares /auth/verify against; it
// answers every path (/auth/verify too), so both are loaded with the same requests.
import { createServer } from 'node:http';

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('hello world');
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`http://127.0.0.1:${address.port}\n`);
});
