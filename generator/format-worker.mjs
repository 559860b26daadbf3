// Formats files with prettier on a worker thread, so the largest file (the schema types) is
// formatted while the main thread emits and formats the rest. Plain JS: loaded without a TS loader.
import { parentPort } from 'node:worker_threads';
import * as prettier from 'prettier';

parentPort.on('message', async ({ id, text, options }) => {
  try {
    parentPort.postMessage({ id, text: await prettier.format(text, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
