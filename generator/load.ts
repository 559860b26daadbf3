/**
 * Stage 1: lint and bundle the spec with Redocly. Lint problems of severity `error` (including the
 * house rules in `spec/lint/`) and bundling problems stop the run, each with its file and pointer.
 * The Redocly calls themselves live in `redocly-steps.mjs` (shared with the worker thread).
 */
import path from 'node:path';
import { SpecError, type SpecProblem } from './errors.js';
import { bundleSpec, lintSpec } from './redocly-steps.mjs';

/** The bundled spec as a plain object, and where each path item came from. */
export interface LoadedSpec {
  /** The bundled OpenAPI document (external `$ref`s inlined into `components`). */
  document: Record<string, unknown>;
  /** Path (e.g. `/wallet/withdrawals`) to the file that defines its path item, repository-relative. */
  pathFiles: Record<string, string>;
  /**
   * Component (`schemas/Order`, `securitySchemes/apiv4`) to the file that defines it, for those
   * the root file refers to by file.
   */
  componentFiles?: Record<string, string>;
}

/** One Redocly problem as plain data (what the lint and bundle steps return). */
export interface RedoclyProblem {
  message: string;
  ruleId: string;
  severity: string;
  ignored?: boolean;
  location: ReadonlyArray<{ source: { absoluteRef: string }; pointer?: string | undefined }>;
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
export function toProblems(problems: readonly RedoclyProblem[], root: string): SpecProblem[] {
  return problems
    .filter((p) => p.severity === 'error' && !p.ignored)
    .map((p) => {
      const loc = p.location[0];
      const file = loc ? path.relative(root, loc.source.absoluteRef) : '(unknown)';
      return { file, pointer: loc?.pointer?.replace(/^#/, '') ?? '', message: p.message, rule: p.ruleId };
    });
}

/** What the bundle step (`bundleSpec` in redocly-steps.mjs) returns, as plain data. */
export interface BundleResult {
  document: unknown;
  pathFiles: Record<string, string>;
  componentFiles?: Record<string, string>;
  problems: readonly RedoclyProblem[];
}

/** A bundle step's result as a loaded spec; throws {@link SpecError} listing every bundling error. */
export function toLoadedSpec(result: BundleResult, root: string): LoadedSpec {
  const bundleProblems = toProblems(result.problems, root);
  if (bundleProblems.length > 0) throw new SpecError(bundleProblems);
  const { document, pathFiles, componentFiles } = result;
  return { document: document as Record<string, unknown>, pathFiles, ...(componentFiles ? { componentFiles } : {}) };
}

/** Lints and bundles the spec; throws {@link SpecError} listing every error. */
export async function loadSpec(options: LoadOptions): Promise<LoadedSpec> {
  if (options.lint !== false) {
    const lintProblems = toProblems(await lintSpec(options.entry, options.root), options.root);
    if (lintProblems.length > 0) throw new SpecError(lintProblems);
  }
  return toLoadedSpec(await bundleSpec(options.entry, options.root), options.root);
}
