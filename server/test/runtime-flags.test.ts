import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NODE_FLAGS } from '../src/runtime-flags.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the Node flags the product starts with', () => {
  it('are the same in npm start, the server package and the image as in the test and bench helpers', () => {
    const flags = PRODUCT_NODE_FLAGS.join(' ');
    expect(JSON.parse(read('package.json')).scripts.start).toContain(`node ${flags} server/src/main.ts`);
    expect(JSON.parse(read('server/package.json')).scripts.start).toBe(`node ${flags} src/main.ts`);
    expect(read('deploy/Dockerfile')).toContain(
      `CMD ["node", ${PRODUCT_NODE_FLAGS.map((f) => JSON.stringify(f)).join(', ')}, "server/src/main.ts"]`,
    );
  });
});
