/**
 * The conformance kit (`conformance/`: the vectors every client runs, their schema and README)
 * ships beside the IR: `npm run generate` copies it into `generated/conformance/`, each file under
 * a banner saying where to edit it (`withBanner`), and the drift check compares it like every other
 * generated file.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Outputs } from './output.js';

/** The kit's folder, relative to the repository root; also its folder in `generated/`. */
const KIT_DIR = 'conformance';

/** Where to edit a copied file: the generated banner's words. */
const banner = (file: string): string =>
  `Copied by exchange-v4 from ${KIT_DIR}/${file}. Do not edit here: edit that file, then run: npm run generate.`;

/**
 * A kit file's text with the banner: a Markdown comment above the README, a `$comment` member first
 * in a JSON file (inserted after its opening brace; every other byte as in the source).
 */
export function withBanner(file: string, text: string): string {
  if (file.endsWith('.md')) return `<!-- ${banner(file)} -->\n\n${text}`;
  if (file.endsWith('.json') && text.startsWith('{\n'))
    return `{\n  "$comment": ${JSON.stringify(banner(file))},\n${text.slice(2)}`;
  return text;
}

/** `generated/conformance/<file>` for every file of the kit, in name order. */
export async function kitOutputs(root: string): Promise<Outputs> {
  const outputs: Outputs = new Map();
  const files = (await readdir(path.join(root, KIT_DIR), { withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
  for (const file of files) {
    const text = await readFile(path.join(root, KIT_DIR, file), 'utf8');
    outputs.set(`${KIT_DIR}/${file}`, withBanner(file, text));
  }
  return outputs;
}
