/**
 * The emit stage in units, each cached on its own: one per area (every target's files of that
 * area: its TypeScript module, its reference page, its Python module), one for the files every
 * area feeds, one for the targets' hand-written runtimes and one for the JSON documents. An area's unit is made from
 * its slice of the IR only (the area's operations in full; of the others, their ids and areas;
 * the rest of the IR; the area's operation types; the usual meaning of each error status), and
 * keyed by that slice: an edit in one area re-emits that area (and the shared files, unless it only
 * changed an operation's description) and the documents; the other areas' files come from the cache. Since a unit is made from exactly what keys it, a cached unit
 * is what it would make again. Free of the emitters' tools: a run whose units all hit loads none.
 */
import type { IR, IROperation } from './ir/types.js';
import type { ModelTypes, OperationTypes } from './schema-types/models.js';
import { commonErrors } from './emit-kit/common-errors.js';
import { cacheKey } from './output-cache.js';

/** What one area's files are made from (plain data: it is also the unit's cache key). */
export interface AreaSlice {
  readonly area: string;
  /** The IR with the other areas' operations reduced to their `id` and `area`. */
  readonly ir: IR;
  /** The area's operation types, by operation id. */
  readonly types: Array<[string, OperationTypes]>;
  /** The usual meaning of each error status across the whole API (`commonErrors`). */
  readonly common: Array<[string, string]>;
}

/**
 * One unit of the emit stage and its cache key: an area's files (from its slice); the shared
 * files (from the IR without the operations' descriptions, which only the areas' files and the
 * JSON documents print, and the model names); the runtimes (from the code alone, copied as
 * written); the JSON documents (`openapi.json`, `ir.json`, `ir.schema.json`, from the bundled
 * spec and the IR).
 */
export type EmitUnit = { readonly key: string } & (
  | { readonly kind: 'area'; readonly slice: AreaSlice }
  | { readonly kind: 'shared'; readonly ir: IR; readonly packageVersion: string }
  | { readonly kind: 'runtime' }
  | { readonly kind: 'documents' }
);

/**
 * The units of the emit stage for `ir`: one per area, then the shared one, the runtimes and the
 * documents. `code` is the text of everything the emitters run (the generator, the targets'
 * templates and runtimes) and the names of the targets run, `document` the bundled spec's JSON,
 * `packageVersion` the root package.json version (the Python package's version; only the shared
 * files print it).
 */
export function emitUnits(
  ir: IR,
  types: ModelTypes,
  code: readonly string[],
  document: string,
  packageVersion: string,
): EmitUnit[] {
  const codeKey = cacheKey(['emit-code', ...code]);
  const common = [...commonErrors(ir)];
  // Everything but the operations is the same in every slice: hashed once.
  const restKey = cacheKey(['emit-rest', JSON.stringify({ ...ir, operations: [] })]);
  const areas = [...new Set(ir.operations.map((o) => o.area))].sort();
  const units: EmitUnit[] = areas.map((area) => {
    // Another area's operation is its id and area, and its paging rules (a write's lookup read may
    // be one: see runtimeCall).
    const stub = (o: IROperation): IROperation =>
      ({
        id: o.id,
        area: o.area,
        ...(o.pagination ? { pagination: o.pagination } : {}),
        ...(o.timeRange ? { timeRange: o.timeRange } : {}),
      }) as IROperation;
    const operations = ir.operations.map((o) => (o.area === area ? o : stub(o)));
    const slice: AreaSlice = {
      area,
      ir: { ...ir, operations },
      types: operations.filter((o) => o.area === area).map((o) => [o.id, types.operations.get(o.id) as OperationTypes]),
      common,
    };
    const own = JSON.stringify({ area, operations, types: slice.types, common });
    return { kind: 'area', key: cacheKey(['emit-area', codeKey, restKey, own]), slice };
  });
  const shared: IR = { ...ir, operations: ir.operations.map(({ description: _description, ...op }) => op) };
  units.push({
    kind: 'shared',
    key: cacheKey(['emit-shared', codeKey, packageVersion, JSON.stringify(shared), JSON.stringify(types.modelNames)]),
    ir: shared,
    packageVersion,
  });
  units.push({ kind: 'runtime', key: cacheKey(['emit-runtime', codeKey]) });
  units.push({ kind: 'documents', key: cacheKey(['emit-documents', codeKey, JSON.stringify(ir), document]) });
  return units;
}
