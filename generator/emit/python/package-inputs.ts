/**
 * What the Python package's files read besides the IR and the templates (so the emit stage's
 * cache key holds it too): the npm package's version, which the Python version follows.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The npm package's version. */
export async function pythonPackageInputs(root: string): Promise<[version: string]> {
  const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return [manifest.version];
}
