/**
 * The TypeScript target: `generated/src/` from the IR and the schema types (files.ts renders it),
 * and the hand-written runtime of `runtime/` copied into `generated/src/runtime/` (with the
 * `exchange-v4/redis` store of `redis/` into `generated/src/redis/`). The renderer
 * (ts-morph, TypeScript) is loaded on the first call, so a run whose emit units are all cached
 * loads none of it.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { copiedBanner } from '../../emit-kit/naming.js';
import type { Files, Target } from '../target.js';

const RUNTIME = 'generator/targets/typescript/runtime';

/** Every `*.ts` file of the runtime, and its package.json (the `#platform` import map). */
async function runtimeFiles(root: string): Promise<Files> {
  const out: Files = new Map();
  for (const file of (await readdir(path.join(root, RUNTIME))).filter((f) => f.endsWith('.ts')).sort()) {
    const text = await readFile(path.join(root, RUNTIME, file), 'utf8');
    out.set(`src/runtime/${file}`, copiedBanner(`${RUNTIME}/${file}`) + text);
  }
  // JSON has no comments: the banner goes under a "//" key.
  const manifest = JSON.parse(await readFile(path.join(root, RUNTIME, 'package.json'), 'utf8')) as {
    '//'?: string;
  };
  const banner = `Copied by exchange-v4 from ${RUNTIME}/package.json. Do not edit here: edit that file, then run: npm run generate.`;
  const copied = { ...manifest, '//': [banner, manifest['//']].filter(Boolean).join(' ') };
  out.set('src/runtime/package.json', `${JSON.stringify(copied, null, 2)}\n`);
  return out;
}

/** The TypeScript target. */
export const typescriptTarget: Target = {
  name: 'typescript',
  modelsModule: 'src/models.ts',
  async areaFiles(input) {
    return (await import('./files.js')).areaFiles(input);
  },
  async sharedFiles(input) {
    const [files, redis] = await Promise.all([import('./files.js'), import('./redis.js')]);
    return new Map([...files.sharedFiles(input), ...(await redis.redisScriptsFile(input.root))]);
  },
  async runtimeFiles(root) {
    const { redisStoreFiles } = await import('./redis.js');
    return new Map([...(await runtimeFiles(root)), ...(await redisStoreFiles(root))]);
  },
};
