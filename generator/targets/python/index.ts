/**
 * The Python target: `generated/python/`, the package `exchange_v4` (package.ts renders it from
 * the IR alone) and its hand-written runtime, `runtime/*.py`, copied into `exchange_v4/_runtime/`.
 * The renderer (and handlebars) is loaded on the first call, so a run whose emit units are all
 * cached loads none of it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Files, Target } from '../target.js';
import { pyCopiedBanner } from './naming.js';

const RUNTIME = 'generator/targets/python/runtime';

/** The hand-written runtime, each file under a banner naming the file to edit. */
async function runtimeFiles(root: string): Promise<Files> {
  const out: Files = new Map();
  for (const file of (await readdir(path.join(root, RUNTIME))).filter((f) => f.endsWith('.py')).sort()) {
    const text = await readFile(path.join(root, RUNTIME, file), 'utf8');
    out.set(`python/exchange_v4/_runtime/${file}`, pyCopiedBanner(`${RUNTIME}/${file}`) + text);
  }
  return out;
}

/** The Python target. */
export const pythonTarget: Target = {
  name: 'python',
  async areaFiles({ ir, area, root }) {
    return (await import('./package.js')).pythonAreaOutputs(ir, area, root);
  },
  async sharedFiles({ ir, root, packageVersion }) {
    const [pkg, redis] = await Promise.all([import('./package.js'), import('./redis-scripts.js')]);
    return new Map([...(await pkg.pythonOutputs(ir, root, packageVersion)), ...(await redis.pythonRedisScripts(root))]);
  },
  runtimeFiles,
};
