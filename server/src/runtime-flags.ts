/**
 * Node flags every process of the product starts with (npm start, the image's CMD, the test and
 * bench helpers; server/test/runtime-flags.test.ts keeps them in step). Node 24's V8 grows the
 * young generation to large semi-spaces under load: with 10,000 sessions in use the server's RSS
 * rose from about 210 MB (Node 20) to 310 MB (bench/memory.ts); at 16 MB it measured 258 MB, at
 * 8 MB 238 MB, with no loss in the render bench's pages per second.
 */
export const PRODUCT_NODE_FLAGS = ['--max-semi-space-size=8'];
