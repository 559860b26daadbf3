/**
 * Command names of the CLI: every operation is `<area> <operation>`, both in kebab case
 * (`sub-accounts list-sub-accounts`, `wallet list-withdrawals`), derived from the operation
 * metadata the package ships. Pure functions.
 */
import type { OperationMeta } from '../generated/src/index.js';

/** `listSTPGroups` -> `list-stp-groups`, `sub_accounts` -> `sub-accounts`. */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

/** Areas by command name, each with its operations by command name; both sorted. */
export type CommandTable = ReadonlyMap<string, ReadonlyMap<string, OperationMeta>>;

/** Builds the command table from the operation metadata. */
export function commandTable(metas: Iterable<OperationMeta>): CommandTable {
  const areas = new Map<string, Map<string, OperationMeta>>();
  for (const meta of metas) {
    const area = kebabCase(meta.area);
    const operations = areas.get(area) ?? new Map<string, OperationMeta>();
    operations.set(kebabCase(meta.id), meta);
    areas.set(area, operations);
  }
  const sorted = [...areas.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([area, ops]) => [area, new Map([...ops.entries()].sort(([a], [b]) => a.localeCompare(b)))] as const);
  return new Map(sorted);
}
