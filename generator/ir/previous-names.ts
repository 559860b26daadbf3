/**
 * `x-previous-names` on component schemas: the names a schema had before it was renamed. The IR
 * maps each old name to the current one; the emitters keep every old name as a deprecated alias
 * and the spec differ files the rename as a deprecation.
 */
import { isObject, pointer } from '../../spec/lint/support/json.js';
import { readExtension } from './extensions.js';
import type { JsonSchema } from './types.js';

/**
 * Old name -> current name, sorted by old name (empty when no schema records one). Reports an old
 * name that is the name of a schema (the alias would clash with it) or that two schemas both claim.
 */
export function readPreviousNames(
  schemas: Readonly<Record<string, JsonSchema>>,
  report: (ptr: string, message: string) => void,
): Record<string, string> {
  const out = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema)) continue;
    const at = pointer('components', 'schemas', name);
    const names = readExtension<string[]>(schema, 'x-previous-names', (rel, message) => report(at + rel, message));
    (names ?? []).forEach((old, i) => {
      const where = `${at}${pointer('x-previous-names', i)}`;
      const claimed = out.get(old);
      if (old in schemas)
        report(where, `previous name ${old} is the name of a schema; an alias of ${name} would replace it`);
      else if (claimed !== undefined)
        report(where, `previous name ${old} is also recorded by ${claimed}; an old name becomes one alias`);
      else out.set(old, name);
    });
  }
  return Object.fromEntries([...out].sort(([a], [b]) => a.localeCompare(b)));
}
