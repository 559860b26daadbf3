/**
 * One side of a spec diff: a spec folder (holding `openapi.yaml`), a root or bundled spec file
 * (`.json`, `.yaml`, `.yml`), or a git revision whose `spec/` is extracted to a temporary folder.
 * Each is bundled (and, unless told otherwise, linted with the repository's rules) and built into
 * the IR, so both sides are compared as the generator sees them.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isObject } from '../../spec/lint/support/json.js';
import { GENERATED_MARKER } from '../emit-kit/naming.js';
import { buildIR } from '../ir/build.js';
import { parseSpecYaml } from '../spec-yaml.js';
import type { IR } from '../ir/types.js';
import { loadSpec } from '../load.js';
import { extractSpecAt, lastReleaseTag, SideError } from './git.js';

/** How a side was given. */
type SideKind = 'folder' | 'file' | 'git';

/** A loaded side: its bundled document and IR. */
export interface LoadedSide {
  /** What was passed (or the default that was used). */
  label: string;
  kind: SideKind;
  /** The commit, for a git side. */
  commit?: string;
  /** The bundled OpenAPI document (the diff's pointers point into it). */
  document: Record<string, unknown>;
  ir: IR;
}

/** Options of {@link loadSide}. */
export interface LoadSideOptions {
  /** The repository: git revisions are read from it, and its `redocly.yaml` lints folder and file sides. */
  repo: string;
  /** The spec folder inside the repository, for git sides; default `spec`. */
  specDir?: string;
  /** Run the Redocly lint (recommended + house rules) before bundling; default true. */
  lint?: boolean;
  /** Base for relative folder and file arguments; default the process's working folder. */
  cwd?: string;
}

const SPEC_FILE = /\.(json|ya?ml)$/i;

/** Loads one spec entry file into a document and IR (linted with `root`'s rules unless `lint` is false). */
async function loadEntry(
  entry: string,
  root: string,
  lint: boolean,
): Promise<{ document: Record<string, unknown>; ir: IR }> {
  const { document, pathFiles } = await loadSpec({ entry, root, lint });
  return { document, ir: buildIR(document, { pathFiles, rootFile: path.relative(root, entry) }) };
}

/**
 * A spec file to load for `file`: the file itself, or, when it is a bundle `npm run generate` wrote
 * (`generated/openapi.json`, marked by the root {@link GENERATED_MARKER}), a copy without the marker
 * in a temporary folder (a bundle has no relative `$ref`s to break), since the marker is not part
 * of the spec and its lint would refuse it. `dispose` removes the copy.
 */
async function withoutMarker(file: string): Promise<{ entry: string; dispose: () => Promise<void> }> {
  const text = await readFile(file, 'utf8');
  let doc: unknown;
  try {
    doc = /\.json$/i.test(file) ? JSON.parse(text) : parseSpecYaml(text);
  } catch {
    doc = undefined; // not parseable here: loaded as it is, and the loader reports the problem
  }
  if (!isObject(doc) || !(GENERATED_MARKER in doc)) return { entry: file, dispose: () => Promise.resolve() };
  const { [GENERATED_MARKER]: _marker, ...spec } = doc;
  const dir = await mkdtemp(path.join(tmpdir(), 'spec-diff-bundle-'));
  const entry = path.join(dir, 'openapi.json');
  await writeFile(entry, JSON.stringify(spec));
  return { entry, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Loads a side: an existing folder or file wins over a revision of the same name. Throws
 * {@link SideError} for an argument that is none of them, {@link SpecError} for a spec with problems.
 */
export async function loadSide(arg: string, options: LoadSideOptions): Promise<LoadedSide> {
  if (arg.trim() === '')
    throw new SideError('a side must not be empty: pass a spec folder, a .json/.yaml file or a git revision');
  const lint = options.lint ?? true;
  const local = path.resolve(options.cwd ?? process.cwd(), arg);
  if (existsSync(local)) {
    if (statSync(local).isDirectory()) {
      const entry = path.join(local, 'openapi.yaml');
      if (!existsSync(entry))
        throw new SideError(
          `folder ${arg} has no openapi.yaml: pass a spec folder, a .json/.yaml file or a git revision`,
        );
      return { label: arg, kind: 'folder', ...(await loadEntry(entry, options.repo, lint)) };
    }
    if (!SPEC_FILE.test(local)) throw new SideError(`file ${arg} is not a spec: expected a .json, .yaml or .yml file`);
    const file = await withoutMarker(local);
    try {
      return { label: arg, kind: 'file', ...(await loadEntry(file.entry, options.repo, lint)) };
    } finally {
      await file.dispose();
    }
  }
  const extracted = await extractSpecAt(options.repo, arg, options.specDir ?? 'spec');
  try {
    return {
      label: arg,
      kind: 'git',
      commit: extracted.commit,
      ...(await loadEntry(extracted.entry, extracted.root, lint)),
    };
  } finally {
    await extracted.dispose();
  }
}

/** The sides to compare when the user leaves them out: the last `v*` tag, and the working tree's spec folder. */
export function defaultSides(repo: string, given: readonly string[], specDir = 'spec'): { old: string; new: string } {
  if (given.length > 2)
    throw new SideError(`expected at most two sides (old and new), got ${given.length}: ${given.join(' ')}`);
  const newSide = given[1] ?? path.join(repo, specDir);
  const oldSide = given[0] ?? lastReleaseTag(repo);
  return { old: oldSide, new: newSide };
}
