/**
 * Stage 1: lint and bundle the spec with Redocly. Lint problems of severity `error` (including the
 * house rules in `spec/lint/`) and bundling problems stop the run, each with its file and pointer.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundle, lint, loadConfig, parseYaml, type NormalizedProblem } from '@redocly/openapi-core';
import { SpecError, type SpecProblem } from './errors.js';

/** The bundled spec as a plain object, and where each path item came from. */
export interface LoadedSpec {
  /** The bundled OpenAPI document (external `$ref`s inlined into `components`). */
  document: Record<string, unknown>;
  /** Path (e.g. `/wallet/withdrawals`) to the file that defines its path item, repository-relative. */
  pathFiles: Record<string, string>;
}

/** Options of {@link loadSpec}. */
export interface LoadOptions {
  /** Root spec file. */
  entry: string;
  /** Repository root: file names in problems are relative to it; its `redocly.yaml` is the lint config. */
  root: string;
  /** Run the lint (recommended + house rules) before bundling; default true. */
  lint?: boolean;
}

/** Redocly problems of severity `error` as spec problems, files relative to `root`. */
export function toProblems(problems: readonly NormalizedProblem[], root: string): SpecProblem[] {
  return problems
    .filter((p) => p.severity === 'error' && !p.ignored)
    .map((p) => {
      const loc = p.location[0];
      const file = loc ? path.relative(root, loc.source.absoluteRef) : '(unknown)';
      return { file, pointer: loc?.pointer?.replace(/^#/, '') ?? '', message: p.message, rule: p.ruleId };
    });
}

/** Lints and bundles the spec; throws {@link SpecError} listing every error. */
export async function loadSpec(options: LoadOptions): Promise<LoadedSpec> {
  const configPath = path.join(options.root, 'redocly.yaml');
  const config = await loadConfig(existsSync(configPath) ? { configPath } : {});
  if (options.lint !== false) {
    const lintProblems = toProblems(await lint({ ref: options.entry, config }), options.root);
    if (lintProblems.length > 0) throw new SpecError(lintProblems);
  }

  const result = await bundle({ ref: options.entry, config, dereference: false });
  const bundleProblems = toProblems(result.problems, options.root);
  if (bundleProblems.length > 0) throw new SpecError(bundleProblems);

  const document = result.bundle.parsed as Record<string, unknown>;
  return { document, pathFiles: await readPathFiles(options.entry, options.root) };
}

/** Reads the root file's `paths` map to learn which file each path item lives in. */
async function readPathFiles(entry: string, root: string): Promise<Record<string, string>> {
  const parsed = parseYaml(await readFile(entry, 'utf8')) as { paths?: Record<string, { $ref?: unknown }> } | null;
  const out: Record<string, string> = {};
  for (const [p, item] of Object.entries(parsed?.paths ?? {})) {
    const ref = typeof item?.$ref === 'string' ? item.$ref.split('#')[0] : '';
    out[p] = path.relative(root, ref ? path.resolve(path.dirname(entry), ref) : entry);
  }
  return out;
}
