// The thread that runs the web build's server-render bundle (render-thread.ts starts it). Plain
// JavaScript: the thread starts without the TypeScript loader the server runs with, which would
// otherwise transform the 2.7 MB bundle and keep the result in memory.
import { parentPort, workerData } from 'node:worker_threads';

const bundle = await import(workerData.bundleUrl);
parentPort.postMessage({ pages: bundle.pages });
parentPort.on('message', async ({ id, input }) => {
  try {
    parentPort.postMessage({ id, result: await bundle.renderPage(input) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
