/**
 * The conformance kit (`conformance/`: the vectors every client runs, their schema and README)
 * ships beside the IR: `npm run generate` copies it into `generated/conformance/` byte for byte
 * (README.md under a one-line note saying where to edit it), and the drift check compares it like
 * every other generated file.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Outputs } from './output.js';

/** The kit's folder, relative to the repository root; also its folder in `generated/`. */
export const KIT_DIR = 'conformance';

/** `generated/conformance/<file>` for every file of the kit, in name order. */
export async function kitOutputs(root: string): Promise<Outputs> {
  const outputs: Outputs = new Map();
  const files = (await readdir(path.join(root, KIT_DIR), { withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
  for (const file of files) {
    const text = await readFile(path.join(root, KIT_DIR, file), 'utf8');
    const note = `<!-- Copied by exchange-v4 from ${KIT_DIR}/${file}. Do not edit here: edit that file, then run: npm run generate. -->\n\n`;
    outputs.set(`${KIT_DIR}/${file}`, file.endsWith('.md') ? note + text : text);
  }
  return outputs;
}
