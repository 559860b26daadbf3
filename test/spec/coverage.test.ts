/**
 * Checks spec/coverage.yaml against the bundled spec: every endpoint the API description names is
 * an operation with the recorded `x-shape`, or a root `x-removed-operations` entry (and no path);
 * every operation is listed; every operation carries `x-rate-limit`, every private one `x-permission`.
 */
import { isObject } from '../../spec/lint/support/json.js';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundle, createConfig, parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';

const SPEC = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url));
const COVERAGE = fileURLToPath(new URL('../../spec/coverage.yaml', import.meta.url));

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
const STATUSES = ['seed', 'reference', 'named-only', 'removed'] as const;
type Status = (typeof STATUSES)[number];

/** One row of spec/coverage.yaml. */
interface CoverageEntry {
  method: Method;
  path: string;
  status: Status;
}

/** One root `x-removed-operations` entry (the fields this test reads). */
interface RemovedEntry {
  method: string;
  path: string;
  status: string;
  replacedBy: unknown;
}

/** One operation of the bundled spec, keyed `METHOD /path`. */
interface SpecOperation {
  key: string;
  op: Record<string, unknown>;
}

function isMethod(value: unknown): value is Method {
  return typeof value === 'string' && (METHODS as readonly string[]).includes(value);
}

function isStatus(value: unknown): value is Status {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

/** Reads coverage.yaml; a malformed row throws with its index and the offending field. */
function parseCoverage(text: string): CoverageEntry[] {
  const doc: unknown = parseYaml(text);
  if (!isObject(doc) || !Array.isArray(doc['endpoints'])) {
    throw new Error('spec/coverage.yaml: top-level `endpoints` list missing');
  }
  return doc['endpoints'].map((row: unknown, i: number): CoverageEntry => {
    if (!isObject(row)) throw new Error(`spec/coverage.yaml endpoints[${i}]: not a mapping`);
    const { method, path, status } = row;
    if (!isMethod(method))
      throw new Error(
        `spec/coverage.yaml endpoints[${i}]: method ${String(method)} is not one of ${METHODS.join(', ')}`,
      );
    if (typeof path !== 'string' || !path.startsWith('/'))
      throw new Error(`spec/coverage.yaml endpoints[${i}]: path ${String(path)} must start with /`);
    if (!isStatus(status))
      throw new Error(
        `spec/coverage.yaml endpoints[${i}]: status ${String(status)} is not one of ${STATUSES.join(', ')}`,
      );
    return { method, path, status };
  });
}

const key = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

const coverage = parseCoverage(await readFile(COVERAGE, 'utf8'));
const config = await createConfig({});
const bundled = await bundle({ ref: SPEC, config });
const root: unknown = bundled.bundle.parsed;
if (!isObject(root) || !isObject(root['paths'])) throw new Error('bundled spec has no paths map');
const rootSecurity = root['security'];

const operations: SpecOperation[] = [];
for (const [path, item] of Object.entries(root['paths'])) {
  if (!isObject(item)) continue;
  for (const method of METHODS) {
    const op = item[method.toLowerCase()];
    if (isObject(op)) operations.push({ key: key(method, path), op });
  }
}
const byKey = new Map(operations.map((o) => [o.key, o.op]));
const pathsWithMethod = new Set(operations.map((o) => o.key));

const removedRaw = root['x-removed-operations'];
const removed: RemovedEntry[] = Array.isArray(removedRaw)
  ? removedRaw.filter(isObject).map((r) => ({
      method: String(r['method']),
      path: String(r['path']),
      status: String(r['status']),
      replacedBy: r['replacedBy'],
    }))
  : [];
const removedKeys = new Set(removed.map((r) => key(r.method, r.path)));
const coverageKeys = new Set(coverage.map((c) => key(c.method, c.path)));

const operational = coverage.filter((c) => c.status !== 'removed');
const gone = coverage.filter((c) => c.status === 'removed');

/** An operation is public when it overrides security with an empty list. */
function isPublic(op: Record<string, unknown>): boolean {
  const security = op['security'] ?? rootSecurity;
  return Array.isArray(security) && security.length === 0;
}

describe('spec/coverage.yaml itself', () => {
  it('bundles without problems', () => {
    const errors = bundled.problems.filter((p) => p.severity === 'error').map((p) => p.message);
    expect(errors, 'bundle errors').toEqual([]);
  });

  it('lists each method + path once, sorted by path then method', () => {
    const keys = coverage.map((c) => key(c.method, c.path));
    expect(new Set(keys).size, 'duplicate coverage rows').toBe(keys.length);
    const sorted = [...coverage].sort((a, b) =>
      a.path === b.path ? METHODS.indexOf(a.method) - METHODS.indexOf(b.method) : a.path < b.path ? -1 : 1,
    );
    expect(keys).toEqual(sorted.map((c) => key(c.method, c.path)));
  });
});

describe('(a) every seed / reference / named-only entry is an operation with that x-shape', () => {
  it.each(operational.map((c) => [key(c.method, c.path), c.status] as const))('%s (%s)', (k, status) => {
    const op = byKey.get(k);
    expect(op, `${k} is listed as ${status} but is not an operation in spec/openapi.yaml`).toBeDefined();
    expect(op?.['x-shape'], `${k}: x-shape`).toBe(status);
  });
});

describe('(b) every spec operation is in the coverage list', () => {
  it.each(operations.map((o) => o.key))('%s', (opKey) => {
    expect(coverageKeys.has(opKey), `${opKey} is an operation but is missing from spec/coverage.yaml`).toBe(true);
  });
});

describe('(c) every removed entry is in x-removed-operations and not in paths', () => {
  it.each(gone.map((c) => key(c.method, c.path)))('%s', (k) => {
    expect(removedKeys.has(k), `${k} is listed as removed but is missing from x-removed-operations`).toBe(true);
    expect(pathsWithMethod.has(k), `${k} is listed as removed but is still an operation`).toBe(false);
  });

  it.each(removed.map((r) => key(r.method, r.path)))('%s is listed as removed in coverage', (k) => {
    expect(
      coverage.some((c) => c.status === 'removed' && key(c.method, c.path) === k),
      `${k} is in x-removed-operations but not a removed row of spec/coverage.yaml`,
    ).toBe(true);
  });

  it.each(removed.map((r) => [key(r.method, r.path), r.replacedBy] as const))(
    '%s: replacedBy names live operations',
    (k, replacedBy) => {
      expect(Array.isArray(replacedBy), `${k}: replacedBy must be a list`).toBe(true);
      const targets = Array.isArray(replacedBy) ? replacedBy.map(String) : [];
      const dead = targets.filter((t) => !byKey.has(t));
      expect(dead, `${k}: replacedBy entries that are not operations`).toEqual([]);
    },
  );
});

describe('(d) x-rate-limit on every operation, x-permission on every private one', () => {
  it.each(operations.map((o) => [o.key, o.op] as const))('%s', (opKey, op) => {
    expect(op['x-rate-limit'], `${opKey} has no x-rate-limit`).toSatisfy(isObject);
    if (!isPublic(op)) {
      expect(op['x-permission'], `${opKey} is private but has no x-permission`).toSatisfy(isObject);
    }
  });
});
