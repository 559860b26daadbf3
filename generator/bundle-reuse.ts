/**
 * Reusing the previous run's bundle after an edit of path item files only (an operation's docs,
 * the most common edit): the previous bundle with each edited file's path item rebuilt from the
 * file's new YAML, its references replaced by what the previous bundle holds for them. Only when
 * the edit keeps every reference of the file as it was (same references, same order), so the
 * components and their order cannot change. This is a head start, not the result: Redocly still
 * bundles the spec, and the run keeps its output only if both bundles are the same (pipeline.ts).
 */
import { isObject } from '../spec/lint/support/json.js';
import type { LoadedSpec } from './load.js';

/** What a bundle was computed from, and the bundle (kept in the bundle cache). */
export interface BundleBase {
  /** Key of every input but the spec files: the entry, the load code, the Redocly config, the lock file. */
  readonly settings: string;
  /** Root spec file, repository-relative. */
  readonly entry: string;
  /** Every spec file's text, by repository-relative path. */
  readonly texts: Readonly<Record<string, string>>;
}

/** The reused bundle, or why there is none. */
export type Reuse = { readonly loaded: LoadedSpec } | { readonly reason: string };

type Json = unknown;

/** A `{ $ref }` object without siblings: its reference, else `undefined`. */
function refOf(node: Json): string | undefined {
  if (!isObject(node)) return undefined;
  const keys = Object.keys(node);
  return keys.length === 1 && keys[0] === '$ref' && typeof node.$ref === 'string' ? node.$ref : undefined;
}

/** Every `$ref` value under `node`, in document order (siblings included: they are compared too). */
function refsIn(node: Json, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, out);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refsIn(value, out);
    }
  }
  return out;
}

/**
 * Learns what each reference of `source` (a file's YAML) became in `bundled` (its place in the
 * bundle), checking on the way that `source` with its references replaced is exactly `bundled`.
 * `false` when it is not (the bundle did more than replace references).
 */
function learn(source: Json, bundled: Json, refs: Map<string, string>): boolean {
  const ref = refOf(source);
  if (ref !== undefined) {
    const text = JSON.stringify(bundled);
    if (refs.has(ref) && refs.get(ref) !== text) return false;
    refs.set(ref, text);
    return true;
  }
  if (Array.isArray(source)) {
    return (
      Array.isArray(bundled) && bundled.length === source.length && source.every((s, i) => learn(s, bundled[i], refs))
    );
  }
  if (isObject(source)) {
    if (!isObject(bundled) || '$ref' in source) return false;
    const keys = Object.keys(source);
    const bundledKeys = Object.keys(bundled);
    return (
      keys.length === bundledKeys.length &&
      keys.every((k, i) => bundledKeys[i] === k && learn(source[k], bundled[k], refs))
    );
  }
  return source === bundled;
}

/** `source` with every reference replaced by what {@link learn} found for it. */
function replaceRefs(source: Json, refs: ReadonlyMap<string, string>): Json {
  const ref = refOf(source);
  if (ref !== undefined) return JSON.parse(refs.get(ref) as string) as Json;
  if (Array.isArray(source)) return source.map((s) => replaceRefs(s, refs));
  if (isObject(source)) return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, replaceRefs(v, refs)]));
  return source;
}

/**
 * The bundle of `current` from the bundle of `previous` (`loaded`), when every file that differs is
 * a path item file whose references are unchanged; else the reason it cannot be reused.
 * `parse` reads a spec file's YAML as Redocly does (spec-yaml.ts).
 */
export function reuseBundle(
  previous: BundleBase,
  loaded: LoadedSpec,
  current: BundleBase,
  parse: (text: string) => Json,
): Reuse {
  if (previous.settings !== current.settings || previous.entry !== current.entry) {
    return { reason: 'the bundle settings changed' };
  }
  const files = Object.keys(current.texts);
  if (files.length !== Object.keys(previous.texts).length || files.some((f) => !(f in previous.texts))) {
    return { reason: 'spec files were added or removed' };
  }
  const paths = loaded.document.paths;
  if (!isObject(paths)) return { reason: 'the previous bundle has no paths' };
  const replaced = new Map<string, Json>();
  for (const file of files.filter((f) => previous.texts[f] !== current.texts[f])) {
    const defined = Object.keys(loaded.pathFiles).filter((p) => loaded.pathFiles[p] === file);
    if (file === current.entry || defined.length !== 1) return { reason: `${file} is not one path item's file` };
    const at = defined[0] as string;
    let before: Json;
    let after: Json;
    try {
      before = parse(previous.texts[file] as string);
      after = parse(current.texts[file] as string);
    } catch {
      return { reason: `${file} does not parse` };
    }
    if (JSON.stringify(refsIn(before)) !== JSON.stringify(refsIn(after))) {
      return { reason: `the references of ${file} changed` };
    }
    const refs = new Map<string, string>();
    if (!learn(before, paths[at], refs)) return { reason: `the bundle of ${file} is not its YAML` };
    replaced.set(at, replaceRefs(after, refs));
  }
  const document = {
    ...loaded.document,
    paths: Object.fromEntries(Object.entries(paths).map(([p, item]) => [p, replaced.has(p) ? replaced.get(p) : item])),
  };
  return { loaded: { ...loaded, document } };
}
