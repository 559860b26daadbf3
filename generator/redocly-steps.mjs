// The generator's two Redocly steps, lint and bundle, as plain data in and out. Plain JS, so the
// worker thread (format-worker.mjs) runs them without a TypeScript loader; load.ts uses the same
// functions on the calling thread. Redocly is imported on first use only: a run whose lint and
// bundle results come from the cache never loads it.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** @type {Map<string, Promise<unknown>>} Redocly config by repository root (loaded once per thread). */
const configs = new Map();

/** The repository's Redocly config (recommended + house rules), or Redocly's default. */
function configFor(root) {
  let config = configs.get(root);
  if (config === undefined) {
    config = import('@redocly/openapi-core').then(({ loadConfig }) => {
      const configPath = path.join(root, 'redocly.yaml');
      return loadConfig(existsSync(configPath) ? { configPath } : {});
    });
    configs.set(root, config);
  }
  return config;
}

/**
 * Every rule of `config` whose severity is not `error`, for any OpenAPI version. The generator
 * stops only on errors (see `toProblems` in load.ts), so these rules cannot change what it does;
 * `npm run lint:spec` (in `npm test`, where test/spec/lint.test.ts fails on warnings too) still
 * runs them. Among them are the example checks (`no-invalid-*-examples`), which compile an Ajv
 * validator per schema and were most of the generator's lint time.
 * @param {import('@redocly/openapi-core').Config} config
 */
export function nonErrorRules(config) {
  /** @type {Set<string>} */
  const ids = new Set();
  for (const rules of Object.values(config.rules)) {
    for (const [id, setting] of Object.entries(rules ?? {})) {
      if (id === 'assertions') continue;
      const severity = typeof setting === 'string' ? setting : (setting?.severity ?? 'error');
      if (severity !== 'error') ids.add(id);
    }
  }
  return [...ids].sort();
}

/** @type {Map<string, Promise<unknown>>} The generator's lint config by repository root: only rules that stop a run. */
const lintConfigs = new Map();

/** The repository's Redocly config without the rules that cannot stop a run ({@link nonErrorRules}). */
function lintConfigFor(root) {
  let config = lintConfigs.get(root);
  if (config === undefined) {
    config = import('@redocly/openapi-core').then(async ({ loadConfig }) => {
      const configPath = path.join(root, 'redocly.yaml');
      const loaded = await loadConfig(existsSync(configPath) ? { configPath } : {});
      loaded.skipRules(nonErrorRules(loaded));
      return loaded;
    });
    lintConfigs.set(root, config);
  }
  return config;
}

/**
 * Redocly problems as plain, transferable data (what `toProblems` in load.ts reads).
 * @param {ReadonlyArray<import('@redocly/openapi-core').NormalizedProblem>} problems
 */
function plainProblems(problems) {
  return problems.map((p) => ({
    message: p.message,
    ruleId: p.ruleId,
    severity: p.severity,
    ignored: p.ignored === true,
    location: p.location.map((l) => ({ source: { absoluteRef: l.source.absoluteRef }, pointer: l.pointer })),
  }));
}

/**
 * Lints the spec at `entry` with the repository's Redocly config, without the rules that can
 * only warn ({@link nonErrorRules}); every problem, as plain data.
 * @param {string} entry absolute path of the root spec file
 * @param {string} root repository root (holds redocly.yaml)
 * @param {import('@redocly/openapi-core').BaseResolver} [resolver] reads and parses the spec files (default: a new one)
 */
export async function lintSpec(entry, root, resolver) {
  const { lint } = await import('@redocly/openapi-core');
  const config = await lintConfigFor(root);
  return plainProblems(await lint({ ref: entry, config, ...(resolver ? { externalRefResolver: resolver } : {}) }));
}

/**
 * {@link lintSpec}, then {@link bundleSpec}, both reading the spec files through one resolver, so
 * each file is read and parsed once. The lint goes first: it leaves the parsed files as they are,
 * while the bundle rewrites them in place.
 * @param {string} entry absolute path of the root spec file
 * @param {string} root repository root (holds redocly.yaml)
 */
export async function lintAndBundleSpec(entry, root) {
  const { BaseResolver } = await import('@redocly/openapi-core');
  const resolver = new BaseResolver((await configFor(root)).resolve);
  const problems = await lintSpec(entry, root, resolver);
  return { problems, bundle: await bundleSpec(entry, root, resolver) };
}

/**
 * Bundles the spec at `entry` (external `$ref`s inlined into `components`, not dereferenced) and
 * reads which file defines each path item and each component the root file refers to by file.
 * Problems are returned, not thrown.
 * @param {string} entry absolute path of the root spec file
 * @param {string} root repository root: `pathFiles` values are relative to it
 * @param {import('@redocly/openapi-core').BaseResolver} [resolver] reads and parses the spec files (default: a new one)
 */
export async function bundleSpec(entry, root, resolver) {
  const { bundle, parseYaml } = await import('@redocly/openapi-core');
  const config = await configFor(root);
  const result = await bundle({
    ref: entry,
    config,
    dereference: false,
    ...(resolver ? { externalRefResolver: resolver } : {}),
  });
  const parsed = parseYaml(await readFile(entry, 'utf8'));
  /** @type {Record<string, string>} */
  const pathFiles = {};
  for (const [p, item] of Object.entries(parsed?.paths ?? {})) {
    const ref = typeof item?.$ref === 'string' ? item.$ref.split('#')[0] : '';
    pathFiles[p] = path.relative(root, ref ? path.resolve(path.dirname(entry), ref) : entry);
  }
  /** @type {Record<string, string>} */
  const componentFiles = {};
  for (const [section, entries] of Object.entries(parsed?.components ?? {}))
    for (const [name, node] of Object.entries(entries ?? {})) {
      const ref = typeof node?.$ref === 'string' ? node.$ref.split('#')[0] : '';
      if (ref) componentFiles[`${section}/${name}`] = path.relative(root, path.resolve(path.dirname(entry), ref));
    }
  return { document: result.bundle.parsed, pathFiles, componentFiles, problems: plainProblems(result.problems) };
}
