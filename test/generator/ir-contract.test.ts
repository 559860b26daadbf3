/**
 * The IR as a contract for other generators: self-contained (every `$ref` in generated/ir.json
 * resolves inside it), every field described in the JSON Schema, and versioned: the schema's
 * shape fingerprint must be the one recorded for the current irVersion in generator/ir/versions.json.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { atLocalPointer, irDocument, unresolvedRefs } from '../../generator/ir/document.js';
import { schemaFingerprint } from '../../generator/ir/fingerprint.js';
import { IR_VERSION, type IR } from '../../generator/ir/types.js';
import { ROOT } from './helpers.js';

/** A JSON object node. */
type Node = Record<string, unknown>;
const readJson = async (file: string): Promise<Node> =>
  JSON.parse(await readFile(path.join(ROOT, file), 'utf8')) as Node;
/** The object at `keys` under `node` (a test failure when absent). */
const at = (node: unknown, ...keys: string[]): Node => {
  let cur = node;
  for (const k of keys) cur = (cur as Node)[k];
  if (cur === null || typeof cur !== 'object') throw new Error(`no object at ${keys.join('/')}`);
  return cur as Node;
};

const schema = await readJson('generator/ir/ir.schema.json');
const versions = (await readJson('generator/ir/versions.json')) as Record<string, string>;
const released = Object.keys(versions).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
const semver = (v: string): number[] => v.split('.').map(Number);
const compare = (a: string, b: string): number => {
  const [x, y] = [semver(a), semver(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

describe('IR versioning', () => {
  it('records the shape fingerprint of the current irVersion', () => {
    const now = schemaFingerprint(schema);
    expect(
      versions[IR_VERSION],
      `ir.schema.json has fingerprint ${now}. If its shape changed, bump IR_VERSION in generator/ir/types.ts ` +
        '(major: a field removed or changed in meaning; minor: a field added), set the same version in ' +
        `ir.schema.json, and add "<version>": "${now}" to generator/ir/versions.json`,
    ).toBe(now);
  });

  it('has the current version as the newest, versions ascending and fingerprints distinct', () => {
    expect([...released].sort(compare)).toEqual(released);
    expect(released.at(-1)).toBe(IR_VERSION);
    expect(new Set(released.map((v) => versions[v])).size).toBe(released.length);
  });

  it.each([
    { given: 'a description edit', change: (s: Node) => (at(s, 'properties', 'api').description = 'x'), same: true },
    { given: 'a version bump', change: (s: Node) => (at(s, 'properties', 'irVersion').const = '9.9.9'), same: true },
    {
      given: 'a new optional field',
      change: (s: Node) => (at(s, '$defs', 'operation', 'properties').x = { type: 'string' }),
      same: false,
    },
    {
      given: 'a new enum value',
      change: (s: Node) => (at(s, '$defs', 'operation', 'properties', 'retry').enum = ['safe', 'maybe']),
      same: false,
    },
  ])('fingerprint ignores documentation, not shape: $given', ({ change, same }) => {
    const copy = structuredClone(schema);
    change(copy);
    expect(schemaFingerprint(copy) === schemaFingerprint(schema)).toBe(same);
  });
});

describe('IR documentation', () => {
  /** Every property schema reachable in ir.schema.json without a description of its own or of its $ref target. */
  const undescribed = (): string[] => {
    const out: string[] = [];
    const described = (node: Node): boolean =>
      typeof node.description === 'string' ||
      (typeof node.$ref === 'string' &&
        typeof (atLocalPointer(schema, node.$ref) as Node | undefined)?.description === 'string');
    const walk = (node: unknown, where: string): void => {
      if (node === null || typeof node !== 'object') return;
      const n = node as Node;
      for (const [name, prop] of Object.entries((n.properties ?? {}) as Record<string, Node>)) {
        const self = ['description', 'required', 'method', 'summary', 'name', 'max', 'access', 'contentType'];
        if (!described(prop) && !self.includes(name)) out.push(`${where}/properties/${name}`);
        walk(prop, `${where}/properties/${name}`);
      }
      for (const key of ['items', 'additionalProperties']) if (n[key]) walk(n[key], `${where}/${key}`);
      for (const [name, def] of Object.entries((n.$defs ?? {}) as Node)) walk(def, `#/$defs/${name}`);
    };
    walk(schema, '#');
    return out;
  };

  it('describes every field (fields whose name says it all excepted)', () => {
    expect(undescribed()).toEqual([]);
  });

  it.each(['retry', 'pagination', 'timeRange', 'idempotency', 'rateLimit', 'groupLimit', 'int64', 'source', 'shape'])(
    'explains operation.%s',
    (field) => {
      expect(String(at(schema, '$defs', 'operation', 'properties', field).description).length).toBeGreaterThan(60);
    },
  );
});

describe('IR self-containment', () => {
  it('every $ref in generated/ir.json resolves inside the file', async () => {
    const ir = await readJson('generated/ir.json');
    expect(ir.irVersion).toBe(IR_VERSION);
    expect(unresolvedRefs(ir)).toEqual([]);
    const refs = JSON.stringify(ir).match(/"\$ref":"#\/components\/schemas\/[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(100);
  });

  it('finds a reference that does not resolve', () => {
    const ir = { schemas: { A: { type: 'string' } }, operations: [] } as unknown as IR;
    const doc = irDocument(ir);
    expect(unresolvedRefs({ ...doc, x: { $ref: '#/components/schemas/A' } })).toEqual([]);
    expect(unresolvedRefs({ ...doc, x: { $ref: '#/components/schemas/B' } })).toEqual(['#/components/schemas/B']);
    expect(unresolvedRefs({ a: { $ref: '#/b' }, b: { $ref: '#/a' } })).toEqual(['#/a', '#/b']);
  });

  it('docs/ir.md names the current version', async () => {
    expect(await readFile(path.join(ROOT, 'docs/ir.md'), 'utf8')).toContain(`IR ${IR_VERSION}`);
  });
});
